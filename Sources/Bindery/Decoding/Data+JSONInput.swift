public import BinderyJSON
public import Foundation

extension Data: JSONInput {
  /// Parses the data's bytes.
  ///
  /// - Parameter options: How to read.
  /// - Returns: The document.
  /// - Throws: `JSONReadError`.
  public func jsonDocument(options: JSONReadingOptions) throws(JSONReadError) -> JSONDocument {
    try JSONDocument(parsing: Array(self), options: options)
  }
}
