public import BinderyJSON
public import Foundation

extension JSONEncodable {
  /// Writes the value as JSON bytes.
  ///
  /// - Parameter options: Layout, null policy and date format.
  /// - Returns: UTF-8 JSON.
  /// - Throws: ``JSONEncodingError`` for values JSON cannot hold.
  public func jsonBytes(options: JSONEncodingOptions = .init()) throws -> [UInt8] {
    try exported(options: options, filter: nil)
  }

  /// Writes the value as JSON data.
  ///
  /// - Parameter options: Layout, null policy and date format.
  /// - Returns: UTF-8 JSON.
  /// - Throws: ``JSONEncodingError`` for values JSON cannot hold.
  public func jsonData(options: JSONEncodingOptions = .init()) throws -> Data {
    Data(try jsonBytes(options: options))
  }

  /// Writes the value as JSON text.
  ///
  /// - Parameter options: Layout, null policy and date format.
  /// - Returns: The JSON text.
  /// - Throws: ``JSONEncodingError`` for values JSON cannot hold.
  public func jsonString(options: JSONEncodingOptions = .init()) throws -> String {
    String(decoding: try jsonBytes(options: options), as: UTF8.self)
  }

  /// The value as a ``JSONValue`` tree.
  ///
  /// - Parameter options: Null policy and date format.
  /// - Returns: The value.
  /// - Throws: ``JSONEncodingError`` for values JSON cannot hold.
  public func jsonValue(options: JSONEncodingOptions = .init()) throws -> JSONValue {
    try JSONValue.reading(try jsonBytes(options: options))
  }

  /// The value as Foundation objects (`[String: Any]`, `[Any]`, `NSNumber`, `String`,
  /// `NSNull`), for APIs that take `JSONSerialization`'s shapes.
  ///
  /// - Parameter options: Null policy and date format.
  /// - Returns: The value.
  /// - Throws: ``JSONEncodingError`` for values JSON cannot hold.
  public func jsonObject(options: JSONEncodingOptions = .init()) throws -> Any {
    try jsonValue(options: options).foundationObject
  }

  func exported(options: JSONEncodingOptions, filter: JSONExportFilter?) throws -> [UInt8] {
    let context = JSONEncodingContext(options: options, filter: filter)
    try encode(to: JSONValueEncoder(context: context, isRoot: true, dates: 0))
    do {
      return try context.writer.pointee.takeFinished()
    } catch {
      throw JSONEncodingError(message: error.description)
    }
  }
}

extension JSONModel {
  /// Writes the model without some of its properties.
  ///
  /// ```swift
  /// let body = try photo.jsonData(excluding: [\.views])
  /// ```
  ///
  /// - Parameters:
  ///   - excluded: Key paths of stored properties to leave out.
  ///   - options: Layout, null policy and date format.
  /// - Returns: UTF-8 JSON.
  /// - Throws: ``JSONEncodingError`` for a key path that is not a stored property, and values
  ///   JSON cannot hold.
  public func jsonData(
    excluding excluded: [PartialKeyPath<Self>], options: JSONEncodingOptions = .init()
  ) throws -> Data {
    try jsonData(excluding: Set(excluded.map { $0 as AnyKeyPath }), options: options)
  }

  /// Writes the model without the properties named by a set of key paths. A class's inherited
  /// properties are named from the class that declares them (`\Resource.id`).
  ///
  /// - Parameters:
  ///   - excluded: Key paths of stored properties to leave out.
  ///   - options: Layout, null policy and date format.
  /// - Returns: UTF-8 JSON.
  /// - Throws: ``JSONEncodingError`` for a key path that is not a stored property, and values
  ///   JSON cannot hold.
  public func jsonData(excluding excluded: Set<AnyKeyPath>, options: JSONEncodingOptions = .init())
    throws -> Data
  {
    Data(try exported(options: options, filter: JSONExportFilter(excluded: try names(excluded))))
  }

  /// Writes only some of the model's properties.
  ///
  /// ```swift
  /// let changed = try user.update(json: patch)
  /// let body = try user.jsonData(including: changed)
  /// ```
  ///
  /// - Parameters:
  ///   - included: Key paths of the stored properties to write.
  ///   - options: Layout, null policy and date format.
  /// - Returns: UTF-8 JSON.
  /// - Throws: ``JSONEncodingError`` for a key path that is not a stored property, and values
  ///   JSON cannot hold.
  public func jsonData(
    including included: [PartialKeyPath<Self>], options: JSONEncodingOptions = .init()
  ) throws -> Data {
    try jsonData(including: Set(included.map { $0 as AnyKeyPath }), options: options)
  }

  /// Writes only the properties named by a set of key paths, such as the set
  /// ``JSONUpdatable/update(json:options:)`` returns.
  ///
  /// - Parameters:
  ///   - included: Key paths of the stored properties to write.
  ///   - options: Layout, null policy and date format.
  /// - Returns: UTF-8 JSON.
  /// - Throws: ``JSONEncodingError`` for a key path that is not a stored property, and values
  ///   JSON cannot hold.
  public func jsonData(including included: Set<AnyKeyPath>, options: JSONEncodingOptions = .init())
    throws -> Data
  {
    Data(try exported(options: options, filter: JSONExportFilter(included: try names(included))))
  }

  /// The model as Foundation's `[String: Any]`.
  ///
  /// - Parameter options: Null policy and date format.
  /// - Returns: The members.
  /// - Throws: ``JSONEncodingError`` for values JSON cannot hold.
  public func jsonDictionary(options: JSONEncodingOptions = .init()) throws -> [String: Any] {
    guard let dictionary = try jsonObject(options: options) as? [String: Any] else {
      throw JSONEncodingError(message: "\(Self.self) did not write an object")
    }
    return dictionary
  }

  /// The property names of key paths, for export filters.
  private func names(_ keyPaths: Set<AnyKeyPath>) throws -> Set<String> {
    try Set(
      keyPaths.map { keyPath in
        guard let name = Self._propertyName(for: keyPath) else {
          throw JSONEncodingError(
            message: "\(keyPath) is not a stored property \(Self.self) exports")
        }
        return name
      })
  }
}

extension JSONValue {
  static func reading(_ bytes: [UInt8]) throws -> JSONValue {
    do {
      return try JSONValue(parsing: bytes)
    } catch {
      throw JSONEncodingError(message: "wrote invalid JSON: \(error)")
    }
  }
}
