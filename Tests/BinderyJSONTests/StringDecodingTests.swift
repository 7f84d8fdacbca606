import BinderyJSON
import Foundation
import Testing

/// Strings with escapes are decoded by copying the runs between backslashes eight bytes at a
/// time; these put each kind of escape at every offset around those eight-byte steps and
/// compare with Foundation's reading of the same text.
@Suite("String decoding")
struct StringDecodingTests {
  static let escapes: [String] = [
    #"\/"#, #"\""#, #"\\"#, #"\n"#, #"\t"#, #"\u00e9"#, #"\u30a2"#, #"\ud83d\ude00"#, #"\b"#,
  ]

  @Test("each escape at every offset of runs from 0 to 20 bytes", arguments: escapes)
  func everyOffset(_ escape: String) throws {
    for before in 0...20 {
      for after in [0, 1, 7, 8, 9, 17] {
        let text =
          String(repeating: "a", count: before) + escape + String(repeating: "é", count: after)
          + escape + "z"
        let json = Array("[\"\(text)\"]".utf8)
        let ours = try JSONValue(parsing: json)
        let theirs = try #require(
          try JSONSerialization.jsonObject(with: Data(json)) as? [String])
        #expect(ours == .array([.string(theirs[0])]), "\(text)")
      }
    }
  }

  @Test("an escaped URL of twitter.json reads as the URL")
  func escapedSlashes() throws {
    let json = Array(#"{"url":"http:\/\/t.co\/ZkQWlo0yTq","name":"\u3042\u3044 \/ ok"}"#.utf8)
    let value = try JSONValue(parsing: json)
    #expect(value["url"] == .string("http://t.co/ZkQWlo0yTq"))
    #expect(value["name"] == .string("あい / ok"))
  }

  /// Strings without escapes are made from the input's bytes without the standard library's
  /// second check of their UTF-8 (the scanner checked it): the strings must be the same, for
  /// every use, as those the standard library makes from the same bytes.
  @Test("non-ASCII text without escapes reads as the standard library reads its bytes")
  func unescapedText() throws {
    let pieces = ["a", "é", "ア", "😀", "e\u{301}", "🇯🇵", "ß", "\u{7F}", "~"]
    for length in 0...40 {
      let text = (0..<length).map { pieces[($0 * 7 + length) % pieces.count] }.joined()
      let bytes = Array(text.utf8)
      let json = Array("{\"\(text)\":\"\(text)\"}".utf8)
      guard let (key, read) = try Self.onlyMember(JSONValue(parsing: json)) else { continue }
      let expected = String(decoding: bytes, as: UTF8.self)
      for string in [key, read] {
        #expect(Array(string.utf8) == bytes)
        #expect(string == expected)
        #expect(string.count == expected.count)
        #expect(Array(string.unicodeScalars) == Array(expected.unicodeScalars))
        #expect(string.hashValue == expected.hashValue)
        #expect(Set([string, expected]).count == 1)
      }
    }
  }

  @Test("invalid UTF-8 still reads as U+FFFD when replaced, and is refused otherwise")
  func invalidTextIsRepaired() throws {
    let bad: [[UInt8]] = [
      [0xFF], [0xC3], [0xE3, 0x82], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
    ]
    // Without escapes, and with one (the text is then unescaped before it is read).
    for (raw, read) in [("ab", "ab"), (#"a\n"#, "a\n")] {
      for bytes in bad {
        let json = Array("[\"\(raw)".utf8) + bytes + Array("cd\"]".utf8)
        let options = JSONReadingOptions(invalidUnicode: .replace)
        let value = try JSONValue(parsing: json, options: options)
        guard case .array(let elements) = value, case .string(let text) = elements.first else {
          Issue.record("\(value) is not an array of one string")
          continue
        }
        let expected = String(decoding: Array(read.utf8) + bytes + Array("cd".utf8), as: UTF8.self)
        #expect(text == expected && text.contains("\u{FFFD}"))
        // Valid UTF-8: reading its bytes again changes nothing.
        let again = String(decoding: Array(text.utf8), as: UTF8.self)
        #expect(Array(again.utf8) == Array(text.utf8))
        #expect(throws: JSONReadError.self) { try JSONValue(parsing: json) }
      }
    }
  }

  @Test("JSON5 escapes of non-ASCII text read as the characters they spell")
  func json5Escapes() throws {
    // An identity escape of a non-ASCII scalar, `\x` above 0x7F, a line continuation with
    // U+2028, and an unquoted key spelling a character with `\u`.
    let json = "{caf\\u00e9: '\\é\\xE9\\u00e9\\\u{2028}ア\\😀'}"
    let value = try JSONValue(parsing: Array(json.utf8), options: .json5)
    guard let (key, text) = Self.onlyMember(value) else { return }
    for (read, expected) in [(key, "café"), (text, "éééア😀")] {
      #expect(read == expected)
      #expect(Array(read.utf8) == Array(expected.utf8))
      #expect(read.count == expected.count)
      #expect(read.hashValue == expected.hashValue)
    }
  }

  /// The key and string value of an object's only member, or nil (with an issue recorded).
  static func onlyMember(_ value: JSONValue) -> (key: String, value: String)? {
    guard case .object(let members) = value, members.count == 1, let (key, member) = members.first,
      case .string(let text) = member
    else {
      Issue.record("\(value) is not an object with one string member")
      return nil
    }
    return (key, text)
  }
}
