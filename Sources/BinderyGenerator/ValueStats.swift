import Bindery

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
    case .twitter: ".dateFormat(\"\(Self.twitterPattern)\")"
    case .rfc2822: ".dateFormat(\"\(Self.rfc2822Pattern)\")"
    case .rfc1123: ".rfc1123"
    case .unixSeconds: ".unixSeconds"
    case .unixMilliseconds: ".unixMilliseconds"
    }
  }

  /// The library's format that reads what ``transform`` names (nil for the numeric ones, which
  /// strings never hold).
  var library: JSONDateFormat? {
    switch self {
    case .rfc3339: .iso8601
    case .twitter: Self.twitterFormat
    case .rfc2822: Self.rfc2822Format
    case .rfc1123: .rfc1123
    case .unixSeconds, .unixMilliseconds: nil
    }
  }

  private static let twitterPattern = "EEE MMM dd HH:mm:ss Z yyyy"
  private static let rfc2822Pattern = "EEE, dd MMM yyyy HH:mm:ss Z"
  private static let twitterFormat = JSONDateFormat.dateFormat(twitterPattern)
  private static let rfc2822Format = JSONDateFormat.dateFormat(rfc2822Pattern)
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

  /// Whether a string holds a date in the format, by the library's own rule for it: exactly
  /// what the model the generator writes (its `@Transform`, or the `.iso8601` default) reads.
  static func matches(_ bytes: [UInt8], _ format: DateFormat) -> Bool {
    guard let library = format.library else { return false }
    return library.date(fromText: String(decoding: bytes, as: UTF8.self)) != nil
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  // MARK: URLs, UUIDs, ids, words

  /// An `http` or `https` URL that a model's `URL` property reads, by the library's own rule
  /// (an RFC 3986 reference that `URL` reads back unchanged).
  static func isWebURL(_ bytes: [UInt8]) -> Bool {
    let text = String(decoding: bytes, as: UTF8.self)
    guard text.hasPrefix("https://") || text.hasPrefix("http://"), bytes.count > 8 else {
      return false
    }
    return JSONURLTransformer.url(fromText: text) != nil
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
