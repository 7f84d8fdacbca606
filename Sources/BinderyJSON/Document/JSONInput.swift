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

  /// Hands the input's UTF-8 bytes to `body` when they are at hand without a copy, for
  /// decoders that read them in one pass; `nil` (the default) otherwise, and the input is read
  /// through ``jsonDocument(options:)``.
  ///
  /// - Parameter body: Reads the bytes, valid only during the call.
  /// - Returns: What `body` returns, or `nil`.
  @_documentation(visibility: private)
  func _withContiguousUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R?
}

extension JSONInput {
  /// No bytes at hand: the input is read through a document.
  @_documentation(visibility: private)
  public func _withContiguousUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? { nil }
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

  /// The array's bytes.
  @_documentation(visibility: private)
  @inlinable
  public func _withContiguousUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
    withUnsafeBufferPointer(body)
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

  /// The text's UTF-8, when the text is stored as UTF-8.
  @_documentation(visibility: private)
  public func _withContiguousUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
    utf8.withContiguousStorageIfAvailable(body)
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

  /// The text's UTF-8, when the text is stored as UTF-8.
  @_documentation(visibility: private)
  public func _withContiguousUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
    utf8.withContiguousStorageIfAvailable(body)
  }
}

extension JSONDocument: JSONInput {
  /// The document itself (its own reading options stay in force).
  ///
  /// - Parameter options: Not used.
  /// - Returns: The document.
  public func jsonDocument(options: JSONReadingOptions) -> JSONDocument { self }
}
