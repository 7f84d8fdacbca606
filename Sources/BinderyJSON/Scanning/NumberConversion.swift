/// Converts number text, already validated by the scanner, into Swift numbers — exactly or not
/// at all: a value that does not fit is reported, never rounded or truncated.
package enum NumberConversion {
  /// The outcome of reading number text as an integer.
  package enum IntegerResult<T> {
    case value(T)
    case outOfRange
    case notInteger
  }

  /// Reads `text` as an integer of type `T`. Text with a fraction or exponent is accepted when
  /// it denotes a whole number (`1.0`, `1e2`), as Foundation does.
  package static func integer<T: FixedWidthInteger>(
    _ text: UnsafeBufferPointer<UInt8>, as _: T.Type, simple: Bool
  ) -> IntegerResult<T> {
    var i = 0
    var negative = false
    if text[0] == UInt8(ascii: "-") {
      negative = true
      i = 1
    } else if text[0] == UInt8(ascii: "+") {
      i = 1
    }
    if T.bitWidth > 64 { return wide(text, as: T.self, negative: negative, from: i) }
    var magnitude: UInt64 = 0
    if simple {
      // Plain integer text: the common case, one multiply-add per digit.
      while i < text.count {
        let digit = UInt64(text[i] &- UInt8(ascii: "0"))
        let (shifted, o1) = magnitude.multipliedReportingOverflow(by: 10)
        let (sum, o2) = shifted.addingReportingOverflow(digit)
        if o1 || o2 { return .outOfRange }
        magnitude = sum
        i += 1
      }
    } else {
      switch general(text, from: i, as: UInt64.self) {
      case .value(let value): magnitude = value
      case .outOfRange: return .outOfRange
      case .notInteger: return .notInteger
      }
    }
    // Int and Int64 concretely: this runs unspecialised from other modules, where generic
    // conversions cost a witness call each (measured: 3% of decoding a catalog). `Int` takes
    // this path only where it is 64 bits wide (not on arm64_32 or other 32-bit platforms, which
    // take the generic path).
    if T.self == Int64.self || (T.self == Int.self && Int.bitWidth == 64) {
      let limit = UInt64(Int64.max)
      let value: Int64
      if negative {
        guard magnitude <= limit &+ 1 else { return .outOfRange }
        value = magnitude == limit &+ 1 ? Int64.min : -Int64(magnitude)
      } else {
        guard magnitude <= limit else { return .outOfRange }
        value = Int64(magnitude)
      }
      if T.self == Int64.self { return .value(identityCast(value, to: T.self)) }
      // Exact: `Int` is 64 bits wide here.
      return .value(identityCast(Int(truncatingIfNeeded: value), to: T.self))
    }
    if negative {
      guard T.isSigned else { return magnitude == 0 ? .value(0) : .outOfRange }
      let limit = UInt64(T.max) &+ 1
      guard magnitude <= limit else { return .outOfRange }
      if magnitude == limit { return .value(T.min) }
      return .value(0 - T(magnitude))
    }
    guard magnitude <= UInt64(T.max) else { return .outOfRange }
    return .value(T(magnitude))
  }

  /// Integers wider than 64 bits (`Int128`, `UInt128`), from their sign on.
  private static func wide<T: FixedWidthInteger>(
    _ text: UnsafeBufferPointer<UInt8>, as _: T.Type, negative: Bool, from start: Int
  ) -> IntegerResult<T> {
    let magnitude: T.Magnitude
    switch general(text, from: start, as: T.Magnitude.self) {
    case .value(let value): magnitude = value
    case .outOfRange: return .outOfRange
    case .notInteger: return .notInteger
    }
    if negative {
      guard T.isSigned else { return magnitude == 0 ? .value(0) : .outOfRange }
      let limit = T.Magnitude(T.max) &+ 1
      guard magnitude <= limit else { return .outOfRange }
      if magnitude == limit { return .value(T.min) }
      return .value(0 - T(magnitude))
    }
    guard magnitude <= T.Magnitude(T.max) else { return .outOfRange }
    return .value(T(magnitude))
  }

  /// The magnitude of number text, in any form: fraction, exponent, JSON5.
  private static func general<M: FixedWidthInteger & UnsignedInteger>(
    _ text: UnsafeBufferPointer<UInt8>, from start: Int, as _: M.Type
  ) -> IntegerResult<M> {
    var i = start
    if i + 1 < text.count, text[i] == UInt8(ascii: "0"), text[i + 1] | 0x20 == UInt8(ascii: "x") {
      var value: M = 0
      for byte in text[(i + 2)...] {
        let (shifted, overflow) = value.multipliedReportingOverflow(by: 16)
        if overflow { return .outOfRange }
        value = shifted | M(hexValue(byte) ?? 0)
      }
      return .value(value)
    }
    if i < text.count, text[i] == UInt8(ascii: "I") { return .outOfRange }
    if i < text.count, text[i] == UInt8(ascii: "N") { return .notInteger }
    // Collect the significant digits and the power of ten that scales them.
    var digits: [UInt8] = []
    var fractionDigits = 0
    var inFraction = false
    while i < text.count {
      let byte = text[i]
      if byte == UInt8(ascii: ".") {
        inFraction = true
      } else if byte | 0x20 == UInt8(ascii: "e") {
        break
      } else {
        if !(digits.isEmpty && byte == UInt8(ascii: "0")) { digits.append(byte) }
        if inFraction { fractionDigits += 1 }
      }
      i += 1
    }
    var exponent = 0
    if i < text.count {
      i += 1
      var exponentNegative = false
      if text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+") {
        exponentNegative = text[i] == UInt8(ascii: "-")
        i += 1
      }
      while i < text.count {
        // Clamp: any exponent beyond this puts the value out of every integer range.
        exponent = min(exponent * 10 + Int(text[i] &- UInt8(ascii: "0")), 1 << 40)
        i += 1
      }
      if exponentNegative { exponent = -exponent }
    }
    var scale = exponent - fractionDigits
    while let last = digits.last, last == UInt8(ascii: "0") {
      digits.removeLast()
      scale += 1
    }
    if digits.isEmpty { return .value(0) }
    if scale < 0 { return .notInteger }
    // More digits than `M.max` has (20 for 64 bits, 39 for 128).
    if digits.count + scale > M.bitWidth * 3 / 10 + 1 { return .outOfRange }
    var value: M = 0
    for digit in digits {
      let (shifted, o1) = value.multipliedReportingOverflow(by: 10)
      let (sum, o2) = shifted.addingReportingOverflow(M(digit &- UInt8(ascii: "0")))
      if o1 || o2 { return .outOfRange }
      value = sum
    }
    for _ in 0..<scale {
      let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
      if overflow { return .outOfRange }
      value = shifted
    }
    return .value(value)
  }

  /// Exact powers of ten that a `Double` holds.
  private static let powersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
  ]

  /// Reads `text` as the nearest `Double` (correctly rounded), or `nil` when the magnitude is
  /// beyond `Double`'s range. JSON5's `Infinity` and `NaN` read as themselves.
  package static func double(_ text: UnsafeBufferPointer<UInt8>, nonStandard: Bool) -> Double? {
    if !nonStandard, let decimal = decimal(text) {
      if let fast = clinger(decimal) { return fast }
      if let exact = eiselLemire(decimal) { return exact }
    }
    // Rare: more than 19 significant digits, or JSON5 syntax. The standard library's conversion
    // is correctly rounded and accepts every JSON and JSON5 form.
    let string = String(decoding: text, as: UTF8.self)
    guard let value = Double(string) else { return nil }
    if value.isInfinite {
      let isLiteral = text.contains(UInt8(ascii: "I"))
      return isLiteral ? value : nil
    }
    return value
  }

  /// A number's text as the nearest `Float`, rounded once from the text (rounding through
  /// `Double` first can land on the other side of a halfway point); nil when the magnitude
  /// exceeds `Float`'s range.
  package static func float(_ text: UnsafeBufferPointer<UInt8>) -> Float? {
    // The standard library's conversion is correctly rounded and accepts every JSON and
    // JSON5 form.
    guard let value = Float(String(decoding: text, as: UTF8.self)) else { return nil }
    if value.isInfinite {
      return text.contains(UInt8(ascii: "I")) ? value : nil
    }
    return value
  }

  /// The value of the eight ASCII digits at `i`, or `nil` when any of the eight bytes is not a
  /// digit (SWAR: one load and three multiplications instead of eight steps).
  @inline(__always)
  static func eightDigits(_ text: UnsafeBufferPointer<UInt8>, at i: Int) -> UInt64? {
    guard let base = text.baseAddress else { return nil }
    // The first byte in the lowest bits on every platform.
    let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
    // Every byte is 0x30...0x39: its high nibble is 3, and adding 6 does not carry out of it.
    let highNibbles = word & 0xF0F0_F0F0_F0F0_F0F0
    let carried = ((word &+ 0x0606_0606_0606_0606) & 0xF0F0_F0F0_F0F0_F0F0) >> 4
    guard highNibbles | carried == 0x3333_3333_3333_3333 else { return nil }
    // Pairs, then quadruples, then all eight: each step multiplies the lower half by 10^k and
    // adds the upper half.
    // (Swift binds `>>` tighter than `&*`: the products are parenthesised.)
    var value = ((word & 0x0F0F_0F0F_0F0F_0F0F) &* 2561) >> 8
    value = ((value & 0x00FF_00FF_00FF_00FF) &* 6_553_601) >> 16
    return ((value & 0x0000_FFFF_0000_FFFF) &* 42_949_672_960_001) >> 32
  }

  /// The value of the four ASCII digits at `i`, or `nil` (as ``eightDigits(_:at:)``).
  @inline(__always)
  static func fourDigits(_ text: UnsafeBufferPointer<UInt8>, at i: Int) -> UInt64? {
    guard let base = text.baseAddress else { return nil }
    let word = UInt32(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt32.self))
    let highNibbles = word & 0xF0F0_F0F0
    let carried = ((word &+ 0x0606_0606) & 0xF0F0_F0F0) >> 4
    guard highNibbles | carried == 0x3333_3333 else { return nil }
    let pairs = ((word & 0x0F0F_0F0F) &* 2561) >> 8
    return UInt64(((pairs & 0x00FF_00FF) &* 6_553_601) >> 16)
  }

  /// A JSON number as `±significand × 10^exponent` with at most 19 significant digits.
  struct DecimalNumber {
    var negative: Bool
    var significand: UInt64
    var exponent: Int
  }

  /// Splits a JSON number into significand and exponent, or `nil` when it has more than 19
  /// significant digits or an exponent beyond ±400 (the general path handles those).
  @inline(__always)
  static func decimal(_ text: UnsafeBufferPointer<UInt8>) -> DecimalNumber? {
    var i = 0
    var negative = false
    if text[0] == UInt8(ascii: "-") {
      negative = true
      i = 1
    }
    var significand: UInt64 = 0
    var digits = 0
    var scale = 0
    while i < text.count {
      let digit = text[i] &- UInt8(ascii: "0")
      if digit < 10 {
        if digits < 19 {
          significand = significand &* 10 &+ UInt64(digit)
          if significand != 0 { digits += 1 }
        } else {
          return nil
        }
      } else if text[i] == UInt8(ascii: ".") {
        i += 1
        // Eight fraction digits at a time while they fit, once the significand has begun
        // (leading zeros do not count as significant), then one at a time.
        while significand != 0, digits &+ 8 <= 19, i &+ 8 <= text.count,
          let eight = eightDigits(text, at: i)
        {
          significand = significand &* 100_000_000 &+ eight
          digits &+= 8
          scale &-= 8
          i &+= 8
        }
        if significand != 0, digits &+ 4 <= 19, i &+ 4 <= text.count,
          let four = fourDigits(text, at: i)
        {
          significand = significand &* 10_000 &+ four
          digits &+= 4
          scale &-= 4
          i &+= 4
        }
        while i < text.count {
          let digit = text[i] &- UInt8(ascii: "0")
          guard digit < 10 else { break }
          guard digits < 19 else { return nil }
          significand = significand &* 10 &+ UInt64(digit)
          if significand != 0 { digits += 1 }
          scale -= 1
          i += 1
        }
        continue
      } else {
        break
      }
      i += 1
    }
    if i < text.count {
      // Exponent.
      i += 1
      var exponentNegative = false
      if text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+") {
        exponentNegative = text[i] == UInt8(ascii: "-")
        i += 1
      }
      var exponent = 0
      while i < text.count {
        exponent = exponent * 10 + Int(text[i] &- UInt8(ascii: "0"))
        if exponent > 400 { return nil }
        i += 1
      }
      scale += exponentNegative ? -exponent : exponent
    }
    return DecimalNumber(negative: negative, significand: significand, exponent: scale)
  }

  /// Clinger's fast path: when the decimal significand fits in 53 bits and the power of ten is
  /// exact, one multiplication or division is correctly rounded.
  @inline(__always)
  static func clinger(_ decimal: DecimalNumber) -> Double? {
    guard decimal.significand <= 1 << 53 else { return nil }
    var value = Double(decimal.significand)
    let scale = decimal.exponent
    if scale < 0 {
      guard scale >= -22 else { return nil }
      value /= powersOfTen[-scale]
    } else if scale > 0 {
      guard scale <= 22 else { return nil }
      value *= powersOfTen[scale]
    }
    return decimal.negative ? -value : value
  }

  /// The Eisel–Lemire algorithm (Lemire, "Number Parsing at a Gigabyte per Second", 2021):
  /// the correctly rounded `Double` of a significand of at most 19 digits times a power of ten,
  /// from one or two 64×128-bit multiplications by a table of powers of five. `nil` only when
  /// the value overflows `Double`.
  static func eiselLemire(_ decimal: DecimalNumber) -> Double? {
    let q = decimal.exponent
    var w = decimal.significand
    let sign: UInt64 = decimal.negative ? 1 << 63 : 0
    if w == 0 || q < smallestPowerOfFive { return Double(bitPattern: sign) }
    if q > 308 { return nil }
    let leadingZeros = w.leadingZeroBitCount
    w <<= UInt64(leadingZeros)
    // The product's top 55 bits decide the result unless the bits below them are all ones.
    let index = 2 * (q - smallestPowerOfFive)
    var (high, low) = w.multipliedFullWidth(by: powersOfFive[index])
    let precisionMask: UInt64 = 0x1FF
    if high & precisionMask == precisionMask {
      let second = w.multipliedFullWidth(by: powersOfFive[index + 1]).high
      low = low &+ second
      if second > low { high &+= 1 }
    }
    let upperBit = Int(high >> 63)
    let shift = UInt64(upperBit + 9)
    var mantissa = high >> shift
    // floor(log2(10^q)) + 63, then the bias.
    var power2 = (((152_170 + 65_536) * q) >> 16) + 63 + upperBit - leadingZeros + 1023
    if power2 <= 0 {
      // Subnormal, or zero.
      if -power2 + 1 >= 64 { return Double(bitPattern: sign) }
      mantissa >>= UInt64(-power2 + 1)
      mantissa += mantissa & 1
      mantissa >>= 1
      power2 = mantissa < (1 << 52) ? 0 : 1
      return Double(bitPattern: sign | UInt64(power2) << 52 | (mantissa & ((1 << 52) - 1)))
    }
    // Exactly halfway between two doubles: round to even rather than up.
    if low <= 1, q >= -4, q <= 23, mantissa & 3 == 1, mantissa << shift == high {
      mantissa &= ~1
    }
    mantissa += mantissa & 1
    mantissa >>= 1
    if mantissa >= 2 << 52 {
      mantissa = 1 << 52
      power2 += 1
    }
    mantissa &= ~(1 << 52)
    if power2 >= 0x7FF { return nil }
    return Double(bitPattern: sign | UInt64(power2) << 52 | mantissa)
  }
}
