import BinderyJSON
import BinderyTestSupport
import Testing

/// Each leniency in `Fixtures/options` is accepted only when its own switch is on.
@Suite("Reading options")
struct ReadingOptionsTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var file: String
    var options: JSONReadingOptions
    var testDescription: String { file }
  }

  static let cases: [Case] = [
    Case(file: "escaped_apostrophe_flickr_feed", options: .allowEscapedApostrophe),
    Case(file: "jsonp_flickr_wrapper", options: JSONReadingOptions(allowsJSONP: true)),
    Case(file: "jsonp_dotted_callback_semicolon", options: JSONReadingOptions(allowsJSONP: true)),
    Case(file: "anti_xssi_prefix", options: JSONReadingOptions(allowsAntiXSSIPrefix: true)),
    Case(file: "anti_xssi_prefix_comma", options: JSONReadingOptions(allowsAntiXSSIPrefix: true)),
    Case(file: "byte_order_mark", options: JSONReadingOptions(allowsByteOrderMark: true)),
    Case(file: "replace_invalid_utf8", options: JSONReadingOptions(invalidUnicode: .replace)),
    Case(file: "replace_lone_surrogate", options: JSONReadingOptions(invalidUnicode: .replace)),
    Case(file: "json5_kitchen_sink", options: .json5),
  ]

  /// Every single-switch option set, to show that no other switch accepts a file.
  static let singleSwitches: [JSONReadingOptions] = [
    .allowEscapedApostrophe, JSONReadingOptions(allowsJSONP: true),
    JSONReadingOptions(allowsAntiXSSIPrefix: true), JSONReadingOptions(allowsByteOrderMark: true),
    JSONReadingOptions(invalidUnicode: .replace), .json5,
  ]

  @Test(arguments: cases)
  func acceptsOnlyWithItsOwnSwitch(_ testCase: Case) throws {
    let input = try Fixtures.bytes("options/\(testCase.file).json")
    let expected = try JSONValue(parsing: Fixtures.bytes("options/\(testCase.file).expected.json"))
    #expect(Reading.error(input) != nil, "strict reading accepted \(testCase.file)")
    #expect(try JSONValue(parsing: input, options: testCase.options) == expected)
    for other in Self.singleSwitches where other != testCase.options {
      // JSON5 includes the apostrophe escape and the byte order mark, by its specification.
      if other.allowsJSON5
        && (testCase.options.allowsEscapedApostrophe || testCase.options.allowsByteOrderMark)
      {
        continue
      }
      #expect(
        Reading.error(input, options: other) != nil,
        "\(testCase.file) accepted with \(other)")
    }
  }

  @Test func optionsCombine() throws {
    let input = "jsonFlickrFeed({\"title\": \"Don\\'t\"})"
    let options = JSONReadingOptions(allowsEscapedApostrophe: true, allowsJSONP: true)
    #expect(try JSONValue(parsing: input, options: options) == ["title": "Don't"])
    #expect(Reading.error(input, options: .allowEscapedApostrophe) != nil)
    #expect(
      Reading.error(input, options: JSONReadingOptions(allowsJSONP: true))?.kind == .invalidEscape)
  }

  @Test func strictApostropheErrorSuggestsTheOption() throws {
    let error = try #require(Reading.error(#"{"t": "Don\'t"}"#))
    #expect(error.kind == .invalidEscape)
    #expect(error.location?.column == 11)
    #expect(error.message.contains("allowsEscapedApostrophe"))
  }

  @Test func jsonpRequiresClosingParenthesis() throws {
    let options = JSONReadingOptions(allowsJSONP: true)
    #expect(Reading.error("cb({}", options: options)?.kind == .unexpectedCharacter)
    #expect(Reading.error("cb {}", options: options)?.kind == .unexpectedCharacter)
    #expect(try JSONValue(parsing: "null", options: options) == .null)
    #expect(try JSONValue(parsing: "true", options: options) == true)
  }

  @Test func json5NonFiniteNumbers() throws {
    let value = try JSONValue(parsing: "[Infinity, -Infinity, +Infinity, NaN]", options: .json5)
    let doubles = value.arrayValue?.compactMap(\.doubleValue) ?? []
    #expect(doubles.count == 4)
    #expect(doubles[0] == .infinity && doubles[1] == -.infinity && doubles[2] == .infinity)
    #expect(doubles[3].isNaN)
    let document = try JSONDocument(parsing: "[Infinity, 0x7FFFFFFFFFFFFFFF]", options: .json5)
    #expect(try document.root.element(at: 0).double() == .infinity)
    #expect(try document.root.element(at: 1).integer(Int64.self) == .max)
    #expect(throws: JSONReadError.self) { try document.root.element(at: 0).integer(Int.self) }
  }

  @Test func json5RejectsWhatJSON5Rejects() {
    for text in [
      "[01]", "0x", "'abc", "/* open", "{a b: 1}", "[1,,]", #"'\1'"#, "0x1FFFFFFFFFFFFFFFF",
    ] {
      #expect(Reading.error(text, options: .json5) != nil, "\(text)")
    }
  }

  @Test func duplicateKeyPolicies() throws {
    let text = #"{"a": 1, "b": 2, "a": 3}"#
    let last = try JSONDocument(
      parsing: text, options: JSONReadingOptions(duplicateKeys: .lastWins))
    #expect(try last.root.member("a").integer(Int.self) == 3)
    #expect(last.root.value() == ["a": 3, "b": 2])
    #expect(last.root.value().objectValue?.keys == ["a", "b"])
    // The first wins by default, as in Foundation's JSONDecoder.
    let first = try JSONDocument(parsing: text)
    #expect(try first.root.member("a").integer(Int.self) == 1)
    #expect(first.root.value() == ["a": 1, "b": 2])
    #expect(first.root.value().objectValue?.keys == ["a", "b"])
    let error = try #require(
      Reading.error(
        #"{"x": {"a": 1, "\u0061": 2}}"#, options: JSONReadingOptions(duplicateKeys: .reject)))
    #expect(error.kind == .duplicateKey)
    #expect(error.location?.column == 16)
    #expect(error.message.contains("'a'"))
  }

  @Test func sizeAndDepthLimits() throws {
    let limited = JSONReadingOptions(maxSize: 10)
    #expect(Reading.error("[1,2,3,4,5,6]", options: limited)?.kind == .sizeLimitExceeded)
    #expect(Reading.error("[1,2]", options: limited) == nil)
    let shallow = JSONReadingOptions(maxDepth: 2)
    #expect(Reading.error("[[1]]", options: shallow) == nil)
    let error = try #require(Reading.error("[[{}]]", options: shallow))
    #expect(error.kind == .depthLimitExceeded)
    #expect(error.location?.column == 3)
  }

  @Test func json5UnquotedKeysMaySpellCharactersWithEscapes() throws {
    let document = try JSONDocument(parsing: #"{\u0061b: 1, c\u00e9: 2}"#, options: .json5)
    #expect(try document.root.member("ab").integer(Int.self) == 1)
    #expect(try document.root.member("cé").integer(Int.self) == 2)
    // Only `\u` and four hexadecimal digits, and only in JSON5.
    for text in [#"{a\x41: 1}"#, #"{a\u00: 1}"#, #"{a\n: 1}"#, #"{\: 1}"#] {
      let kind = Reading.error(text, options: .json5)?.kind
      #expect(kind == .invalidEscape || kind == .invalidUnicodeEscape, "\(text)")
    }
    #expect(Reading.error(#"{\u0061: 1}"#, options: .strict) != nil)
  }

  @Test func trailingCommasAloneAreOneOptionAway() throws {
    let options = JSONReadingOptions(allowsTrailingCommas: true)
    #expect(try JSONDocument(parsing: "[1, 2,]", options: options).root.count == 2)
    #expect(try JSONDocument(parsing: #"{"a": [true,],}"#, options: options).root.count == 1)
    for text in ["[1,,]", "[,]", "{,}", #"{"a": 1,,}"#, "[1] ,"] {
      #expect(Reading.error(text, options: options) != nil, "\(text)")
    }
    // Nothing else of JSON5 comes with it.
    #expect(Reading.error("{a: 1,}", options: options) != nil)
    #expect(Reading.error("[1,]", options: .strict) != nil)
  }
}
