/// How many terminal columns text takes: East Asian wide and fullwidth characters (CJK,
/// Hangul, fullwidth forms, most emoji) take two, combining marks and zero-width characters
/// none, everything else one; so that a table with Japanese titles still lines up.
enum DisplayWidth {
  /// The columns `text` takes.
  static func of(_ text: some StringProtocol) -> Int {
    text.unicodeScalars.reduce(0) { $0 + of($1) }
  }

  /// The columns one scalar takes: 0, 1 or 2.
  static func of(_ scalar: Unicode.Scalar) -> Int {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    let value = scalar.value
    if (0xFE00...0xFE0F).contains(value) || value == 0x200B { return 0 }
    return wideRanges.contains { $0.contains(value) } ? 2 : 1
  }

  /// The East Asian Wide (W) and Fullwidth (F) blocks of Unicode's UAX #11, and the emoji
  /// blocks terminals draw two columns wide.
  static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F,  // Hangul Jamo initials
    0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F3, 0x25FD...0x25FE,
    0x2614...0x2615, 0x2648...0x2653, 0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5,
    0x26F2...0x26F5, 0x2705...0x2705, 0x270A...0x270B, 0x2728...0x2728, 0x274C...0x274C,
    0x2753...0x2755, 0x2795...0x2797, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55,
    0x2E80...0x303E,  // CJK radicals, Kangxi, ideographic description, CJK symbols
    0x3041...0x33FF,  // Hiragana, Katakana, Bopomofo, Hangul compatibility, CJK compatibility
    0x3400...0x4DBF,  // CJK extension A
    0x4E00...0x9FFF,  // CJK unified ideographs
    0xA000...0xA4CF,  // Yi
    0xA960...0xA97F,  // Hangul Jamo extended A
    0xAC00...0xD7A3,  // Hangul syllables
    0xF900...0xFAFF,  // CJK compatibility ideographs
    0xFE10...0xFE19, 0xFE30...0xFE6F,  // vertical and small forms
    0xFF00...0xFF60, 0xFFE0...0xFFE6,  // fullwidth forms
    0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF,  // Tangut, Kana supplements
    0x1F004...0x1F004, 0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E, 0x1F191...0x1F19A,
    0x1F200...0x1F2FF,  // enclosed ideographic supplement
    0x1F300...0x1F64F,  // pictographs and emoticons
    0x1F680...0x1F6FF,  // transport and map symbols
    0x1F7E0...0x1F7EB, 0x1F90C...0x1F9FF, 0x1FA70...0x1FAFF,  // emoji
    0x20000...0x2FFFD, 0x30000...0x3FFFD,  // CJK extensions B onwards
  ]

  /// `text` cut to at most `width` columns, with an ellipsis when it was longer.
  static func cut(_ text: String, to width: Int) -> String {
    guard of(text) > width else { return text }
    var result = ""
    var used = 0
    for character in text {
      let columns = of(String(character))
      if used + columns > width - 1 { break }
      result.append(character)
      used += columns
    }
    return result + "…"
  }

  /// `text` followed by spaces up to `width` columns.
  static func padded(_ text: String, to width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - of(text)))
  }
}
