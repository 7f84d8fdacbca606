import BinderyJSON
import BinderyTestSupport
import Foundation
import Testing

@Suite("Cursor")
struct CursorTests {
  static let feed = #"""
    {"title": "Uploads", "count": 3, "items": [
      {"title": "A", "media": {"m": "https://x/a.jpg"}, "views": 300, "ratio": 0.25},
      {"title": "B\n\u00e9", "media": {"m": "https://x/b.jpg"}, "views": -1, "ratio": 1e2}
    ], "empty": {}, "flag": true, "nothing": null}
    """#

  @Test func readsMembersElementsAndScalars() throws {
    let document = try JSONDocument(parsing: Self.feed)
    let root = document.root
    #expect(root.kind == .object)
    #expect(root.count == 6)
    #expect(try root.member("title").string() == "Uploads")
    #expect(try root.member("count").integer(Int.self) == 3)
    #expect(try root.member("flag").bool())
    #expect(try root.member("nothing").isNull)
    let items = try root.member("items")
    #expect(items.count == 2)
    #expect(try items.element(at: 1).member("title").string() == "B\n\u{e9}")
    #expect(try items.element(at: 0).member("ratio").double() == 0.25)
    #expect(try items.element(at: 1).member("ratio").integer(Int.self) == 100)
    let titles = try items.elements().map { try $0.member("title").string() }
    #expect(titles == ["A", "B\n\u{e9}"])
    let keys = try root.members().map(\.key)
    #expect(keys == ["title", "count", "items", "empty", "flag", "nothing"])
    #expect(try root.members().contains { $0.hasKey("items") })
    #expect(root["missing"] == nil)
    #expect(root[0] == nil)
    #expect(items[2] == nil)
    #expect(
      try root.cursor(at: JSONPath(parsing: "items[1].media.m")).string() == "https://x/b.jpg")
    #expect(
      try root.cursor(at: JSONPath(pointer: "/items/0/media/m")).string() == "https://x/a.jpg")
  }

  @Test func errorsNameThePathLineAndColumn() throws {
    let document = try JSONDocument(parsing: Self.feed)
    let items = try document.root.member("items")
    let error = try #require(throws: JSONReadError.self) {
      try items.element(at: 0).member("views").integer(UInt8.self)
    }
    #expect(error.kind == .numberOutOfRange)
    #expect(error.path?.description == "items[0].views")
    #expect(error.location?.line == 2)
    #expect(error.location?.column == 62)
    #expect(error.description == "2:62: at items[0].views: number 300 does not fit in UInt8")

    let missing = try #require(throws: JSONReadError.self) {
      try items.element(at: 1).member("media").member("n")
    }
    #expect(missing.kind == .keyNotFound)
    #expect(missing.path?.description == "items[1].media")
    #expect(missing.message == "no key 'n' in object")

    let mismatch = try #require(throws: JSONReadError.self) {
      try document.root.member("title").integer(Int.self)
    }
    #expect(mismatch.kind == .typeMismatch)
    #expect(mismatch.message == #"expected an integer, found string "Uploads""#)

    let range = try #require(throws: JSONReadError.self) { try items.element(at: 5) }
    #expect(range.kind == .indexOutOfRange)
    #expect(range.path?.description == "items")

    #expect(throws: JSONReadError.self) { try document.root.member("flag").string() }
    #expect(throws: JSONReadError.self) { try document.root.member("title").bool() }
    #expect(throws: JSONReadError.self) { try document.root.member("title").elements() }
    #expect(throws: JSONReadError.self) { try items.members() }
  }

  struct IntegerCase: Sendable, CustomTestStringConvertible {
    var text: String
    var expected: String  // the value, "range" or "fraction"
    var type: String
    var testDescription: String { "\(text) as \(type)" }
  }

  static let integerCases: [IntegerCase] = [
    IntegerCase(text: "255", expected: "255", type: "UInt8"),
    IntegerCase(text: "256", expected: "range", type: "UInt8"),
    IntegerCase(text: "300", expected: "range", type: "UInt8"),
    IntegerCase(text: "-1", expected: "range", type: "UInt8"),
    IntegerCase(text: "-0", expected: "0", type: "UInt8"),
    IntegerCase(text: "-128", expected: "-128", type: "Int8"),
    IntegerCase(text: "-129", expected: "range", type: "Int8"),
    IntegerCase(text: "127", expected: "127", type: "Int8"),
    IntegerCase(text: "32768", expected: "range", type: "Int16"),
    IntegerCase(text: "4294967295", expected: "4294967295", type: "UInt32"),
    IntegerCase(text: "4294967296", expected: "range", type: "UInt32"),
    IntegerCase(text: "9223372036854775807", expected: "9223372036854775807", type: "Int64"),
    IntegerCase(text: "9223372036854775808", expected: "range", type: "Int64"),
    IntegerCase(text: "-9223372036854775808", expected: "-9223372036854775808", type: "Int64"),
    IntegerCase(text: "-9223372036854775809", expected: "range", type: "Int64"),
    IntegerCase(text: "18446744073709551615", expected: "18446744073709551615", type: "UInt64"),
    IntegerCase(text: "18446744073709551616", expected: "range", type: "UInt64"),
    IntegerCase(text: String(repeating: "9", count: 400), expected: "range", type: "Int64"),
    IntegerCase(text: "1e400", expected: "range", type: "Int64"),
    IntegerCase(text: "1e18", expected: "1000000000000000000", type: "Int64"),
    IntegerCase(text: "1e19", expected: "range", type: "Int64"),
    IntegerCase(text: "1.0", expected: "1", type: "Int64"),
    IntegerCase(text: "1.5", expected: "fraction", type: "Int64"),
    IntegerCase(text: "12.50e1", expected: "125", type: "Int64"),
    IntegerCase(text: "1e-1", expected: "fraction", type: "Int64"),
    IntegerCase(text: "0.0e-5", expected: "0", type: "Int64"),
    IntegerCase(text: "-2.000e0", expected: "-2", type: "Int32"),
    IntegerCase(
      text: "1" + String(repeating: "0", count: 30) + "e-30", expected: "1", type: "Int64"),
    IntegerCase(text: "1e-99999999999999999999", expected: "fraction", type: "Int64"),
  ]

  @Test(arguments: integerCases)
  func readsIntegersExactlyOrFails(_ testCase: IntegerCase) throws {
    let cursor = try JSONDocument(parsing: testCase.text).root
    func read() throws(JSONReadError) -> String {
      switch testCase.type {
      case "UInt8": return String(try cursor.integer(UInt8.self))
      case "Int8": return String(try cursor.integer(Int8.self))
      case "Int16": return String(try cursor.integer(Int16.self))
      case "UInt32": return String(try cursor.integer(UInt32.self))
      case "Int32": return String(try cursor.integer(Int32.self))
      case "UInt64": return String(try cursor.integer(UInt64.self))
      default: return String(try cursor.integer(Int64.self))
      }
    }
    switch testCase.expected {
    case "range":
      let error = try #require(throws: JSONReadError.self) { _ = try read() }
      #expect(error.kind == .numberOutOfRange)
    case "fraction":
      let error = try #require(throws: JSONReadError.self) { _ = try read() }
      #expect(error.kind == .numberNotInteger)
    default:
      #expect(try read() == testCase.expected)
    }
  }

  @Test func doublesAreCorrectlyRoundedAndRangeChecked() throws {
    // Against the standard library's correctly rounded conversion, on hard and easy inputs.
    let texts = [
      "0.1", "0.2", "0.3", "1.7976931348623157e308", "2.2250738585072014e-308", "5e-324",
      "4.9406564584124654e-324", "9007199254740993", "9007199254740992.5",
      "123456789012345678901234567890",
      "0.1000000000000000055511151231257827", "3.141592653589793238462643383279",
      "-65.613616999999977",
      "1e22", "1e23", "8.98846567431158e307", "2.5e-5", "7.7e-10", "1.5e300", "-0.0", "1e-400",
    ]
    for text in texts {
      let value = try JSONDocument(parsing: text).root.double()
      let expected = try #require(Double(text))
      #expect(value.bitPattern == expected.bitPattern, "\(text)")
    }
    for text in ["1e400", "-1e400", "1" + String(repeating: "0", count: 400)] {
      let error = try #require(throws: JSONReadError.self) {
        try JSONDocument(parsing: text).root.double()
      }
      #expect(error.kind == .numberOutOfRange, "\(text)")
    }
    // The exact text is always available.
    let big = "12345678901234567890.12345678901234567890e-3"
    #expect(try JSONDocument(parsing: big).root.numberText() == big)
  }

  @Test func randomDoublesRoundTripThroughText() throws {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<2000 {
      let bits = generator.next() as UInt64
      let value = Double(bitPattern: bits)
      guard value.isFinite else { continue }
      let read = try JSONDocument(parsing: value.description).root.double()
      #expect(read.bitPattern == value.bitPattern, "\(value)")
    }
  }

  @Test func lookupComparesEscapedKeys() throws {
    let document = try JSONDocument(parsing: #"{"caf\u00e9": 1, "a\"b": 2, "tab\t": 3}"#)
    #expect(try document.root.member("café").integer(Int.self) == 1)
    #expect(try document.root.member("a\"b").integer(Int.self) == 2)
    #expect(try document.root.member("tab\t").integer(Int.self) == 3)
    #expect(document.root["cafe"] == nil)
  }

  @Test func documentReportsSizeAndShape() throws {
    let document = try JSONDocument(parsing: "[[1, [2]], {\"a\": [3]}]")
    #expect(document.depth == 3)
    #expect(document.valueCount == 9)
    #expect(document.byteCount == 22)
    #expect(try JSONDocument(parsing: "1").depth == 0)
  }

  @Test func cursorsAreUsableAcrossTasks() async throws {
    let document = try JSONDocument(
      parsing: "[" + (0..<1000).map(String.init).joined(separator: ",") + "]")
    let sums = try await withThrowingTaskGroup(of: Int.self) { group in
      for _ in 0..<4 {
        group.addTask { try document.root.elements().reduce(0) { try $0 + $1.integer(Int.self) } }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(sums == Array(repeating: 499_500, count: 4))
  }
}
