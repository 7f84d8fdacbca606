public import BinderyJSON

extension JSONDecodable {
  /// Decodes a value from JSON, optionally below a result key path.
  ///
  /// The JSON may be `Data`, `[UInt8]`, a `String`, a parsed `JSONDocument` or a
  /// `JSONValue` (see `JSONInput`):
  ///
  /// ```swift
  /// let feed = try PublicPhotos(json: data, options: .init(reading: .allowEscapedApostrophe))
  /// let photos = try [Photo](json: data, at: "photos.photo")
  /// let photo = try Photo(json: #"{"title": "Sunset", "media": {"m": "https://…"}}"#)
  /// ```
  ///
  /// - Parameters:
  ///   - json: The JSON.
  ///   - path: Where the value sits, such as `photos.photo` or `items[0]`; the top by default.
  ///   - options: Reading options, first-error mode and leniencies. A document keeps the
  ///     reading options it was parsed with; a `JSONValue`'s positions refer to the value
  ///     written compactly.
  /// - Throws: ``JSONDecodingError`` listing every problem (line, column and path of each).
  @inlinable
  public init(
    json: some JSONInput, at path: String? = nil, options: JSONDecodingOptions = .init()
  ) throws(JSONDecodingError) {
    // Bytes a model reads whole and without a problem take one pass (see OnePassDecoding).
    if path == nil, let value = Self.decodedInOnePass(json, options: options.reading) {
      self = value
      return
    }
    let prepared = try JSONDecodingContext.prepare(input: json, at: path, options: options)
    self = try Self.run(prepared)
  }

  /// Decodes a value from JSON and returns it with the warnings its decode gathered
  /// (coercions, skipped elements, defaults used for bad values).
  ///
  /// - Parameters:
  ///   - json: The JSON: `Data`, `[UInt8]`, a `String`, a `JSONDocument` or a `JSONValue`.
  ///   - path: Where the value sits; the top by default.
  ///   - options: Reading options, first-error mode and leniencies.
  /// - Returns: The value and its warnings.
  /// - Throws: ``JSONDecodingError`` listing every problem.
  public static func decoded(
    json: some JSONInput, at path: String? = nil, options: JSONDecodingOptions = .init()
  ) throws(JSONDecodingError) -> JSONDecoded<Self> {
    let prepared = try JSONDecodingContext.prepare(input: json, at: path, options: options)
    let value = try run(prepared)
    return JSONDecoded(value: value, warnings: prepared.context.warnings)
  }
}

extension JSONDecodable {
  /// Decodes the value a prepared context points at; specialised where the type is known.
  @inlinable
  static func run(_ prepared: PreparedDecode) throws(JSONDecodingError) -> Self {
    // The context lives until the decode returns: decoders do not own it.
    try withExtendedLifetime(prepared.context) { () throws(JSONDecodingError) -> Self in
      let value = prepared.root
      do {
        let result = try Self(json: value)
        if prepared.context.problemCount == 0 { return result }
      } catch {
        prepared.context.record(error, at: value.index)
      }
      throw prepared.context.failure()
    }
  }
}
