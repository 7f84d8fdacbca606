import Foundation

/// A date pattern such as `yyyy-MM-dd HH:mm:ss`, parsed once into fields and literals, read and
/// written by Bindery itself (no `DateFormatter`, so every platform agrees). Proleptic
/// Gregorian calendar, English month and day names.
struct DatePattern: Sendable, Hashable {
  enum Field: Sendable, Hashable {
    /// Literal text, by its index in `literals`.
    case literal(Int)
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
  /// The fields, made once with the pattern, so that reading a date allocates nothing.
  let fields: [Field]
  /// The literal texts of the pattern, as UTF-8.
  let literals: [[UInt8]]
  let timeZoneOffset: Int

  static let monthNames = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]
  static let weekdayNames = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]

  init(parsing pattern: String, timeZoneOffset: Int) {
    text = pattern
    self.timeZoneOffset = timeZoneOffset
    var fields: [Field] = []
    var literals: [[UInt8]] = []
    let characters = Array(pattern)
    var i = 0
    func appendLiteral(_ text: String) {
      if case .literal(let index) = fields.last {
        literals[index] += Array(text.utf8)
      } else {
        literals.append(Array(text.utf8))
        fields.append(.literal(literals.count - 1))
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
    self.literals = literals
  }

  // MARK: Reading

  /// Reads a date from its text.
  func date(from string: String) -> Date? {
    var string = string
    return string.withUTF8 { date(fromUTF8: $0) }
  }

  /// Reads a date from its UTF-8 text, without allocating: the hot path of a model decode.
  func date(fromUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Date? {
    var reader = DateTextReader(bytes: bytes)
    var (year, month, day, hour, minute, second) = (1970, 1, 1, 0, 0, 0)
    var fraction = 0.0
    var offset = timeZoneOffset
    for field in fields {
      switch field {
      case .literal(let index):
        guard reader.skip(literals[index]) else { return nil }
      case .year(let width):
        guard let value = reader.number(min: width, max: width) else { return nil }
        year = width == 2 ? 2000 + value : value
      case .month(let width):
        guard let value = reader.number(min: width, max: 2) else { return nil }
        month = value
      case .monthName:
        guard let value = reader.name(in: Self.monthNameBytes) else { return nil }
        month = value + 1
      case .day(let width):
        guard let value = reader.number(min: width, max: 2) else { return nil }
        day = value
      case .hour(let width):
        guard let value = reader.number(min: width, max: 2) else { return nil }
        hour = value
      case .minute:
        guard let value = reader.number(min: 2, max: 2) else { return nil }
        minute = value
      case .second:
        guard let value = reader.number(min: 2, max: 2) else { return nil }
        second = value
      case .fraction(let digits):
        let start = reader.position
        guard let value = reader.number(min: min(digits, 9), max: 9) else { return nil }
        fraction = Double(value) / Self.powersOfTen[reader.position - start]
      case .weekdayName:
        guard reader.name(in: Self.weekdayNameBytes) != nil else { return nil }
      case .offsetBasic:
        guard let value = reader.signedOffset(colon: false, allowZ: true) else { return nil }
        offset = value
      case .offsetExtended:
        guard let value = reader.signedOffset(colon: true, allowZ: true) else { return nil }
        offset = value
      case .zoneName:
        guard reader.name(in: Self.zoneNameBytes) != nil else { return nil }
        offset = 0
        if reader.peek == UInt8(ascii: "+") || reader.peek == UInt8(ascii: "-") {
          guard let value = reader.signedOffset(colon: false, allowZ: false) else { return nil }
          offset = value
        }
      }
    }
    guard reader.atEnd, (1...12).contains(month), day >= 1,
      day <= ISO8601.daysInMonth(year: year, month: month), hour < 24, minute < 60, second < 60
    else { return nil }
    let days = ISO8601.daysFromCivil(year: year, month: month, day: day)
    let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
    return Date(timeIntervalSince1970: Double(seconds) + fraction)
  }

  static let powersOfTen: [Double] = (0...9).map { pow(10, Double($0)) }
  static let monthNameBytes = monthNames.map { Array($0.utf8) }
  static let weekdayNameBytes = weekdayNames.map { Array($0.utf8) }
  static let zoneNameBytes = ["GMT", "UTC", "Z"].map { Array($0.utf8) }

  // MARK: Writing

  /// The date's text, or `nil` when its local time has no four-digit year (see
  /// `ISO8601.writableSeconds`), so that what is written reads back.
  func string(from date: Date) -> String? {
    let local = date.timeIntervalSince1970 + Double(timeZoneOffset)
    guard ISO8601.writableSeconds.contains(local) else { return nil }
    // Exact: `local` is finite and well inside `Int`'s range.
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
      case .literal(let index): out += String(decoding: literals[index], as: UTF8.self)
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

/// Reads the parts of a date's UTF-8 text from left to right.
struct DateTextReader {
  let bytes: UnsafeBufferPointer<UInt8>
  var position = 0

  init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  var atEnd: Bool { position == bytes.count }
  var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

  /// A decimal number of `min` to `max` digits.
  mutating func number(min: Int, max: Int) -> Int? {
    var value = 0
    var count = 0
    while count < max, position < bytes.count {
      let digit = bytes[position] &- 48
      guard digit < 10 else { break }
      value = value * 10 + Int(digit)
      position += 1
      count += 1
    }
    return count >= min ? value : nil
  }

  /// Skips `literal` if the text continues with it.
  mutating func skip(_ literal: [UInt8]) -> Bool {
    guard position + literal.count <= bytes.count else { return false }
    for (offset, byte) in literal.enumerated() where bytes[position + offset] != byte {
      return false
    }
    position += literal.count
    return true
  }

  /// The index of the name (ASCII letters, any case) the text continues with.
  mutating func name(in names: [[UInt8]]) -> Int? {
    for (index, name) in names.enumerated() where position + name.count <= bytes.count {
      var matches = true
      for (offset, byte) in name.enumerated() where bytes[position + offset] | 0x20 != byte | 0x20 {
        matches = false
        break
      }
      if matches {
        position += name.count
        return index
      }
    }
    return nil
  }

  /// `+hhmm`, `-hh:mm` (and `Z` when allowed), as seconds east of UTC.
  mutating func signedOffset(colon: Bool, allowZ: Bool) -> Int? {
    guard let sign = peek else { return nil }
    if allowZ, sign == UInt8(ascii: "Z") {
      position += 1
      return 0
    }
    guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return nil }
    position += 1
    guard let hours = number(min: 2, max: 2) else { return nil }
    if colon || peek == UInt8(ascii: ":") {
      guard peek == UInt8(ascii: ":") else { return nil }
      position += 1
    }
    guard let minutes = number(min: 2, max: 2), hours < 24, minutes < 60 else { return nil }
    return (sign == UInt8(ascii: "-") ? -1 : 1) * (hours * 3600 + minutes * 60)
  }
}
