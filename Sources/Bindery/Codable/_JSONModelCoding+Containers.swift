import BinderyJSON

// What the Codable members `@JSONModel` writes for enums and unions call: the values
// `BinderyDecoder` reads from its document, the errors for unknown values and tags, and the
// `JSONValue` a model's mapping writes for another Codable encoder.

extension _JSONModelCoding {
  /// A value read by ``BinderyDecoder`` straight from its document through the type's mapping,
  /// or `nil` under other decoders, whose containers the caller reads instead.
  ///
  /// - Parameters:
  ///   - type: The type.
  ///   - decoder: The Codable decoder.
  /// - Returns: The value, or `nil`.
  /// - Throws: `DecodingError`.
  public static func binderyValue<T: JSONDecodable>(_ type: T.Type, from decoder: any Decoder)
    throws -> T?
  {
    guard let (context, index, base) = binderyContext(for: decoder, bridge: false) else {
      return nil
    }
    let root = JSONValueDecoder(context: context, index: index, scope: JSONDecodingScope())
    do {
      return try T.run(PreparedDecode(context: context, root: root))
    } catch {
      throw DecodingError(error, base: base)
    }
  }

  /// The error for a string or tag an enum has no case for.
  ///
  /// - Parameters:
  ///   - value: What the input held.
  ///   - expected: The values the enum knows.
  ///   - path: Where it was.
  /// - Returns: `DecodingError.dataCorrupted`.
  public static func unknownValue(_ value: String, expected: String, at path: [any CodingKey])
    -> DecodingError
  {
    .dataCorrupted(
      .init(codingPath: path, debugDescription: "expected \(expected), found \"\(value)\""))
  }

  @usableFromInline
  static func validationError(_ error: any Error, at path: [any CodingKey]) -> DecodingError {
    DecodingError.dataCorrupted(
      .init(
        codingPath: path, debugDescription: "validation failed: \(error)", underlyingError: error))
  }

  // MARK: Encoding

  /// The `JSONValue` a value's mapping writes, for a Codable encoder.
  ///
  /// - Parameters:
  ///   - value: The value.
  ///   - path: Its coding path.
  /// - Returns: The JSON value.
  /// - Throws: `EncodingError.invalidValue` for values JSON cannot hold.
  static func jsonValue(of value: some JSONEncodable, at path: [any CodingKey]) throws
    -> JSONValue
  {
    do {
      return try value.jsonValue()
    } catch {
      throw EncodingError.invalidValue(
        value, .init(codingPath: path, debugDescription: "\(error)", underlyingError: error))
    }
  }
}

extension _JSONModelCoding {
  /// For generated code: a tagged union's content at `key`, its type inferred from the case.
  public static func content<T: Decodable, Key: CodingKey>(
    of container: KeyedDecodingContainer<Key>, forKey key: Key
  ) throws -> T {
    try container.decode(T.self, forKey: key)
  }

  /// For generated code: an untagged union read by a Codable decoder, trying its cases in
  /// order; when none reads the value, the error names every case and why it failed.
  public static func firstMatching<T>(
    _ type: T.Type, from decoder: any Decoder,
    _ cases: [(name: String, read: (any Decoder) throws -> T)]
  ) throws -> T {
    var reasons: [String] = []
    for (name, read) in cases {
      do {
        return try read(decoder)
      } catch {
        reasons.append("as '\(name)': \(error)")
      }
    }
    throw DecodingError.typeMismatch(
      T.self,
      .init(
        codingPath: decoder.codingPath,
        debugDescription: "no case of \(T.self) reads the value; "
          + reasons.joined(separator: "; ")))
  }
}

extension _JSONModelCoding {
}
