package import Foundation

/// How a `Date` is written in JSON: a transformer for `@Transform`, and the default format of a
/// model (`@JSONModel(dates: ...)`) or a call (``JSONDecodingOptions/dates``).
///
/// Every format is parsed and written by Bindery itself, so each platform gives the same answer.
///
/// ```swift
/// @Transform(.dateFormat("yyyy-MM-dd HH:mm:ss")) var taken: Date
/// @Transform(.firstOf(.iso8601, .unixSeconds)) var updated: Date
/// ```
public struct JSONDateFormat: Sendable, Hashable {
  enum Style: Sendable, Hashable {
    case iso8601
    case unixSeconds
    case unixMilliseconds
    case pattern(DatePattern)
    case firstOf([JSONDateFormat])
  }

  let style: Style

  /// RFC 3339 / ISO 8601 internet date-times, with or without fractional seconds and with any
  /// offset (`2016-01-20T14:14:43-08:00`); written in UTC, with milliseconds when the date has a
  /// fraction of a second.
  public static let iso8601 = JSONDateFormat(style: .iso8601)
  /// Seconds since 1970 as a JSON number (fractions allowed).
  public static let unixSeconds = JSONDateFormat(style: .unixSeconds)
  /// Milliseconds since 1970 as a JSON number.
  public static let unixMilliseconds = JSONDateFormat(style: .unixMilliseconds)
  /// RFC 1123, as in HTTP headers: `Sun, 06 Nov 1994 08:49:37 GMT`.
  public static let rfc1123 = JSONDateFormat(
    style: .pattern(DatePattern(parsing: "EEE, dd MMM yyyy HH:mm:ss zzz", timeZoneOffset: 0)))

  /// A date written by a pattern with Unicode's field letters: `yyyy`, `MM`, `MMM`, `dd`, `HH`,
  /// `mm`, `ss`, `S`… (fraction), `EEE`, `Z` (`+0000`), `XXX` (`+00:00` or `Z`), `zzz` (`GMT`),
  /// and `'quoted'` literal text.
  ///
  /// - Parameters:
  ///   - pattern: The pattern, such as `yyyy-MM-dd HH:mm:ss`.
  ///   - timeZoneOffset: Seconds east of UTC for dates whose text has no offset; UTC by default.
  /// - Returns: The format.
  public static func dateFormat(_ pattern: String, timeZoneOffset: Int = 0) -> JSONDateFormat {
    JSONDateFormat(style: .pattern(DatePattern(parsing: pattern, timeZoneOffset: timeZoneOffset)))
  }

  /// Tries each format in order when reading; writes with the first.
  ///
  /// - Parameter formats: The formats, at least one.
  /// - Returns: The format.
  public static func firstOf(_ formats: JSONDateFormat...) -> JSONDateFormat {
    JSONDateFormat(style: .firstOf(formats))
  }
}

extension JSONDateFormat {
  /// The date a string holds in this format, as a model reads it; nil when it holds none (and
  /// for the numeric formats, which read numbers). For tools that must agree with the models
  /// they write, such as the model generator.
  ///
  /// - Parameter text: The string.
  /// - Returns: The date, or nil.
  package func date(fromText text: String) -> Date? {
    switch style {
    case .iso8601: ISO8601.date(from: text)
    case .unixSeconds, .unixMilliseconds: nil
    case .pattern(let pattern): pattern.date(from: text)
    case .firstOf(let formats): formats.lazy.compactMap { $0.date(fromText: text) }.first
    }
  }
}
