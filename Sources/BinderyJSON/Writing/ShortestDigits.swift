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
      for index in 0..<whole { out[index] = out[index &+ 1] }
      out[whole] = UInt8(ascii: ".")
      out += count &+ 1
    }
    return output.distance(to: out)
  }

  /// How many decimal digits `value` has (1 for 0).
  @inline(__always)
  static func digitCount(_ value: UInt64) -> Int {
    var count = 1
    var scaled = value
    while scaled >= 10_000 {
      scaled /= 10_000
      count &+= 4
    }
    return count &+ (scaled >= 100 ? (scaled >= 1_000 ? 3 : 2) : (scaled >= 10 ? 1 : 0))
  }

  /// Writes the last `count` decimal digits of `value` (with leading zeros when it has fewer)
  /// at `output`, most significant first: the writer's one digit loop, for integers too.
  @inline(__always)
  static func putDigits(
    _ value: UInt64, count: Int, at output: UnsafeMutablePointer<UInt8>
  ) {
    var rest = value
    var index = count
    // Two digits per division, from the end.
    while index >= 2 {
      let (quotient, pair) = rest.quotientAndRemainder(dividingBy: 100)
      index &-= 2
      let tens = pair / 10
      output[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: tens)
      output[index &+ 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: pair &- tens &* 10)
      rest = quotient
    }
    if index == 1 { output[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10) }
  }
}
