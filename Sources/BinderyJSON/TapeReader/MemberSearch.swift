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
  /// The tape index of a member whose key the last search found more than once (the one the
  /// policy passed over), or -1: for decoders that report repeated keys.
  package var repeated = -1

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
    if knownUnique == nil { knownUnique = TapeReader(document).keysAreUnique(inObject: object) }
    let unique = knownUnique == true
    let laterWins = document.options.duplicateKeys.laterMemberWins
    let (object, end, hint, lastHit) = (self.object, self.end, self.hint, self.lastHit)
    // One pass over raw pointers: no closure, retain or bounds check per member.
    let tape = document.tape
    var repeatedMember = -1
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
        var found: (value: Int, next: Int)?
        var member = object + 1
        while member < end {
          let following = next(member)
          if matches(member) {
            if let earlier = found {
              // Which member the policy passed over.
              repeatedMember = laterWins ? earlier.value - 1 : member
              if !laterWins { break }
            }
            found = (member + 1, following)
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
    repeated = repeatedMember
    return found?.value
  }
}
