public import BinderyJSON
import Foundation

extension JSONValue {
  /// The value as Foundation objects, the shapes `JSONSerialization` makes, exactly:
  /// `NSNull`, `Bool`, `String`, `[Any]`, `[String: Any]`, and for numbers `Int` when the
  /// number is an integer that fits, `UInt64` for larger positive integers, `Double` when the
  /// `Double` reads back as the same number, and `Decimal` (all digits) otherwise.
  ///
  /// The other way, `JSONValue(foundationObject:)` (see
  /// ``JSONDecodable/init(foundationObject:at:options:)``) reads such objects exactly.
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
    return Decimal(jsonNumberText: number.text) ?? number.double ?? Double.nan
  }
}
