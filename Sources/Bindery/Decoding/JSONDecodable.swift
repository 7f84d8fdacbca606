/// A type that can be read from any JSON value: the scalars, collections and models Bindery
/// decodes.
///
/// Conform a type that is a JSON scalar on the wire by reading it in ``init(json:)``:
///
/// ```swift
/// final class Tags: JSONDecodable, JSONEncodable {
///     let words: [String]
///     init(json: JSONValueDecoder) throws {
///         words = try json.string().split(separator: " ").map(String.init)
///     }
///     func encode(to json: JSONValueEncoder) throws {
///         try json.string(words.joined(separator: " "))
///     }
/// }
/// ```
public protocol JSONDecodable {
  /// Reads a value.
  ///
  /// - Parameter json: The JSON value.
  /// - Throws: ``JSONDecodingProblem`` (or any error, reported as an invalid value).
  init(json: JSONValueDecoder) throws

  /// Reads the JSON at `key` of another Codable decoder's container as a `JSONValue`, for a
  /// `@JSONModel` type that decoder reads: scalars, collections and models ask the container
  /// for their own type, so that the decoder need not guess; the default reads any value. `nil`
  /// only where an absent key reads as `null` does (an optional's).
  @_documentation(visibility: private)
  static func _jsonValue<Key: CodingKey>(
    from container: KeyedDecodingContainer<Key>, forKey key: Key
  ) throws -> JSONValue?

  /// Reads the JSON at `key` as ``_jsonValue(from:forKey:)`` does, or `nil` when the key is
  /// absent or its value is `null`.
  @_documentation(visibility: private)
  static func _jsonValueIfPresent<Key: CodingKey>(
    from container: KeyedDecodingContainer<Key>, forKey key: Key
  ) throws -> JSONValue?

  /// Reads the next element of another Codable decoder's container as a `JSONValue`; see
  /// ``_jsonValue(from:forKey:)``.
  @_documentation(visibility: private)
  static func _jsonValueElement(from container: inout any UnkeyedDecodingContainer) throws
    -> JSONValue

  /// The value of a missing key, for types that have one: `nil` of an `Optional` (so a `T??`
  /// tells a missing key from `null`); `nil` for every other type, whose missing key is a
  /// problem.
  @_documentation(visibility: private)
  static var _valueForMissingKey: Self? { get }

  /// For generated code: reads the value straight from JSON text, or returns `nil` to give up
  /// (the default); the value is then read through a document, as ``init(json:)``. See
  /// `OnePassDecoding.swift`.
  ///
  /// A static function rather than an initializer: a failable initializer of a large struct
  /// copies the whole value on its way out (a retain and a release per string it holds), and
  /// each layer of optionals or validation would add another copy.
  @_documentation(visibility: private)
  static func _fromOnePass(_ reader: inout _JSONOnePassReader) -> Self?

  /// For generated code: whether ``_fromOnePass(_:)`` reads this type and every type it
  /// holds, `visiting` listing the models whose answer is being worked out (a model met again
  /// counts as yes: its other properties decide). False by default.
  @_documentation(visibility: private)
  static func _readsInOnePass(visiting: inout [ObjectIdentifier]) -> Bool

  /// For generated code: ``_readsInOnePass(visiting:)`` from the start, remembered where the
  /// type can keep it.
  @_documentation(visibility: private)
  static var _decodesInOnePass: Bool { get }
}

extension JSONDecodable {
  /// No value for a missing key: it is a problem.
  @_documentation(visibility: private)
  @inlinable
  public static var _valueForMissingKey: Self? { nil }

  /// Gives up: the value is read through a document.
  @_documentation(visibility: private)
  @inlinable
  public static func _fromOnePass(_ reader: inout _JSONOnePassReader) -> Self? { nil }

  /// No one-pass reading unless the conformance says so.
  @_documentation(visibility: private)
  @inlinable
  public static func _readsInOnePass(visiting: inout [ObjectIdentifier]) -> Bool { false }

  /// Works the answer out each time.
  @_documentation(visibility: private)
  @inlinable
  public static var _decodesInOnePass: Bool {
    var visiting: [ObjectIdentifier] = []
    return _readsInOnePass(visiting: &visiting)
  }
}
