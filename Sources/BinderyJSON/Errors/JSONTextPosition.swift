/// Where a piece of JSON text starts within a larger input: a value read from a stream of
/// JSON Lines, concatenated values or the elements of a large array.
///
/// A document read from a stream keeps its position (``JSONDocument/position``), so that the
/// lines and columns its errors name are those of the whole input, not of the value alone.
public struct JSONTextPosition: Sendable, Hashable, CustomStringConvertible {
  /// The byte offset from the start of the input.
  public var offset: Int
  /// The line, counted from 1. Lines end at `\n`, `\r\n` or a lone `\r`, as in
  /// ``JSONSourceLocation``.
  public var line: Int
  /// The column, in Unicode scalars, counted from 1.
  public var column: Int

  /// A position in an input.
  ///
  /// - Parameters:
  ///   - offset: The byte offset from the start of the input.
  ///   - line: The line, from 1.
  ///   - column: The column in Unicode scalars, from 1.
  public init(offset: Int, line: Int, column: Int) {
    self.offset = offset
    self.line = line
    self.column = column
  }

  /// The start of an input: offset 0, line 1, column 1.
  public static var start: JSONTextPosition { JSONTextPosition(offset: 0, line: 1, column: 1) }

  /// "line L, column C".
  public var description: String { "line \(line), column \(column)" }

  /// The position as a location without an excerpt.
  package var location: JSONSourceLocation {
    JSONSourceLocation(offset: offset, line: line, column: column)
  }
}

extension JSONSourceLocation {
  /// This location, found in text that starts at `origin` of a larger input, as a location in
  /// that input. The excerpt stays the line of the text.
  package func placed(at origin: JSONTextPosition) -> JSONSourceLocation {
    guard origin != .start else { return self }
    return JSONSourceLocation(
      offset: offset + origin.offset, line: line + origin.line - 1,
      column: line == 1 ? column + origin.column - 1 : column, excerpt: excerpt,
      excerptColumn: excerptColumn)
  }
}

extension JSONReadError {
  /// This error, found in text that starts at `origin` of a larger input, with its location in
  /// that input.
  package func placed(at origin: JSONTextPosition) -> JSONReadError {
    guard let location, origin != .start else { return self }
    return JSONReadError(
      kind: kind, message: message, location: location.placed(at: origin), path: path)
  }
}
