public import Foundation

/// Uses a type's own JSON conformance: the transformer behind `.hexColor`, `.uuid`, `.decimal`
/// and friends, so they can be named explicitly in `@Transform`.
public struct JSONConformanceTransformer<Value: JSONDecodable & JSONEncodable>: JSONTransformer {
  /// Creates the transformer.
  public init() {}

  /// Reads the value through its conformance.
  ///
  /// - Parameter json: The JSON value.
  /// - Returns: The value.
  /// - Throws: The conformance's problems.
  public func decode(_ json: JSONValueDecoder) throws -> Value { try Value(json: json) }

  /// Writes the value through its conformance.
  ///
  /// - Parameters:
  ///   - value: The value.
  ///   - json: Where to write it.
  /// - Throws: The conformance's errors.
  public func encode(_ value: Value, to json: JSONValueEncoder) throws {
    try value.encode(to: json)
  }
}

extension JSONTransformer where Self == JSONConformanceTransformer<UUID> {
  /// `UUID` as its string.
  public static var uuid: JSONConformanceTransformer<UUID> { .init() }
}

extension JSONTransformer where Self == JSONConformanceTransformer<Decimal> {
  /// `Decimal` exact from the number's text.
  public static var decimal: JSONConformanceTransformer<Decimal> { .init() }
}
