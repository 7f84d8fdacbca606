import BinderyJSON
import BinderyTestSupport
import Testing

/// Error messages and positions, table-driven: what a person reads when their JSON is wrong.
@Suite("Error reporting")
struct ErrorReportingTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var input: String
    var description: String
    var testDescription: String { input.debugDescription }
  }

  static let cases: [Case] = [
    Case(
      input: "{\"a\": 1,\n \"b\": 2\n \"c\": 3}",
      description: "3:2: expected ',' or '}' after object member, found '\"'"),
    Case(
      input: "[1, 2",
      description: "1:6: expected ',' or ']' after array element, found end of input"),
    Case(input: "", description: "1:1: expected a JSON value, found end of input"),
    Case(input: "[01]", description: "1:2: leading zeros are not allowed in numbers"),
    Case(input: "[1.]", description: "1:4: expected a digit after '.', found ']'"),
    Case(input: "NaN", description: "1:1: expected a value, found 'NaN'"),
    Case(input: "[\"a\tb\"]", description: "1:4: unescaped control character U+0009 in string"),
    Case(input: #""\ud800""#, description: #"1:2: lone surrogate \uD800 in string"#),
    Case(input: #""\q""#, description: #"1:2: invalid escape '\q' in string"#),
    Case(input: "{\"a\" 1}", description: "1:6: expected ':' after object key, found '1'"),
    Case(input: "{} x", description: "1:4: unexpected content after the top-level value: 'x'"),
    Case(input: "{\"名前\": ü}", description: "1:8: expected a value, found 'ü' (U+00FC)"),
    Case(
      input: "[1,\r\n2,\r\n]",
      description: "3:1: expected a value after ',', found ']' (trailing commas are not allowed)"),
    Case(input: "\"abc", description: "1:5: unterminated string, found end of input"),
    Case(input: "{'a': 1}", description: "1:2: expected a string key or '}' after '{', found '''"),
  ]

  @Test(arguments: cases)
  func describesProblemAndPosition(_ testCase: Case) throws {
    let error = try #require(Reading.error(testCase.input))
    #expect(error.description == testCase.description)
  }

  @Test func excerptAndCaretPointAtTheProblem() throws {
    let error = try #require(Reading.error("{\n  \"title\": \"Sunset\"\n  \"views\": 12\n}"))
    #expect(error.location?.line == 3)
    #expect(error.location?.column == 3)
    #expect(error.location?.excerpt == "  \"views\": 12")
    #expect(
      error.detailedDescription
        == """
        3:3: expected ',' or '}' after object member, found '"'
            "views": 12
          ^
        """.replacingOccurrences(of: "\n    ", with: "\n      ").replacingOccurrences(
          of: "\n  ^", with: "\n      ^"))
  }

  @Test func longLinesAreShortenedAroundTheProblem() throws {
    let text = "[" + String(repeating: "1,", count: 200) + "x]"
    let error = try #require(Reading.error(text))
    let location = try #require(error.location)
    #expect(location.column == 402)
    #expect(location.excerpt.count <= 81)
    let caretIndex = location.excerpt.index(
      location.excerpt.startIndex, offsetBy: location.excerptColumn - 1)
    #expect(location.excerpt[caretIndex] == "x")
  }

  @Test func columnsCountScalarsNotBytes() throws {
    let error = try #require(Reading.error("[\"カフェ😀\", x]"))
    #expect(error.location?.column == 10)
    #expect(error.location?.offset == 18)
  }
}

extension String {
  fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
    split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
  }
}
