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
      switch general(text, from: i) {
      case .value(let value): magnitude = value
      case .outOfRange: return .outOfRange
      case .notInteger: return .notInteger
      }
    }
    // Int and Int64 concretely: this runs unspecialised from other modules, where generic
    // conversions cost a witness call each (measured: 3% of decoding a catalog).
    if T.self == Int.self || T.self == Int64.self {
      let limit = UInt64(Int64.max)
      if negative {
        guard magnitude <= limit &+ 1 else { return .outOfRange }
        let value = magnitude == limit &+ 1 ? Int64.min : -Int64(magnitude)
        return .value(unsafeBitCast(value, to: T.self))
      }
      guard magnitude <= limit else { return .outOfRange }
      return .value(unsafeBitCast(Int64(magnitude), to: T.self))
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

  /// The magnitude of number text with a fraction, exponent or JSON5 form.
  private static func general(_ text: UnsafeBufferPointer<UInt8>, from start: Int)
    -> IntegerResult<UInt64>
  {
    var i = start
    if i + 1 < text.count, text[i] == UInt8(ascii: "0"), text[i + 1] | 0x20 == UInt8(ascii: "x") {
      var value: UInt64 = 0
      for byte in text[(i + 2)...] {
        let (shifted, overflow) = value.multipliedReportingOverflow(by: 16)
        if overflow { return .outOfRange }
        value = shifted | UInt64(hexValue(byte) ?? 0)
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
    if digits.count + scale > 20 { return .outOfRange }
    var value: UInt64 = 0
    for digit in digits {
      let (shifted, o1) = value.multipliedReportingOverflow(by: 10)
      let (sum, o2) = shifted.addingReportingOverflow(UInt64(digit &- UInt8(ascii: "0")))
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
    if !nonStandard, let fast = clinger(text) { return fast }
    // Rare: more than 19 digits, a large exponent, or JSON5 syntax. The standard library's
    // conversion is correctly rounded and accepts every JSON and JSON5 form.
    let string = String(decoding: text, as: UTF8.self)
    guard let value = Double(string) else { return nil }
    if value.isInfinite {
      let isLiteral = text.contains(UInt8(ascii: "I"))
      return isLiteral ? value : nil
    }
    return value
  }

  /// Clinger's fast path: when the decimal significand fits in 53 bits and the power of ten is
  /// exact, one multiplication or division is correctly rounded.
  @inline(__always)
  private static func clinger(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
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
    guard significand <= 1 << 53 else { return nil }
    var value = Double(significand)
    if scale < 0 {
      guard scale >= -22 else { return nil }
      value /= powersOfTen[-scale]
    } else if scale > 0 {
      guard scale <= 22 else { return nil }
      value *= powersOfTen[scale]
    }
    return negative ? -value : value
  }
}
