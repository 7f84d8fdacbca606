import BinderyJSON
import BinderyTestSupport
import Testing

/// Doubles are written by the writer's own shortest-digits conversion; its text must be the
/// standard library's `description` (itself the shortest text that reads back) for every value.
@Suite("Shortest doubles")
struct ShortestDoubleTests {
  /// The writer's text of a double with a fraction or beyond 2^53 (whole numbers below are
  /// written as integers).
  static func written(_ value: Double) throws -> String {
    var writer = JSONWriter()
    try writer.double(value)
    return String(decoding: try writer.finish(), as: UTF8.self)
  }

  static func check(_ value: Double) throws {
    guard value.isFinite, value != value.rounded() || value.magnitude >= 0x1p53 else { return }
    let text = try written(value)
    #expect(text == value.description, "bit pattern \(value.bitPattern)")
    #expect(Double(text) == value)
  }

  @Test("random bit patterns, of every exponent")
  func randomBits() throws {
    var generator = SplitMix64(seed: 0x5EED)
    for _ in 0..<1_000_000 { try Self.check(Double(bitPattern: generator.next())) }
  }

  @Test("short decimals, coordinates and prices")
  func shortDecimals() throws {
    var generator = SplitMix64(seed: 42)
    for _ in 0..<50_000 {
      let digits = Double(generator.next() % 1_000_000_000_000 + 1)
      let exponent = Int(generator.next() % 40) - 25
      try Self.check(digits * Self.pow10(exponent))
      try Self.check(-digits * Self.pow10(exponent))
    }
    for text in ["0.1", "0.2", "0.3", "2.5", "123.456", "-65.613616999999977", "1e-05", "0.0001",
      "9007199254740992", "9007199254740994", "1e16", "1.5e300", "5e-324", "2.2250738585072014e-308",
      "1.7976931348623157e308", "1e23", "8.41e21", "5.0e-310"]
    {
      try Self.check(try #require(Double(text)))
    }
  }

  @Test("every power of two and its neighbours, subnormals included")
  func powersOfTwo() throws {
    for exponent in -1074...1023 {
      let power = Double(sign: .plus, exponent: exponent, significand: 1)
      for value in [power, power.nextUp, power.nextDown] {
        try Self.check(value)
        try Self.check(-value)
      }
    }
    for pattern in 1..<5_000 { try Self.check(Double(bitPattern: UInt64(pattern))) }
  }

  static func pow10(_ exponent: Int) -> Double {
    var result = 1.0
    for _ in 0..<abs(exponent) { result *= 10 }
    return exponent < 0 ? 1 / result : result
  }
}
