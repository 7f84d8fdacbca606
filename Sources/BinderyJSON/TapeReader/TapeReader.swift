/// Reads a ``JSONDocument``'s tape by index: the one place that turns tape entries into Swift
/// values, finds an object's members and says in words what a value is.
///
/// Every reader of a document goes through it: ``JSONCursor`` (the public API) and, in the
/// `Bindery` module, the model decoders and the Codable decoder are adapters that add their
/// own error types and options on top. Reads take the tape index of a value. A read of the
/// wrong kind returns `nil` (or, for numbers, a result that says why it failed), for the
/// adapter to turn into its own error; a read never traps on a valid index.
@usableFromInline
package struct TapeReader {
  /// The document read.
  @usableFromInline package let document: JSONDocument
  /// The document's tape, kept alive by `document`.
  @usableFromInline package let tape: UnsafeBufferPointer<TapeEntry>

  /// A reader of `document`.
  @inlinable
  package init(_ document: JSONDocument) {
    self.document = document
    self.tape = document.tape
  }

  // MARK: Structure

  /// The kind of the value at `index`.
  @inlinable
  package func kind(at index: Int) -> TapeKind { tape[index].kind }

  /// The JSON type of the value at `index`.
  package func jsonKind(at index: Int) -> JSONKind {
    switch tape[index].kind {
    case .null: return .null
    case .true, .false: return .bool
    case .number: return .number
    case .string: return .string
    case .array: return .array
    case .object: return .object
    }
  }

  /// The number of elements of an array or members of an object; 0 for other values.
  package func count(at index: Int) -> Int {
    let entry = tape[index]
    return entry.kind == .array || entry.kind == .object ? entry.count : 0
  }

  /// The tape index just past the value at `index`: O(1) for containers too.
  @inlinable
  package func next(after index: Int) -> Int { document.next(after: index) }

  /// The byte offset of the value at `index` in the input (a string's opening quote).
  package func offset(of index: Int) -> Int {
    let entry = tape[index]
    return entry.kind == .string ? entry.start - 1 : entry.start
  }

  /// Where the value at `index` stands in the input: offset, 1-based line and column, and the
  /// line it stands on (cut to a readable width) with the value's column in that excerpt.
  /// Costs a pass over the input up to the value: for error reports only.
  ///
  /// `nil` when the document is not the user's text (it was written from objects an app held):
  /// a position in it would point into text the user never saw.
  package func location(of index: Int) -> JSONSourceLocation? {
    guard document.hasUserText else { return nil }
    let location = document.withInput { JSONSourceLocation(offset: offset(of: index), in: $0) }
    return location.placed(at: document.position)
  }

  /// The path from the top-level value to the value at `index`, found by descending the tape:
  /// O(size), for error reports only.
  package func path(to index: Int) -> JSONPath {
    var components: [JSONPath.Component] = []
    var current = 0
    while current != index {
      let entry = tape[current]
      var child = current + 1
      var position = 0
      var descended = false
      if entry.kind == .array {
        while child < entry.end {
          let childEnd = next(after: child)
          if index < childEnd {
            components.append(.index(position))
            current = child
            descended = true
            break
          }
          child = childEnd
          position += 1
        }
      } else if entry.kind == .object {
        while child < entry.end {
          let valueEnd = next(after: child + 1)
          if index < valueEnd {
            components.append(.key(string(tape[child])))
            current = index == child ? index : child + 1
            descended = true
            break
          }
          child = valueEnd
        }
      }
      if !descended { break }
    }
    return JSONPath(components)
  }

  // MARK: Scalars

  /// The Boolean at `index`, or `nil` for another kind of value.
  package func bool(at index: Int) -> Bool? {
    switch tape[index].kind {
    case .true: return true
    case .false: return false
    default: return nil
    }
  }

  /// The string at `index`, unescaped, or `nil` for another kind of value.
  package func string(at index: Int) -> String? {
    let entry = tape[index]
    return entry.kind == .string ? string(entry) : nil
  }

  /// The string of a string entry (a value or a key), unescaped.
  @inline(__always)
  package func string(_ entry: TapeEntry) -> String {
    document.withInput { decodeString(entry, base: $0.baseAddress.unsafelyUnwrapped) }
  }

  /// True when the string of a string entry equals `key` (UTF-8), compared without
  /// allocating when the entry has no escapes.
  package func string(_ entry: TapeEntry, equals key: UnsafeBufferPointer<UInt8>) -> Bool {
    document.withInput { stringEquals(entry, base: $0.baseAddress.unsafelyUnwrapped, key) }
  }

  /// Calls `body` with the UTF-8 of the string at `index`: the input's own bytes when the
  /// string has no escapes (valid only during `body`), else the unescaped text's. `nil` for
  /// another kind of value.
  package func withUTF8<R>(ofString index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
    let entry = tape[index]
    guard entry.kind == .string else { return nil }
    if !entry.isVerbatim {
      var text = string(entry)
      return text.withUTF8(body)
    }
    return document.withInput {
      body(UnsafeBufferPointer(rebasing: $0[entry.start..<(entry.start + entry.length)]))
    }
  }

  /// The text of the number at `index`, exactly as written, or `nil` for another kind.
  package func numberText(at index: Int) -> String? {
    let entry = tape[index]
    guard entry.kind == .number else { return nil }
    return withNumberText(entry) { String(decoding: $0, as: UTF8.self) }
  }

  /// Calls `body` with the text of a number entry.
  @inline(__always)
  package func withNumberText<R>(_ entry: TapeEntry, _ body: (UnsafeBufferPointer<UInt8>) -> R)
    -> R
  {
    document.withInput {
      body(UnsafeBufferPointer(rebasing: $0[entry.start..<(entry.start + entry.length)]))
    }
  }

  /// A number entry read as an `Int64`, exactly. Concrete entry points like this one and
  /// ``double(_:)`` matter to other modules, where generic code runs unspecialised.
  package func int64(_ entry: TapeEntry) -> NumberConversion.IntegerResult<Int64> {
    let simple = entry.isIntegerText && !entry.isNonStandardNumber
    return withNumberText(entry) { NumberConversion.integer($0, as: Int64.self, simple: simple) }
  }

  /// A number entry read as an integer of type `T`, exactly: `1.0` and `1e2` are whole
  /// numbers, `1.5` is not, `300` does not fit in `UInt8`.
  package func integer<T: FixedWidthInteger>(_ entry: TapeEntry, as type: T.Type)
    -> NumberConversion.IntegerResult<T>
  {
    let simple = entry.isIntegerText && !entry.isNonStandardNumber
    return withNumberText(entry) { NumberConversion.integer($0, as: T.self, simple: simple) }
  }

  /// A number entry read as the nearest `Double` (correctly rounded), or `nil` when its
  /// magnitude exceeds `Double.greatestFiniteMagnitude`. A value below the least subnormal
  /// rounds to zero, as IEEE 754 does (see ``roundsToZero(_:)``).
  package func double(_ entry: TapeEntry) -> Double? {
    let nonStandard = entry.isNonStandardNumber
    return withNumberText(entry) { NumberConversion.double($0, nonStandard: nonStandard) }
  }

  /// A number entry as the nearest `Float`; nil when it exceeds `Float`'s range.
  package func float(_ entry: TapeEntry) -> Float? {
    withNumberText(entry) { NumberConversion.float($0) }
  }

  /// True when a number entry that reads as zero was not written as zero: `1e-400`.
  package func roundsToZero(_ entry: TapeEntry) -> Bool {
    withNumberText(entry) { text in
      for byte in text {
        if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") { return false }
        if byte >= UInt8(ascii: "1"), byte <= UInt8(ascii: "9") { return true }
      }
      return false
    }
  }

  // MARK: Words

  /// What the value at `index` is, in the words of every "expected …, found …" of Bindery's
  /// own errors: `string "abc"` (cut at 40 characters), `number 12`, `an array of 3`,
  /// `an object`, `null`, `true`.
  package func describe(at index: Int) -> String {
    let entry = tape[index]
    switch entry.kind {
    case .null: return "null"
    case .true: return "true"
    case .false: return "false"
    case .number:
      return "number " + withNumberText(entry) { String(decoding: $0.prefix(40), as: UTF8.self) }
    case .string:
      var text = string(entry)
      if text.count > 40 { text = String(text.prefix(40)) + "…" }
      return "string \"\(text)\""
    case .array: return "an array of \(entry.count)"
    case .object: return "an object"
    }
  }

  /// What the value at `index` is, in `JSONDecoder`'s words (`a string`, `a dictionary`), for
  /// the Codable decoder's messages, which match Foundation's.
  package func codableDescription(at index: Int) -> String {
    switch tape[index].kind {
    case .null: return "null"
    case .true, .false: return "bool"
    case .number: return "number"
    case .string: return "a string"
    case .array: return "an array"
    case .object: return "a dictionary"
    }
  }

  /// The sentence of a value of the wrong kind: `expected a string, found number 12`.
  package static func mismatch(expected: String, found: String) -> String {
    "expected \(expected), found \(found)"
  }

  // MARK: Members

  /// The keys of the object at `index`, unescaped, in input order (repeated keys included).
  package func keys(of object: Int) -> [String] {
    var keys: [String] = []
    keys.reserveCapacity(tape[object].count)
    forEachMember(of: object) { key, _ in keys.append(string(tape[key])) }
    return keys
  }

  /// Calls `body` with the tape index of each member's key and value, in input order
  /// (repeated keys included).
  @inline(__always)
  package func forEachMember<E: Error>(
    of object: Int, _ body: (_ key: Int, _ value: Int) throws(E) -> Void
  ) throws(E) {
    let end = tape[object].end
    var member = object + 1
    while member < end {
      try body(member, member + 1)
      member = next(after: member + 1)
    }
  }

  /// Calls `body` once per distinct key of the object at `object`, in the order keys first
  /// appear, with the value the document's duplicate-key policy picks: the walk that every
  /// dictionary, unknown-key capture and ``JSONValue`` object is built from.
  ///
  /// - Parameters:
  ///   - object: The tape index of an object.
  ///   - repeated: Called with the tape index of each key a policy passed over, before `body`
  ///     runs; nothing is called when no key repeats.
  ///   - body: Called with the tape index of each distinct key (its first occurrence) and of
  ///     the value chosen for it.
  /// - Throws: What `body` throws.
  package func forEachDistinctMember<E: Error>(
    of object: Int, repeated: (_ key: Int) -> Void = { _ in },
    _ body: (_ key: Int, _ value: Int) throws(E) -> Void
  ) throws(E) {
    let policy = document.options.duplicateKeys
    if policy == .reject || keysAreUnique(inObject: object) {
      try forEachMember(of: object, body)
      return
    }
    // Some key repeats: find each key's first position and the value the policy keeps.
    var position: [String: Int] = [:]
    var members: [(key: Int, value: Int)] = []
    forEachMember(of: object) { key, value in
      let name = string(tape[key])
      guard let earlier = position[name] else {
        position[name] = members.count
        members.append((key, value))
        return
      }
      if policy.laterMemberWins {
        repeated(members[earlier].key)
        members[earlier].value = value
      } else {
        repeated(key)
      }
    }
    for member in members { try body(member.key, member.value) }
  }

  /// True when no two keys of the object at `object` are equal, proved with cheap
  /// fingerprints. Keys whose raw bytes are not their text (escapes, invalid Unicode replaced
  /// with U+FFFD) are not fingerprinted: an object that has one counts as possibly repeating,
  /// which is always correct (its callers then compare the keys' text).
  package func keysAreUnique(inObject object: Int) -> Bool {
    let tape = tape
    let count = tape[object].count
    if count < 2 { return true }
    let end = tape[object].end
    let document = document
    return document.withInput { input -> Bool in
      guard let base = input.baseAddress else { return true }
      // One pass over a set of the keys seen, where comparing every pair costs O(n²).
      let capacity = FingerprintSlots.capacity(for: count)
      return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: capacity) { memory in
        guard let memory = memory.baseAddress else { return true }
        let seen = FingerprintSlots(memory, capacity: capacity)
        var member = object + 1
        while member < end {
          let entry = tape[member]
          if !entry.isVerbatim { return false }
          let start = base + entry.start
          let length = entry.length
          let repeated = seen.insert(member, keyFingerprint(start, length)) {
            let other = tape[$0]
            return other.length == length && memcmpEqual(base + other.start, start, length)
          }
          if repeated >= 0 { return false }
          member = document.next(after: member + 1)
        }
        return true
      }
    }
  }

  /// The tape index of the value of `key` in the object at `object`, found by one pass under
  /// the document's duplicate-key policy, or `nil`.
  package func member(_ key: String, of object: Int) -> Int? {
    var repeated = -1
    return member(key, of: object, repeated: &repeated)
  }

  /// ``member(_:of:)``, also setting `repeated` to the member the duplicate-key policy passed
  /// over when the object repeats the key (else -1).
  package func member(_ key: String, of object: Int, repeated: inout Int) -> Int? {
    var search = MemberSearch(document: document, object: object)
    search.knownUnique = false
    let found = search.valueIndex(forKey: key, in: document)
    repeated = search.repeated
    return found
  }

  /// A search over the object at `object` for many keys, asked one after another.
  package func search(_ object: Int) -> MemberSearch {
    MemberSearch(document: document, object: object)
  }

  /// The tape index of the value of `key` in the object `search` covers, or `nil`; the search
  /// goes on from where it last found a key.
  @inline(__always)
  package func member(_ key: String, using search: inout MemberSearch) -> Int? {
    search.valueIndex(forKey: key, in: document)
  }

  /// Finds, in one pass over the object at `object`, the member of every key of `table`, and
  /// writes each one's value's tape index + 1 (0 for a missing key) at `members[position]`.
  ///
  /// Members are matched in input order, each against the key after the last one matched
  /// first, so an object whose keys come in the table's order costs one comparison per member.
  /// A key the object repeats follows the document's duplicate-key policy.
  ///
  /// - Returns: The tape index of a key of the table that the policy passed over because the
  ///   object repeats it, or -1 when no key of the table repeats.
  @discardableResult
  package func prefetch(
    _ table: JSONKeyTable, object: Int, into members: UnsafeMutablePointer<UInt32>
  ) -> Int {
    let count = table.count
    members.update(repeating: 0, count: count)
    let laterWins = document.options.duplicateKeys.laterMemberWins
    var repeated = -1
    let tape = tape
    let end = tape[object].end
    document.withInput { input in
      guard let base = input.baseAddress else { return }
      let inputCount = input.count
      var member = object + 1
      var expected = 0
      while member < end {
        let entry = tape[member]
        let found: Int
        if !entry.isVerbatim {
          var key = string(entry)
          found = key.withUTF8 { table.find($0) }
        } else {
          let start = entry.start
          let length = entry.length
          if expected < count,
            table.matches(expected, base + start, length, readable: start &+ 8 <= inputCount)
          {
            found = expected
          } else {
            found = table.find(UnsafeBufferPointer(start: base + start, count: length))
          }
        }
        if found >= 0 {
          let earlier = members[found]
          if earlier == 0 {
            members[found] = UInt32(truncatingIfNeeded: member + 2)
          } else if laterWins {
            repeated = Int(earlier) - 2
            members[found] = UInt32(truncatingIfNeeded: member + 2)
          } else {
            repeated = member
          }
          expected = found + 1
        }
        let value = tape[member + 1]
        member = value.kind.rawValue >= TapeKind.array.rawValue ? value.end : member + 2
      }
    }
    return repeated
  }
}
