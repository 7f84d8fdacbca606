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
  /// - Throws: ``JSONReadError`` for input that is not JSON under `options`, or another error
  ///   when the input cannot be made into JSON text (a ``JSONValue`` holding NaN).
  func jsonDocument(options: JSONReadingOptions) throws -> JSONDocument
}

extension Array: JSONInput where Element == UInt8 {
  /// Parses the bytes, sharing them with the document.
  ///
  /// - Parameter options: How to read.
  /// - Returns: The document.
  /// - Throws: ``JSONReadError``.
  public func jsonDocument(options: JSONReadingOptions) throws -> JSONDocument {
    try JSONDocument(parsing: self, options: options)
  }
}

extension String: JSONInput {
  /// Parses the text's UTF-8.
  ///
  /// - Parameter options: How to read.
  /// - Returns: The document.
  /// - Throws: ``JSONReadError``.
  public func jsonDocument(options: JSONReadingOptions) throws -> JSONDocument {
    try JSONDocument(parsing: Array(utf8), options: options)
  }
}

extension Substring: JSONInput {
  /// Parses the text's UTF-8.
  ///
  /// - Parameter options: How to read.
  /// - Returns: The document.
  /// - Throws: ``JSONReadError``.
  public func jsonDocument(options: JSONReadingOptions) throws -> JSONDocument {
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

extension JSONValue: JSONInput {
  /// The value written compactly and read back: positions in errors refer to that text.
  ///
  /// - Parameter options: How to read the written text (its limits apply).
  /// - Returns: The document.
  /// - Throws: ``JSONWriteError`` for a number JSON cannot hold (NaN or infinity);
  ///   ``JSONReadError`` past a reading limit.
  public func jsonDocument(options: JSONReadingOptions) throws -> JSONDocument {
    var writer = JSONWriter()
    try writer.value(self)
    return try JSONDocument(parsing: try writer.takeFinished(), options: options)
  }
}
