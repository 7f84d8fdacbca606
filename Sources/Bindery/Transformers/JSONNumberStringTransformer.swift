import Foundation

/// Reads a number sent as a string (`"42"`, `"3.5"`) and writes it back as a string.
public struct JSONNumberStringTransformer<Value: LosslessStringConvertible & Sendable>:
  JSONTransformer
{
  /// Creates the transformer.
  public init() {}

  /// Reads the number from its string.
  ///
  /// - Parameter json: The JSON value.
  /// - Returns: The number.
  /// - Throws: ``JSONDecodingProblem`` when the value is not a string holding such a number.
  public func decode(_ json: JSONValueDecoder) throws -> Value {
    guard let value = Value(try json.string(expected: "a string holding a \(Value.self)")) else {
      throw json.problem(expected: "a string holding a \(Value.self)")
    }
    return value
  }

  /// Writes the number as a string.
  ///
  /// - Parameters:
  ///   - value: The number.
  ///   - json: Where to write it.
  /// - Throws: `JSONWriteError` when nothing more can be written there.
  public func encode(_ value: Value, to json: JSONValueEncoder) throws {
    try json.string(value.description)
  }
}

extension JSONTransformer {
  /// A number sent as a string, such as `"42"`.
  ///
  /// - Returns: The transformer.
  public static func numberAsString<Value>() -> JSONNumberStringTransformer<Value>
  where Self == JSONNumberStringTransformer<Value> {
    JSONNumberStringTransformer()
  }
}

extension JSONTransformer where Self == JSONNumberStringTransformer<Int> {
  /// An `Int` sent as a string, such as `"42"` (for `@Transform`, where a generic
  /// `numberAsString()` cannot infer its type).
  public static var intAsString: JSONNumberStringTransformer<Int> { .init() }
}

extension JSONTransformer where Self == JSONNumberStringTransformer<Double> {
  /// A `Double` sent as a string, such as `"3.5"`.
  public static var doubleAsString: JSONNumberStringTransformer<Double> { .init() }
}
