/// A JSON number, kept as its exact text so that nothing is rounded on the way through.
///
/// Two numbers are equal when they denote the same decimal value: `1`, `1.0`, `10e-1` and
/// `1E0` are equal; `0.1` and `0.10000000000000001` are not.
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible,
  ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral
{
  /// The number's text: valid JSON number syntax, or `Infinity`, `-Infinity` or `NaN` for
  /// non-finite values.
  public let text: String

  /// Creates a number from its text, if the text is a valid JSON number.
  ///
  /// - Parameter text: Number text such as `-12.5e3`.
  public init?(text: String) {
    // The whole text is one number by the grammar: no whitespace around it.
    var bytes = text
    let isNumber = bytes.withUTF8 { utf8 -> Bool in
      guard let base = utf8.baseAddress, !utf8.isEmpty else { return false }
      let number = JSONGrammar.number(base, end: utf8.count, from: 0)
      return number.flaw == nil && number.stop == utf8.count
    }
    guard isNumber else { return nil }
    self.text = text
  }

  /// Creates a number from validated text (scanner output or normalised JSON5).
  package init(uncheckedText: String) {
    self.text = uncheckedText
  }

  /// Creates a number from an integer, exactly.
  ///
  /// - Parameter value: The integer.
  public init(_ value: some BinaryInteger) {
    self.text = String(value)
  }

  /// Creates a number from a `Double`, written in the shortest form that reads back as the
  /// same `Double`. Whole numbers below 2^53 are written without a fraction (`3`, not `3.0`).
  ///
  /// - Parameter value: The number; infinities and NaN become `Infinity`, `-Infinity`, `NaN`.
  public init(_ value: Double) {
    self.text = Self.shortestText(value)
  }

  /// Creates a number from an integer literal.
  ///
  /// - Parameter value: The literal.
  public init(integerLiteral value: Int) {
    self.init(value)
  }

  /// Creates a number from a floating-point literal.
  ///
  /// - Parameter value: The literal.
  public init(floatLiteral value: Double) {
    self.init(value)
  }

  static func shortestText(_ value: Double) -> String {
    if value.isNaN { return "NaN" }
    if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
    if value == value.rounded(), abs(value) < 9_007_199_254_740_992 {
      if value == 0 { return value.sign == .minus ? "-0" : "0" }
      return String(Int64(value))
    }
    return value.description
  }

  /// False for `Infinity`, `-Infinity` and `NaN`.
  public var isFinite: Bool {
    guard let first = text.utf8.first else { return false }
    return first == UInt8(ascii: "-")
      ? text.utf8.dropFirst().first != UInt8(ascii: "I")
      : first != UInt8(ascii: "I") && first != UInt8(ascii: "N")
  }

  /// The nearest `Double`, or `nil` when the magnitude exceeds `Double`'s range.
  public var double: Double? {
    var text = text
    return text.withUTF8 { NumberConversion.double($0, nonStandard: !isFinite) }
  }

  /// The value as an integer of type `T`, or `nil` when it is not a whole number or does not fit.
  ///
  /// - Parameter type: The integer type.
  /// - Returns: The value, exactly, or `nil`.
  public func integer<T: FixedWidthInteger>(_ type: T.Type = T.self) -> T? {
    guard isFinite else { return nil }
    var text = text
    return text.withUTF8 {
      if case .value(let value) = NumberConversion.integer($0, as: T.self, simple: false) {
        return value
      }
      return nil
    }
  }

  /// The number's text.
  public var description: String { text }

  /// The decimal value as sign, significant digits (no leading or trailing zeros) and the
  /// power of ten of the last digit, in decimal: the basis of equality and hashing. The power
  /// is kept as text because an exponent may have more digits than any integer type holds
  /// (`1e99999999999999999999` is not `1`).
  package var canonical: (negative: Bool, digits: Substring, exponent: String)? {
    guard isFinite else { return nil }
    let utf8 = Array(text.utf8)
    var i = 0
    var negative = false
    if utf8[0] == UInt8(ascii: "-") {
      negative = true
      i = 1
    }
    var digits: [UInt8] = []
    var fraction = 0
    var inFraction = false
    while i < utf8.count, utf8[i] | 0x20 != UInt8(ascii: "e") {
      if utf8[i] == UInt8(ascii: ".") {
        inFraction = true
      } else {
        if !(digits.isEmpty && utf8[i] == UInt8(ascii: "0")) { digits.append(utf8[i]) }
        if inFraction { fraction += 1 }
      }
      i += 1
    }
    var trailingZeros = 0
    while digits.last == UInt8(ascii: "0") {
      digits.removeLast()
      trailingZeros += 1
    }
    if digits.isEmpty { return (false, "", "0") }
    // The written exponent plus a small adjustment (both bounded by the text's length).
    let exponent = Self.exponent(
      i < utf8.count ? utf8[(i + 1)...] : [], plus: trailingZeros - fraction)
    return (negative, Substring(String(decoding: digits, as: UTF8.self)), exponent)
  }

  /// The decimal text of `written` (an exponent's optional sign and digits) plus `delta`.
  private static func exponent(_ written: ArraySlice<UInt8>, plus delta: Int) -> String {
    var negative = false
    var digits = written[...]
    if let sign = digits.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
      negative = sign == UInt8(ascii: "-")
      digits = digits.dropFirst()
    }
    digits = digits.drop { $0 == UInt8(ascii: "0") }
    if digits.count <= 18 {
      // Fits in an `Int` with room for `delta`.
      var value = 0
      for digit in digits { value = value * 10 + Int(digit - UInt8(ascii: "0")) }
      return String((negative ? -value : value) + delta)
    }
    // A magnitude of at least 10^18: adding `delta` (far smaller) keeps the sign, and changes
    // the magnitude by `delta` towards or away from zero.
    var magnitude = Array(digits)
    let change = negative ? -delta : delta
    var carry = change.magnitude
    var position = magnitude.count - 1
    if change >= 0 {
      while carry > 0 {
        if position < 0 {
          magnitude.insert(UInt8(ascii: "0"), at: 0)
          position = 0
        }
        let sum = UInt(magnitude[position] - UInt8(ascii: "0")) + carry % 10
        magnitude[position] = UInt8(ascii: "0") + UInt8(sum % 10)
        carry = carry / 10 + sum / 10
        position -= 1
      }
    } else {
      var borrow = carry
      while borrow > 0, position >= 0 {
        let digit = Int(magnitude[position] - UInt8(ascii: "0")) - Int(borrow % 10)
        borrow /= 10
        if digit < 0 {
          magnitude[position] = UInt8(ascii: "0") + UInt8(digit + 10)
          borrow += 1
        } else {
          magnitude[position] = UInt8(ascii: "0") + UInt8(digit)
        }
        position -= 1
      }
      while magnitude.first == UInt8(ascii: "0") { magnitude.removeFirst() }
    }
    return (negative ? "-" : "") + String(decoding: magnitude, as: UTF8.self)
  }

  /// True when both numbers denote the same decimal value.
  ///
  /// - Parameters:
  ///   - lhs: A number.
  ///   - rhs: Another number.
  /// - Returns: Whether they are equal.
  public static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
    if lhs.text == rhs.text { return true }
    guard let l = lhs.canonical, let r = rhs.canonical else { return false }
    return l.negative == r.negative && l.digits == r.digits && l.exponent == r.exponent
  }

  /// Hashes the decimal value, so equal numbers hash equally.
  ///
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) {
    if let canonical {
      hasher.combine(canonical.negative)
      hasher.combine(canonical.digits)
      hasher.combine(canonical.exponent)
    } else {
      hasher.combine(text)
    }
  }
}
