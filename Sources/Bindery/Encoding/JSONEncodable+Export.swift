public import BinderyJSON
public import Foundation

// One family of exports: the same options (layout, null policy, date format, property filter)
// for every output shape.

extension JSONEncodable {
  /// Writes the value as JSON bytes with the default options: compact, `nil` properties left
  /// out, dates in RFC 3339; see ``JSONEncodable/jsonBytes(options:)``.
  ///
  /// - Returns: UTF-8 JSON.
  /// - Throws: `JSONWriteError`, as ``JSONEncodable/jsonBytes(options:)``.
  public func jsonBytes() throws(JSONWriteError) -> [UInt8] {
    if let output = directlyWrittenBytes() { return output }
    return try jsonBytes(options: JSONEncodingOptions())
  }

  /// Writes the value as JSON bytes.
  ///
  /// ```swift
  /// let bytes = try photo.jsonBytes()
  /// let patch = try user.jsonBytes(options: .init(properties: try .including(changed, of: User.self)))
  /// ```
  ///
  /// - Parameter options: Layout, null policy, date format and which properties to write.
  /// - Returns: UTF-8 JSON.
  /// - Throws: `JSONWriteError` naming the path of a value JSON cannot hold (an infinite
  ///   `Double`, a date no text format holds), nesting past the limit, a transformer's or a
  ///   custom encoder's own error (as its cause), or a property filter made for another type.
  public func jsonBytes(options: JSONEncodingOptions = .init()) throws(JSONWriteError) -> [UInt8] {
    if let output = directlyWrittenBytes(options: options) { return output }
    let context = JSONEncodingContext(
      options: options, capacity: OutputSizeHint.capacity(for: Self.self))
    if let filter = options.properties, !filter.admits(self) {
      throw JSONWriteError(
        kind: .unknownProperty,
        message: "the property filter names properties of \(filter.model), not of \(Self.self)")
    }
    do {
      try encode(to: JSONValueEncoder(context: context, isRoot: true, dates: 0))
    } catch {
      throw context.located(error)
    }
    let output = try context.writer.pointee.takeFinished()
    OutputSizeHint.record(output.count, for: Self.self)
    return output
  }

  /// Writes the value as JSON data; see ``JSONEncodable/jsonBytes(options:)``.
  ///
  /// - Parameter options: Layout, null policy, date format and which properties to write.
  /// - Returns: UTF-8 JSON.
  /// - Throws: `JSONWriteError`, as ``JSONEncodable/jsonBytes(options:)``.
  public func jsonData(options: JSONEncodingOptions = .init()) throws(JSONWriteError) -> Data {
    Data(try jsonBytes(options: options))
  }

  /// Writes the value as JSON text; see ``JSONEncodable/jsonBytes(options:)``.
  ///
  /// - Parameter options: Layout, null policy, date format and which properties to write.
  /// - Returns: The JSON text.
  /// - Throws: `JSONWriteError`, as ``JSONEncodable/jsonBytes(options:)``.
  public func jsonString(options: JSONEncodingOptions = .init()) throws(JSONWriteError) -> String {
    String(decoding: try jsonBytes(options: options), as: UTF8.self)
  }

  /// The value as a `JSONValue` tree; see ``JSONEncodable/jsonBytes(options:)``.
  ///
  /// - Parameter options: Null policy, date format and which properties to write.
  /// - Returns: The value.
  /// - Throws: `JSONWriteError`, as ``JSONEncodable/jsonBytes(options:)``.
  public func jsonValue(options: JSONEncodingOptions = .init()) throws(JSONWriteError)
    -> JSONValue
  {
    var reading = JSONReadingOptions.strict
    // What was written reads back: JSON5 literals when non-finite numbers were written as such.
    if case .literals = options.writing.nonFiniteNumbers { reading.allowsJSON5 = true }
    reading.maxDepth = Swift.max(options.writing.maxDepth, reading.maxDepth)
    let bytes = try jsonBytes(options: options)
    do {
      return try JSONValue(parsing: bytes, options: reading)
    } catch {
      throw JSONWriteError(
        kind: .invalidState, message: "wrote JSON that does not read back: \(error)", cause: error)
    }
  }

  /// The value as Foundation objects — `[String: Any]`, `[Any]`, `NSNumber`-bridged numbers,
  /// `String`, `NSNull` — for APIs that take `JSONSerialization`'s shapes; see
  /// ``JSONEncodable/jsonBytes(options:)``.
  ///
  /// ```swift
  /// let dictionary = try user.jsonObject() as? [String: Any]
  /// ```
  ///
  /// - Parameter options: Null policy, date format and which properties to write.
  /// - Returns: The value.
  /// - Throws: `JSONWriteError`, as ``JSONEncodable/jsonBytes(options:)``.
  public func jsonObject(options: JSONEncodingOptions = .init()) throws(JSONWriteError) -> Any {
    try jsonValue(options: options).foundationObject
  }
}
