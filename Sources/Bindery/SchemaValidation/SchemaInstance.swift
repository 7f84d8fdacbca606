import BinderyJSON

/// A value the validator checks: a ``JSONValue``, or a value of a ``JSONDocument`` read in
/// place on its tape (no tree is built; a string is decoded only when a keyword reads it).
///
/// The evaluation is generic over it and specialised for each, so neither pays for the other.
protocol SchemaInstance {
  associatedtype Elements: Sequence<Self>
  associatedtype Key: SchemaMemberKey
  associatedtype Members: Sequence<(key: Key, value: Self)>

  var kind: JSONKind { get }
  /// The number, for a number.
  var numberValue: JSONNumber? { get }
  /// Whether a number is finite and written with digits alone (no fraction, no exponent).
  var isWrittenAsInteger: Bool { get }
  /// The text, for a string.
  var stringValue: String? { get }
  /// The elements of an array, and the number of elements or members; empty and 0 for other
  /// values.
  var elements: Elements { get }
  var count: Int { get }
  /// The members of an object (none for another value): `exact`, one per key as the
  /// document's duplicate-key policy chose; otherwise possibly every member as written,
  /// repeated keys included.
  func members(exact: Bool) -> Members
  /// Whether an object has a member named `name`.
  func hasMember(_ name: String) -> Bool
  /// The value as a tree, for the keywords that compare values (`enum`, `const`,
  /// `uniqueItems`) and for messages.
  var jsonValue: JSONValue { get }
}

/// A member's name, spelt out only when needed.
protocol SchemaMemberKey {
  var text: String { get }
  /// The schema `properties` gives the member, if any.
  func schema(in properties: SchemaPropertyTable) -> CompiledSchema?
}

extension String: SchemaMemberKey {
  var text: String { self }
  func schema(in properties: SchemaPropertyTable) -> CompiledSchema? { properties[self] }
}

extension JSONValue: SchemaInstance {
  var numberValue: JSONNumber? {
    if case .number(let number) = self { return number }
    return nil
  }

  var isWrittenAsInteger: Bool {
    guard case .number(let number) = self, number.isFinite else { return false }
    func plain(_ bytes: some Sequence<UInt8>) -> Bool {
      !bytes.contains { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") }
    }
    return number.text.utf8.withContiguousStorageIfAvailable(plain) ?? plain(number.text.utf8)
  }

  var elements: [JSONValue] { arrayValue ?? [] }

  func members(exact: Bool) -> JSONObject { objectValue ?? [:] }

  var count: Int {
    switch self {
    case .array(let elements): elements.count
    case .object(let members): members.count
    default: 0
    }
  }

  func hasMember(_ name: String) -> Bool { objectValue?[name] != nil }

  var jsonValue: JSONValue { self }
}

/// A value on a document's tape.
struct TapeInstance: SchemaInstance {
  let reader: TapeReader
  let index: Int

  init(_ document: JSONDocument) {
    reader = TapeReader(document)
    index = 0
  }

  private init(_ reader: TapeReader, _ index: Int) {
    self.reader = reader
    self.index = index
  }

  private var entry: TapeEntry { reader.tape[index] }

  var kind: JSONKind { reader.jsonKind(at: index) }

  var numberValue: JSONNumber? {
    guard entry.kind == .number else { return nil }
    // JSON5's forms (hexadecimal, a leading `+`, `Infinity` …) are normalised as in a tree.
    if entry.isNonStandardNumber { return reader.value(at: index).numberValue }
    return reader.withNumberText(entry) {
      JSONNumber(uncheckedText: String(decoding: $0, as: UTF8.self))
    }
  }

  var isWrittenAsInteger: Bool {
    let entry = entry
    guard entry.kind == .number else { return false }
    if entry.isNonStandardNumber { return reader.value(at: index).isWrittenAsInteger }
    return entry.isIntegerText
  }

  var stringValue: String? { reader.string(at: index) }

  /// Whether the value is an object whose members, as written, may repeat a key that the
  /// document's policy keeps once.
  private var mayRepeatKeys: Bool {
    entry.kind == .object && reader.document.options.duplicateKeys != .reject
      && !reader.keysAreUnique(inObject: index)
  }

  var count: Int {
    guard mayRepeatKeys else { return reader.count(at: index) }
    var distinct = 0
    reader.forEachDistinctMember(of: index) { _, _ in distinct += 1 }
    return distinct
  }

  var elements: Elements { Elements(reader: reader, container: index) }

  func members(exact: Bool) -> Members {
    Members(reader: reader, object: index, onePerKey: exact && mayRepeatKeys)
  }

  func hasMember(_ name: String) -> Bool {
    entry.kind == .object && reader.member(name, of: index) != nil
  }

  var jsonValue: JSONValue { reader.value(at: index) }

  /// The elements of an array, in order.
  struct Elements: Sequence, IteratorProtocol {
    let reader: TapeReader
    var element: Int
    let end: Int

    init(reader: TapeReader, container: Int) {
      self.reader = reader
      let entry = reader.tape[container]
      element = container + 1
      end = entry.kind == .array ? entry.end : element
    }

    mutating func next() -> TapeInstance? {
      guard element < end else { return nil }
      defer { element = reader.next(after: element) }
      return TapeInstance(reader, element)
    }
  }

  /// The members of an object, in order: every member as written, or, when a key repeats and
  /// one per key is asked for, the members the document's duplicate-key policy chose.
  struct Members: Sequence, IteratorProtocol {
    let reader: TapeReader
    /// The next key's tape index, walking the object in place.
    var key: Int
    let end: Int
    /// The members' key and value indices, when a key repeats.
    var distinct: [(key: Int, value: Int)]?
    var position = 0

    init(reader: TapeReader, object: Int, onePerKey: Bool) {
      self.reader = reader
      let entry = reader.tape[object]
      key = object + 1
      end = entry.kind == .object ? entry.end : key
      if onePerKey {
        var chosen: [(key: Int, value: Int)] = []
        reader.forEachDistinctMember(of: object) { key, value in chosen.append((key, value)) }
        self.distinct = chosen
      }
    }

    mutating func next() -> (key: Key, value: TapeInstance)? {
      if let distinct {
        guard position < distinct.count else { return nil }
        defer { position += 1 }
        let member = distinct[position]
        return (Key(reader: reader, index: member.key), TapeInstance(reader, member.value))
      }
      guard key < end else { return nil }
      defer { key = reader.next(after: key + 1) }
      return (Key(reader: reader, index: key), TapeInstance(reader, key + 1))
    }
  }

  /// A member's key on the tape: looked up by its UTF-8 bytes, decoded only when spelt out.
  struct Key: SchemaMemberKey {
    let reader: TapeReader
    let index: Int

    var text: String { reader.string(reader.tape[index]) }

    func schema(in properties: SchemaPropertyTable) -> CompiledSchema? {
      if properties.isEmpty { return nil }
      return reader.withUTF8(ofString: index) { properties.schema(forUTF8: $0) } ?? nil
    }
  }
}
