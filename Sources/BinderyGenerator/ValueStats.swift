/// What the numbers at one place have in common: whether any has a fraction or exponent, their
/// range, and whether `Int64` or `Double` holds each of them exactly.
struct NumberStats {
  var count = 0
  /// Some value was written with a fraction or an exponent.
  var hasFraction = false
  var minimum = Int64.max
  var maximum = Int64.min
  /// Some integer does not fit `Int64`.
  var beyondInt64 = false
  /// Some value is not held exactly by `Double`.
  var inexactInDouble = false

  mutating func add(_ text: String) {
    count += 1
    let isInteger = !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" })
    if isInteger {
      if let value = Int64(text) {
        minimum = min(minimum, value)
        maximum = max(maximum, value)
        if value.magnitude > 1 << 53 { inexactInDouble = true }
      } else {
        beyondInt64 = true
        inexactInDouble = true
      }
    } else {
      hasFraction = true
      if !ValueText.isExactInDouble(text) { inexactInDouble = true }
    }
  }

  func joined(_ other: NumberStats) -> NumberStats {
    var joined = self
    joined.count += other.count
    joined.hasFraction = hasFraction || other.hasFraction
    joined.minimum = min(minimum, other.minimum)
    joined.maximum = max(maximum, other.maximum)
    joined.beyondInt64 = beyondInt64 || other.beyondInt64
    joined.inexactInDouble = inexactInDouble || other.inexactInDouble
    return joined
  }

  /// The narrowest Swift type that holds every value exactly.
  var swiftType: String {
    if hasFraction { return inexactInDouble ? "Decimal" : "Double" }
    if beyondInt64 { return "Decimal" }
    if minimum >= Int64(Int32.min) && maximum <= Int64(Int32.max) { return "Int" }
    return "Int64"
  }

  /// Whether every value is an integer in the range of recent dates, in seconds or
  /// milliseconds since 1970.
  var timestampUnit: DateFormat? {
    guard !hasFraction, !beyondInt64, count > 0 else { return nil }
    let seconds: ClosedRange<Int64> = 946_684_800...4_102_444_800  // 2000 to 2100
    if seconds.contains(minimum) && seconds.contains(maximum) { return .unixSeconds }
    let milliseconds = (seconds.lowerBound * 1000)...(seconds.upperBound * 1000)
    if milliseconds.contains(minimum) && milliseconds.contains(maximum) {
      return .unixMilliseconds
    }
    return nil
  }
}

/// How a date is written, as far as the generator recognises it.
enum DateFormat: Equatable {
  case rfc3339
  case twitter
  case rfc2822
  case rfc1123
  case unixSeconds
  case unixMilliseconds

  /// The `@Transform` argument, or `nil` for the models' default (RFC 3339).
  var transform: String? {
    switch self {
    case .rfc3339: nil
    case .twitter: #".dateFormat("EEE MMM dd HH:mm:ss Z yyyy")"#
    case .rfc2822: #".dateFormat("EEE, dd MMM yyyy HH:mm:ss Z")"#
    case .rfc1123: ".rfc1123"
    case .unixSeconds: ".unixSeconds"
    case .unixMilliseconds: ".unixMilliseconds"
    }
  }
}

/// What the strings at one place have in common: a date format, URLs, UUIDs, or a small set of
/// repeated words.
struct StringStats {
  var count = 0
  var dateFormats: [DateFormat] = [.rfc3339, .twitter, .rfc2822, .rfc1123]
  var allURLs = true
  var allUUIDs = true
  /// Distinct values and how often each came, while there are few and they are words.
  var values: [String: Int] = [:]
  var valueOrder: [String] = []
  var allWords = true

  static let wordLimit = 12

  mutating func add(_ text: String) {
    count += 1
    let bytes = Array(text.utf8)
    if !dateFormats.isEmpty { dateFormats.removeAll { !ValueText.matches(bytes, $0) } }
    if allURLs { allURLs = ValueText.isWebURL(bytes) }
    if allUUIDs { allUUIDs = ValueText.isUUID(bytes) }
    if allWords {
      if values[text] == nil {
        if valueOrder.count == Self.wordLimit || !ValueText.isWord(bytes) {
          allWords = false
          values = [:]
          valueOrder = []
          return
        }
        valueOrder.append(text)
      }
      values[text, default: 0] += 1
    }
  }

  func joined(_ other: StringStats) -> StringStats {
    var joined = self
    joined.count += other.count
    joined.dateFormats.removeAll { !other.dateFormats.contains($0) }
    joined.allURLs = allURLs && other.allURLs
    joined.allUUIDs = allUUIDs && other.allUUIDs
    joined.allWords = allWords && other.allWords
    if joined.allWords {
      for value in other.valueOrder where joined.values[value] == nil {
        joined.valueOrder.append(value)
      }
      joined.values.merge(other.values, uniquingKeysWith: +)
      if joined.valueOrder.count > Self.wordLimit { joined.allWords = false }
    }
    if !joined.allWords {
      joined.values = [:]
      joined.valueOrder = []
    }
    return joined
  }

  /// The values of a small closed set: few distinct words, each seen more than once on
  /// average, in more than a couple of values.
  var closedSet: [String]? {
    guard allWords, !valueOrder.isEmpty, count >= 3, count >= 2 * valueOrder.count,
      !allUUIDs, !allURLs
    else { return nil }
    return valueOrder
  }
}

/// Recognisers for the text of numbers, dates, URLs, UUIDs and words.
enum ValueText {
  /// Whether `Double` reads the number text back to the same decimal value.
  static func isExactInDouble(_ text: String) -> Bool {
    guard let value = Double(text), value.isFinite else { return false }
    guard let written = canonical(text) else { return false }
    return written == canonical("\(value)")
  }

  /// A number's significant digits and decimal exponent, leading and trailing zeros removed
  /// (`0.0150` and `1.5e-2` are both `15e-1`), with its sign.
  static func canonical(_ text: String) -> String? {
    var digits: [UInt8] = []
    var exponent = 0
    var seenPoint = false
    var index = text.utf8.startIndex
    let utf8 = text.utf8
    if index < utf8.endIndex, utf8[index] == UInt8(ascii: "-") || utf8[index] == UInt8(ascii: "+") {
      index = utf8.index(after: index)
    }
    while index < utf8.endIndex {
      let byte = utf8[index]
      if byte == UInt8(ascii: ".") {
        seenPoint = true
      } else if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
        if digits.isEmpty && byte == UInt8(ascii: "0") {
          if seenPoint { exponent -= 1 }
        } else {
          digits.append(byte)
          if !seenPoint { exponent += 1 }
        }
      } else if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
        guard let power = Int(String(text[utf8.index(after: index)...]).replacing("+", with: ""))
        else { return nil }
        exponent += power
        break
      } else {
        return nil
      }
      index = utf8.index(after: index)
    }
    while digits.last == UInt8(ascii: "0") { digits.removeLast() }
    if digits.isEmpty { return "0" }
    let sign = text.hasPrefix("-") ? "-" : ""
    return sign + String(decoding: digits, as: UTF8.self) + "e\(exponent)"
  }

  // MARK: Dates

  static func matches(_ bytes: [UInt8], _ format: DateFormat) -> Bool {
    switch format {
    case .rfc3339: return isRFC3339(bytes)
    case .twitter:
      // Wed Aug 27 13:08:45 +0000 2008
      return fits(bytes, "www mmm 00 00:00:00 +0000 0000")
    case .rfc2822:
      // Wed, 27 Aug 2008 13:08:45 +0000
      return fits(bytes, "www, 00 mmm 0000 00:00:00 +0000")
    case .rfc1123:
      // Sun, 06 Nov 1994 08:49:37 GMT
      return fits(bytes, "www, 00 mmm 0000 00:00:00 GMT")
    case .unixSeconds, .unixMilliseconds: return false
    }
  }

  /// `2016-01-22T10:22:48Z`, with an optional fraction and `Z` or an offset.
  static func isRFC3339(_ bytes: [UInt8]) -> Bool {
    guard bytes.count >= 20, fits(Array(bytes[0..<19]), "0000-00-00T00:00:00") else {
      return false
    }
    var rest = bytes[19...]
    if rest.first == UInt8(ascii: ".") {
      rest = rest.dropFirst()
      let fraction = rest.prefix(while: isDigit)
      guard !fraction.isEmpty else { return false }
      rest = rest.dropFirst(fraction.count)
    }
    if Array(rest) == [UInt8(ascii: "Z")] { return true }
    return rest.count == 6 && fits(Array(rest.dropFirst()), "00:00")
      && (rest.first == UInt8(ascii: "+") || rest.first == UInt8(ascii: "-"))
  }

  private static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
  private static let months = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]

  /// Whether text follows a template: `0` a digit, `www` a weekday, `mmm` a month, `+` a sign,
  /// anything else itself.
  private static func fits(_ bytes: [UInt8], _ template: String) -> Bool {
    let pattern = Array(template.utf8)
    guard bytes.count == pattern.count else { return false }
    var index = 0
    while index < pattern.count {
      let expected = pattern[index]
      switch expected {
      case UInt8(ascii: "0"):
        guard isDigit(bytes[index]) else { return false }
      case UInt8(ascii: "+"):
        guard bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") else {
          return false
        }
      case UInt8(ascii: "w"), UInt8(ascii: "m"):
        let word = String(decoding: bytes[index..<index + 3], as: UTF8.self)
        guard (expected == UInt8(ascii: "w") ? weekdays : months).contains(word) else {
          return false
        }
        index += 3
        continue
      default:
        guard bytes[index] == expected else { return false }
      }
      index += 1
    }
    return true
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  // MARK: URLs, UUIDs, ids, words

  /// An `http` or `https` URL that `URL(string:)` reads unchanged: printable ASCII without
  /// the characters a URL must escape, `%` only before two hex digits, one `#` at most.
  static func isWebURL(_ bytes: [UInt8]) -> Bool {
    let text = String(decoding: bytes, as: UTF8.self)
    guard text.hasPrefix("https://") || text.hasPrefix("http://"), bytes.count > 8 else {
      return false
    }
    let excluded = Set("\"<>\\^`{|}[] ".utf8)
    guard bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F && !excluded.contains($0) }),
      bytes.filter({ $0 == UInt8(ascii: "#") }).count <= 1
    else { return false }
    for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "%") {
      guard index + 2 < bytes.count, isHexDigit(bytes[index + 1]), isHexDigit(bytes[index + 2])
      else { return false }
    }
    return true
  }

  private static func isHexDigit(_ byte: UInt8) -> Bool {
    isDigit(byte) || (0x61...0x66).contains(byte | 0x20)
  }

  /// `8-4-4-4-12` hexadecimal digits.
  static func isUUID(_ bytes: [UInt8]) -> Bool {
    guard bytes.count == 36 else { return false }
    for (index, byte) in bytes.enumerated() {
      if [8, 13, 18, 23].contains(index) {
        guard byte == UInt8(ascii: "-") else { return false }
      } else {
        guard isHexDigit(byte) else { return false }
      }
    }
    return true
  }

  /// A key that is an id rather than a name: all digits, or a UUID.
  static func isIdentifierKey(_ key: String) -> Bool {
    let bytes = Array(key.utf8)
    return (!bytes.isEmpty && bytes.allSatisfy(isDigit)) || isUUID(bytes)
  }

  /// A short word-like value: a letter, then letters, digits, `_`, `-`, `.` or spaces.
  static func isWord(_ bytes: [UInt8]) -> Bool {
    guard let first = bytes.first, bytes.count <= 32, isLetter(first) else { return false }
    return bytes.allSatisfy {
      isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-")
        || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: " ")
    }
  }

  static func isLetter(_ byte: UInt8) -> Bool {
    (0x61...0x7A).contains(byte | 0x20)
  }
}
