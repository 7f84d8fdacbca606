internal import BinderyNaming
public import Foundation

/// Decodes `Decodable` values from JSON — a drop-in for Foundation's `JSONDecoder`: change the
/// name, keep the code.
///
/// ```swift
/// let decoder = BinderyDecoder()          // was: JSONDecoder()
/// decoder.dateDecodingStrategy = .iso8601
/// decoder.keyDecodingStrategy = .convertFromSnakeCase
/// let feed = try decoder.decode(Feed.self, from: data)
///
/// // Bindery's extras:
/// decoder.readingOptions.allowsEscapedApostrophe = true        // Flickr's \'
/// let photos = try decoder.decode([Photo].self, from: data, at: "photos.photo")
/// ```
///
/// It reads through Bindery's tape, never building a dictionary or `JSONValue` tree, gives the
/// same values and the same `DecodingError` cases as Foundation, and adds the line and column of
/// the failing value to each error's `debugDescription`.
///
/// A decoder is `Sendable`: its settings are guarded by a lock, and each `decode` call works on
/// a snapshot taken when it starts, so changing a setting never affects a decode in progress.
public final class BinderyDecoder: Sendable {
  private let settings = Locked(DecodingSettings())

  /// Creates a decoder with Foundation's defaults: default keys, `deferredToDate`, base64 data,
  /// non-conforming floats rejected, and what `JSONDecoder` reads: RFC 8259 plus trailing
  /// commas, a byte order mark, and UTF-16 and UTF-32 input (`JSONReadingOptions.foundation`).
  public init() {}

  private func locked<T>(_ body: (inout DecodingSettings) -> T) -> T {
    settings.withLock(body)
  }

  /// How dates are decoded; `deferredToDate` by default.
  public var dateDecodingStrategy: DateDecodingStrategy {
    get { locked { $0.date } }
    set { locked { $0.date = newValue } }
  }

  /// How `Data` is decoded; `base64` by default.
  public var dataDecodingStrategy: DataDecodingStrategy {
    get { locked { $0.data } }
    set { locked { $0.data = newValue } }
  }

  /// How infinities and NaN are decoded; rejected by default.
  public var nonConformingFloatDecodingStrategy: NonConformingFloatDecodingStrategy {
    get { locked { $0.nonConformingFloat } }
    set { locked { $0.nonConformingFloat = newValue } }
  }

  /// How JSON keys are matched to coding keys; `useDefaultKeys` by default.
  public var keyDecodingStrategy: KeyDecodingStrategy {
    get { locked { $0.key } }
    set { locked { $0.key = newValue } }
  }

  /// Values passed to every `Decoder` this decoder creates.
  public var userInfo: [CodingUserInfoKey: any Sendable] {
    get { locked { $0.userInfo } }
    set { locked { $0.userInfo = newValue } }
  }

  /// Accept JSON5 input, as Foundation's `allowsJSON5` does. The same switch as
  /// `readingOptions.allowsJSON5`.
  public var allowsJSON5: Bool {
    get { locked { $0.reading.allowsJSON5 } }
    set { locked { $0.reading.allowsJSON5 = newValue } }
  }

  /// Read a top-level object whose braces may be missing (`"a": 1, "b": 2`), as Foundation
  /// does: input that starts with `{` is read as it is, and empty input is an empty object.
  public var assumesTopLevelDictionary: Bool {
    get { locked { $0.assumesTopLevelDictionary } }
    set { locked { $0.assumesTopLevelDictionary = newValue } }
  }

  /// Bindery's reading options: Flickr's `\'`, JSONP, limits. By default what Foundation's
  /// decoder reads (`JSONReadingOptions.foundation`), a repeated key reading its first
  /// value; `.strict` reads exactly RFC 8259.
  public var readingOptions: JSONReadingOptions {
    get { locked { $0.reading } }
    set { locked { $0.reading = newValue } }
  }

  /// When true, a failing decode keeps going past type mismatches and missing keys of
  /// scalar values and throws ``JSONDecodingError`` listing every problem it met, each with
  /// its JSON path, line and column, and the `DecodingError` that stands for it as its cause.
  /// When false (the default), the first problem is thrown as a `DecodingError`, as Foundation does.
  public var reportsAllErrors: Bool {
    get { locked { $0.reportsAllErrors } }
    set { locked { $0.reportsAllErrors = newValue } }
  }

  /// Decodes a value from JSON.
  ///
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - data: JSON, UTF-8 (or UTF-16 or UTF-32, as ``readingOptions`` allow).
  /// - Returns: The value.
  /// - Throws: `DecodingError` (or ``JSONDecodingError`` when ``reportsAllErrors`` is set).
  public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
    try decode(type, fromBytes: Array(data), at: nil)
  }

  /// Decodes a value from JSON bytes, without copying them.
  ///
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - bytes: JSON, UTF-8 (or UTF-16 or UTF-32, as ``readingOptions`` allow).
  /// - Returns: The value.
  /// - Throws: `DecodingError` (or ``JSONDecodingError`` when ``reportsAllErrors`` is set).
  public func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
    try decode(type, fromBytes: bytes, at: nil)
  }

  /// Decodes a value that needs a configuration to decode, as Foundation's
  /// `decode(_:from:configuration:)` does.
  ///
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - data: JSON, as for ``decode(_:from:)-(_,Data)``.
  ///   - configuration: What its `init(from:configuration:)` is given.
  /// - Returns: The value.
  /// - Throws: As ``decode(_:from:)-(_,Data)``.
  @available(macOS 12.0, iOS 15.0, watchOS 8.0, tvOS 15.0, *)
  public func decode<T: DecodableWithConfiguration>(
    _ type: T.Type, from data: Data, configuration: T.DecodingConfiguration
  ) throws -> T {
    let settings = locked { $0 }
    let document = try Self.parse(Array(data), settings)
    return try decode(document, at: nil, settings: settings) { decoder, start, node in
      try decoder.at(start, parent: node?.parent, key: node?.key) {
        try type.init(from: decoder, configuration: configuration)
      }
    }
  }

  /// Decodes a value with the configuration a provider type supplies, as Foundation's
  /// `decode(_:from:configuration:)` does.
  ///
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - data: JSON, as for ``decode(_:from:)-(_,Data)``.
  ///   - configuration: The type whose `decodingConfiguration` is used.
  /// - Returns: The value.
  /// - Throws: As ``decode(_:from:)-(_,Data)``.
  @available(macOS 12.0, iOS 15.0, watchOS 8.0, tvOS 15.0, *)
  public func decode<T, C: DecodingConfigurationProviding>(
    _ type: T.Type, from data: Data, configuration: C.Type
  ) throws -> T
  where T: DecodableWithConfiguration, C.DecodingConfiguration == T.DecodingConfiguration {
    try decode(type, from: data, configuration: C.decodingConfiguration)
  }

  /// Decodes a value found below a result key path, such as the photos of a Flickr search at
  /// `photos.photo`.
  ///
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - data: JSON, as for ``decode(_:from:)-(_,Data)``.
  ///   - path: Where the value sits; see `JSONPath`. Coding paths in errors start with it.
  /// - Returns: The value.
  /// - Throws: `DecodingError.keyNotFound` (or `valueNotFound` for a missing index) when the
  ///   path leads nowhere, and otherwise as ``decode(_:from:)-(_,Data)``.
  public func decode<T: Decodable>(_ type: T.Type, from data: Data, at path: String) throws -> T {
    let parsed: JSONPath
    do {
      parsed = try JSONPath(parsing: path)
    } catch {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: [], debugDescription: "Invalid path '\(path)': \(error.message)",
          underlyingError: error))
    }
    return try decode(type, fromBytes: Array(data), at: parsed)
  }

  private func decode<T: Decodable>(_ type: T.Type, fromBytes bytes: [UInt8], at path: JSONPath?)
    throws -> T
  {
    let settings = locked { $0 }
    let document = try Self.parse(bytes, settings)
    return try decode(type, from: document, at: path, settings: settings)
  }

  /// Decodes from bytes that live in another library's buffer: `read` makes the document with
  /// this decoder's reading options, in place; `bytes` copies them, for the one setting that
  /// rewrites the input (``assumesTopLevelDictionary``).
  ///
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - reportingAll: Whether to report every problem, whatever ``reportsAllErrors`` says.
  ///   - read: Parses the bytes in place with the options given.
  ///   - bytes: The bytes as an array.
  /// - Returns: The value.
  /// - Throws: As ``decode(_:from:)-(_,Data)``.
  package func decode<T: Decodable>(
    _ type: T.Type, reportingAll: Bool,
    reading read: (JSONReadingOptions) throws(JSONReadError) -> JSONDocument,
    bytes: () -> [UInt8]
  ) throws -> T {
    var settings = locked { $0 }
    if reportingAll { settings.reportsAllErrors = true }
    let document: JSONDocument
    if settings.assumesTopLevelDictionary {
      document = try Self.parse(bytes(), settings)
    } else {
      do {
        document = try read(settings.reading)
      } catch {
        throw Self.invalidJSON(error)
      }
    }
    return try decode(type, from: document, at: nil, settings: settings)
  }

  /// The reading options and a decode of one document with this decoder's settings as they
  /// are now, for a stream of values of `type`.
  func streamDecode<T: Decodable & Sendable>(_ type: T.Type) -> (
    reading: JSONReadingOptions, decode: @Sendable (JSONDocument) throws -> T
  ) {
    let settings = locked { $0 }
    return (
      settings.reading,
      { [self] document in
        try decode(T.self, from: document, at: nil, settings: settings)
      }
    )
  }

  /// A read error of a streamed value, as `JSONDecoder` reports invalid JSON.
  static func invalidJSON(_ error: JSONReadError) -> DecodingError {
    let place = error.location.map { "\($0.line):\($0.column): " } ?? ""
    return DecodingError.dataCorrupted(
      .init(
        codingPath: [],
        debugDescription: "The given data was not valid JSON. \(place)\(error.message)",
        underlyingError: error))
  }

  /// Reads the input as the settings say.
  private static func parse(_ bytes: [UInt8], _ settings: DecodingSettings) throws -> JSONDocument {
    var input = bytes
    var reading = settings.reading
    // Where a brace was put in front of the text, and the text before it.
    var mark: Int?
    var unbraced: [UInt8] = []
    do {
      if settings.assumesTopLevelDictionary {
        // Braces go around text: UTF-16 and UTF-32 become UTF-8 first, here rather than in
        // the document.
        if reading.allowsUTF16AndUTF32, let utf8 = try UnicodeInput.utf8(from: bytes) {
          input = utf8
        }
        reading.allowsUTF16AndUTF32 = false
        if JSONDocument.firstValueByte(of: input, options: reading) != UInt8(ascii: "{") {
          // After a byte order mark, which stays first for the reader to skip.
          let start = input.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
          mark = start
          unbraced = input
          input = input[..<start] + [UInt8(ascii: "{")] + input[start...] + [UInt8(ascii: "}")]
        }
      }
      return try JSONDocument(parsing: input, options: reading)
    } catch {
      var problem = JSONDecodingProblem(readError: error)
      if let mark, let offset = error.location?.offset {
        // The position in the text as given, without the brace put in front of it.
        let original = offset > mark ? offset - 1 : offset
        problem.location = unbraced.withUnsafeBufferPointer {
          JSONSourceLocation(offset: min(original, $0.count), in: $0)
        }
      }
      let place = problem.location.map { "\($0.line):\($0.column): " } ?? ""
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: [],
          debugDescription: "The given data was not valid JSON. \(place)\(error.message)",
          underlyingError: mark == nil ? error : problem))
    }
  }

  /// Decodes a value from the objects an app already holds, as `JSONDecoder` would decode
  /// their JSON text: a `[String: Any]` snapshot, a push notification's `userInfo`,
  /// `JSONSerialization`'s results, values bridged from Objective-C.
  ///
  /// ```swift
  /// let payload: [String: Any] = ["login": "octocat", "id": 1, "site_admin": false]
  /// let user = try BinderyDecoder().decode(GitHubUser.self, fromFoundationObject: payload)
  /// ```
  ///
  /// - A Boolean `NSNumber` is a Boolean; integers keep every digit up to `UInt64.max`;
  ///   `Decimal` and `NSDecimalNumber` keep their digits.
  /// - A `Date` or `Data` object is taken as it is by a `Date` or `Data` property, whatever
  ///   the date and data strategies say; other types read it as text (ISO 8601, base64).
  /// - NaN and infinities follow ``nonConformingFloatDecodingStrategy`` (its strings stand for
  ///   them) or JSON5 reading; otherwise they are errors.
  /// - Errors have coding paths as usual, and no line or column: there is no text.
  ///
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - object: The value: a dictionary, an array or a scalar.
  /// - Returns: The value.
  /// - Throws: `DecodingError` (or ``JSONDecodingError`` when ``reportsAllErrors`` is set);
  ///   `DecodingError.dataCorrupted` at the path of an object JSON cannot hold (a key that is
  ///   not a string, an object of another class, a dictionary that contains itself, nesting
  ///   past the reading options' depth).
  public func decode<T: Decodable>(_ type: T.Type, fromFoundationObject object: Any) throws -> T {
    let settings = locked { $0 }
    let nonFinite: JSONWritingOptions.NonFiniteNumberPolicy
    switch settings.nonConformingFloat {
    case .convertFromString(let positive, let negative, let nan):
      nonFinite = .strings(positiveInfinity: positive, negativeInfinity: negative, nan: nan)
    case .throw:
      nonFinite = settings.reading.allowsJSON5 ? .literals : .reject
    }
    let document: JSONDocument
    do {
      document = try FoundationTextWriter.document(
        from: object, reading: settings.reading, nonFinite: nonFinite,
        nonFiniteHint: "set nonConformingFloatDecodingStrategy to read NaN and infinity")
    } catch {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: error.path.codingPath,
          debugDescription: error.message + (error.hint.isEmpty ? "" : "; \(error.hint)"),
          underlyingError: error))
    }
    return try decode(type, from: document, at: nil, settings: settings)
  }

  private func decode<T: Decodable>(
    _ type: T.Type, from document: JSONDocument, at path: JSONPath?, settings: DecodingSettings
  ) throws -> T {
    try decode(document, at: path, settings: settings) { decoder, start, node in
      try decoder.unwrap(type, at: start, parent: node?.parent, key: node?.key)
    }
  }

  /// Runs `body` on a decoder at the value at `path` (the root when nil), given its tape
  /// index and coding path, and reports the problems it met.
  private func decode<T>(
    _ document: JSONDocument, at path: JSONPath?, settings: DecodingSettings,
    _ body: (DecoderImpl, Int, CodingPathNode?) throws -> T
  ) throws -> T {
    let decoder = DecoderImpl(document: document, settings: settings)
    var start = document.root.index
    var node: CodingPathNode?
    if let path {
      (start, node) = try decoder.descend(path)
    }
    do {
      let value = try body(decoder, start, node)
      if let errors = decoder.collector?.errors, !errors.isEmpty {
        throw JSONDecodingError(collected: errors)
      }
      return value
    } catch let reported as ReportedError {
      throw JSONDecodingError(collected: decoder.collector?.errors ?? [reported.error])
    }
  }
}

/// A decoder's settings, snapshotted at the start of each decode.
struct DecodingSettings: Sendable {
  var date: BinderyDecoder.DateDecodingStrategy = .deferredToDate
  var data: BinderyDecoder.DataDecodingStrategy = .base64
  var nonConformingFloat: BinderyDecoder.NonConformingFloatDecodingStrategy = .throw
  var key: BinderyDecoder.KeyDecodingStrategy = .useDefaultKeys
  var userInfo: [CodingUserInfoKey: any Sendable] = [:]
  /// Foundation's decoder reads the first of repeated keys; so does this one, by default.
  var reading = JSONReadingOptions.foundation
  var assumesTopLevelDictionary = false
  var reportsAllErrors = false
}
