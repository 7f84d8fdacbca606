public import Foundation

/// Reads base64 text as `Data` and writes it back.
public struct JSONBase64Transformer: JSONTransformer {
  /// Creates the transformer.
  public init() {}

  /// Reads base64 text; a `Data` object of a decode from Foundation objects is taken as it is.
  ///
  /// - Parameter json: The JSON value.
  /// - Returns: The bytes.
  /// - Throws: ``JSONDecodingProblem`` when the value is not a string of valid base64.
  public func decode(_ json: JSONValueDecoder) throws -> Data {
    if let data = json.sourceObject(as: Data.self) { return data }
    guard let data = Data(base64Encoded: try json.string(expected: "base64 text")) else {
      throw json.problem(expected: "base64 text")
    }
    return data
  }

  /// Writes base64 text.
  ///
  /// - Parameters:
  ///   - value: The bytes.
  ///   - json: Where to write them.
  /// - Throws: `JSONWriteError` when nothing more can be written there.
  public func encode(_ value: Data, to json: JSONValueEncoder) throws {
    try json.string(value.base64EncodedString())
  }
}

extension JSONTransformer where Self == JSONBase64Transformer {
  /// `Data` as base64 text.
  public static var base64: JSONBase64Transformer { JSONBase64Transformer() }
}
