import Foundation

/// RFC 3339 / ISO 8601 internet date-times, parsed and written by Bindery itself so every
/// platform gives the same answer: `2016-01-22T10:22:48Z`, `2016-01-20T14:14:43-08:00`,
/// `2016-01-22T10:22:48.250Z`.
enum ISO8601 {
  /// Parses `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM|±HHMM|±HH)`, `T` and `Z` in either
  /// case as RFC 3339 allows; `nil` for anything else or an impossible date.
  static func date(from text: String) -> Date? {
    var utf8 = Array(text.utf8)
    return utf8.withUnsafeMutableBufferPointer { bytes -> Date? in
      var i = 0
      func digits(_ count: Int) -> Int? {
        guard i + count <= bytes.count else { return nil }
        var value = 0
        for _ in 0..<count {
          let digit = Int(bytes[i]) - 48
          guard (0...9).contains(digit) else { return nil }
          value = value * 10 + digit
          i += 1
        }
        return value
      }
      func expect(_ characters: UInt8...) -> Bool {
        guard i < bytes.count, characters.contains(bytes[i]) else { return false }
        i += 1
        return true
      }
      guard let year = digits(4), expect(0x2D), let month = digits(2), expect(0x2D),
        let day = digits(2), expect(0x54, 0x74), let hour = digits(2), expect(0x3A),
        let minute = digits(2), expect(0x3A), let second = digits(2)
      else { return nil }
      var fraction = 0.0
      if i < bytes.count, bytes[i] == 0x2E {
        i += 1
        var scale = 0.1
        let start = i
        while i < bytes.count, (48...57).contains(bytes[i]) {
          fraction += Double(bytes[i] - 48) * scale
          scale /= 10
          i += 1
        }
        guard i > start else { return nil }
      }
      var offset = 0
      if expect(0x5A, 0x7A) {
        offset = 0
      } else if i < bytes.count, bytes[i] == 0x2B || bytes[i] == 0x2D {
        let sign = bytes[i] == 0x2D ? -1 : 1
        i += 1
        // `+01:00`, and ISO 8601's `+0100` and `+01`, as Foundation's parser reads them.
        guard let hours = digits(2) else { return nil }
        var minutes = 0
        if expect(0x3A) || (i < bytes.count && (48...57).contains(bytes[i])) {
          guard let value = digits(2) else { return nil }
          minutes = value
        }
        guard hours < 24, minutes < 60 else { return nil }
        offset = sign * (hours * 3600 + minutes * 60)
      } else {
        return nil
      }
      guard i == bytes.count, (1...12).contains(month), day >= 1,
        day <= daysInMonth(year: year, month: month), hour < 24, minute < 60, second < 60
      else { return nil }
      let days = daysFromCivil(year: year, month: month, day: day)
      let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
      return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }
  }

  /// The dates RFC 3339 can write, as seconds since 1970: from 0000-01-01T00:00:00Z to
  /// the end of 9999-12-31. Outside it a date has no four-digit year (or is not finite).
  static let writableSeconds: Range<Double> = -62_167_219_200..<253_402_300_800

  /// What a text format can write, for the error about a date outside ``writableSeconds``.
  static let writableDescription = "a date in the years 0000 to 9999"

  /// A date in words for such an error: `a date 1e+19 seconds from 1970`.
  static func describe(_ date: Date) -> String {
    "a date \(date.timeIntervalSince1970) seconds from 1970"
  }

  /// Writes `YYYY-MM-DDTHH:MM:SSZ` in UTC, whole seconds, as Foundation's `.iso8601` does;
  /// with `fractional`, milliseconds are added when the date has a fraction of a second.
  /// `nil` for a date outside ``writableSeconds`` (an infinite or NaN interval included).
  static func string(from date: Date, fractional: Bool = false) -> String? {
    let interval = date.timeIntervalSince1970
    guard writableSeconds.contains(interval) else { return nil }
    // Exact: the interval is finite and well inside `Int`'s range.
    var total = Int(interval.rounded(.down))
    var millis = fractional ? Int(((interval - Double(total)) * 1000).rounded()) : 0
    if millis == 1000 {
      total += 1
      millis = 0
    }
    // Rounding up the last millisecond of 9999 must not make a five-digit year.
    if total >= Int(writableSeconds.upperBound) {
      total = Int(writableSeconds.upperBound) - 1
      millis = 999
    }
    var days = total / 86_400
    var seconds = total % 86_400
    if seconds < 0 {
      seconds += 86_400
      days -= 1
    }
    let (year, month, day) = civilFromDays(days)
    func pad(_ value: Int, _ width: Int) -> String {
      let text = String(value)
      return String(repeating: "0", count: max(0, width - text.count)) + text
    }
    return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(seconds / 3600, 2)):"
      + "\(pad(seconds / 60 % 60, 2)):\(pad(seconds % 60, 2))"
      + (millis > 0 ? ".\(pad(millis, 3))Z" : "Z")
  }

  static func daysInMonth(year: Int, month: Int) -> Int {
    switch month {
    case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
  static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let mp = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}
