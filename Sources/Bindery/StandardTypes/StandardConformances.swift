public import BinderyJSON
public import Foundation

// Scalars, Foundation's value types and collections read and written as JSON values. Each
// reads the same JSON the Codable path accepts, with range checks and typed problems.

extension String: JSONDecodable, JSONEncodable {
  /// Reads a JSON string.
  ///
  /// - Parameter json: The JSON value.
  /// - Throws: ``JSONDecodingProblem`` when it is not a string.
  public init(json: JSONValueDecoder) throws { self = try json.string() }
  /// Writes a JSON string.
  ///
  /// - Parameter json: Where to write it.
  /// - Throws: `JSONWriteError` when nothing more can be written there.
  public func encode(to json: JSONValueEncoder) throws { try json.string(self) }
}

extension Bool: JSONDecodable, JSONEncodable {
  /// Reads `true` or `false`.
  ///
  /// - Parameter json: The JSON value.
  /// - Throws: ``JSONDecodingProblem`` when it is not a Boolean.
  public init(json: JSONValueDecoder) throws { self = try json.bool() }
  /// Writes `true` or `false`.
  ///
  /// - Parameter json: Where to write it.
  /// - Throws: `JSONWriteError` when nothing more can be written there.
  public func encode(to json: JSONValueEncoder) throws { try json.bool(self) }
}

/// Integers of every width read range-checked: `300` into `UInt8` is a problem.
@_documentation(visibility: private)
public protocol _JSONInteger: FixedWidthInteger, JSONDecodable, JSONEncodable {}

extension _JSONInteger {
  /// Reads an integer, range-checked.
  ///
  /// - Parameter json: The JSON value.
  /// - Throws: ``JSONDecodingProblem`` for other types, fractions and out-of-range numbers.
  @inlinable
  public init(json: JSONValueDecoder) throws { self = try json.integer(Self.self) }
  /// Writes the integer exactly.
  ///
  /// - Parameter json: Where to write it.
  /// - Throws: `JSONWriteError` when nothing more can be written there.
  public func encode(to json: JSONValueEncoder) throws { try json.integer(self) }
}

extension Int: _JSONInteger {}
extension Int8: _JSONInteger {}
extension Int16: _JSONInteger {}
extension Int32: _JSONInteger {}
extension Int64: _JSONInteger {}
extension UInt: _JSONInteger {}
extension UInt8: _JSONInteger {}
extension UInt16: _JSONInteger {}
extension UInt32: _JSONInteger {}
extension UInt64: _JSONInteger {}
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
extension Int128: _JSONInteger {}
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
extension UInt128: _JSONInteger {}

extension Double: JSONDecodable, JSONEncodable {
  /// Reads a number, correctly rounded.
  ///
  /// - Parameter json: The JSON value.
  /// - Throws: ``JSONDecodingProblem`` when it is not a number.
  public init(json: JSONValueDecoder) throws { self = try json.double() }
  /// Writes the shortest text that reads back as the same `Double`.
  ///
  /// - Parameter json: Where to write it.
  /// - Throws: `JSONWriteError` for infinities and NaN unless the options allow them.
  public func encode(to json: JSONValueEncoder) throws { try json.double(self) }
}

extension Float: JSONDecodable, JSONEncodable {
  /// Reads a number, rounded once to `Float`; a number beyond `Float`'s range is a problem.
  ///
  /// - Parameter json: The JSON value.
  /// - Throws: ``JSONDecodingProblem`` when it is not a number, too large, or too small to be
  ///   told from zero.
  public init(json: JSONValueDecoder) throws { self = try json.float() }
  /// Writes the shortest text that reads back as the same `Float`.
  ///
  /// - Parameter json: Where to write it.
  /// - Throws: `JSONWriteError` for infinities and NaN unless the options allow them.
  public func encode(to json: JSONValueEncoder) throws { try json.float(self) }
}

extension Decimal {
  /// The decimal of a JSON number's text (`-12.5e3`), whatever the user's locale: the one rule
  /// every reader of a `Decimal` follows. Nil when `Decimal` cannot hold it.
  ///
  /// - Parameter text: A JSON number's text.
  init?(jsonNumberText text: String) {
    self.init(string: text, locale: Self.jsonLocale)
  }

  /// The locale whose decimal separator is JSON's.
  private static let jsonLocale = Locale(identifier: "en_US_POSIX")
}

extension Decimal: JSONDecodable, JSONEncodable {
  /// Reads a number exactly from its text: `0.1` is one tenth, not the nearest `Double`.
  ///
  /// - Parameter json: The JSON value.
  /// - Throws: ``JSONDecodingProblem`` when it is not a number `Decimal` can hold.
  public init(json: JSONValueDecoder) throws {
    let text = try json.numberText()
    guard let value = Decimal(jsonNumberText: text) else {
      throw json.problem(expected: "a number Decimal can hold", kind: .numberOutOfRange)
    }
    self = value
  }
  /// Writes the exact decimal text.
  ///
  /// - Parameter json: Where to write it.
  /// - Throws: `JSONWriteError` for NaN.
  public func encode(to json: JSONValueEncoder) throws {
    guard let number = JSONNumber(text: description) else {
      throw json.problem("expected a finite decimal, found \(self)")
    }
    try json.number(number)
  }
}

extension Date: JSONDecodable, JSONEncodable {
  /// Reads a date in the format in force: the property's transformer, else the model's or
  /// call's date format, RFC 3339 by default.
  ///
  /// - Parameter json: The JSON value.
  /// - Throws: ``JSONDecodingProblem`` when it is not a date in that format.
  public init(json: JSONValueDecoder) throws { self = try json.dateFormat.decode(json) }
  /// Writes the date in the format in force.
  ///
  /// - Parameter json: Where to write it.
  /// - Throws: `JSONWriteError` when nothing more can be written there.
  public func encode(to json: JSONValueEncoder) throws {
    try json.dateFormat.encode(self, to: json)
  }
}

extension URL: JSONDecodable, JSONEncodable {
  /// Reads a URL from a string.
  ///
  /// - Parameter json: The JSON value.
  /// - Throws: ``JSONDecodingProblem`` when it is not a string holding a URL.
  public init(json: JSONValueDecoder) throws { self = try JSONURLTransformer().decode(json) }
  /// Writes the URL's absolute string.
  ///
  /// - Parameter json: Where to write it.
  /// - Throws: `JSONWriteError` when nothing more can be written there.
  public func encode(to json: JSONValueEncoder) throws { try json.string(absoluteString) }
}

extension UUID: JSONDecodable, JSONEncodable {
  /// Reads a UUID from its 36-character string, in either case.
  ///
  /// - Parameter json: The JSON value.
  /// - Throws: ``JSONDecodingProblem`` when it is not a string holding a UUID.
  public init(json: JSONValueDecoder) throws {
    let expected = "a UUID such as E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
    guard let value = UUID(uuidString: try json.string(expected: expected)) else {
      throw json.problem(expected: expected)
    }
    self = value
  }
  /// Writes the UUID's upper-case string.
  ///
  /// - Parameter json: Where to write it.
  /// - Throws: `JSONWriteError` when nothing more can be written there.
  public func encode(to json: JSONValueEncoder) throws { try json.string(uuidString) }
}

extension Data: JSONDecodable, JSONEncodable {
  /// Reads base64 text.
  ///
  /// - Parameter json: The JSON value.
  /// - Throws: ``JSONDecodingProblem`` when it is not a string of valid base64.
  public init(json: JSONValueDecoder) throws { self = try JSONBase64Transformer().decode(json) }
  /// Writes base64 text.
  ///
  /// - Parameter json: Where to write it.
  /// - Throws: `JSONWriteError` when nothing more can be written there.
  public func encode(to json: JSONValueEncoder) throws { try json.string(base64EncodedString()) }
}

extension JSONValue: JSONDecodable, JSONEncodable {
  /// Keeps the value as it is.
  ///
  /// - Parameter json: The JSON value.
  public init(json: JSONValueDecoder) { self = json.value() }
  /// Writes the value as it is.
  ///
  /// - Parameter json: Where to write it.
  /// - Throws: `JSONWriteError` for non-finite numbers or too deep nesting.
  public func encode(to json: JSONValueEncoder) throws { try json.value(self) }
}

extension Optional: JSONDecodable where Wrapped: JSONDecodable {
  /// Reads `null` as `nil`, anything else as the wrapped type.
  ///
  /// `null` is the innermost `nil`: a `T??` reads it as `.some(nil)`, and only a missing key
  /// (which a property's decode tells apart) is the outer `nil`.
  ///
  /// - Parameter json: The JSON value.
  /// - Throws: ``JSONDecodingProblem`` from the wrapped type.
  @inlinable
  public init(json: JSONValueDecoder) throws {
    self = json.isNull && Wrapped._valueForMissingKey == nil ? nil : try Wrapped(json: json)
  }

  /// `nil`: a missing key of an optional property is `nil`.
  @_documentation(visibility: private)
  @inlinable
  public static var _valueForMissingKey: Self? { .some(nil) }
}

extension Optional: JSONEncodable where Wrapped: JSONEncodable {
  /// Writes `nil` as `null`, anything else as the wrapped value.
  ///
  /// - Parameter json: Where to write it.
  /// - Throws: `JSONWriteError` at the value's path.
  @inlinable
  public func encode(to json: JSONValueEncoder) throws {
    if let self { try self.encode(to: json) } else { try json.null() }
  }
}

extension Array: JSONDecodable where Element: JSONDecodable {
  /// Reads a JSON array, collecting every element's problems; a lossy array skips failing
  /// elements instead (and fails only when every element failed).
  ///
  /// - Parameter json: The JSON value.
  /// - Throws: ``JSONDecodingProblem`` when it is not an array, and the elements' failures.
  @inlinable
  public init(json: JSONValueDecoder) throws { self = try json.array().decode(Element.self) }
}

extension Array: JSONEncodable where Element: JSONEncodable {
  /// Writes a JSON array.
  ///
  /// - Parameter json: Where to write it.
  /// - Throws: `JSONWriteError` at the failing element's path (an element's own error becomes
  ///   its cause).
  @inlinable
  public func encode(to json: JSONValueEncoder) throws { try json.array(of: self) }
}

extension Set: JSONDecodable where Element: JSONDecodable {
  /// Reads a JSON array into a set (repeated elements collapse).
  ///
  /// - Parameter json: The JSON value.
  /// - Throws: ``JSONDecodingProblem`` when it is not an array, and the elements' failures.
  @inlinable
  public init(json: JSONValueDecoder) throws {
    var result = Set<Element>()
    try json.array().forEachDecoded(Element.self) { result.insert($0) }
    self = result
  }
}

extension Set: JSONEncodable where Element: JSONEncodable {
  /// Writes a JSON array, in the set's iteration order.
  ///
  /// - Parameter json: Where to write it.
  /// - Throws: `JSONWriteError` at the failing element's path.
  @inlinable
  public func encode(to json: JSONValueEncoder) throws { try json.array(of: self) }
}

extension Dictionary: JSONDecodable where Key == String, Value: JSONDecodable {
  /// Reads a JSON object's members as a dictionary, collecting every member's problems (or,
  /// when lossy, skipping the members that fail).
  ///
  /// - Parameter json: The JSON value.
  /// - Throws: ``JSONDecodingProblem`` when it is not an object, and the members' failures.
  public init(json: JSONValueDecoder) throws {
    let object = try json.object()
    let context = object.context
    var valueScope = object.scope
    valueScope.lossy = context.options.lossyCollections
    let reader = context.reader
    var loop = CollectionLoop(
      context: context, container: object.index,
      lossy: json.scope.lossy || context.options.lossyCollections)
    var result: [String: Value] = [:]
    result.reserveCapacity(reader.count(at: object.index))
    try reader.forEachDistinctMember(of: object.index, repeated: context.noteRepeatedKey) {
      keyIndex, valueIndex in
      let key = reader.string(reader.tape[keyIndex])
      let value = JSONValueDecoder(
        reference: object.contextReference, index: valueIndex, scope: valueScope)
      let mark = context.problemCount
      do {
        result[key] = try Value(json: value)
        loop.decoded += 1
      } catch {
        try loop.failed(error, at: valueIndex, since: mark) { "member '\(key)'" }
      }
    }
    try loop.finish()
    self = result
  }
}

extension Dictionary: JSONEncodable where Key == String, Value: JSONEncodable {
  /// Writes a JSON object, members in key order so output is stable.
  ///
  /// - Parameter json: Where to write it.
  /// - Throws: `JSONWriteError` at the failing value's path (a value's own error becomes its
  ///   cause).
  public func encode(to json: JSONValueEncoder) throws {
    try json.object { object in
      for key in sortedKeys {
        guard let value = self[key] else { continue }
        try object.encode(value, forKey: JSONKey(key))
      }
    }
  }
}

extension Dictionary where Key == String {
  /// The keys in order, sorted as an array of strings: `keys.sorted()` in code generic over
  /// the values runs the standard library's unspecialised sort, with a witness call and a copy
  /// of the strings for every comparison (about 1,800 instructions each).
  var sortedKeys: [String] {
    var sorted = Array(keys)
    sorted.sort()
    return sorted
  }
}

extension RawRepresentable where Self: JSONDecodable, RawValue: JSONDecodable {
  /// Reads the raw value and finds the case; an unknown raw value is a problem naming it.
  ///
  /// - Parameter json: The JSON value.
  /// - Throws: ``JSONDecodingProblem`` for another JSON type or an unknown raw value.
  public init(json: JSONValueDecoder) throws {
    let raw = try RawValue(json: json)
    guard let value = Self(rawValue: raw) else {
      throw json.problem(expected: "one of the cases of \(Self.self)")
    }
    self = value
  }
}

extension RawRepresentable where Self: JSONEncodable, RawValue: JSONEncodable {
  /// Writes the raw value.
  ///
  /// - Parameter json: Where to write it.
  /// - Throws: `JSONWriteError` at the value's path.
  public func encode(to json: JSONValueEncoder) throws { try rawValue.encode(to: json) }
}
