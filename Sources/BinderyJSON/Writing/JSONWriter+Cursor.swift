extension JSONWriter {
  /// Writes the value under a cursor, and everything below it, straight from the document: no
  /// `JSONValue` tree, and no recursion, so any depth the document was read with can be written.
  ///
  /// A key an object repeats is written once, at its first position, with the value the
  /// document's ``JSONReadingOptions/duplicateKeys`` policy picks, as every other reader of
  /// the document sees it; strings are re-escaped for these options; JSON5 numbers are written
  /// in JSON syntax (`0x1F` as `31`).
  ///
  /// - Parameter cursor: The value to write.
  /// - Throws: ``JSONWriteError`` for non-finite numbers, nesting beyond ``JSONWritingOptions/maxDepth``,
  ///   or a value where none is allowed.
  public mutating func value(_ cursor: JSONCursor) throws(JSONWriteError) {
    let reader = cursor.reader
    /// An open container: its next child on the tape (or, for an object that repeats a key,
    /// its distinct members and the position in them).
    struct Frame {
      let isObject: Bool
      var next: Int
      let end: Int
      var members: [(key: Int, value: Int)]?
      var position = 0
    }
    var open: [Frame] = []
    /// Writes the value at `index`; a container is opened and its children come later.
    func write(_ index: Int, _ writer: inout JSONWriter) throws(JSONWriteError) {
      let entry = reader.tape[index]
      switch entry.kind {
      case .null: try writer.null()
      case .true: try writer.bool(true)
      case .false: try writer.bool(false)
      case .string: try writer.string(reader.string(entry))
      case .number:
        if entry.isNonStandardNumber {
          try writer.number(reader.withNumberText(entry) { normalizedJSON5Number($0) })
        } else {
          try writer.number(
            JSONNumber(
              uncheckedText: reader.withNumberText(entry) { String(decoding: $0, as: UTF8.self) })
          )
        }
      case .array:
        try writer.beginArray()
        open.append(Frame(isObject: false, next: index + 1, end: entry.end))
      case .object:
        try writer.beginObject()
        var frame = Frame(isObject: true, next: index + 1, end: entry.end)
        if !reader.keysAreUnique(inObject: index) {
          var members: [(key: Int, value: Int)] = []
          reader.forEachDistinctMember(of: index) { members.append(($0, $1)) }
          frame.members = members
        }
        open.append(frame)
      }
    }
    try write(cursor.index, &self)
    while let top = open.last {
      var frame = top
      let child: (key: Int, value: Int)?
      if let members = frame.members {
        child = frame.position < members.count ? members[frame.position] : nil
        frame.position += 1
      } else if frame.next < frame.end {
        child = frame.isObject ? (frame.next, frame.next + 1) : (-1, frame.next)
        frame.next = reader.next(after: frame.isObject ? frame.next + 1 : frame.next)
      } else {
        child = nil
      }
      guard let child else {
        open.removeLast()
        if frame.isObject { try endObject() } else { try endArray() }
        continue
      }
      open[open.count - 1] = frame
      if child.key >= 0 { try key(reader.string(reader.tape[child.key])) }
      try write(child.value, &self)
    }
  }
}
