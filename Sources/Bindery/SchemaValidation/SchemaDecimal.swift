import BinderyJSON

/// A JSON number as an exact decimal: sign, significant digits with no leading or trailing
/// zeros, and the power of ten of the last digit. Schema bounds and `multipleOf` compare
/// these, so `0.0075` is a multiple of `0.0001` and `9007199254740993` is above
/// `9007199254740992`, where `Double` would round.
struct SchemaDecimal: Sendable {
  var negative: Bool
  /// ASCII digits, empty for zero.
  var digits: [UInt8]
  /// The power of ten of the last digit; exponents beyond `Int`'s range are clamped (numbers
  /// that large or small compare by sign and size alone).
  var exponent: Int

  /// The number's decimal value, from the decomposition `JSONNumber` equality uses; nil for
  /// text that is not a finite number (JSON5's `NaN` and `Infinity`).
  init?(_ number: JSONNumber) {
    guard let canonical = number.canonical else { return nil }
    negative = canonical.negative
    digits = Array(canonical.digits.utf8)
    // An exponent too long for `Int` is clamped: such a number is past any digit count.
    let limit = 1 << 40
    exponent =
      Int(canonical.exponent).map { min(max($0, -limit), limit) }
      ?? (canonical.exponent.hasPrefix("-") ? -limit : limit)
  }

  var isZero: Bool { digits.isEmpty }

  /// Whether the number has no fractional part.
  var isInteger: Bool { isZero || exponent >= 0 }

  /// The power of ten of the first digit: orders magnitudes of non-zero numbers.
  private var leadingExponent: Int { exponent + digits.count - 1 }

  /// -1, 0 or 1 as `self` is below, equal to or above `other`.
  func compare(_ other: SchemaDecimal) -> Int {
    if isZero && other.isZero { return 0 }
    if negative != other.negative || isZero || other.isZero {
      let left = isZero ? 0 : (negative ? -1 : 1)
      let right = other.isZero ? 0 : (other.negative ? -1 : 1)
      return left < right ? -1 : 1
    }
    let magnitude = compareMagnitude(other)
    return negative ? -magnitude : magnitude
  }

  private func compareMagnitude(_ other: SchemaDecimal) -> Int {
    if leadingExponent != other.leadingExponent {
      return leadingExponent < other.leadingExponent ? -1 : 1
    }
    let count = max(digits.count, other.digits.count)
    for k in 0..<count {
      let a = k < digits.count ? digits[k] : UInt8(ascii: "0")
      let b = k < other.digits.count ? other.digits[k] : UInt8(ascii: "0")
      if a != b { return a < b ? -1 : 1 }
    }
    return 0
  }

  /// Whether `self` is an integer multiple of `divisor` (a positive number), exactly.
  func isMultiple(of divisor: SchemaDecimal) -> Bool {
    if isZero { return true }
    guard !divisor.isZero else { return false }
    // self = a·10^e, divisor = b·10^f with a and b free of trailing zeros: a multiple needs
    // e ≥ f (else a would have to be divisible by 10), then b | a·10^(e−f).
    guard exponent >= divisor.exponent else { return false }
    guard divisor.digits.count <= 18 else {
      // A divisor with more significant digits than 64 bits hold: decided in Double.
      guard let a = Double(text), let b = Double(divisor.text) else { return false }
      let quotient = a / b
      return quotient.isFinite ? quotient == quotient.rounded() : false
    }
    var b: UInt64 = 0
    for digit in divisor.digits { b = b * 10 + UInt64(digit - UInt8(ascii: "0")) }
    var remainder: UInt64 = 0
    for digit in digits {
      remainder = Self.multiplyAdd(remainder, 10, UInt64(digit - UInt8(ascii: "0")), modulo: b)
    }
    // Times 10^(e−f) mod b, by squaring.
    var power = exponent - divisor.exponent
    var base: UInt64 = 10 % b
    while power > 0, remainder != 0 {
      if power & 1 == 1 { remainder = Self.multiplyAdd(remainder, base, 0, modulo: b) }
      base = Self.multiplyAdd(base, base, 0, modulo: b)
      power >>= 1
    }
    return remainder == 0
  }

  /// (x·y + z) mod m, without overflow.
  private static func multiplyAdd(_ x: UInt64, _ y: UInt64, _ z: UInt64, modulo m: UInt64)
    -> UInt64
  {
    let product = x.multipliedFullWidth(by: y)
    let (low, carry) = product.low.addingReportingOverflow(z)
    let high = product.high &+ (carry ? 1 : 0)
    return m.dividingFullWidth((high % m, low)).remainder
  }

  /// The number as text (for the rare cases decided in `Double`).
  var text: String {
    if isZero { return "0" }
    return (negative ? "-" : "") + String(decoding: digits, as: UTF8.self) + "e\(exponent)"
  }
}
