import Foundation

/// A date pattern such as `yyyy-MM-dd HH:mm:ss`, parsed once into fields and literals, read and
/// written by Bindery itself (no `DateFormatter`, so every platform agrees). Proleptic
/// Gregorian calendar, English month and day names.
struct DatePattern: Sendable, Hashable {
  enum Field: Sendable, Hashable {
    case literal(String)
    case year(width: Int)
    case month(width: Int)
    case monthName
    case day(width: Int)
    case hour(width: Int)
    case minute
    case second
    case fraction(digits: Int)
    case weekdayName
    /// `Z`: `+0000`; `XXX`: `+00:00` or `Z`; `zzz`: `GMT`/`UTC` (optionally with an offset).
    case offsetBasic, offsetExtended, zoneName
  }

  let text: String
  let fields: [Field]
  let timeZoneOffset: Int

  static let monthNames = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]
  static let weekdayNames = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]

  init(parsing pattern: String, timeZoneOffset: Int) {
    text = pattern
    self.timeZoneOffset = timeZoneOffset
    var fields: [Field] = []
    let characters = Array(pattern)
    var i = 0
    func appendLiteral(_ text: String) {
      if case .literal(let previous) = fields.last {
        fields[fields.count - 1] = .literal(previous + text)
      } else {
        fields.append(.literal(text))
      }
    }
    while i < characters.count {
      let c = characters[i]
      if c == "'" {
        var j = i + 1
        var literal = ""
        while j < characters.count, characters[j] != "'" {
          literal.append(characters[j])
          j += 1
        }
        appendLiteral(literal.isEmpty ? "'" : literal)
        i = j + 1
        continue
      }
      var run = 1
      while i + run < characters.count, characters[i + run] == c { run += 1 }
      switch c {
      case "y": fields.append(.year(width: run == 2 ? 2 : 4))
      case "M": fields.append(run >= 3 ? .monthName : .month(width: run))
      case "d": fields.append(.day(width: run))
      case "H": fields.append(.hour(width: run))
      case "m": fields.append(.minute)
      case "s": fields.append(.second)
      case "S": fields.append(.fraction(digits: run))
      case "E": fields.append(.weekdayName)
      case "Z": fields.append(run >= 5 ? .offsetExtended : .offsetBasic)
      case "X", "x": fields.append(run >= 3 ? .offsetExtended : .offsetBasic)
      case "z": fields.append(.zoneName)
      default: appendLiteral(String(repeating: c, count: run))
      }
      i += run
    }
    self.fields = fields
  }

  // MARK: Reading

  func date(from string: String) -> Date? {
    let bytes = Array(string.utf8)
    var i = 0
    var (year, month, day, hour, minute, second) = (1970, 1, 1, 0, 0, 0)
    var fraction = 0.0
    var offset = timeZoneOffset
    func number(min: Int, max: Int) -> Int? {
      var value = 0
      var count = 0
      while count < max, i < bytes.count, (48...57).contains(bytes[i]) {
        value = value * 10 + Int(bytes[i] - 48)
        i += 1
        count += 1
      }
      return count >= min ? value : nil
    }
    func name(in names: [String]) -> Int? {
      for (position, name) in names.enumerated() {
        let utf8 = Array(name.utf8)
        if i + utf8.count <= bytes.count,
          zip(bytes[i..<(i + utf8.count)], utf8).allSatisfy({ $0 | 0x20 == $1 | 0x20 })
        {
          i += utf8.count
          return position
        }
      }
      return nil
    }
    func signedOffset(colon: Bool, allowZ: Bool) -> Int? {
      guard i < bytes.count else { return nil }
      if allowZ, bytes[i] == UInt8(ascii: "Z") {
        i += 1
        return 0
      }
      guard bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") else { return nil }
      let sign = bytes[i] == UInt8(ascii: "-") ? -1 : 1
      i += 1
      guard let hours = number(min: 2, max: 2) else { return nil }
      if colon || (i < bytes.count && bytes[i] == UInt8(ascii: ":")) {
        guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { return nil }
        i += 1
      }
      guard let minutes = number(min: 2, max: 2), hours < 24, minutes < 60 else { return nil }
      return sign * (hours * 3600 + minutes * 60)
    }
    for field in fields {
      switch field {
      case .literal(let text):
        let utf8 = Array(text.utf8)
        guard i + utf8.count <= bytes.count, Array(bytes[i..<(i + utf8.count)]) == utf8 else {
          return nil
        }
        i += utf8.count
      case .year(let width):
        guard let value = number(min: width, max: width) else { return nil }
        year = width == 2 ? 2000 + value : value
      case .month(let width):
        guard let value = number(min: width, max: 2) else { return nil }
        month = value
      case .monthName:
        guard let value = name(in: Self.monthNames) else { return nil }
        month = value + 1
      case .day(let width):
        guard let value = number(min: width, max: 2) else { return nil }
        day = value
      case .hour(let width):
        guard let value = number(min: width, max: 2) else { return nil }
        hour = value
      case .minute:
        guard let value = number(min: 2, max: 2) else { return nil }
        minute = value
      case .second:
        guard let value = number(min: 2, max: 2) else { return nil }
        second = value
      case .fraction(let digits):
        let start = i
        guard let value = number(min: digits, max: 9) else { return nil }
        fraction = Double(value) / pow(10, Double(i - start))
      case .weekdayName:
        guard name(in: Self.weekdayNames) != nil else { return nil }
      case .offsetBasic:
        guard let value = signedOffset(colon: false, allowZ: true) else { return nil }
        offset = value
      case .offsetExtended:
        guard let value = signedOffset(colon: true, allowZ: true) else { return nil }
        offset = value
      case .zoneName:
        if name(in: ["GMT", "UTC"]) != nil || name(in: ["Z"]) != nil {
          offset = 0
          if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") {
            guard let value = signedOffset(colon: false, allowZ: false) else { return nil }
            offset = value
          }
        } else {
          return nil
        }
      }
    }
    guard i == bytes.count, (1...12).contains(month), day >= 1,
      day <= ISO8601.daysInMonth(year: year, month: month), hour < 24, minute < 60, second < 60
    else { return nil }
    let days = ISO8601.daysFromCivil(year: year, month: month, day: day)
    let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
    return Date(timeIntervalSince1970: Double(seconds) + fraction)
  }

  // MARK: Writing

  func string(from date: Date) -> String {
    let local = date.timeIntervalSince1970 + Double(timeZoneOffset)
    var total = Int(local.rounded(.down))
    let fraction = local - Double(total)
    var days = total / 86_400
    total %= 86_400
    if total < 0 {
      total += 86_400
      days -= 1
    }
    let (year, month, day) = ISO8601.civilFromDays(days)
    func pad(_ value: Int, _ width: Int) -> String {
      let text = String(value)
      return String(repeating: "0", count: max(0, width - text.count)) + text
    }
    func offsetText(colon: Bool) -> String {
      let sign = timeZoneOffset < 0 ? "-" : "+"
      let magnitude = abs(timeZoneOffset)
      return sign + pad(magnitude / 3600, 2) + (colon ? ":" : "") + pad(magnitude / 60 % 60, 2)
    }
    var out = ""
    for field in fields {
      switch field {
      case .literal(let text): out += text
      case .year(let width): out += width == 2 ? pad(year % 100, 2) : pad(year, 4)
      case .month(let width): out += pad(month, width)
      case .monthName: out += Self.monthNames[month - 1]
      case .day(let width): out += pad(day, width)
      case .hour(let width): out += pad(total / 3600, width)
      case .minute: out += pad(total / 60 % 60, 2)
      case .second: out += pad(total % 60, 2)
      case .fraction(let digits):
        let scaled = Int((fraction * pow(10, Double(digits))).rounded(.down))
        out += pad(scaled, digits)
      case .weekdayName:
        // 1970-01-01 was a Thursday.
        out += Self.weekdayNames[((days % 7) + 11) % 7]
      case .offsetBasic: out += offsetText(colon: false)
      case .offsetExtended: out += timeZoneOffset == 0 ? "Z" : offsetText(colon: true)
      case .zoneName: out += timeZoneOffset == 0 ? "GMT" : "GMT" + offsetText(colon: false)
      }
    }
    return out
  }
}
