public import BinderyJSON

/// Settings of one model export.
public struct JSONEncodingOptions: Sendable {
  /// Layout of the output: compact by default; see ``JSONWritingOptions``.
  public var writing: JSONWritingOptions
  /// Whether `nil` optionals are written as `null` by models that do not choose for themselves;
  /// omitted by default.
  public var nulls: JSONNullEncoding
  /// How `Date` properties without a transformer of their own are written; RFC 3339 by default.
  public var dates: JSONDateFormat

  /// Creates options.
  ///
  /// - Parameters:
  ///   - writing: Layout of the output.
  ///   - nulls: Whether `nil` is written as `null` or omitted.
  ///   - dates: The default date format.
  public init(
    writing: JSONWritingOptions = .compact, nulls: JSONNullEncoding = .omit,
    dates: JSONDateFormat = .iso8601
  ) {
    self.writing = writing
    self.nulls = nulls
    self.dates = dates
  }
}
