public import BinderyJSON
import Foundation

extension JSONValue {
  /// Converts a value apps already hold — `JSONSerialization`'s results, a push payload's
  /// `userInfo`, a `[String: Any]` snapshot, values bridged from Objective-C — into a JSON
  /// value, exactly.
  ///
  /// - `NSNull` (and an empty optional) is `null`; `String` and `NSString` are strings.
  /// - Booleans stay booleans, also as `NSNumber` (`CFBoolean`); other numbers stay what they
  ///   are: integers of every width up to `UInt64.max` keep every digit, `Decimal` and
  ///   `NSDecimalNumber` keep their digits, `Double` and `Float` are written in the shortest
  ///   form that reads back as the same value.
  /// - Arrays (`[Any]`, `NSArray`) and dictionaries with string keys (`[String: Any]`,
  ///   `[AnyHashable: Any]`, `NSDictionary`) convert member by member; an object's members
  ///   come in key order, since a dictionary has none of its own.
  /// - A `URL` is its absolute string.
  ///
  /// ```swift
  /// let payload: [AnyHashable: Any] = ["aps": ["alert": ["title": "Hi"]], "count": 3]
  /// let value = try JSONValue(foundationObject: payload)
  /// print(value[path: "aps.alert.title"] ?? .null)  // "Hi"
  /// ```
  ///
  /// - Parameters:
  ///   - object: The value.
  ///   - maxDepth: The deepest nesting of arrays and dictionaries accepted.
  /// - Throws: ``JSONDecodingProblem`` naming the path of the first value JSON cannot hold: a
  ///   NaN or infinite number, a `Date` or `Data` (which need a format), a key that is not a
  ///   string, an object of another type, a dictionary or array that contains itself, or
  ///   nesting past `maxDepth`. The problem has a path but no line or column: there is no text.
  public init(foundationObject object: Any, maxDepth: Int = 512) throws(JSONDecodingProblem) {
    var converter = FoundationConverter(maxDepth: maxDepth)
    self = try converter.convert(object)
  }

  /// The value as Foundation objects, the shapes `JSONSerialization` makes, exactly:
  /// `NSNull`, `Bool`, `String`, `[Any]`, `[String: Any]`, and for numbers `Int` when the
  /// number is an integer that fits, `UInt64` for larger positive integers, `Double` when the
  /// `Double` reads back as the same number, and `Decimal` (all digits) otherwise.
  public var foundationObject: Any {
    switch self {
    case .null: return NSNull()
    case .bool(let value): return value
    case .number(let number): return Self.foundationNumber(number)
    case .string(let value): return value
    case .array(let values): return values.map(\.foundationObject)
    case .object(let object):
      var result: [String: Any] = [:]
      for (key, value) in object { result[key] = value.foundationObject }
      return result
    }
  }

  private static func foundationNumber(_ number: JSONNumber) -> Any {
    if let integer = number.integer(Int.self) { return integer }
    if let large = number.integer(UInt64.self) { return large }
    if let double = number.double, double.isFinite, JSONNumber(double) == number {
      return double
    }
    // More digits than a Double holds, or an integer beyond 64 bits: keep them all.
    return Decimal(string: number.text, locale: Locale(identifier: "en_US_POSIX"))
      ?? number.double ?? Double.nan
  }
}

/// Converts Foundation and Swift values into ``JSONValue``s, keeping the path for errors and
/// the reference-typed containers on that path, to stop at a container that contains itself.
private struct FoundationConverter {
  let maxDepth: Int
  var path: [JSONPath.Component] = []
  var open: Set<ObjectIdentifier> = []

  /// The class of `NSNumber`s that hold a Boolean (`CFBoolean`).
  static let booleanClass: AnyClass = type(of: NSNumber(value: true))

  mutating func convert(_ object: Any) throws(JSONDecodingProblem) -> JSONValue {
    if object is NSNull { return .null }
    if let value = object as? String { return .string(value) }
    if let value = try nativeScalar(object) { return value }
    // Class instances before Swift collections: an `NSArray` or `NSDictionary` also casts to
    // `[Any]` or `[String: Any]`, but only the instance can contain itself.
    if type(of: object) is AnyObject.Type {
      if let number = object as? NSNumber { return try convert(number) }
      if let array = object as? NSArray {
        return try convert(array: array.map { $0 }, reference: ObjectIdentifier(array))
      }
      if let dictionary = object as? NSDictionary {
        var members: [(AnyHashable, Any)] = []
        for (key, value) in dictionary {
          members.append(((key as? AnyHashable) ?? AnyHashable("\(key)"), value))
        }
        return try convert(
          members: try stringKeyed(members), reference: ObjectIdentifier(dictionary))
      }
    }
    if let value = object as? URL { return .string(value.absoluteString) }
    if object is Date || object is Data {
      throw problem(
        .typeMismatch,
        expected: "a JSON value (a date or data needs a format: decode it into a model "
          + "property with a transformer)",
        found: "a \(type(of: object))")
    }
    if let array = object as? [Any] { return try convert(array: array, reference: nil) }
    if let dictionary = object as? [String: Any] {
      return try convert(members: dictionary.map { ($0.key, $0.value) }, reference: nil)
    }
    if let dictionary = object as? [AnyHashable: Any] {
      return try convert(
        members: try stringKeyed(dictionary.map { ($0.key, $0.value) }), reference: nil)
    }
    let mirror = Mirror(reflecting: object)
    if mirror.displayStyle == .optional {
      guard let wrapped = mirror.children.first?.value else { return .null }
      return try convert(wrapped)
    }
    throw problem(.typeMismatch, expected: "a JSON value", found: "a \(type(of: object))")
  }

  /// Swift's own scalars, by their exact type. Class instances are not: an `NSNumber` casts
  /// to every number type and to `Bool`, whatever it holds.
  func nativeScalar(_ object: Any) throws(JSONDecodingProblem) -> JSONValue? {
    if type(of: object) is AnyObject.Type { return nil }
    switch object {
    case let value as Bool where type(of: object) == Bool.self: return .bool(value)
    case let value as Int where type(of: object) == Int.self: return .number(JSONNumber(value))
    case let value as Double where type(of: object) == Double.self: return try number(value)
    case let value as Float where type(of: object) == Float.self: return try number(value)
    case let value as Int8: return .number(JSONNumber(value))
    case let value as Int16: return .number(JSONNumber(value))
    case let value as Int32: return .number(JSONNumber(value))
    case let value as Int64: return .number(JSONNumber(value))
    case let value as UInt: return .number(JSONNumber(value))
    case let value as UInt8: return .number(JSONNumber(value))
    case let value as UInt16: return .number(JSONNumber(value))
    case let value as UInt32: return .number(JSONNumber(value))
    case let value as UInt64: return .number(JSONNumber(value))
    case let value as Decimal: return try number(value)
    default: return nil
    }
  }

  /// An `NSNumber` by what it holds: a Boolean, a decimal number, a signed or unsigned
  /// integer, or a floating-point number.
  func convert(_ number: NSNumber) throws(JSONDecodingProblem) -> JSONValue {
    if ObjectIdentifier(type(of: number)) == ObjectIdentifier(Self.booleanClass) {
      return .bool(number.boolValue)
    }
    if let decimal = number as? NSDecimalNumber { return try self.number(decimal.decimalValue) }
    switch UInt8(bitPattern: number.objCType.pointee) {
    case UInt8(ascii: "c"), UInt8(ascii: "s"), UInt8(ascii: "i"), UInt8(ascii: "l"),
      UInt8(ascii: "q"):
      return .number(JSONNumber(number.int64Value))
    case UInt8(ascii: "C"), UInt8(ascii: "S"), UInt8(ascii: "I"), UInt8(ascii: "L"),
      UInt8(ascii: "Q"):
      return .number(JSONNumber(number.uint64Value))
    case UInt8(ascii: "f"): return try self.number(number.floatValue)
    default: return try self.number(number.doubleValue)
    }
  }

  func number(_ value: Double) throws(JSONDecodingProblem) -> JSONValue {
    guard value.isFinite else { throw nonFinite("\(value)") }
    return .number(JSONNumber(value))
  }

  /// A `Float` in its own shortest form (`0.1`, not the `Double` `0.10000000149011612`).
  func number(_ value: Float) throws(JSONDecodingProblem) -> JSONValue {
    guard value.isFinite else { throw nonFinite("\(value)") }
    guard let number = JSONNumber(text: "\(value)") else {
      return .number(JSONNumber(Double(value)))
    }
    return .number(number)
  }

  func number(_ value: Decimal) throws(JSONDecodingProblem) -> JSONValue {
    guard !value.isNaN, let number = JSONNumber(text: value.description) else {
      throw nonFinite(value.description)
    }
    return .number(number)
  }

  func nonFinite(_ text: String) -> JSONDecodingProblem {
    problem(.invalidValue, expected: "a finite number", found: "number \(text)")
  }

  /// The members of a dictionary whose keys must all be strings.
  func stringKeyed(_ members: [(AnyHashable, Any)]) throws(JSONDecodingProblem) -> [(String, Any)] {
    var result: [(String, Any)] = []
    result.reserveCapacity(members.count)
    for (key, value) in members {
      guard let name = key.base as? String else {
        throw problem(
          .typeMismatch, expected: "string keys",
          found: "the key \(key.base) (a \(type(of: key.base)))")
      }
      result.append((name, value))
    }
    return result
  }

  mutating func convert(array: [Any], reference: ObjectIdentifier?)
    throws(JSONDecodingProblem) -> JSONValue
  {
    try enter(reference)
    defer { leave(reference) }
    var elements: [JSONValue] = []
    elements.reserveCapacity(array.count)
    for (position, element) in array.enumerated() {
      path.append(.index(position))
      elements.append(try convert(element))
      path.removeLast()
    }
    return .array(elements)
  }

  mutating func convert(members: [(String, Any)], reference: ObjectIdentifier?)
    throws(JSONDecodingProblem) -> JSONValue
  {
    try enter(reference)
    defer { leave(reference) }
    var object = JSONObject()
    for (key, value) in members.sorted(by: { $0.0 < $1.0 }) {
      path.append(.key(key))
      object[key] = try convert(value)
      path.removeLast()
    }
    return .object(object)
  }

  /// Steps into a container: past the depth limit, or into a container already open on the
  /// path (one that contains itself), is a problem.
  mutating func enter(_ reference: ObjectIdentifier?) throws(JSONDecodingProblem) {
    if path.count >= maxDepth {
      throw problem(
        .invalidValue, expected: "nesting at most \(maxDepth) deep", found: "deeper nesting")
    }
    guard let reference else { return }
    guard open.insert(reference).inserted else {
      throw problem(
        .invalidValue, expected: "a value without cycles",
        found: "a container that contains itself")
    }
  }

  mutating func leave(_ reference: ObjectIdentifier?) {
    if let reference { open.remove(reference) }
  }

  func problem(_ kind: JSONDecodingProblem.Kind, expected: String, found: String)
    -> JSONDecodingProblem
  {
    JSONDecodingProblem(
      kind: kind, path: JSONPath(path), line: 0, column: 0, expected: expected, found: found)
  }
}
