// The shortest decimal text of a Double that reads back as the same Double, written straight
// into the output: the writer's hot path for numbers with a fraction (canada.json is 111,000 of
// them). The digits come from Schubfach (R. Giulietti, "The Schubfach way to render doubles",
// 2020), with 128-bit powers of ten from Scripts/generate_powers_of_ten.py; the layout is the
// one the standard library's `description` uses, so output does not depend on which path wrote
// a number.

/// Shortest round-trip digits of doubles, and their text.
enum ShortestDigits {
  /// The shortest decimal `digits × 10^exponent` that reads back as `value` (the closest such
  /// when several are equally short), without trailing zeros in `digits`.
  ///
  /// - Parameter value: A finite, positive double.
  /// - Returns: The digits and the power of ten they are multiplied by.
  static func decimal(_ value: Double) -> (digits: UInt64, exponent: Int) {
    let bits = value.bitPattern
    let fraction = bits & (1 &<< 52 &- 1)
    let biased = Int((bits &>> 52) & 0x7FF)
    var (digits, exponent) = schubfach(fraction: fraction, biasedExponent: biased)
    while digits % 10 == 0 {
      digits /= 10
      exponent &+= 1
    }
    return (digits, exponent)
  }

  /// Schubfach for an IEEE 754 double's fields: the value is `c × 2^q`.
  @inline(__always)
  private static func schubfach(fraction: UInt64, biasedExponent: Int) -> (UInt64, Int) {
    var c: UInt64
    let q: Int
    if biasedExponent != 0 {
      c = 1 &<< 52 | fraction
      q = biasedExponent &- 1075
      // A whole number below 2^53: its digits are the integer.
      if q <= 0, q > -53, c & (1 &<< UInt64(-q) &- 1) == 0 { return (c &>> UInt64(-q), 0) }
    } else {
      c = fraction
      q = -1074
    }
    let even = c & 1 == 0
    // The gap below is half the gap above at the bottom of a binade.
    let lowerCloser = fraction == 0 && biasedExponent > 1
    let cbl = 4 &* c &- 2 &+ (lowerCloser ? 1 : 0)
    let cb = 4 &* c
    let cbr = 4 &* c &+ 2
    // floor(log10(2^q)), or floor(log10(3/4 × 2^q)) when the lower gap is the smaller.
    let k = (q &* 1_262_611 &- (lowerCloser ? 524_031 : 0)) &>> 22
    // q + floor(log2(10^-k)) + 1, from 1 to 4.
    let h = q &+ ((-k) &* 1_741_647) &>> 19 &+ 1
    let index = 2 &* (-k &- smallestPowerOfTen)
    let (high, low) = powersOfTen.withUnsafeBufferPointer { ($0[index], $0[index &+ 1]) }
    let shift = UInt64(truncatingIfNeeded: h)
    let vbl = roundToOdd(high, low, cbl &<< shift)
    let vb = roundToOdd(high, low, cb &<< shift)
    let vbr = roundToOdd(high, low, cbr &<< shift)
    let lower = vbl &+ (even ? 0 : 1)
    let upper = vbr &- (even ? 0 : 1)
    let s = vb &>> 2
    if s >= 10 {
      // One digit fewer, if exactly one of its two neighbours is inside the interval.
      let sp = s / 10
      let upInside = lower <= 40 &* sp
      let wpInside = 40 &* sp &+ 40 <= upper
      if upInside != wpInside { return (sp &+ (wpInside ? 1 : 0), k &+ 1) }
    }
    let uInside = lower <= 4 &* s
    let wInside = 4 &* s &+ 4 <= upper
    if uInside != wInside { return (s &+ (wInside ? 1 : 0), k) }
    // Both inside: the closer one, ties to even.
    let middle = 4 &* s &+ 2
    let roundsUp = vb > middle || (vb == middle && s & 1 != 0)
    return (s &+ (roundsUp ? 1 : 0), k)
  }

  /// `g × cp / 2^128` for the 128-bit `g = high:low`, rounded to odd: the integer part, with its
  /// lowest bit set when the fraction is not zero. `g` exceeds the power of ten it stands for
  /// by less than one unit, which leaves a fraction of 0 or 1 in the middle word exactly when
  /// the true fraction is zero.
  @inline(__always)
  private static func roundToOdd(_ high: UInt64, _ low: UInt64, _ cp: UInt64) -> UInt64 {
    let x = low.multipliedFullWidth(by: cp)
    let y = high.multipliedFullWidth(by: cp)
    let (middle, carry) = y.low.addingReportingOverflow(x.high)
    let top = y.high &+ (carry ? 1 : 0)
    return top | (middle > 1 ? 1 : 0)
  }

  /// Writes a finite double as the writer does: a whole number below 2^53 as an integer
  /// (`-0` for negative zero), anything else as ``write(_:to:)`` does.
  ///
  /// - Parameters:
  ///   - value: A finite double.
  ///   - output: Room for at least 32 bytes.
  /// - Returns: How many bytes were written.
  @inline(__always)
  static func writeNumber(_ value: Double, to output: UnsafeMutablePointer<UInt8>) -> Int {
    // Below the limit, a value is whole exactly when truncating it to an integer and back
    // gives it again: two conversion instructions.
    if value.magnitude < 0x1p53, Double(Int64(value)) == value {
      if value == 0 && value.sign == .minus {
        UnsafeMutableRawPointer(output).storeBytes(
          of: UInt16(0x302D).littleEndian, as: UInt16.self)
        return 2
      }
      let whole = Int64(value)
      return JSONWriter.putInteger(whole.magnitude, negative: whole < 0, to: output)
    }
    return write(value, to: output)
  }

  /// Writes the text of `value` as the standard library's `description` would: plain
  /// notation from 10^-4 through 2^53 (a whole number then ends in `.0`), otherwise a mantissa
  /// with an exponent of at least two digits (`1e-05`, `1.5e+300`).
  ///
  /// - Parameters:
  ///   - value: A finite double that is not zero.
  ///   - output: Room for at least 32 bytes.
  /// - Returns: How many bytes were written.
  static func write(_ value: Double, to output: UnsafeMutablePointer<UInt8>) -> Int {
    var out = output
    if value.sign == .minus {
      out.pointee = UInt8(ascii: "-")
      out += 1
    }
    let (digits, exponent) = decimal(value.magnitude)
    let count = digitCount(digits)
    // The power of ten of the first digit.
    let leading = exponent &+ count &- 1
    if leading < -4 || value.magnitude > 0x1p53 {
      // d.ddde±XX: the digits one place to the right, then the first moved before the point.
      putDigits(digits, count: count, at: out + 1)
      out[0] = out[1]
      if count > 1 {
        out[1] = UInt8(ascii: ".")
        out += count &+ 1
      } else {
        out += 1
      }
      out[0] = UInt8(ascii: "e")
      out[1] = leading < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")
      out += 2
      let magnitude = UInt64(leading.magnitude)
      let width = magnitude >= 100 ? 3 : 2
      putDigits(magnitude, count: width, at: out)
      out += width
    } else if leading < 0 {
      // 0.000ddd
      out[0] = UInt8(ascii: "0")
      out[1] = UInt8(ascii: ".")
      out += 2
      let zeros = -leading &- 1
      out.update(repeating: UInt8(ascii: "0"), count: zeros)
      out += zeros
      putDigits(digits, count: count, at: out)
      out += count
    } else if exponent >= 0 {
      // A whole number: its digits, its zeros, `.0`.
      putDigits(digits, count: count, at: out)
      out += count
      out.update(repeating: UInt8(ascii: "0"), count: exponent)
      out += exponent
      out[0] = UInt8(ascii: ".")
      out[1] = UInt8(ascii: "0")
      out += 2
    } else {
      // ddd.ddd: the digits one place to the right, then the whole part moved back before
      // the point (it is the shorter part in most numbers).
      putDigits(digits, count: count, at: out + 1)
      let whole = leading &+ 1
      moveBack(whole, at: out)
      out[whole] = UInt8(ascii: ".")
      out += count &+ 1
    }
    return output.distance(to: out)
  }

  /// Moves the `count` bytes after `text` one place back, to start at `text`; `text` has
  /// room for at least 9 bytes.
  @inline(__always)
  private static func moveBack(_ count: Int, at text: UnsafeMutablePointer<UInt8>) {
    guard count < 8 else {
      for index in 0..<count { text[index] = text[index &+ 1] }
      return
    }
    // One 8-byte merge instead of a call to `memmove`: the moved bytes under a mask, the
    // bytes after them read and written back as they were.
    let raw = UnsafeMutableRawPointer(text)
    let mask: UInt64 = (1 &<< UInt64(truncatingIfNeeded: count &* 8)) &- 1
    let moved = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 1, as: UInt64.self))
    let kept = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
    raw.storeBytes(of: ((moved & mask) | (kept & ~mask)).littleEndian, as: UInt64.self)
  }

  /// How many decimal digits `value` has (1 for 0).
  @inline(__always)
  static func digitCount(_ value: UInt64) -> Int {
    // floor(bits × log10 2) from the bit length (1233 / 4096 is log10 2, exact enough for 64
    // bits) is the count or one less; one comparison with a power of ten settles it.
    let bits = 64 &- (value | 1).leadingZeroBitCount
    let guess = (bits &* 1233) &>> 12
    return guess &+ (value >= tenToThe(guess) ? 1 : 0)
  }

  /// 10^`exponent` for `exponent` from 1 to 19, and 0 for 0 (so that ``digitCount(_:)``
  /// counts one digit for 0).
  @inline(__always)
  private static func tenToThe(_ exponent: Int) -> UInt64 {
    decimalPowers.withUnsafeBufferPointer { $0[exponent] }
  }

  /// ``tenToThe(_:)``'s table.
  private static let decimalPowers: [UInt64] = [
    0, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000,
    10_000_000_000, 100_000_000_000, 1_000_000_000_000, 10_000_000_000_000,
    100_000_000_000_000, 1_000_000_000_000_000, 10_000_000_000_000_000,
    100_000_000_000_000_000, 1_000_000_000_000_000_000, 10_000_000_000_000_000_000,
  ]

  /// Writes `value`'s decimal digits, padded with leading zeros to `count`, at `output`, most
  /// significant first: the writer's one digit loop, for integers too.
  ///
  /// - Parameters:
  ///   - value: A number below 10^`count`.
  ///   - count: How many digits to write.
  ///   - output: Room for `count` bytes.
  @inline(__always)
  static func putDigits(
    _ value: UInt64, count: Int, at output: UnsafeMutablePointer<UInt8>
  ) {
    var rest = value
    var index = count
    // Eight digits per 64-bit division, from the end, while more than eight are left...
    while index > 8 {
      let (quotient, eight) = rest.quotientAndRemainder(dividingBy: 100_000_000)
      index &-= 8
      putEight(UInt32(truncatingIfNeeded: eight), at: output + index)
      rest = quotient
    }
    // ...then two per 32-bit division: at most eight digits, below 10^8, are left.
    var small = UInt32(truncatingIfNeeded: rest)
    while index >= 2 {
      let (quotient, pair) = small.quotientAndRemainder(dividingBy: 100)
      index &-= 2
      putPair(pair, at: output + index)
      small = quotient
    }
    if index == 1 { output[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: small) }
  }

  /// Writes the eight digits of a number below 10^8, with leading zeros, at `output`.
  @inline(__always)
  private static func putEight(_ value: UInt32, at output: UnsafeMutablePointer<UInt8>) {
    let (high, low) = value.quotientAndRemainder(dividingBy: 10_000)
    let (first, second) = high.quotientAndRemainder(dividingBy: 100)
    let (third, fourth) = low.quotientAndRemainder(dividingBy: 100)
    putPair(first, at: output)
    putPair(second, at: output + 2)
    putPair(third, at: output + 4)
    putPair(fourth, at: output + 6)
  }

  /// Writes the two digits of a number below 100 at `output`.
  @inline(__always)
  private static func putPair(_ value: UInt32, at output: UnsafeMutablePointer<UInt8>) {
    let pairs = UnsafeRawPointer(digitPairs.utf8Start)
    UnsafeMutableRawPointer(output).storeBytes(
      of: pairs.loadUnaligned(fromByteOffset: Int(truncatingIfNeeded: value) &* 2, as: UInt16.self),
      as: UInt16.self)
  }

  /// "00" through "99": the two digits of each number below 100, in a constant of the binary
  /// (a string literal, so reading it needs no initialisation check or reference count).
  private static var digitPairs: StaticString {
    """
    0001020304050607080910111213141516171819202122232425262728293031323334353637383940414243\
    4445464748495051525354555657585960616263646566676869707172737475767778798081828384858687\
    888990919293949596979899
    """
  }
}
