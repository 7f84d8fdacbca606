/// Where in the input text something went wrong: the byte offset, a 1-based line and column,
/// and the line around it as an excerpt, for drawing a caret.
///
/// Errors about text carry one (``JSONReadError/location``,
/// `JSONDecodingProblem.location`). Errors about values that never were text — objects an
/// app held, a ``JSONValue`` — have none, and name their JSON path instead.
///
/// Line and column are computed only when an error is built: the hot path carries offsets.
public struct JSONSourceLocation: Sendable, Hashable, CustomStringConvertible {
  /// The byte offset into the input (0-based).
  public var offset: Int
  /// The 1-based line of ``offset``. Lines end at `\n`, `\r\n` or a lone `\r`.
  public var line: Int
  /// The 1-based column of ``offset``, counted in Unicode scalars from the start of the line.
  public var column: Int
  /// The line that holds the offset, shortened around it to at most about 80 characters.
  public var excerpt: String
  /// The 1-based position of the offset within ``excerpt``.
  public var excerptColumn: Int

  /// Creates a location that has already been resolved.
  ///
  /// - Parameters:
  ///   - offset: The byte offset.
  ///   - line: The 1-based line.
  ///   - column: The 1-based column.
  ///   - excerpt: The text of the line, or empty.
  ///   - excerptColumn: The offset's column within `excerpt`.
  public init(offset: Int, line: Int, column: Int, excerpt: String = "", excerptColumn: Int = 1) {
    self.offset = offset
    self.line = line
    self.column = column
    self.excerpt = excerpt
    self.excerptColumn = excerptColumn
  }

  /// `line L, column C`.
  public var description: String { "line \(line), column \(column)" }

  /// The excerpt and, under it, a caret at the column, each line indented by four spaces; empty
  /// without an excerpt.
  public var caretLines: String {
    guard !excerpt.isEmpty else { return "" }
    return "    " + excerpt + "\n    " + String(repeating: " ", count: max(0, excerptColumn - 1))
      + "^"
  }

  /// The widest excerpt kept, in Unicode scalars.
  static let excerptWidth = 80

  /// Resolves `offset` in `bytes`: one pass over the input up to it.
  package init(offset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
    let offset = min(max(offset, 0), bytes.count)
    var line = 1
    var lineStart = 0
    var index = 0
    while index < offset {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\n") {
        line += 1
        lineStart = index + 1
      } else if byte == UInt8(ascii: "\r") {
        if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") {
          if index + 1 == offset { break }
          index += 1
        }
        line += 1
        lineStart = index + 1
      }
      index += 1
    }
    var lineEnd = offset
    while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n"),
      bytes[lineEnd] != UInt8(ascii: "\r")
    {
      lineEnd += 1
    }
    func scalars(_ range: Range<Int>) -> Int {
      var count = 0
      for i in range where bytes[i] & 0xC0 != 0x80 { count += 1 }
      return count
    }
    self.offset = offset
    self.line = line
    self.column = scalars(lineStart..<offset) + 1
    // Keep the excerpt short: up to 40 scalars before the problem and the rest after.
    var excerptStart = lineStart
    var before = column - 1
    while before > Self.excerptWidth / 2 {
      excerptStart += 1
      while excerptStart < offset, bytes[excerptStart] & 0xC0 == 0x80 { excerptStart += 1 }
      before -= 1
    }
    var excerptEnd = offset
    var after = 0
    while excerptEnd < lineEnd, after < Self.excerptWidth - before {
      excerptEnd += 1
      while excerptEnd < lineEnd, bytes[excerptEnd] & 0xC0 == 0x80 { excerptEnd += 1 }
      after += 1
    }
    var text = ""
    for scalar in String(
      decoding: UnsafeBufferPointer(rebasing: bytes[excerptStart..<excerptEnd]), as: UTF8.self
    ).unicodeScalars {
      // Tabs and control characters would shift the caret; show them as spaces.
      text.unicodeScalars.append(scalar.value < 0x20 ? " " : scalar)
    }
    self.excerpt = text
    self.excerptColumn = before + 1
  }
}
