import Foundation

/// Reads a string of separated words (`"space separated words"`) as `[String]` and writes them
/// back joined by the separator. Empty pieces are dropped.
public struct JSONSeparatedTransformer: JSONTransformer {
  let separator: String

  /// Creates the transformer.
  ///
  /// - Parameter separator: What stands between the pieces, such as `" "` or `","`.
  public init(separator: String) { self.separator = separator }

  /// Splits the string.
  ///
  /// - Parameter json: The JSON value.
  /// - Returns: The non-empty pieces.
  /// - Throws: ``JSONDecodingProblem`` when the value is not a string.
  public func decode(_ json: JSONValueDecoder) throws -> [String] {
    let text = try json.string()
    guard !separator.isEmpty else { return text.isEmpty ? [] : [text] }
    return text.split(separator: separator, omittingEmptySubsequences: true).map(String.init)
  }

  /// Joins the pieces.
  ///
  /// - Parameters:
  ///   - value: The pieces.
  ///   - json: Where to write them.
  /// - Throws: `JSONWriteError` when nothing more can be written there.
  public func encode(_ value: [String], to json: JSONValueEncoder) throws {
    try json.string(value.joined(separator: separator))
  }
}

extension JSONTransformer where Self == JSONSeparatedTransformer {
  /// `[String]` as one string of separated words.
  ///
  /// - Parameter separator: What stands between the words.
  /// - Returns: The transformer.
  public static func separated(by separator: String) -> JSONSeparatedTransformer {
    JSONSeparatedTransformer(separator: separator)
  }
}
