/// Finds the members of one object by key, for decoders that ask for many keys of the same
/// object.
///
/// Decoders usually ask for keys in the order the server wrote them, so each search starts
/// where the last one ended and wraps around: decoding every key of an object costs about one
/// pass over it instead of one pass per key. Starting anywhere is only correct when the
/// object's keys are unique, so uniqueness is checked once, lazily, with cheap fingerprints;
/// objects that do repeat a key are searched in full, following the document's
/// ``JSONReadingOptions/duplicateKeys`` policy.
package struct MemberSearch {
  /// The tape index of the object searched.
  package let object: Int
  let end: Int
  var hint: Int
  var knownUnique: Bool?
  /// The key member of the last hit: asked again at once by `contains`, then `decodeNil`,
  /// then `decode` for one optional property.
  var lastHit = -1

  /// Creates a lookup over the object at tape index `object`.
  ///
  /// The lookup holds no reference to the document (each search is given it): a container's
  /// search state is then plain integers, stored and replaced without reference counting.
  init(document: JSONDocument, object: Int) {
    self.object = object
    self.end = document.tape[object].end
    self.hint = object + 1
    self.knownUnique = document.options.duplicateKeys == .reject ? true : nil
  }

  /// The tape index of the value for `key` in the object at tape index `object`, found by one
  /// pass from its first member under the document's duplicate-key policy: for a single
  /// search, where checking that the keys are unique would cost more than it saves.
  static func valueIndex(
    forKey key: String, inObject object: Int, of document: JSONDocument
  ) -> Int? {
    var lookup = MemberSearch(document: document, object: object)
    lookup.knownUnique = false
    return lookup.valueIndex(forKey: key, in: document)
  }

  /// The tape index of the value for `key`, or `nil` when the object has no such member.
  mutating func valueIndex(forKey key: String, in document: JSONDocument) -> Int? {
    // Literal and native strings are contiguous: read them in place, without a copy.
    if let found = key.utf8.withContiguousStorageIfAvailable({
      valueIndex(forUTF8: $0, in: document)
    }) {
      return found
    }
    var key = key
    return key.withUTF8 { valueIndex(forUTF8: $0, in: document) }
  }

  /// The tape index of the value for a key given as UTF-8, or `nil`.
  mutating func valueIndex(
    forUTF8 key: UnsafeBufferPointer<UInt8>, in document: JSONDocument
  )
    -> Int?
  {
    if knownUnique == nil { knownUnique = keysAreUnique(in: document) }
    let unique = knownUnique == true
    let lastWins = document.options.duplicateKeys == .lastWins
    let (object, end, hint, lastHit) = (self.object, self.end, self.hint, self.lastHit)
    // One pass over raw pointers: no closure, retain or bounds check per member.
    let tape = document.tape
    let found: (value: Int, next: Int)? = document.withInput { input -> (value: Int, next: Int)? in
      guard let base = input.baseAddress else { return nil }
      @inline(__always) func matches(_ member: Int) -> Bool {
        let entry = tape[member]
        if !entry.isVerbatim { return stringEquals(entry, base: base, key) }
        guard entry.length == key.count, let keyBase = key.baseAddress else {
          return entry.length == key.count
        }
        return memcmpEqual(base + entry.start, keyBase, key.count)
      }
      @inline(__always) func next(_ member: Int) -> Int {
        let value = tape[member + 1]
        return value.kind.rawValue >= TapeKind.array.rawValue ? value.end : member + 2
      }
      guard unique else {
        // Repeated keys: the policy decides which member counts.
        var found: (Int, Int)?
        var member = object + 1
        while member < end {
          let following = next(member)
          if matches(member) {
            found = (member + 1, following)
            if !lastWins { break }
          }
          member = following
        }
        return found
      }
      if lastHit >= 0, matches(lastHit) { return (lastHit + 1, next(lastHit)) }
      var member = hint
      while member < end {
        let following = next(member)
        if matches(member) { return (member + 1, following) }
        member = following
      }
      member = object + 1
      while member < hint {
        let following = next(member)
        if matches(member) { return (member + 1, following) }
        member = following
      }
      return nil
    }
    if let found, unique {
      self.hint = found.next
      self.lastHit = found.value - 1
    }
    return found?.value
  }

  /// True when no two keys are equal. Keys whose raw bytes are not their text (escapes,
  /// invalid Unicode replaced with U+FFFD) are not fingerprinted: an object that has one is
  /// treated as possibly repeating (searched in full), which is always correct.
  private func keysAreUnique(in document: JSONDocument) -> Bool {
    let tape = document.tape
    let count = tape[object].count
    if count < 2 { return true }
    let object = object
    let end = end
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
}
