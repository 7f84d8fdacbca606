/// An answer about each value type met during one encode or decode call, such as "is this an
/// array the encoder writes directly?".
///
/// A dynamic cast to a protocol (`T.self as? any P.Type`) asks the runtime's conformance cache,
/// a locked hash map, every time: measured at 7% of a catalog encode when asked for every
/// object. A document has a handful of types, so a short list answers after the first time.
/// Up to 64 types are remembered; beyond that the question is asked each time.
struct TypeMemo<Answer> {
  private var entries: [(type: ObjectIdentifier, answer: Answer)] = []
  /// For each of 32 slots picked by a type's address, the index in ``entries`` of the type
  /// last looked up there, plus one (0 for none): most lookups read one slot instead of
  /// scanning the list.
  /// (32 bytes inline: a document of one small value should not pay an allocation for it.)
  private var recent: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

  /// The remembered answer for `type`, or `ask()`'s, remembered.
  @inline(__always)
  mutating func answer(for type: Any.Type, ask: () -> Answer) -> Answer {
    if let known = lookup(type) { return known }
    let answer = ask()
    remember(answer, for: type)
    return answer
  }

  /// The remembered answer for `type`, if any.
  @inline(__always)
  mutating func lookup(_ type: Any.Type) -> Answer? {
    let identifier = ObjectIdentifier(type)
    let address = UInt(bitPattern: identifier)
    let slot = Int(truncatingIfNeeded: (address &>> 4 ^ address &>> 9) & 31)
    let hint = withUnsafeBytes(of: recent) { Int($0[slot]) }
    let found: Int? = entries.withUnsafeBufferPointer { entries in
      if hint > 0, hint <= entries.count, entries[hint &- 1].type == identifier { return hint &- 1 }
      return entries.firstIndex { $0.type == identifier }
    }
    guard let found else { return nil }
    if found &+ 1 != hint {
      withUnsafeMutableBytes(of: &recent) { $0[slot] = UInt8(truncatingIfNeeded: found &+ 1) }
    }
    return entries[found].answer
  }

  /// Each type remembered, with its answer, in the order met.
  var remembered: [(type: ObjectIdentifier, answer: Answer)] { entries }

  /// Changes every remembered answer.
  mutating func updateEach(_ body: (inout Answer) -> Void) {
    for index in entries.indices { body(&entries[index].answer) }
  }

  /// Remembers the answer for `type`, unless 64 types are remembered.
  mutating func remember(_ answer: Answer, for type: Any.Type) {
    // One allocation for the few types of a document, instead of growing step by step.
    if entries.isEmpty { entries.reserveCapacity(16) }
    if entries.count < 64 { entries.append((ObjectIdentifier(type), answer)) }
  }
}
