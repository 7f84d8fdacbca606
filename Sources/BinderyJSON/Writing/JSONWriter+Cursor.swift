extension JSONWriter {
  /// Writes the value under a cursor, and everything below it, straight from the document: no
  /// `JSONValue` tree, and no recursion, so any depth the document was read with can be written.
  ///
  /// Members are written as they stand, duplicates included; strings are re-escaped for these
  /// options; JSON5 numbers are written in JSON syntax (`0x1F` as `31`).
  ///
  /// - Parameter cursor: The value to write.
  /// - Throws: ``JSONWriteError`` for non-finite numbers, nesting beyond ``JSONWritingOptions/maxDepth``,
  ///   or a value where none is allowed.
  public mutating func value(_ cursor: JSONCursor) throws(JSONWriteError) {
    let reader = cursor.reader
    let tape = reader.tape
    var ends: [(end: Int, isObject: Bool)] = []
    var index = cursor.index
    let last = reader.next(after: index)
    while index < last {
      while let top = ends.last, top.end == index {
        ends.removeLast()
        if top.isObject { try endObject() } else { try endArray() }
      }
      if let top = ends.last, top.isObject {
        try key(reader.string(tape[index]))
        index += 1
      }
      let entry = tape[index]
      switch entry.kind {
      case .null: try null()
      case .true: try bool(true)
      case .false: try bool(false)
      case .string: try string(reader.string(entry))
      case .number:
        if entry.isNonStandardNumber {
          try number(reader.withNumberText(entry) { normalizedJSON5Number($0) })
        } else {
          try number(
            JSONNumber(
              uncheckedText: reader.withNumberText(entry) { String(decoding: $0, as: UTF8.self) })
          )
        }
      case .array:
        try beginArray()
        ends.append((entry.end, false))
      case .object:
        try beginObject()
        ends.append((entry.end, true))
      }
      index += 1
    }
    while let top = ends.popLast() {
      if top.isObject { try endObject() } else { try endArray() }
    }
  }
}
