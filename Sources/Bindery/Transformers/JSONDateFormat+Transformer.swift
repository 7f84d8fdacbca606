public import Foundation

// A date format as a transformer: how `@Transform(.iso8601)` and every `Date` property read and
// write through the model decoders and encoders.

extension JSONDateFormat: JSONTransformer {
  /// Reads a date; a `Date` object of a decode from Foundation objects is taken as it is.
  ///
  /// - Parameter json: The JSON value.
  /// - Returns: The date.
  /// - Throws: ``JSONDecodingProblem`` when the value is not a date in this format.
  public func decode(_ json: JSONValueDecoder) throws -> Date {
    // A `Date` object an app held is a date in every format.
    if let date = json.sourceObject(as: Date.self) { return date }
    switch style {
    case .iso8601:
      let expected = "an RFC 3339 date-time such as 2016-01-22T10:22:48Z"
      guard let date = ISO8601.date(from: try json.string(expected: expected)) else {
        throw json.problem(expected: expected)
      }
      return date
    case .unixSeconds:
      return Date(timeIntervalSince1970: try json.double())
    case .unixMilliseconds:
      return Date(timeIntervalSince1970: try json.double() / 1000)
    case .pattern(let pattern):
      let expected = "a date like '\(pattern.text)'"
      guard
        let date = try json.withStringUTF8(expected: expected, { pattern.date(fromUTF8: $0) })
      else {
        throw json.problem(expected: expected)
      }
      return date
    case .firstOf(let formats):
      for format in formats {
        if let date = try? format.decode(json) { return date }
      }
      throw json.problem(expected: "a date in one of \(formats.count) formats")
    }
  }

  /// Writes a date.
  ///
  /// - Parameters:
  ///   - value: The date.
  ///   - json: Where to write it.
  /// - Throws: `JSONWriteError` when nothing more can be written there.
  public func encode(_ value: Date, to json: JSONValueEncoder) throws {
    switch style {
    case .iso8601:
      guard let text = ISO8601.string(from: value, fractional: true) else {
        throw Self.unwritable(value, at: json)
      }
      try json.string(text)
    case .unixSeconds:
      try Self.number(value.timeIntervalSince1970, to: json)
    case .unixMilliseconds:
      try Self.number((value.timeIntervalSince1970 * 1000).rounded(), to: json)
    case .pattern(let pattern):
      guard let text = pattern.string(from: value) else { throw Self.unwritable(value, at: json) }
      try json.string(text)
    case .firstOf(let formats):
      try (formats.first ?? .iso8601).encode(value, to: json)
    }
  }

  /// The error for a date a text format cannot write: outside years 0000–9999, or not finite.
  private static func unwritable(_ value: Date, at json: JSONValueEncoder) -> JSONWriteError {
    json.problem("expected \(ISO8601.writableDescription), found \(ISO8601.describe(value))")
  }

  /// A whole number of seconds as an integer, anything else as a `Double`.
  private static func number(_ value: Double, to json: JSONValueEncoder) throws {
    if value.rounded() == value, let whole = Int64(exactly: value) {
      try json.integer(whole)
    } else {
      try json.double(value)
    }
  }
}

extension JSONTransformer where Self == JSONDateFormat {
  /// RFC 3339 / ISO 8601 date-times; see ``JSONDateFormat/iso8601``.
  public static var iso8601: JSONDateFormat { JSONDateFormat.iso8601 }
  /// Seconds since 1970; see ``JSONDateFormat/unixSeconds``.
  public static var unixSeconds: JSONDateFormat { JSONDateFormat.unixSeconds }
  /// Milliseconds since 1970; see ``JSONDateFormat/unixMilliseconds``.
  public static var unixMilliseconds: JSONDateFormat { JSONDateFormat.unixMilliseconds }
  /// RFC 1123 dates; see ``JSONDateFormat/rfc1123``.
  public static var rfc1123: JSONDateFormat { JSONDateFormat.rfc1123 }

  /// A date written by a pattern; see ``JSONDateFormat/dateFormat(_:timeZoneOffset:)``.
  ///
  /// - Parameters:
  ///   - pattern: The pattern, such as `yyyy-MM-dd HH:mm:ss`.
  ///   - timeZoneOffset: Seconds east of UTC for dates whose text has no offset.
  /// - Returns: The format.
  public static func dateFormat(_ pattern: String, timeZoneOffset: Int = 0) -> JSONDateFormat {
    JSONDateFormat.dateFormat(pattern, timeZoneOffset: timeZoneOffset)
  }

  /// Several formats tried in order; see ``JSONDateFormat/firstOf(_:)``.
  ///
  /// - Parameter formats: The formats.
  /// - Returns: The format.
  public static func firstOf(_ formats: JSONDateFormat...) -> JSONDateFormat {
    JSONDateFormat(style: .firstOf(formats))
  }
}
