/// The key type of the containers a `@JSONModel` type's Codable members use: any JSON key, as
/// written in the model's mapping.
@_documentation(visibility: private)
public struct _JSONCodingKey: CodingKey, ExpressibleByStringLiteral, Sendable {
  /// The key.
  public let stringValue: String
  /// Always `nil`: JSON object keys are strings.
  public var intValue: Int? { nil }

  /// A key for a string.
  ///
  /// - Parameter stringValue: The key.
  @inlinable
  public init(stringValue: String) { self.stringValue = stringValue }

  /// Not a key: JSON object keys are strings.
  ///
  /// - Parameter intValue: Ignored.
  public init?(intValue: Int) { nil }

  /// A key written as a literal in generated code.
  ///
  /// - Parameter value: The key.
  @inlinable
  public init(stringLiteral value: String) { stringValue = value }
}
