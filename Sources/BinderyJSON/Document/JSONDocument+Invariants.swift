#if BINDERY_INTERNAL_CHECKS
  extension JSONDocument {
    /// Checks the tape's structure in one pass: every container ends inside its parent, counts
    /// its children correctly, and every object member starts with a string key. Compiled only
    /// with `BINDERY_INTERNAL_CHECKS` (debug builds of this package), so tests run it on every
    /// document they read.
    func checkInvariants() {
      struct Frame {
        var end: Int
        var expectedChildren: Int
        var seen: Int
        var isObject: Bool
      }
      precondition(!tape.isEmpty, "a document has at least one value")
      precondition(next(after: 0) == tape.count, "the root value spans the whole tape")
      var stack: [Frame] = []
      for index in tape.indices {
        while let top = stack.last, top.end == index {
          precondition(top.seen == top.expectedChildren, "container child count mismatch")
          stack.removeLast()
        }
        if let top = stack.last {
          precondition(index < top.end, "entry outside its container")
          stack[stack.count - 1].seen += 1
          if top.isObject, stack[stack.count - 1].seen % 2 == 1 {
            precondition(tape[index].kind == .string, "object member without a string key")
          }
        }
        let entry = tape[index]
        precondition(entry.start <= byteCount, "entry offset beyond the input")
        if entry.kind == .array || entry.kind == .object {
          let parentEnd = stack.last?.end ?? tape.count
          precondition(entry.end > index && entry.end <= parentEnd, "container end out of range")
          stack.append(
            Frame(
              end: entry.end,
              expectedChildren: entry.kind == .object ? entry.count * 2 : entry.count,
              seen: 0, isObject: entry.kind == .object))
        } else {
          precondition(entry.start + entry.length <= byteCount, "scalar runs past the input")
        }
      }
      for frame in stack.reversed() {
        precondition(
          frame.end == tape.count && frame.seen == frame.expectedChildren, "unclosed container")
      }
    }
  }
#endif
