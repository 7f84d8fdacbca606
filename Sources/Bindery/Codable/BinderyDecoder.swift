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
/// decoder.readingOptions = .allowEscapedApostrophe             // Flickr's \'
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
  /// non-conforming floats rejected, strict RFC 8259 reading.
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

  /// Read a top-level object whose braces are missing (`"a": 1, "b": 2`), as Foundation does.
  public var assumesTopLevelDictionary: Bool {
    get { locked { $0.assumesTopLevelDictionary } }
    set { locked { $0.assumesTopLevelDictionary = newValue } }
  }

  /// Bindery's reading options: Flickr's `\'`, JSONP, a byte order mark, limits. Strict
  /// RFC 8259 by default, except that a repeated key reads its first value, as Foundation's
  /// decoder does.
  public var readingOptions: JSONReadingOptions {
    get { locked { $0.reading } }
    set { locked { $0.reading = newValue } }
  }

  /// When true, a failing decode keeps going past type mismatches and missing keys of
  /// scalar values and throws ``BinderyDecodingErrors`` listing every problem it met.
  /// When false (the default), the first problem is thrown as a `DecodingError`, as Foundation does.
  public var reportsAllErrors: Bool {
    get { locked { $0.reportsAllErrors } }
    set { locked { $0.reportsAllErrors = newValue } }
  }

  /// Decodes a value from JSON.
  ///
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - data: UTF-8 JSON.
  /// - Returns: The value.
  /// - Throws: `DecodingError` (or ``BinderyDecodingErrors`` when ``reportsAllErrors`` is set).
  public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
    try decode(type, fromBytes: Array(data), at: nil)
  }

  /// Decodes a value from JSON bytes, without copying them.
  ///
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - bytes: UTF-8 JSON.
  /// - Returns: The value.
  /// - Throws: `DecodingError` (or ``BinderyDecodingErrors`` when ``reportsAllErrors`` is set).
  public func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
    try decode(type, fromBytes: bytes, at: nil)
  }

  /// Decodes a value found below a result key path, such as the photos of a Flickr search at
  /// `photos.photo`.
  ///
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - data: UTF-8 JSON.
  ///   - path: Where the value sits; see ``JSONPath``. Coding paths in errors start with it.
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
    var input = bytes
    var shift = 0
    if settings.assumesTopLevelDictionary {
      input = [UInt8(ascii: "{")] + bytes + [UInt8(ascii: "}")]
      shift = 1
    }
    let document: JSONDocument
    do {
      document = try JSONDocument(parsing: input, options: settings.reading)
    } catch {
      let line = error.location?.line ?? 1
      let column = (error.location?.column ?? 1) - (line == 1 ? shift : 0)
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: [],
          debugDescription:
            "The given data was not valid JSON. \(line):\(column): \(error.message)",
          underlyingError: error))
    }
    return try decode(type, from: document, at: path, settings: settings)
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
  /// - Throws: `DecodingError` (or ``BinderyDecodingErrors`` when ``reportsAllErrors`` is set);
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
      let path = error.path.components.map { component -> any CodingKey in
        switch component {
        case .key(let name): return StringKey(name)
        case .index(let position): return IndexKey(position)
        }
      }
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: path,
          debugDescription: error.message + (error.hint.isEmpty ? "" : "; \(error.hint)"),
          underlyingError: error))
    }
    return try decode(type, from: document, at: nil, settings: settings)
  }

  private func decode<T: Decodable>(
    _ type: T.Type, from document: JSONDocument, at path: JSONPath?, settings: DecodingSettings
  ) throws -> T {
    let decoder = DecoderImpl(document: document, settings: settings)
    var start = document.root.index
    var node: CodingPathNode?
    if let path {
      (start, node) = try decoder.descend(path)
    }
    do {
      let value = try decoder.unwrap(T.self, at: start, parent: node?.parent, key: node?.key)
      if let errors = decoder.collector?.errors, !errors.isEmpty {
        throw BinderyDecodingErrors(errors: errors)
      }
      return value
    } catch let reported as ReportedError {
      throw BinderyDecodingErrors(errors: decoder.collector?.errors ?? [reported.error])
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
  var reading = JSONReadingOptions(duplicateKeys: .firstWins)
  var assumesTopLevelDictionary = false
  var reportsAllErrors = false
}

/// Every problem one decode met, when ``BinderyDecoder/reportsAllErrors`` is set.
public struct BinderyDecodingErrors: Error, CustomStringConvertible {
  /// The problems, in the order they were met; each has its coding path, and its
  /// `debugDescription` names the line and column.
  public let errors: [DecodingError]

  /// One line per problem: `path: description`.
  public var description: String {
    errors.map { error -> String in
      let context: DecodingError.Context?
      switch error {
      case .typeMismatch(_, let c), .valueNotFound(_, let c), .keyNotFound(_, let c),
        .dataCorrupted(let c):
        context = c
      @unknown default:
        context = nil
      }
      let path = context.map { codingPathDescription($0.codingPath) } ?? ""
      return "\(path.isEmpty ? "(top level)" : path): \(context?.debugDescription ?? "\(error)")"
    }.joined(separator: "\n")
  }
}

/// `items[3].media.m` for a coding path.
func codingPathDescription(_ path: [any CodingKey]) -> String {
  JSONPath(path.map { key in key.intValue.map { .index($0) } ?? .key(key.stringValue) }).description
}
