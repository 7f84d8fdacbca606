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

/// Converts Foundation and Swift values into ``JSONValue``s.
private struct FoundationConverter {
  var walk: FoundationWalk

  init(maxDepth: Int) { walk = FoundationWalk(maxDepth: maxDepth) }

  mutating func convert(_ object: Any) throws(JSONDecodingProblem) -> JSONValue {
    switch try walk.classify(object) {
    case .null: return .null
    case .bool(let value): return .bool(value)
    case .signed(let value): return .number(JSONNumber(value))
    case .unsigned(let value): return .number(JSONNumber(value))
    case .double(let value):
      guard value.isFinite else { throw walk.nonFinite("\(value)") }
      return .number(JSONNumber(value))
    case .float(let value):
      guard value.isFinite else { throw walk.nonFinite("\(value)") }
      return .number(JSONNumber(text: "\(value)") ?? JSONNumber(Double(value)))
    case .decimal(let value):
      guard !value.isNaN, let number = JSONNumber(text: value.description) else {
        throw walk.nonFinite(value.description)
      }
      return .number(number)
    case .string(let value): return .string(value)
    case .url(let value): return .string(value.absoluteString)
    case .date, .data:
      throw walk.problem(
        .typeMismatch,
        expected: "a JSON value (a date or data needs a format: decode it into a model "
          + "property with a transformer)",
        found: "a \(type(of: object))")
    case .array(let elements, let reference):
      try walk.enter(reference)
      defer { walk.leave(reference) }
      var values: [JSONValue] = []
      values.reserveCapacity(elements.count)
      for (position, element) in elements.enumerated() {
        walk.path.append(.index(position))
        values.append(try convert(element))
        walk.path.removeLast()
      }
      return .array(values)
    case .object(let members, let reference):
      try walk.enter(reference)
      defer { walk.leave(reference) }
      var result = JSONObject()
      for (key, value) in FoundationItem.sorted(members) {
        walk.path.append(.key(key))
        result[key] = try convert(value)
        walk.path.removeLast()
      }
      return .object(result)
    }
  }
}
