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
}
