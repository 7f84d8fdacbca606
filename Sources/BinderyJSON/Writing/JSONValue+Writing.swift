// A JSON value written as text: its bytes, its description, and the document a decode reads
// from it.

extension JSONValue {
  /// Writes the value as JSON bytes.
  ///
  /// - Parameter options: How to format the output; compact by default.
  /// - Returns: UTF-8 JSON text.
  /// - Throws: ``JSONWriteError`` for non-finite numbers or nesting beyond the limit.
  public func jsonBytes(options: JSONWritingOptions = .compact) throws(JSONWriteError) -> [UInt8] {
    var writer = JSONWriter(options: options)
    try writer.value(self)
    return try writer.takeFinished()
  }

  /// Writes the value as JSON text.
  ///
  /// - Parameter options: How to format the output; compact by default.
  /// - Returns: JSON text.
  /// - Throws: ``JSONWriteError`` for non-finite numbers or nesting beyond the limit.
  public func jsonString(options: JSONWritingOptions = .compact) throws(JSONWriteError) -> String {
    String(decoding: try jsonBytes(options: options), as: UTF8.self)
  }
}

extension JSONValue: CustomStringConvertible {
  /// The value as compact JSON; non-finite numbers appear as `Infinity`, `-Infinity`, `NaN`.
  public var description: String {
    var options = JSONWritingOptions()
    options.nonFiniteNumbers = .literals
    options.maxDepth = .max
    return (try? jsonString(options: options)) ?? "<unwritable JSON value>"
  }
}

extension JSONValue: JSONInput {
  /// The value written compactly and read back. The text is not the user's, so problems name
  /// their path and no position.
  ///
  /// - Parameter options: How to read the written text: its limits apply, and NaN and
  ///   infinities are read when JSON5 is allowed.
  /// - Returns: The document.
  /// - Throws: ``JSONReadError`` (``JSONReadError/Kind/unsupportedValue``) naming the path of a
  ///   number JSON cannot hold (NaN or infinity, without JSON5), or past a reading limit.
  public func jsonDocument(options: JSONReadingOptions) throws(JSONReadError) -> JSONDocument {
    try writtenDocument(options: options)
  }

  /// The value as a document of text that is not the user's (see ``jsonDocument(options:)``).
  package func writtenDocument(options: JSONReadingOptions) throws(JSONReadError) -> JSONDocument {
    var writing = JSONWritingOptions(maxDepth: options.maxDepth)
    if options.allowsJSON5 { writing.nonFiniteNumbers = .literals }
    var writer = JSONWriter(options: writing)
    let bytes: [UInt8]
    do {
      try writer.value(self)
      bytes = try writer.takeFinished()
    } catch {
      let kind: JSONReadError.Kind =
        error.kind == .depthLimitExceeded ? .depthLimitExceeded : .unsupportedValue
      throw JSONReadError(kind: kind, message: error.message, location: nil, path: error.path)
    }
    var reading = options
    reading.maxSize = nil
    return try JSONDocument(parsing: bytes, options: reading, sourceObjects: [:])
  }
}
