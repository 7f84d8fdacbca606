public import BinderyJSON

// What the Codable members `@JSONModel` writes call when another Codable coder runs them: they
// read and write that coder's containers directly, and take a detour through JSONValue only for
// the properties whose mapping the containers cannot express (transformers, date formats
// among them, coercion, lossy collections, fallback keys, defaults for null or bad values).

extension _JSONModelCoding {
  /// Reads a property's value from a container.
  ///
  /// - Parameters:
  ///   - type: The property's type.
  ///   - container: The object.
  ///   - key: The property's key.
  /// - Returns: The value.
  /// - Throws: The decoder's `DecodingError`.
  @inlinable
  public static func decode<T: JSONDecodable, Key: CodingKey>(
    _ type: T.Type, from container: KeyedDecodingContainer<Key>, forKey key: Key
  ) throws -> T {
    try T._decode(from: container, forKey: key)
  }

  /// Reads a property's value from a container, or its default when the key is missing.
  ///
  /// - Parameters:
  ///   - type: The property's type.
  ///   - container: The object.
  ///   - key: The property's key.
  ///   - defaultValue: The value for a missing key.
  /// - Returns: The value or the default.
  /// - Throws: The decoder's `DecodingError`.
  @inlinable
  public static func decode<T: JSONDecodable, Key: CodingKey>(
    _ type: T.Type, from container: KeyedDecodingContainer<Key>, forKey key: Key,
    default defaultValue: @autoclosure () -> T
  ) throws -> T {
    guard container.contains(key) else { return defaultValue() }
    return try T._decode(from: container, forKey: key)
  }

  /// The object at `key`, or `nil` when the key is missing or its value is `null`: the parent
  /// of an optional property's nested path.
  ///
  /// - Parameters:
  ///   - container: The object.
  ///   - key: The key of the nested object.
  /// - Returns: The nested object or `nil`.
  /// - Throws: `DecodingError.typeMismatch` when the value is not an object.
  public static func nested<Key: CodingKey>(
    _ container: KeyedDecodingContainer<Key>, forKey key: Key
  ) throws -> KeyedDecodingContainer<Key>? {
    guard container.contains(key), try !container.decodeNil(forKey: key) else { return nil }
    return try container.nestedContainer(keyedBy: Key.self, forKey: key)
  }

  /// Reads a property whose mapping the container cannot express: the members at `keys` are
  /// read as `JSONValue`s into a one-object document, which `body` decodes with the same code
  /// `init(json:)` uses. Problems become the fitting `DecodingError`, below the container's
  /// coding path.
  ///
  /// - Parameters:
  ///   - container: The object.
  ///   - keys: The first keys of the paths the property reads.
  ///   - body: Reads the property from the object.
  /// - Returns: The property's value.
  /// - Throws: `DecodingError`.
  public static func member<T, Key: CodingKey>(
    of container: KeyedDecodingContainer<Key>, keys: [Key],
    _ body: (JSONObjectDecoder) throws -> T
  ) throws -> T {
    var object = JSONObject()
    for key in keys where container.contains(key) {
      object[key.stringValue] = try container.decode(JSONValue.self, forKey: key)
    }
    let base = container.codingPath
    let context = try foreignContext(for: .object(object), at: base, bridge: true)
    return try withExtendedLifetime(context) {
      do {
        let root = JSONValueDecoder(context: context, index: 0, scope: JSONDecodingScope())
        return try body(try root.object())
      } catch let error as DecodingError {
        throw error
      } catch {
        context.record(error, at: 0)
        throw DecodingError(JSONDecodingError(problems: context.problems), base: base)
      }
    }
  }

  /// Reads one value another Codable decoder gave as a `JSONValue` through `T`'s mapping.
  ///
  /// - Parameters:
  ///   - type: The type.
  ///   - value: The value.
  ///   - path: The value's coding path.
  /// - Returns: The decoded value.
  /// - Throws: `DecodingError`, below `path`.
  public static func decode<T: JSONDecodable>(
    _ type: T.Type, from value: JSONValue, at path: [any CodingKey]
  ) throws -> T {
    let context = try foreignContext(for: value, at: path, bridge: false)
    let root = JSONValueDecoder(context: context, index: 0, scope: JSONDecodingScope())
    do {
      return try T.run(PreparedDecode(context: context, root: root))
    } catch {
      throw DecodingError(error, base: path)
    }
  }

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

  /// Runs a model's `validate()` after a Codable decode through containers.
  ///
  /// - Parameters:
  ///   - model: The decoded model.
  ///   - decoder: The decoder it was read from; its coding path is asked for only on failure.
  /// - Throws: `DecodingError.dataCorrupted` when `validate()` throws.
  @inlinable
  public static func validate(_ model: some JSONObjectDecodable, from decoder: any Decoder)
    throws
  {
    do {
      try model.validate()
    } catch {
      throw validationError(error, at: decoder.codingPath)
    }
  }

  /// The error of a container initializer asked to read a class whose hierarchy reads whole
  /// objects instead (its `init(from:)` never asks; a direct call gets this error).
  ///
  /// - Parameters:
  ///   - type: The class.
  ///   - decoder: The decoder it was asked to read.
  /// - Returns: `DecodingError.dataCorrupted` saying which way the class is read.
  public static func needsWholeObject(_ type: Any.Type, _ decoder: any Decoder) -> DecodingError {
    .dataCorrupted(
      .init(
        codingPath: decoder.codingPath,
        debugDescription:
          "\(type) reads its whole object under Codable coders: decode it with init(from:)"))
  }

  @usableFromInline
  static func validationError(_ error: any Error, at path: [any CodingKey]) -> DecodingError {
    DecodingError.dataCorrupted(
      .init(
        codingPath: path, debugDescription: "validation failed: \(error)", underlyingError: error))
  }

  // MARK: Encoding

  /// Writes a property's value to a container.
  ///
  /// - Parameters:
  ///   - value: The value.
  ///   - container: The object.
  ///   - key: The property's key.
  /// - Throws: The encoder's `EncodingError`.
  @inlinable
  public static func encode<T: JSONEncodable, Key: CodingKey>(
    _ value: T, to container: inout KeyedEncodingContainer<Key>, forKey key: Key
  ) throws {
    try value._encode(to: &container, forKey: key)
  }

  /// Writes an optional property: `nil` is left out unless `nulls` says to write `null`.
  ///
  /// - Parameters:
  ///   - value: The value.
  ///   - container: The object.
  ///   - key: The property's key.
  ///   - nulls: What a `nil` becomes: left out unless the property or model says `.write`.
  /// - Throws: The encoder's `EncodingError`.
  @inlinable
  public static func encodeIfPresent<T: JSONEncodable, Key: CodingKey>(
    _ value: T?, to container: inout KeyedEncodingContainer<Key>, forKey key: Key,
    nulls: JSONNullEncoding? = nil
  ) throws {
    if let value {
      try value._encode(to: &container, forKey: key)
    } else if nulls == .write {
      try container.encodeNil(forKey: key)
    }
  }

  /// Writes a property whose mapping the container cannot express: `body` writes it with the
  /// same code `encode(to:)` uses into an object, whose members are then written to the
  /// container as `JSONValue`s.
  ///
  /// - Parameters:
  ///   - container: The object.
  ///   - body: Writes the property.
  /// - Throws: `EncodingError.invalidValue` for values JSON cannot hold.
  public static func encodeMember<Key: CodingKey>(
    to container: inout KeyedEncodingContainer<Key>,
    _ body: (inout JSONObjectEncoder) throws -> Void
  ) throws {
    let object: JSONValue
    do {
      let context = JSONEncodingContext(options: JSONEncodingOptions())
      try JSONValueEncoder(context: context, isRoot: false, dates: 0).object(body)
      object = try JSONValue(parsing: try context.writer.pointee.takeFinished())
    } catch {
      throw EncodingError.invalidValue(
        (), .init(codingPath: container.codingPath, debugDescription: "\(error)"))
    }
    guard case .object(let members) = object else { return }
    for (name, value) in members {
      guard let key = Key(stringValue: name) else {
        throw EncodingError.invalidValue(
          value,
          .init(
            codingPath: container.codingPath,
            debugDescription: "\(Key.self) has no key '\(name)' for what the mapping wrote"))
      }
      try container.encode(value, forKey: key)
    }
  }

  /// The `JSONValue` a value's mapping writes, for a Codable encoder.
  ///
  /// - Parameters:
  ///   - value: The value.
  ///   - path: Its coding path.
  /// - Returns: The JSON value.
  /// - Throws: `EncodingError.invalidValue` for values JSON cannot hold.
  public static func jsonValue(of value: some JSONEncodable, at path: [any CodingKey]) throws
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
  /// For generated code: the keys a flattened property's type reads.
  public static func claimedKeys<T: JSONObjectDecodable>(of type: T.Type) -> Set<String> {
    T._jsonClaimedKeys
  }
}
