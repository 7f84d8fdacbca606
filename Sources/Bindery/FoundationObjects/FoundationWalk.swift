import BinderyJSON
import Foundation

/// One Foundation or Swift value sorted by what it means in JSON: the single place that
/// decides how an app's `[String: Any]`, `NSNumber` or `NSArray` reads.
enum FoundationItem {
  case null
  case bool(Bool)
  case signed(Int64)
  case unsigned(UInt64)
  case double(Double)
  /// Kept apart from `Double`, to be written in its own shortest form (`0.1`, not
  /// `0.10000000149011612`).
  case float(Float)
  case decimal(Decimal)
  case string(String)
  case url(URL)
  case date(Date)
  case data(Data)
  /// The elements, and the instance when the array is a class instance (only an instance can
  /// contain itself).
  case array([Any], reference: ObjectIdentifier?)
  /// The members, in no particular order, and the instance as for arrays.
  case object([(String, Any)], reference: ObjectIdentifier?)
}

/// The state of one walk over Foundation objects: the path to the value in hand, for errors,
/// and the class instances open on that path, to stop at a container that contains itself.
struct FoundationWalk {
  let maxDepth: Int
  var path: [JSONPath.Component] = []
  private var open: Set<ObjectIdentifier> = []

  init(maxDepth: Int) { self.maxDepth = maxDepth }

  /// The class of `NSNumber`s that hold a Boolean (`CFBoolean`).
  static let booleanClass = ObjectIdentifier(type(of: NSNumber(value: true)))

  /// Sorts a value; throws for a value JSON cannot hold.
  func classify(_ object: Any) throws(JSONDecodingProblem) -> FoundationItem {
    // The types `JSONSerialization` and Swift literals make, by their metadata first: a cast
    // that fails looks up protocol conformances, which cost more than the rest of a decode.
    let metatype = ObjectIdentifier(type(of: object))
    if metatype == Self.stringType, let value = object as? String { return .string(value) }
    if metatype == Self.dictionaryType, let value = object as? [String: Any] {
      return .object(value.map { ($0.key, $0.value) }, reference: nil)
    }
    if metatype == Self.arrayType, let value = object as? [Any] {
      return .array(value, reference: nil)
    }
    if metatype == Self.intType, let value = object as? Int { return .signed(Int64(value)) }
    if metatype == Self.doubleType, let value = object as? Double { return .double(value) }
    if metatype == Self.boolType, let value = object as? Bool { return .bool(value) }
    if metatype == Self.numberType || metatype == Self.booleanClass,
      let number = object as? NSNumber
    {
      return classify(number)
    }
    if metatype == Self.nullType { return .null }
    if metatype == Self.decimalNumberType, let number = object as? NSDecimalNumber {
      return .decimal(number.decimalValue)
    }
    return try classifyOther(object)
  }

  private static let stringType = ObjectIdentifier(String.self)
  private static let dictionaryType = ObjectIdentifier([String: Any].self)
  private static let arrayType = ObjectIdentifier([Any].self)
  private static let intType = ObjectIdentifier(Int.self)
  private static let doubleType = ObjectIdentifier(Double.self)
  private static let boolType = ObjectIdentifier(Bool.self)
  private static let numberType = ObjectIdentifier(NSNumber.self)
  private static let nullType = ObjectIdentifier(NSNull.self)
  private static let decimalNumberType = ObjectIdentifier(NSDecimalNumber.self)
  private static let anyHashableType = ObjectIdentifier(AnyHashable.self)

  /// Everything but the common types of ``classify(_:)``.
  private func classifyOther(_ object: Any) throws(JSONDecodingProblem) -> FoundationItem {
    // A value boxed for a `[String: AnyHashable]` or a `Set<AnyHashable>` reads as what it
    // holds. The metatype first: any `Hashable` value casts to `AnyHashable`.
    if ObjectIdentifier(type(of: object)) == Self.anyHashableType,
      let hashable = object as? AnyHashable
    {
      return try classify(hashable.base)
    }
    if type(of: object) is AnyObject.Type {
      // Class instances before Swift's types: an `NSNumber` casts to every number type and to
      // `Bool` whatever it holds, and an `NSArray` or `NSDictionary` casts to `[Any]` or
      // `[String: Any]` without its identity.
      if let number = object as? NSNumber { return classify(number) }
      if object is NSNull { return .null }
      if let array = object as? NSArray {
        return .array(array.map { $0 }, reference: ObjectIdentifier(array))
      }
      if let dictionary = object as? NSDictionary {
        var members: [(String, Any)] = []
        members.reserveCapacity(dictionary.count)
        for (key, value) in dictionary {
          members.append((try name(of: key), value))
        }
        return .object(members, reference: ObjectIdentifier(dictionary))
      }
    }
    if let value = object as? String { return .string(value) }
    switch object {
    case let value as [String: Any]:
      return .object(value.map { ($0.key, $0.value) }, reference: nil)
    case let value as [Any]: return .array(value, reference: nil)
    case let value as Float where type(of: object) == Float.self: return .float(value)
    case let value as Int8: return .signed(Int64(value))
    case let value as Int16: return .signed(Int64(value))
    case let value as Int32: return .signed(Int64(value))
    case let value as Int64: return .signed(value)
    case let value as UInt: return .unsigned(UInt64(value))
    case let value as UInt8: return .unsigned(UInt64(value))
    case let value as UInt16: return .unsigned(UInt64(value))
    case let value as UInt32: return .unsigned(UInt64(value))
    case let value as UInt64: return .unsigned(value)
    case let value as Decimal: return .decimal(value)
    case let value as URL: return .url(value)
    case let value as Date: return .date(value)
    case let value as Data: return .data(value)
    case let value as [AnyHashable: Any]:
      var members: [(String, Any)] = []
      members.reserveCapacity(value.count)
      for (key, member) in value { members.append((try name(of: key.base), member)) }
      return .object(members, reference: nil)
    default:
      let mirror = Mirror(reflecting: object)
      if mirror.displayStyle == .optional {
        guard let wrapped = mirror.children.first?.value else { return .null }
        return try classify(wrapped)
      }
      throw problem(.typeMismatch, expected: "a JSON value", found: "a \(type(of: object))")
    }
  }

  /// An `NSNumber` by what it holds: a Boolean, a decimal number, a signed or unsigned
  /// integer, or a floating-point number.
  private func classify(_ number: NSNumber) -> FoundationItem {
    if ObjectIdentifier(type(of: number)) == Self.booleanClass { return .bool(number.boolValue) }
    if let decimal = number as? NSDecimalNumber { return .decimal(decimal.decimalValue) }
    switch UInt8(bitPattern: number.objCType.pointee) {
    case UInt8(ascii: "c"), UInt8(ascii: "s"), UInt8(ascii: "i"), UInt8(ascii: "l"),
      UInt8(ascii: "q"):
      return .signed(number.int64Value)
    case UInt8(ascii: "C"), UInt8(ascii: "S"), UInt8(ascii: "I"), UInt8(ascii: "L"),
      UInt8(ascii: "Q"):
      return .unsigned(number.uint64Value)
    case UInt8(ascii: "f"): return .float(number.floatValue)
    default: return .double(number.doubleValue)
    }
  }

  /// A dictionary key, which must be a string.
  private func name(of key: Any) throws(JSONDecodingProblem) -> String {
    if let name = key as? String { return name }
    if let hashable = key as? AnyHashable, let name = hashable.base as? String { return name }
    let shown = (key as? AnyHashable)?.base ?? key
    throw problem(
      .typeMismatch, expected: "string keys", found: "the key \(shown) (a \(type(of: shown)))")
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

  /// Steps out of a container entered with ``enter(_:)``.
  mutating func leave(_ reference: ObjectIdentifier?) {
    if let reference { open.remove(reference) }
  }

  /// The problem for a number JSON cannot hold.
  func nonFinite(_ text: String, hint: String = "") -> JSONDecodingProblem {
    problem(.invalidValue, expected: "a finite number", found: "number \(text)", hint: hint)
  }

  /// A problem at the current path. It has no line or column: there is no text.
  func problem(
    _ kind: JSONDecodingProblem.Kind, expected: String, found: String, hint: String = ""
  ) -> JSONDecodingProblem {
    JSONDecodingProblem(
      kind: kind, path: JSONPath(path), expected: expected, found: found, hint: hint)
  }
}

extension FoundationItem {
  /// A dictionary's members in key order: a dictionary has no order of its own, and one fixed
  /// order makes conversions, errors and kept members the same on every run. (Sorting is about
  /// a quarter of a decode from `JSONSerialization`'s objects; sorting keys with positions, or
  /// comparing keys' bytes, measured slower.)
  static func sorted(_ members: [(String, Any)]) -> [(String, Any)] {
    members.sorted { $0.0 < $1.0 }
  }
}
