/// Strict JSON's token rules (RFC 8259), written once for every reader of text: the scanner
/// that builds a document's tape and the one-pass reader of models. Each rule reads one token
/// of `base[..<end]` at a position and says where the token ends, or which rule it broke and
/// where. What a broken rule means is the reader's: the scanner reports it with a message, or
/// accepts it when a leniency of its options allows; the one-pass reader gives up.
///
/// The rules are inlined into both readers: their results are plain values, so a reader pays
/// nothing for sharing them.
enum JSONGrammar {
  // MARK: Numbers

  /// What a number token broke.
  enum NumberFlaw: Equatable {
    /// No digit where the number starts (after its `-`).
    case noDigit
    /// A `0` followed by more digits.
    case leadingZero
    /// No digit after the decimal point.
    case noFractionDigit
    /// No digit in the exponent.
    case noExponentDigit
  }

  /// A number token: where its text stops and whether it has neither fraction nor exponent;
  /// or, with a flaw, where the flaw is (the number's start for a leading zero).
  struct Number {
    var stop: Int
    var isInteger: Bool
    var flaw: NumberFlaw?
  }

  /// Reads the number whose text starts at `start`: `-? (0 | [1-9][0-9]*) (. [0-9]+)?
  /// ([eE] [+-]? [0-9]+)?`.
  @inline(__always)
  static func number(_ base: UnsafePointer<UInt8>, end: Int, from start: Int) -> Number {
    var i = start
    if i < end, base[i] == UInt8(ascii: "-") { i &+= 1 }
    guard i < end else { return Number(stop: i, isInteger: true, flaw: .noDigit) }
    let first = base[i]
    if first == UInt8(ascii: "0") {
      i &+= 1
      if i < end, isDigit(base[i]) {
        return Number(stop: start, isInteger: true, flaw: .leadingZero)
      }
    } else if isDigit(first) {
      i = digitRunEnd(base, end: end, from: i &+ 1)
    } else {
      return Number(stop: i, isInteger: true, flaw: .noDigit)
    }
    var isInteger = true
    if i < end, base[i] == UInt8(ascii: ".") {
      isInteger = false
      i &+= 1
      guard i < end, isDigit(base[i]) else {
        return Number(stop: i, isInteger: false, flaw: .noFractionDigit)
      }
      i = digitRunEnd(base, end: end, from: i &+ 1)
    }
    if i < end, base[i] | 0x20 == UInt8(ascii: "e") {
      isInteger = false
      i &+= 1
      if i < end, base[i] == UInt8(ascii: "+") || base[i] == UInt8(ascii: "-") { i &+= 1 }
      guard i < end, isDigit(base[i]) else {
        return Number(stop: i, isInteger: false, flaw: .noExponentDigit)
      }
      i = digitRunEnd(base, end: end, from: i &+ 1)
    }
    return Number(stop: i, isInteger: isInteger, flaw: nil)
  }

  @inline(__always)
  static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

  // MARK: Literals

  /// Whether `word` (`true`, `false`, `null`) is at `offset`: its first four bytes in one
  /// load, then the fifth of `false`.
  @inline(__always)
  static func literal(_ word: StaticString, _ base: UnsafePointer<UInt8>, end: Int, at offset: Int)
    -> Bool
  {
    let count = word.utf8CodeUnitCount
    guard end &- offset >= count else { return false }
    let text = word.utf8Start
    let found = UnsafeRawPointer(base + offset).loadUnaligned(as: UInt32.self)
    let expected = UnsafeRawPointer(text).loadUnaligned(as: UInt32.self)
    return found == expected && (count == 4 || base[offset &+ 4] == text[4])
  }

  // MARK: Escapes

  /// An escape in a string, read from its backslash.
  enum Escape {
    /// One of strict JSON's escapes; the index after it.
    case end(Int)
    /// `\u` of a surrogate without its other half (the escape is six bytes long).
    case loneSurrogate(UInt32)
    /// A backslash followed by a byte strict JSON does not escape (JSON5's and Flickr's
    /// escapes among them).
    case other(UInt8)
    /// The input ends after the backslash.
    case truncated
    /// The input ends inside the four hexadecimal digits of the `\u` escape whose backslash
    /// is at the offset.
    case truncatedHex(escape: Int)
    /// A byte that is not a hexadecimal digit (at `digit`) in the `\u` escape whose backslash
    /// is at `escape`.
    case badHex(escape: Int, digit: Int)
  }

  /// Reads the escape whose backslash is at `offset`.
  @inline(__always)
  static func escape(_ base: UnsafePointer<UInt8>, end: Int, at offset: Int) -> Escape {
    guard offset &+ 1 < end else { return .truncated }
    let byte = base[offset &+ 1]
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
      UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
      return .end(offset &+ 2)
    case UInt8(ascii: "u"):
      let (value, flaw) = hexQuad(base, end: end, escape: offset)
      if let flaw { return flaw }
      switch value {
      case 0xD800...0xDBFF:
        if offset &+ 7 < end, base[offset &+ 6] == UInt8(ascii: "\\"),
          base[offset &+ 7] == UInt8(ascii: "u")
        {
          let (low, lowFlaw) = hexQuad(base, end: end, escape: offset &+ 6)
          if let lowFlaw { return lowFlaw }
          if (0xDC00...0xDFFF).contains(low) { return .end(offset &+ 12) }
        }
        return .loneSurrogate(value)
      case 0xDC00...0xDFFF:
        return .loneSurrogate(value)
      default:
        return .end(offset &+ 6)
      }
    default:
      return .other(byte)
    }
  }

  /// The value of the four hexadecimal digits of the `\u` escape whose backslash is at
  /// `escape`, or what is wrong with them.
  @inline(__always)
  static func hexQuad(_ base: UnsafePointer<UInt8>, end: Int, escape: Int) -> (
    UInt32, Escape?
  ) {
    let start = escape &+ 2
    var value: UInt32 = 0
    for k in 0..<4 {
      guard start &+ k < end else { return (0, .truncatedHex(escape: escape)) }
      guard let digit = hexValue(base[start &+ k]) else {
        return (0, .badHex(escape: escape, digit: start &+ k))
      }
      value = value << 4 | UInt32(digit)
    }
    return (value, nil)
  }
}
