public import Foundation

extension BinderyDecoder {
  /// How dates are decoded; the same cases as Foundation's.
  public enum DateDecodingStrategy: Sendable {
    /// `Date`'s own `Decodable` conformance: seconds since 2001-01-01.
    case deferredToDate
    /// A number of seconds since 1970-01-01.
    case secondsSince1970
    /// A number of milliseconds since 1970-01-01.
    case millisecondsSince1970
    /// An RFC 3339 / ISO 8601 string, with or without fractional seconds, any offset.
    case iso8601
    /// A string read with a date formatter.
    case formatted(DateFormatter)
    /// Your own closure, given a decoder at the value.
    case custom(@Sendable (_ decoder: any Decoder) throws -> Date)
  }

  /// How `Data` is decoded; the same cases as Foundation's.
  public enum DataDecodingStrategy: Sendable {
    /// `Data`'s own `Decodable` conformance: an array of bytes.
    case deferredToData
    /// A base64 string.
    case base64
    /// Your own closure, given a decoder at the value.
    case custom(@Sendable (_ decoder: any Decoder) throws -> Data)
  }

  /// How infinities and NaN are decoded; the same cases as Foundation's.
  public enum NonConformingFloatDecodingStrategy: Sendable {
    /// Reject them.
    case `throw`
    /// Accept these strings in place of the numbers.
    case convertFromString(positiveInfinity: String, negativeInfinity: String, nan: String)
  }

  /// How JSON keys are matched to coding keys; the same cases as Foundation's.
  public enum KeyDecodingStrategy: Sendable {
    /// Keys as they are.
    case useDefaultKeys
    /// `snake_case` JSON keys to `camelCase`, by Foundation's rules.
    case convertFromSnakeCase
    /// Your own mapping, given the coding path ending in the JSON key.
    case custom(@Sendable (_ codingPath: [any CodingKey]) -> any CodingKey)
  }
}
