public import BinderyJSON

/// Settings of one export, the same for every output shape (`jsonBytes`, `jsonData`,
/// `jsonString`, `jsonValue`, `jsonObject`).
///
/// ```swift
/// var options = JSONEncodingOptions(writing: .pretty, nulls: .write)
/// options.properties = try .excluding([\Photo.views])
/// let text = try photo.jsonString(options: options)
/// ```
public struct JSONEncodingOptions: Sendable {
  /// Layout of the output: compact by default; see `JSONWritingOptions`.
  public var writing: JSONWritingOptions
  /// Whether `nil` optionals are written as `null` by models that do not choose for themselves;
  /// omitted by default.
  public var nulls: JSONNullEncoding
  /// How `Date` properties without a transformer of their own are written; RFC 3339 by default.
  public var dates: JSONDateFormat
  /// Which properties of the top-level model are written; every one when `nil`.
  public var properties: JSONPropertyFilter?

  /// Creates options.
  ///
  /// - Parameters:
  ///   - writing: Layout of the output.
  ///   - nulls: Whether `nil` is written as `null` or omitted.
  ///   - dates: The default date format.
  ///   - properties: Which properties of the top-level model are written; all by default.
  public init(
    writing: JSONWritingOptions = .compact, nulls: JSONNullEncoding = .omit,
    dates: JSONDateFormat = .iso8601, properties: JSONPropertyFilter? = nil
  ) {
    self.writing = writing
    self.nulls = nulls
    self.dates = dates
    self.properties = properties
  }
}
