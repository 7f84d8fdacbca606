/// An answer about each value type met during one encode or decode call, such as "is this an
/// array the encoder writes directly?".
///
/// A dynamic cast to a protocol (`T.self as? any P.Type`) asks the runtime's conformance cache,
/// a locked hash map, every time: measured at 7% of a catalog encode when asked for every
/// object. A document has a handful of types, so a short list answers after the first time.
/// Up to 64 types are remembered; beyond that the question is asked each time.
struct TypeMemo<Answer> {
  private var entries: [(type: ObjectIdentifier, answer: Answer)] = []

  /// The remembered answer for `type`, or `ask()`'s, remembered.
  @inline(__always)
  mutating func answer(for type: Any.Type, ask: () -> Answer) -> Answer {
    let identifier = ObjectIdentifier(type)
    let known = entries.withUnsafeBufferPointer { entries in
      for entry in entries where entry.type == identifier { return Optional(entry.answer) }
      return nil
    }
    if let known { return known }
    let answer = ask()
    // One allocation for the few types of a document, instead of growing step by step.
    if entries.isEmpty { entries.reserveCapacity(16) }
    if entries.count < 64 { entries.append((identifier, answer)) }
    return answer
  }
}
