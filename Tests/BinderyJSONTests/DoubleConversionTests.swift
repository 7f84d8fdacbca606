import BinderyJSON
import BinderyTestSupport
import Testing

/// The Eisel–Lemire path against the standard library's correctly rounded `Double(String)`, on
/// numbers chosen to reach every branch: up to 19 digits, every exponent of the table and past
/// it, subnormals, values that round to the largest double or overflow, and halfway cases.
@Suite struct DoubleConversionTests {
  func check(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let expected = Double(text)
    let document = try JSONDocument(parsing: text)
    let actual = try? document.root.double()
    if let expected, expected.isFinite {
      #expect(
        actual?.bitPattern == expected.bitPattern, "\(text)", sourceLocation: sourceLocation)
    } else {
      #expect(actual == nil, "\(text) should be out of range", sourceLocation: sourceLocation)
    }
  }

  @Test func randomSignificandsAndExponentsMatchTheStandardLibrary() throws {
    var random = SplitMix64(seed: 42)
    for _ in 0..<100_000 {
      let digits = Int(random.next() % 19) + 1
      var significand = ""
      for position in 0..<digits {
        let digit = Int(random.next() % 10)
        significand += String(position == 0 ? max(digit, 1) : digit)
      }
      let exponent = Int(random.next() % 700) - 360
      let negative = random.next() % 2 == 0 ? "-" : ""
      let point = Int(random.next() % UInt64(digits))
      let body =
        point == 0
        ? significand
        : String(significand.prefix(point)) + "." + String(significand.dropFirst(point))
      try check("\(negative)\(body)e\(exponent)")
    }
  }

  @Test func shortestRepresentationsOfRandomDoublesRoundTrip() throws {
    var random = SplitMix64(seed: 7)
    for _ in 0..<50_000 {
      let value = Double(bitPattern: random.next() & ~(0x7FF << 52) | (random.next() % 0x7FF) << 52)
      guard value.isFinite else { continue }
      try check(String(describing: value).filter { $0 != "+" })
    }
  }

  @Test(arguments: [
    "9007199254740993", "9007199254740995", "2.2250738585072011e-308", "2.2250738585072014e-308",
    "4.9406564584124654e-324", "2.4703282292062327e-324", "2.4703282292062328e-324",
    "1.7976931348623157e308", "1.7976931348623158e308", "1.7976931348623159e308", "1e-400",
    "1e309", "0.1", "123456789012345678e-18", "-0.0", "0e500", "7.450580596923828125e-9",
    "1e23", "8.98846567431158e307", "5e-324", "40.7484405",
    // Eight digits at a time: after leading zeros, across the point, up to and past 19 digits,
    // and a block that holds a non-digit.
    "0.000000001234567812345678", "0.00000000000000000000123456789", "12345678.87654321",
    "-122.41941550000001", "1234567890123456789.5", "12345678901234567890", "9.99999999e-5",
    "1.2345678e+12345678", "1.23456789E5", "10000000000000000000.0",
  ])
  func edgeCases(text: String) throws {
    try check(text)
  }
}
