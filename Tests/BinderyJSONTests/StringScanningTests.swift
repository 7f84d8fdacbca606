import BinderyJSON
import BinderyTestSupport
import Foundation
import Testing

/// The scanner looks for the end of a string sixteen bytes at a time, then eight at a time near
/// the end of the input, then byte by byte. These put each byte that stops those steps at every
/// offset of strings from 0 to 40 bytes, with the string ending the input or followed by more,
/// and check the value read and where errors point.
@Suite("String scanning")
struct StringScanningTests {
  /// Text that reads as itself in a JSON string, each a stop for the fast steps.
  static let readable: [(json: String, value: String)] = [
    (#"\""#, "\""), (#"\\"#, "\\"), (#"\n"#, "\n"), (#"\u00e9"#, "é"), ("é", "é"), ("ア", "ア"),
    ("😀", "😀"), ("\u{7F}", "\u{7F}"),
  ]

  /// The document `[<string>]`, optionally with padding after it so that the string does not
  /// end near the end of the input.
  static func document(_ body: [UInt8], padded: Bool) -> [UInt8] {
    Array("[\"".utf8) + body + Array("\"".utf8) + (padded ? Array(repeating: 0x20, count: 40) : [])
      + Array("]".utf8)
  }

  @Test("each stop at every offset reads as the text it stands for")
  func valuesAtEveryOffset() throws {
    for length in 0...40 {
      for padded in [false, true] {
        for (json, value) in Self.readable {
          for position in 0...length {
            let before = String(repeating: "a", count: position)
            let after = String(repeating: "b", count: length - position)
            let bytes = Self.document(Array((before + json + after).utf8), padded: padded)
            let read = try JSONValue(parsing: bytes)
            #expect(read == .array([.string(before + value + after)]), "\(length) \(position)")
          }
        }
        let plain = String(repeating: "c", count: length)
        let read = try JSONValue(parsing: Self.document(Array(plain.utf8), padded: padded))
        #expect(read == .array([.string(plain)]))
      }
    }
  }

  /// Bytes a string may not hold, each with the error it gives.
  static let rejected: [(bytes: [UInt8], kind: JSONReadError.Kind)] = [
    ([0x00], .controlCharacterInString), ([0x09], .controlCharacterInString),
    ([0x1F], .controlCharacterInString), ([0xFF], .invalidUTF8), ([0xC3], .invalidUTF8),
    ([0xED, 0xA0, 0x80], .invalidUTF8), ([0x80], .invalidUTF8),
  ]

  @Test("each bad byte at every offset is reported at its column")
  func errorsAtEveryOffset() throws {
    for length in 0...40 {
      for padded in [false, true] {
        for (bad, kind) in Self.rejected {
          for position in 0...length {
            let body =
              Array(repeating: UInt8(ascii: "a"), count: position) + bad
              + Array(repeating: UInt8(ascii: "b"), count: length - position)
            let error = try #require(Reading.error(Self.document(body, padded: padded)))
            #expect(error.kind == kind, "\(length) \(position) \(bad)")
            // `["` comes before the string: its byte `position` is column `position + 3`.
            #expect(error.location?.column == position + 3, "\(length) \(position) \(bad)")
          }
        }
      }
    }
  }

  @Test("a string the input ends inside is unterminated, whatever its length")
  func unterminatedAtEveryLength() throws {
    for length in 0...40 {
      let text = "[\"" + String(repeating: "a", count: length)
      let error = try #require(Reading.error(text))
      #expect(error.kind == .unexpectedEndOfInput)
      #expect(error.location?.column == length + 3)
    }
  }
}
