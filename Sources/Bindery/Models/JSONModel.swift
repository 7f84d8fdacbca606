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
}

/// A type that can write itself as a JSON value.
public protocol JSONEncodable {
  /// Writes the value.
  ///
  /// - Parameter json: Where to write it.
  /// - Throws: ``JSONEncodingError`` for values JSON cannot hold.
  func encode(to json: JSONValueEncoder) throws
}

/// A type read from a JSON object, member by member: what `@JSONModel` generates.
public protocol JSONObjectDecodable: JSONDecodable {
  /// Reads the value from an object's members.
  ///
  /// - Parameter json: The object.
  /// - Throws: ``JSONDecodingProblem`` and the failures collected below.
  init(json: JSONObjectDecoder) throws

  /// Checks the value after it was decoded; throw to reject it. Does nothing by default.
  ///
  /// - Throws: Any error; it is reported as a validation problem at the object's path.
  func validate() throws
}

/// A type written as a JSON object, member by member: what `@JSONModel` generates.
public protocol JSONObjectEncodable: JSONEncodable {
  /// Writes the value's members into an open object.
  ///
  /// - Parameter json: The object being written.
  /// - Throws: ``JSONEncodingError`` for values JSON cannot hold.
  func encode(to json: inout JSONObjectEncoder) throws
}

/// A model read from and written to JSON objects, with filters by key path on export: the
/// protocol `@JSONModel` adopts. Hand-written conformances work the same way.
public protocol JSONModel: JSONObjectDecodable, JSONObjectEncodable {
  /// The name of the stored property a key path refers to, for `jsonData(excluding:)` and
  /// `jsonData(including:)`; `nil` for key paths that are not stored properties.
  ///
  /// - Parameter keyPath: A key path such as `\.views`.
  /// - Returns: The property's name.
  static func jsonPropertyName(for keyPath: AnyKeyPath) -> String?
}

/// A model whose existing instances can be refreshed from partial JSON (PATCH semantics).
public protocol JSONUpdatable {
  /// Applies the keys present in `json`: absent keys leave their property alone, `null`
  /// clears an optional, nested models update recursively.
  ///
  /// - Parameter json: The partial object.
  /// - Returns: The key paths of the properties whose value changed.
  /// - Throws: ``JSONDecodingProblem`` for bad values; nothing is changed then.
  mutating func update(from json: JSONObjectDecoder) throws -> Set<AnyKeyPath>
}

extension JSONObjectDecodable {
  /// Opens the value as an object, reads the members, then runs ``validate()``.
  ///
  /// - Parameter json: The JSON value.
  /// - Throws: ``JSONDecodingProblem`` when the value is not an object, and member failures.
  public init(json: JSONValueDecoder) throws {
    let object = try json.object()
    self = try Self(json: object)
    // Called here rather than through `object.validate(_:)`: handing `self` to a generic
    // function in another module copied the whole model (a retain per string it holds).
    do {
      try validate()
    } catch {
      throw object.validationProblem(error)
    }
  }

  /// Accepts every value.
  public func validate() throws {}
}

extension JSONObjectEncodable {
  /// Writes the value as an object of its members.
  ///
  /// - Parameter json: Where to write it.
  /// - Throws: ``JSONEncodingError`` for values JSON cannot hold.
  public func encode(to json: JSONValueEncoder) throws {
    try json.object { object in try self.encode(to: &object) }
  }
}

extension JSONModel {
  /// No key path names a property unless the conformance says so.
  public static func jsonPropertyName(for keyPath: AnyKeyPath) -> String? { nil }
}

/// A type read from and written as a single JSON value: what `@JSONModel` adopts for enums
/// whose cases are JSON strings (or raw values).
public protocol _JSONValueModel: JSONDecodable, JSONEncodable {}
