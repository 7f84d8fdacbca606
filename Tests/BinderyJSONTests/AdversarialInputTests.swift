import BinderyJSON
import BinderyTestSupport
import Testing

/// Hostile input gets a typed error — never a crash, a hang or quadratic time.
@Suite("Adversarial input")
struct AdversarialInputTests {
  @Test func everyTruncationOfARealDocumentFails() throws {
    let feed = try Fixtures.bytes("options/escaped_apostrophe_flickr_feed.expected.json")
    #expect(Reading.error(feed) == nil)
    for length in 0..<feed.count {
      let prefix = Array(feed[..<length])
      // A prefix that ends inside whitespace after the value would be valid; this feed has none.
      let error = try #require(Reading.error(prefix), "prefix of \(length) bytes was accepted")
      #expect((error.location?.offset ?? .max) <= length)
      #expect(
        error.kind == .unexpectedEndOfInput || error.kind == .invalidUTF8, "\(length): \(error)")
    }
  }

  @Test func hundredThousandOpenBracketsHitTheDepthLimit() throws {
    let error = try #require(Reading.error(String(repeating: "[", count: 100_000)))
    #expect(error.kind == .depthLimitExceeded)
    #expect(error.location?.offset == 512)
    let objects = String(repeating: "{\"a\":", count: 100_000)
    #expect(Reading.error(objects)?.kind == .depthLimitExceeded)
  }

  @Test func deepNestingWithinARaisedLimitDoesNotUseTheStack() throws {
    let depth = 100_000
    let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    let document = try JSONDocument(parsing: text, options: JSONReadingOptions(maxDepth: depth))
    #expect(document.valueCount == depth)
    #expect(document.depth == depth)
  }

  @Test func fiftyMegabyteString() throws {
    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 50_000_000)
    bytes[0] = UInt8(ascii: "\"")
    bytes[bytes.count - 1] = UInt8(ascii: "\"")
    let document = try JSONDocument(parsing: bytes)
    #expect(try document.root.string().utf8.count == 49_999_998)
    bytes[bytes.count - 1] = UInt8(ascii: "a")
    #expect(Reading.error(bytes)?.kind == .unexpectedEndOfInput)
  }

  @Test func tenThousandDigitNumbers() throws {
    let digits = "7" + String(repeating: "3", count: 9_999)
    let document = try JSONDocument(parsing: "[\(digits), -\(digits).5e-3]")
    #expect(try document.root.element(at: 0).numberText() == digits)
    #expect(throws: JSONReadError.self) { try document.root.element(at: 0).integer(Int64.self) }
    #expect(throws: JSONReadError.self) { try document.root.element(at: 0).double() }
    #expect(throws: JSONReadError.self) { try document.root.element(at: 1).double() }
    let fraction = try JSONDocument(parsing: "0." + digits).root.double()
    #expect(fraction == 0.7333333333333333)
  }

  @Test func nulBytesAndInvalidUTF8() throws {
    #expect(Reading.error([0])?.kind == .unexpectedCharacter)
    #expect(
      Reading.error([UInt8(ascii: "\""), 0, UInt8(ascii: "\"")])?.kind == .controlCharacterInString)
    #expect(try JSONDocument(parsing: #""\u0000""#).root.string() == "\u{0}")
    for bytes: [UInt8] in [
      [0x22, 0xC0, 0x80, 0x22], [0x22, 0xED, 0xBF, 0xBF, 0x22], [0xFF],
      [0x22, 0xF8, 0x88, 0x80, 0x80, 0x80, 0x22],
    ] {
      let error = try #require(Reading.error(bytes))
      #expect(error.kind == .invalidUTF8 || error.kind == .unexpectedCharacter)
    }
  }

  @Test func utf8ValidationAgreesWithTheStandardLibrary() throws {
    // Four-byte strings that start with a byte at an edge of UTF-8's ranges, followed by
    // continuation-range edges and a few leads, alone and inside a run of Japanese text: the
    // reader accepts exactly what the standard library calls valid, and with replacement on
    // reads what `String(decoding:as:)` reads.
    let leads: [UInt8] = [
      0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xED,
      0xEE, 0xEF, 0xF0, 0xF1, 0xF4, 0xF5, 0xFF,
    ]
    let followers: [UInt8] = [0x41, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC2, 0xE1, 0xF0]
    var replacing = JSONReadingOptions()
    replacing.invalidUnicode = .replace
    var disagreements: [[UInt8]] = []
    for a in leads {
      for b in followers {
        for c in followers {
          for d in followers {
            let content = [a, b, c, d]
            let valid = String(validating: content, as: UTF8.self) != nil
            let framings: [[UInt8]] = [
              [0x22] + content + [0x22],
              [0x22, 0xE6, 0x97, 0xA5] + content + [0xE6, 0x9C, 0xAC, 0x22],
            ]
            for framed in framings {
              let strict = try? JSONDocument(parsing: framed).root.string()
              let lenient = try? JSONDocument(parsing: framed, options: replacing).root.string()
              let expected = String(decoding: framed.dropFirst().dropLast(), as: UTF8.self)
              if (strict != nil) != valid || lenient != expected {
                disagreements.append(framed)
              }
            }
            // Cut off before the closing quote: never a document.
            if (try? JSONDocument(parsing: [0x22] + content)) != nil {
              disagreements.append([0x22] + content)
            }
          }
        }
      }
    }
    #expect(disagreements.isEmpty, "first: \(disagreements.prefix(5))")
  }

  @Test func indentationOfEveryWidthReadsAsCompactText() throws {
    let compact = try JSONValue(parsing: #"{"a":[1,{"b":null}],"c":"d"}"#)
    for width in 0...19 {
      let pad = String(repeating: " ", count: width)
      let text =
        "\(pad){\n\(pad)\"a\" :\t[\(pad)1,\r\n\(pad){\"b\":\(pad)null}],\n\(pad)\"c\":\"d\"\(pad)}\(pad)"
      #expect(try JSONValue(parsing: text) == compact, "width \(width)")
      // A mistake after the indentation is reported at its own column.
      let error = try #require(Reading.error("[\n\(pad)1,\n\(pad)x]"))
      #expect(error.location?.line == 3 && error.location?.column == width + 1, "width \(width)")
    }
  }

  @Test func emptyAndWhitespaceOnlyInput() throws {
    #expect(Reading.error("")?.kind == .unexpectedEndOfInput)
    #expect(Reading.error(" \n\r\t ")?.kind == .unexpectedEndOfInput)
    // A lone carriage return ends a line too: "\n" then "\r" puts the end on line 3.
    #expect(Reading.error(" \n\r\t ")?.location?.line == 3)
    #expect(Reading.error(" \r\n\t ")?.location?.line == 2)
  }

  @Test func manyElementsStayLinear() throws {
    // 2 million elements and a 200,000-member object: a quadratic step would not finish.
    let array = "[" + Array(repeating: "0", count: 2_000_000).joined(separator: ",") + "]"
    #expect(try JSONDocument(parsing: array).root.count == 2_000_000)
    let object = "{" + (0..<200_000).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + "}"
    let document = try JSONDocument(
      parsing: object, options: JSONReadingOptions(duplicateKeys: .reject))
    #expect(document.root.count == 200_000)
    #expect(document.root.value().objectValue?["k199999"] == 199_999)
  }
}
