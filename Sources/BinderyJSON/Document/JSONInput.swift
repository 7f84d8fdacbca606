/// JSON a decode can read: UTF-8 bytes (`[UInt8]`, and `Data` with Bindery), text (`String`,
/// `Substring`), a parsed ``JSONDocument`` or a ``JSONValue``.
///
/// Every decode entry point takes one (`Photo(json: data)`, `Photo(json: text)`,
/// `Photo(json: document)`), so the same call works whatever form the JSON arrived in. Conform
/// a byte container of your own by parsing its bytes.
public protocol JSONInput {
  /// The input as a document to decode from.
  ///
  /// - Parameter options: How to read text and bytes; a document keeps the options it was
  ///   parsed with.
  /// - Returns: The document.
  /// - Throws: ``JSONReadError`` for input that is not JSON under `options`, or that cannot be
  ///   made into JSON text (a ``JSONValue`` holding NaN).
  func jsonDocument(options: JSONReadingOptions) throws(JSONReadError) -> JSONDocument
}

extension Array: JSONInput where Element == UInt8 {
  /// Parses the bytes, sharing them with the document.
  ///
  /// - Parameter options: How to read.
  /// - Returns: The document.
  /// - Throws: ``JSONReadError``.
  public func jsonDocument(options: JSONReadingOptions) throws(JSONReadError) -> JSONDocument {
    try JSONDocument(parsing: self, options: options)
  }
}

extension String: JSONInput {
  /// Parses the text's UTF-8.
  ///
  /// - Parameter options: How to read.
  /// - Returns: The document.
  /// - Throws: ``JSONReadError``.
  public func jsonDocument(options: JSONReadingOptions) throws(JSONReadError) -> JSONDocument {
    try JSONDocument(parsing: Array(utf8), options: options)
  }
}

extension Substring: JSONInput {
  /// Parses the text's UTF-8.
  ///
  /// - Parameter options: How to read.
  /// - Returns: The document.
  /// - Throws: ``JSONReadError``.
  public func jsonDocument(options: JSONReadingOptions) throws(JSONReadError) -> JSONDocument {
    try JSONDocument(parsing: Array(utf8), options: options)
  }
}

extension JSONDocument: JSONInput {
  /// The document itself (its own reading options stay in force).
  ///
  /// - Parameter options: Not used.
  /// - Returns: The document.
  public func jsonDocument(options: JSONReadingOptions) -> JSONDocument { self }
}
