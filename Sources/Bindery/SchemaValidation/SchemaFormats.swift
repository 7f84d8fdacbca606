import BinderyJSON

/// The `format`s a validator asserts when asked to, each by its RFC's grammar.
///
/// Known: `date-time`, `date`, `time` and `duration` (RFC 3339, leap seconds only at 23:59:60
/// UTC), `email` (RFC 5321 mailboxes, IP literals included), `idn-email` (RFC 6531's, which
/// allow Unicode in the local part and the domain), `hostname` (RFC 1123 labels; an `xn--`
/// label must be an IDNA2008 A-label), `idn-hostname` (IDNA2008 U-labels too), `ipv4`, `ipv6`
/// (RFC 4291 text forms), `uri`, `uri-reference`, `iri`, `iri-reference` (RFC 3986 and 3987),
/// `uuid` (RFC 4122 text), `json-pointer`, `relative-json-pointer`, `regex` (a pattern this
/// validator compiles) and `uri-template` (RFC 6570 expressions). Any other format is an
/// annotation only.
enum SchemaFormats {
  /// Whether `text` has `format`; nil for a format not known (which every string has).
  static func check(_ format: String, _ text: String, draft: JSONSchemaDraft) -> Bool? {
    let bytes = Array(text.utf8)
    switch format {
    case "date": return isDate(bytes[...])
    case "time": return isTime(bytes[...])
    case "date-time": return isDateTime(bytes)
    case "duration": return isDuration(bytes)
    case "email": return isEmail(bytes, international: false)
    case "idn-email": return isEmail(bytes, international: true)
    case "hostname":
      return IDNA.isHostname(text, international: false, reservesHyphens: draft >= .draft7)
    case "idn-hostname":
      return IDNA.isHostname(text, international: true, reservesHyphens: true)
    case "ipv4": return isIPv4(bytes[...])
    case "ipv6": return isIPv6(bytes[...])
    case "uri": return isURI(bytes, absolute: true, international: false)
    case "uri-reference": return isURI(bytes, absolute: false, international: false)
    case "iri": return isURI(bytes, absolute: true, international: true)
    case "iri-reference": return isURI(bytes, absolute: false, international: true)
    case "uuid": return isUUID(bytes)
    case "json-pointer": return isJSONPointer(bytes[...])
    case "relative-json-pointer": return isRelativeJSONPointer(bytes)
    case "regex": return (try? SchemaPattern(text)) != nil
    case "uri-template": return isURITemplate(bytes)
    default: return nil
    }
  }

  // MARK: Dates and times

  private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

  /// The value of `count` ASCII digits at the start of `bytes`, or nil.
  private static func number(_ bytes: ArraySlice<UInt8>, _ count: Int) -> Int? {
    guard bytes.count >= count else { return nil }
    var value = 0
    for byte in bytes.prefix(count) {
      guard isDigit(byte) else { return nil }
      value = value * 10 + Int(byte - 0x30)
    }
    return value
  }

  static func isDate(_ bytes: ArraySlice<UInt8>) -> Bool {
    guard bytes.count == 10, let year = number(bytes, 4),
      bytes[bytes.startIndex + 4] == UInt8(ascii: "-"),
      let month = number(bytes.dropFirst(5), 2),
      bytes[bytes.startIndex + 7] == UInt8(ascii: "-"),
      let day = number(bytes.dropFirst(8), 2), (1...12).contains(month), day >= 1
    else { return false }
    return day <= ISO8601.daysInMonth(year: year, month: month)
  }

  static func isTime(_ bytes: ArraySlice<UInt8>) -> Bool {
    guard bytes.count >= 9, let hour = number(bytes, 2),
      bytes[bytes.startIndex + 2] == UInt8(ascii: ":"),
      let minute = number(bytes.dropFirst(3), 2),
      bytes[bytes.startIndex + 5] == UInt8(ascii: ":"),
      let second = number(bytes.dropFirst(6), 2), hour < 24, minute < 60, second <= 60
    else { return false }
    var rest = bytes.dropFirst(8)
    if rest.first == UInt8(ascii: ".") {
      rest = rest.dropFirst()
      let digits = rest.prefix(while: isDigit)
      guard !digits.isEmpty else { return false }
      rest = rest.dropFirst(digits.count)
    }
    var offset = 0
    switch rest.first {
    case UInt8(ascii: "Z"), UInt8(ascii: "z"):
      guard rest.count == 1 else { return false }
    case UInt8(ascii: "+"), UInt8(ascii: "-"):
      guard rest.count == 6, let hours = number(rest.dropFirst(), 2),
        rest[rest.startIndex + 3] == UInt8(ascii: ":"),
        let minutes = number(rest.dropFirst(4), 2), hours < 24, minutes < 60
      else { return false }
      offset = (hours * 60 + minutes) * (rest.first == UInt8(ascii: "+") ? 1 : -1)
    default:
      return false
    }
    if second == 60 {
      // A leap second is 23:59:60 in UTC.
      let utc = ((hour * 60 + minute - offset) % 1440 + 1440) % 1440
      return utc == 23 * 60 + 59
    }
    return true
  }

  static func isDateTime(_ bytes: [UInt8]) -> Bool {
    guard bytes.count > 11, bytes[10] | 0x20 == UInt8(ascii: "t") else { return false }
    return isDate(bytes[..<10]) && isTime(bytes[11...])
  }

  /// ISO 8601 durations as RFC 3339's appendix A gives them.
  static func isDuration(_ bytes: [UInt8]) -> Bool {
    guard bytes.first == UInt8(ascii: "P"), bytes.count > 1 else { return false }
    var rest = bytes.dropFirst()
    // Units in order, each right after the one before (`P1Y2D` and `PT1H2S` skip one).
    func units(_ allowed: [UInt8]) -> Int? {
      var next: Int? = nil
      var found = 0
      while let first = rest.first, isDigit(first) {
        let digits = rest.prefix(while: isDigit)
        rest = rest.dropFirst(digits.count)
        guard let unit = rest.first, let position = allowed.firstIndex(of: unit),
          next == nil || position == next
        else { return nil }
        next = position + 1
        found += 1
        rest = rest.dropFirst()
      }
      return found
    }
    if bytes.last == UInt8(ascii: "W") {
      guard let found = units([UInt8(ascii: "W")]) else { return false }
      return found == 1 && rest.isEmpty
    }
    guard let dateUnits = units([UInt8(ascii: "Y"), UInt8(ascii: "M"), UInt8(ascii: "D")]) else {
      return false
    }
    if rest.isEmpty { return dateUnits > 0 }
    guard rest.first == UInt8(ascii: "T") else { return false }
    rest = rest.dropFirst()
    guard let timeUnits = units([UInt8(ascii: "H"), UInt8(ascii: "M"), UInt8(ascii: "S")]) else {
      return false
    }
    return timeUnits > 0 && rest.isEmpty
  }

  // MARK: Internet names and addresses

  private static func isAlphanumeric(_ byte: UInt8) -> Bool {
    isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
  }

  /// Dotted-decimal IPv4: four numbers up to 255, without leading zeros.
  static func isIPv4(_ bytes: ArraySlice<UInt8>) -> Bool {
    let parts = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
    guard parts.count == 4 else { return false }
    for part in parts {
      guard (1...3).contains(part.count), part.allSatisfy(isDigit),
        part.count == 1 || part.first != UInt8(ascii: "0"),
        let value = number(part, part.count), value <= 255
      else { return false }
    }
    return true
  }

  static func isIPv6(_ bytes: ArraySlice<UInt8>) -> Bool {
    guard !bytes.isEmpty else { return false }
    var groups = bytes.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
    var count = 0
    // An IPv4 address may take the last two groups' place.
    if let last = groups.last, last.contains(UInt8(ascii: ".")) {
      guard isIPv4(last) else { return false }
      groups.removeLast()
      groups.append([0x30])
      count += 1
    }
    let text = Array(bytes)
    let compressed = text.indices.dropLast().filter {
      text[$0] == UInt8(ascii: ":") && text[$0 + 1] == UInt8(ascii: ":")
    }
    guard compressed.count <= 1 else { return false }
    if compressed.isEmpty {
      guard groups.count + count == 8 else { return false }
      return groups.allSatisfy(isHexGroup)
    }
    // Empty groups only where `::` is (two at an end, three for `::` alone).
    var empties = 0
    for group in groups where group.isEmpty { empties += 1 }
    let atStart = text.starts(with: [0x3A, 0x3A])
    let atEnd = text.count >= 2 && text.suffix(2) == [0x3A, 0x3A]
    let expectedEmpties = text.count == 2 ? 3 : (atStart || atEnd ? 2 : 1)
    guard empties == expectedEmpties else { return false }
    let written = groups.filter { !$0.isEmpty }
    guard written.allSatisfy(isHexGroup) else { return false }
    return written.count + count <= 7
  }

  private static func isHexGroup(_ group: ArraySlice<UInt8>) -> Bool {
    (1...4).contains(group.count) && group.allSatisfy(\.isHexDigit)
  }

  /// RFC 5321 mailboxes; with `international`, RFC 6531's: scalars beyond ASCII in the local
  /// part (in atoms and quoted strings) and an internationalized host name.
  static func isEmail(_ bytes: [UInt8], international: Bool) -> Bool {
    guard let at = bytes.lastIndex(of: UInt8(ascii: "@")), at > 0 else { return false }
    let local = bytes[..<at]
    let domain = bytes[(at + 1)...]
    if local.first == UInt8(ascii: "\"") {
      // A quoted string: printable ASCII, with `\` quoting the next character.
      guard local.count >= 2, local.last == UInt8(ascii: "\"") else { return false }
      var escaped = false
      for byte in local.dropFirst().dropLast() {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") || byte < 0x20 || byte == 0x7F
          || (byte > 0x7F && !international)
        {
          return false
        }
      }
      if escaped { return false }
    } else {
      let atext = Set("!#$%&'*+-/=?^_`{|}~".utf8)
      for word in local.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false) {
        guard !word.isEmpty,
          word.allSatisfy({
            isAlphanumeric($0) || atext.contains($0) || ($0 > 0x7F && international)
          })
        else {
          return false
        }
      }
    }
    if domain.first == UInt8(ascii: "[") {
      guard domain.last == UInt8(ascii: "]") else { return false }
      let literal = domain.dropFirst().dropLast()
      if literal.starts(with: Array("IPv6:".utf8)) { return isIPv6(literal.dropFirst(5)) }
      return isIPv4(literal)
    }
    return IDNA.isHostname(
      String(decoding: domain, as: UTF8.self), international: international,
      reservesHyphens: true)
  }

  // MARK: URIs and their kin

  /// RFC 3986 (and, with `international`, RFC 3987): a reference, or with `absolute` one with a
  /// scheme.
  static func isURI(_ bytes: [UInt8], absolute: Bool, international: Bool) -> Bool {
    func allowed(_ byte: UInt8, extra: String) -> Bool {
      if byte >= 0x80 { return international }
      return isAlphanumeric(byte) || "-._~!$&'()*+,;=".utf8.contains(byte)
        || extra.utf8.contains(byte)
    }
    /// Whether every byte is allowed, `%` followed by two hex digits included.
    func valid(_ part: ArraySlice<UInt8>, extra: String) -> Bool {
      var index = part.startIndex
      while index < part.endIndex {
        let byte = part[index]
        if byte == UInt8(ascii: "%") {
          guard index + 2 < part.endIndex, part[index + 1].isHexDigit, part[index + 2].isHexDigit
          else {
            return false
          }
          index += 3
          continue
        }
        guard allowed(byte, extra: extra) else { return false }
        index += 1
      }
      return true
    }
    var rest = bytes[...]
    if let hash = rest.firstIndex(of: UInt8(ascii: "#")) {
      guard valid(rest[(hash + 1)...], extra: ":@/?") else { return false }
      rest = rest[..<hash]
    }
    if let mark = rest.firstIndex(of: UInt8(ascii: "?")) {
      guard valid(rest[(mark + 1)...], extra: ":@/?") else { return false }
      rest = rest[..<mark]
    }
    var hasScheme = false
    if let colon = rest.firstIndex(of: UInt8(ascii: ":")),
      !rest[..<colon].contains(UInt8(ascii: "/")), colon > rest.startIndex
    {
      let scheme = rest[..<colon]
      guard let first = scheme.first, isAlphanumeric(first), !isDigit(first),
        scheme.allSatisfy({ isAlphanumeric($0) || "+-.".utf8.contains($0) })
      else { return false }
      hasScheme = true
      rest = rest[(colon + 1)...]
    }
    if absolute && !hasScheme { return false }
    if rest.starts(with: [0x2F, 0x2F]) {
      rest = rest.dropFirst(2)
      let end = rest.firstIndex(of: UInt8(ascii: "/")) ?? rest.endIndex
      var authority = rest[..<end]
      rest = rest[end...]
      if let at = authority.lastIndex(of: UInt8(ascii: "@")) {
        guard valid(authority[..<at], extra: ":") else { return false }
        authority = authority[(at + 1)...]
      }
      if authority.first == UInt8(ascii: "[") {
        guard let close = authority.firstIndex(of: UInt8(ascii: "]")) else { return false }
        let literal = authority[(authority.startIndex + 1)..<close]
        guard isIPv6(literal) || isIPFuture(literal) else { return false }
        authority = authority[(close + 1)...]
        if !authority.isEmpty {
          guard authority.first == UInt8(ascii: ":") else { return false }
        }
      }
      if let colon = authority.lastIndex(of: UInt8(ascii: ":")) {
        guard authority[(colon + 1)...].allSatisfy(isDigit) else { return false }
        authority = authority[..<colon]
      }
      guard valid(authority, extra: "") else { return false }
    } else if !hasScheme, let colon = rest.firstIndex(of: UInt8(ascii: ":")),
      !rest[..<colon].contains(UInt8(ascii: "/"))
    {
      // A relative reference's first segment may not hold a colon.
      return false
    }
    return valid(rest, extra: ":@/")
  }

  /// RFC 3986's `IPvFuture`: `v`, hexadecimal digits, `.`, then unreserved, sub-delims or `:`.
  private static func isIPFuture(_ literal: ArraySlice<UInt8>) -> Bool {
    guard literal.first.map({ $0 | 0x20 == UInt8(ascii: "v") }) == true else { return false }
    let rest = literal.dropFirst()
    let version = rest.prefix(while: \.isHexDigit)
    let after = rest.dropFirst(version.count)
    guard !version.isEmpty, after.first == UInt8(ascii: "."), after.count > 1 else {
      return false
    }
    return after.dropFirst().allSatisfy {
      isAlphanumeric($0) || "-._~!$&'()*+,;=:".utf8.contains($0)
    }
  }

  static func isUUID(_ bytes: [UInt8]) -> Bool {
    guard bytes.count == 36 else { return false }
    for (index, byte) in bytes.enumerated() {
      if [8, 13, 18, 23].contains(index) {
        guard byte == UInt8(ascii: "-") else { return false }
      } else if !byte.isHexDigit {
        return false
      }
    }
    return true
  }

  /// RFC 6901, as `JSONPath(pointer:)` reads it.
  static func isJSONPointer(_ bytes: ArraySlice<UInt8>) -> Bool {
    (try? JSONPath(pointer: String(decoding: bytes, as: UTF8.self))) != nil
  }

  static func isRelativeJSONPointer(_ bytes: [UInt8]) -> Bool {
    let digits = bytes.prefix(while: isDigit)
    guard !digits.isEmpty, digits.count == 1 || digits.first != UInt8(ascii: "0") else {
      return false
    }
    let rest = bytes.dropFirst(digits.count)
    if rest == [UInt8(ascii: "#")] { return true }
    return isJSONPointer(rest)
  }

  /// RFC 6570: literals, and expressions of an optional operator and a list of variables,
  /// each with an optional prefix length (1 to 9999) or explode mark.
  static func isURITemplate(_ bytes: [UInt8]) -> Bool {
    var index = 0
    func pctEncoded(at position: Int) -> Bool {
      position + 2 < bytes.count && bytes[position + 1].isHexDigit && bytes[position + 2].isHexDigit
    }
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "{") {
        guard let close = bytes[index...].firstIndex(of: UInt8(ascii: "}")),
          isTemplateExpression(bytes[(index + 1)..<close])
        else { return false }
        index = close + 1
        continue
      }
      if byte == UInt8(ascii: "%") {
        guard pctEncoded(at: index) else { return false }
        index += 3
        continue
      }
      if byte <= 0x20 || byte == 0x7F || "\"<>\\^`|}".utf8.contains(byte) { return false }
      index += 1
    }
    return true
  }

  private static func isTemplateExpression(_ body: ArraySlice<UInt8>) -> Bool {
    var body = body
    if let first = body.first, "+#./;?&".utf8.contains(first) { body = body.dropFirst() }
    guard !body.isEmpty else { return false }
    for spec in body.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) {
      var name = spec
      if name.last == UInt8(ascii: "*") {
        name = name.dropLast()
      } else if let colon = name.firstIndex(of: UInt8(ascii: ":")) {
        let length = name[(colon + 1)...]
        guard (1...4).contains(length.count), length.allSatisfy(isDigit),
          length.first != UInt8(ascii: "0")
        else { return false }
        name = name[..<colon]
      }
      // varname: varchars (letters, digits, `_`, %XX), with single dots between them.
      guard !name.isEmpty, name.first != UInt8(ascii: "."), name.last != UInt8(ascii: ".")
      else { return false }
      var position = name.startIndex
      var previousDot = false
      while position < name.endIndex {
        let byte = name[position]
        if byte == UInt8(ascii: "%") {
          guard position + 2 < name.endIndex, name[position + 1].isHexDigit,
            name[position + 2].isHexDigit
          else { return false }
          position += 3
          previousDot = false
          continue
        }
        if byte == UInt8(ascii: ".") {
          if previousDot { return false }
          previousDot = true
        } else {
          guard isAlphanumeric(byte) || byte == UInt8(ascii: "_") else { return false }
          previousDot = false
        }
        position += 1
      }
    }
    return true
  }
}
