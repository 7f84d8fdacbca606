/// Converts between a JSON value and a model's value in both directions: the argument of
/// `@Transform`.
///
/// ```swift
/// struct Celsius: JSONTransformer {
///     func decode(_ json: JSONValueDecoder) throws -> Double { (try json.double() - 32) * 5 / 9 }
///     func encode(_ value: Double, to json: JSONValueEncoder) throws {
///         try json.double(value * 9 / 5 + 32)
///     }
/// }
/// ```
///
/// Built-in transformers are found by leading dot: `.iso8601`, `.unixSeconds`,
/// `.dateFormat("yyyy-MM-dd HH:mm:ss")`, `.separated(by: " ")`, `.hexColor`, `.numberAsString`, ...
public protocol JSONTransformer<Value>: Sendable {
  /// The model's type for the value.
  associatedtype Value

  /// Reads the model's value from JSON.
  ///
  /// - Parameter json: The JSON value.
  /// - Returns: The model's value.
  /// - Throws: ``JSONDecodingProblem`` (or any error, reported as an invalid value there).
  func decode(_ json: JSONValueDecoder) throws -> Value

  /// Writes the model's value as JSON.
  ///
  /// - Parameters:
  ///   - value: The model's value.
  ///   - json: Where to write it.
  /// - Throws: `JSONWriteError` for values that cannot be written.
  func encode(_ value: Value, to json: JSONValueEncoder) throws
}

/// A transformer made of two closures, for one-off conversions.
///
/// ```swift
/// @Transform(JSONClosureTransformer(
///     decode: { try $0.string().uppercased() },
///     encode: { try $1.string($0.lowercased()) }))
/// var code: String
/// ```
public struct JSONClosureTransformer<Value>: JSONTransformer {
  let decoder: @Sendable (JSONValueDecoder) throws -> Value
  let encoder: @Sendable (Value, JSONValueEncoder) throws -> Void

  /// Creates a transformer from its two directions.
  ///
  /// - Parameters:
  ///   - decode: Reads the value.
  ///   - encode: Writes the value.
  public init(
    decode: @escaping @Sendable (JSONValueDecoder) throws -> Value,
    encode: @escaping @Sendable (Value, JSONValueEncoder) throws -> Void
  ) {
    decoder = decode
    encoder = encode
  }

  /// Runs the decoding closure.
  ///
  /// - Parameter json: The JSON value.
  /// - Returns: The value.
  /// - Throws: The closure's errors.
  public func decode(_ json: JSONValueDecoder) throws -> Value { try decoder(json) }

  /// Runs the encoding closure.
  ///
  /// - Parameters:
  ///   - value: The value.
  ///   - json: Where to write it.
  /// - Throws: The closure's errors.
  public func encode(_ value: Value, to json: JSONValueEncoder) throws { try encoder(value, json) }
}
