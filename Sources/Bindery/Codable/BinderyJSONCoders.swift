public import Foundation

/// A Foundation `JSONDecoder` that decodes with Bindery: for the APIs that take a
/// `JSONDecoder` instance rather than a protocol.
///
/// ```swift
/// let decoder: JSONDecoder = BinderyJSONDecoder()
/// decoder.keyDecodingStrategy = .convertFromSnakeCase
/// let lines = body.asDecodedJSONLines(of: Event.self, decoder: decoder)  // swift-openapi-runtime
/// ```
///
/// `decode(_:from:)` reads a `@JSONModel` type (any ``JSONDecodable`` type) with its own
/// generated code, and any other `Decodable` type with a ``BinderyDecoder`` set up with this
/// decoder's strategies, `userInfo`, `allowsJSON5` and `assumesTopLevelDictionary`, as they
/// are when the call starts. It reads what `JSONDecoder` reads (RFC 8259, a byte order mark,
/// UTF-16 and UTF-32, JSON5 when allowed; a repeated key keeps its first value) and throws the
/// `DecodingError` cases Foundation's decoder throws, with the line and column of the failing
/// value in their `debugDescription`. A model reports its first problem, with the whole
/// report (a ``JSONDecodingError``) as the error's `underlyingError`.
///
/// A model's own mapping decides its keys and formats, as when ``BinderyDecoder`` reads it:
/// the key and date strategies apply to the other types.
public final class BinderyJSONDecoder: JSONDecoder, @unchecked Sendable {
  // @unchecked: the inherited settings are Foundation's, guarded by its lock; this class adds
  // no stored state.

  /// A decoder with Foundation's defaults.
  public override init() {
    super.init()
  }

  /// Decodes a value from JSON.
  ///
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - data: JSON, UTF-8 (or UTF-16 or UTF-32).
  /// - Returns: The value.
  /// - Throws: `DecodingError`, as `JSONDecoder` does.
  public override func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
    if !assumesTopLevelDictionary, let model = type as? any JSONDecodable.Type {
      return try decodeModel(model, from: data, as: type)
    }
    guard let decoder = makeDecoder() else { return try super.decode(type, from: data) }
    return try decoder.decode(type, from: data)
  }

  /// Decodes a value that needs a configuration, as `JSONDecoder` does.
  ///
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - data: JSON.
  ///   - configuration: What its `init(from:configuration:)` is given.
  /// - Returns: The value.
  /// - Throws: `DecodingError`.
  @available(macOS 12.0, iOS 15.0, watchOS 8.0, tvOS 15.0, *)
  public override func decode<T: DecodableWithConfiguration>(
    _ type: T.Type, from data: Data, configuration: T.DecodingConfiguration
  ) throws -> T {
    guard let decoder = makeDecoder() else {
      return try super.decode(type, from: data, configuration: configuration)
    }
    return try decoder.decode(type, from: data, configuration: configuration)
  }

  /// Reads a model with its own code, as the first of its problems a `DecodingError`.
  private func decodeModel<Model: JSONDecodable, T>(
    _ model: Model.Type, from data: Data, as type: T.Type
  ) throws -> T {
    var options = JSONDecodingOptions(reading: readingOptions)
    options.stopsAtFirstError = true
    let value: Model
    do {
      value = try Model(json: data, options: options)
    } catch {
      throw DecodingError(error, base: [])
    }
    guard let result = value as? T else {
      preconditionFailure("\(Model.self) is the type asked for, \(T.self)")
    }
    return result
  }

  /// What `JSONDecoder` reads, with JSON5 as this decoder allows.
  private var readingOptions: JSONReadingOptions {
    var reading = JSONReadingOptions.foundation
    reading.allowsJSON5 = allowsJSON5
    return reading
  }

  /// A ``BinderyDecoder`` with this decoder's settings as they are now; nil for a strategy of
  /// a later Foundation that Bindery does not know, which Foundation's own decoder then
  /// follows.
  private func makeDecoder() -> BinderyDecoder? {
    let decoder = BinderyDecoder()
    decoder.readingOptions = readingOptions
    decoder.assumesTopLevelDictionary = assumesTopLevelDictionary
    decoder.userInfo = userInfo
    switch dateDecodingStrategy {
    case .deferredToDate: decoder.dateDecodingStrategy = .deferredToDate
    case .secondsSince1970: decoder.dateDecodingStrategy = .secondsSince1970
    case .millisecondsSince1970: decoder.dateDecodingStrategy = .millisecondsSince1970
    case .iso8601: decoder.dateDecodingStrategy = .iso8601
    #if canImport(Darwin)
      // Foundation's decoder has this case where its framework has `DateFormatter`.
      case .formatted(let formatter): decoder.dateDecodingStrategy = .formatted(formatter)
    #endif
    case .custom(let read): decoder.dateDecodingStrategy = .custom(read)
    @unknown default: return nil
    }
    switch dataDecodingStrategy {
    case .deferredToData: decoder.dataDecodingStrategy = .deferredToData
    case .base64: decoder.dataDecodingStrategy = .base64
    case .custom(let read): decoder.dataDecodingStrategy = .custom(read)
    @unknown default: return nil
    }
    switch nonConformingFloatDecodingStrategy {
    case .throw: decoder.nonConformingFloatDecodingStrategy = .throw
    case .convertFromString(let positive, let negative, let nan):
      decoder.nonConformingFloatDecodingStrategy = .convertFromString(
        positiveInfinity: positive, negativeInfinity: negative, nan: nan)
    @unknown default: return nil
    }
    switch keyDecodingStrategy {
    case .useDefaultKeys: decoder.keyDecodingStrategy = .useDefaultKeys
    case .convertFromSnakeCase: decoder.keyDecodingStrategy = .convertFromSnakeCase
    case .custom(let convert): decoder.keyDecodingStrategy = .custom(convert)
    @unknown default: return nil
    }
    return decoder
  }
}

/// A Foundation `JSONEncoder` that encodes with Bindery: for the APIs that take a
/// `JSONEncoder` instance rather than a protocol.
///
/// ```swift
/// let encoder: JSONEncoder = BinderyJSONEncoder()
/// encoder.outputFormatting = [.sortedKeys]
/// let body = try encoder.encode(status)
/// ```
///
/// `encode(_:)` writes a `@JSONModel` type (any ``JSONEncodable`` type) with its own generated
/// code, and any other `Encodable` value with a ``BinderyEncoder`` set up with this encoder's
/// output formatting, strategies and `userInfo`, as they are when the call starts. The output
/// is what `JSONEncoder` writes for the same formatting (byte for byte with `.sortedKeys`),
/// and the errors are the `EncodingError` cases it throws.
///
/// A model's own mapping decides its keys and formats, as when ``BinderyEncoder`` writes it:
/// the key and date strategies apply to the other types.
public final class BinderyJSONEncoder: JSONEncoder, @unchecked Sendable {
  // @unchecked: the inherited settings are Foundation's, guarded by its lock; this class adds
  // no stored state.

  /// An encoder with Foundation's defaults.
  public override init() {
    super.init()
  }

  /// Encodes a value as JSON.
  ///
  /// - Parameter value: The value.
  /// - Returns: UTF-8 JSON.
  /// - Throws: `EncodingError.invalidValue`, as `JSONEncoder` does.
  public override func encode<T: Encodable>(_ value: T) throws -> Data {
    if let model = value as? any JSONEncodable {
      return try encodeModel(model, as: value)
    }
    guard let encoder = makeEncoder() else { return try super.encode(value) }
    return try encoder.encode(value)
  }

  /// Encodes a value that needs a configuration, as `JSONEncoder` does.
  ///
  /// - Parameters:
  ///   - value: The value.
  ///   - configuration: What its `encode(to:configuration:)` is given.
  /// - Returns: UTF-8 JSON.
  /// - Throws: `EncodingError.invalidValue`.
  @available(macOS 12.0, iOS 15.0, watchOS 8.0, tvOS 15.0, *)
  public override func encode<T: EncodableWithConfiguration>(
    _ value: T, configuration: T.EncodingConfiguration
  ) throws -> Data {
    guard let encoder = makeEncoder() else {
      return try super.encode(value, configuration: configuration)
    }
    return try encoder.encode(value, configuration: configuration)
  }

  /// Writes a model with its own code; a write error becomes `EncodingError.invalidValue`.
  private func encodeModel<Model: JSONEncodable>(_ model: Model, as value: Any) throws -> Data {
    let formatting = outputFormatting
    var writing = JSONWritingOptions(
      prettyPrinted: formatting.contains(.prettyPrinted),
      sortsKeys: formatting.contains(.sortedKeys),
      escapesSlashes: !formatting.contains(.withoutEscapingSlashes))
    writing.foundationLayout = true
    switch nonConformingFloatEncodingStrategy {
    case .convertToString(let positive, let negative, let nan):
      writing.nonFiniteNumbers = .strings(
        positiveInfinity: positive, negativeInfinity: negative, nan: nan)
    default:
      writing.nonFiniteNumbers = .reject
    }
    do {
      return try model.jsonData(options: JSONEncodingOptions(writing: writing))
    } catch {
      let path = error.path.components.map { component -> any CodingKey in
        switch component {
        case .key(let name): StringKey(name)
        case .index(let position): IndexKey(position)
        }
      }
      throw EncodingError.invalidValue(
        value,
        EncodingError.Context(
          codingPath: path, debugDescription: error.message, underlyingError: error))
    }
  }

  /// A ``BinderyEncoder`` with this encoder's settings as they are now; nil for a strategy of
  /// a later Foundation that Bindery does not know, which Foundation's own encoder then
  /// follows.
  private func makeEncoder() -> BinderyEncoder? {
    let encoder = BinderyEncoder()
    encoder.outputFormatting = BinderyEncoder.OutputFormatting(
      rawValue: outputFormatting.rawValue
        & (BinderyEncoder.OutputFormatting.prettyPrinted.rawValue
          | BinderyEncoder.OutputFormatting.sortedKeys.rawValue
          | BinderyEncoder.OutputFormatting.withoutEscapingSlashes.rawValue))
    encoder.userInfo = userInfo
    switch dateEncodingStrategy {
    case .deferredToDate: encoder.dateEncodingStrategy = .deferredToDate
    case .secondsSince1970: encoder.dateEncodingStrategy = .secondsSince1970
    case .millisecondsSince1970: encoder.dateEncodingStrategy = .millisecondsSince1970
    case .iso8601: encoder.dateEncodingStrategy = .iso8601
    #if canImport(Darwin)
      case .formatted(let formatter): encoder.dateEncodingStrategy = .formatted(formatter)
    #endif
    case .custom(let write): encoder.dateEncodingStrategy = .custom(write)
    @unknown default: return nil
    }
    switch dataEncodingStrategy {
    case .deferredToData: encoder.dataEncodingStrategy = .deferredToData
    case .base64: encoder.dataEncodingStrategy = .base64
    case .custom(let write): encoder.dataEncodingStrategy = .custom(write)
    @unknown default: return nil
    }
    switch nonConformingFloatEncodingStrategy {
    case .throw: encoder.nonConformingFloatEncodingStrategy = .throw
    case .convertToString(let positive, let negative, let nan):
      encoder.nonConformingFloatEncodingStrategy = .convertToString(
        positiveInfinity: positive, negativeInfinity: negative, nan: nan)
    @unknown default: return nil
    }
    switch keyEncodingStrategy {
    case .useDefaultKeys: encoder.keyEncodingStrategy = .useDefaultKeys
    case .convertToSnakeCase: encoder.keyEncodingStrategy = .convertToSnakeCase
    case .custom(let convert): encoder.keyEncodingStrategy = .custom(convert)
    @unknown default: return nil
    }
    return encoder
  }
}
