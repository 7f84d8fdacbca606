import BinderyJSON
import Testing

/// The writer's byte level: strings copied eight bytes at a time with the escapes in between,
/// one capacity check per token, and growth. Checked against a plain byte-by-byte escaper.
@Suite("Writer output")
struct WriterOutputTests {
  /// The escaping rules, one scalar at a time: the specification the fast path must match.
  static func reference(_ text: String, escapesSlashes: Bool, asciiOnly: Bool) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "/" where escapesSlashes: out += "\\/"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case "\u{08}": out += "\\b"
      case "\u{0C}": out += "\\f"
      case _ where scalar.value < 0x20 || (asciiOnly && scalar.value >= 0x80):
        for unit in String(scalar).utf16 {
          let hex = String(unit, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }

  static let specials: [String] = [
    "\"", "\\", "/", "\n", "\u{01}", "\u{1F}", "é", "€", "😀", "\u{7F}", "a",
  ]

  /// Every length from 0 to 40, with each special character at every position: the word loop,
  /// the 1-to-7-byte tail and the escape that interrupts either.
  @Test(arguments: [(false, false), (true, false), (false, true), (true, true)])
  func stringsMatchTheReferenceAtEveryLengthAndPosition(escapesSlashes: Bool, asciiOnly: Bool)
    throws
  {
    let options = JSONWritingOptions(escapesSlashes: escapesSlashes, asciiOnly: asciiOnly)
    for length in 0...40 {
      for special in Self.specials {
        for position in 0...length {
          let plain = String(repeating: "x", count: length)
          let text =
            position == length
            ? plain
            : {
              var characters = Array(plain)
              characters[position] = Character(special)
              return String(characters)
            }()
          let expected = Self.reference(text, escapesSlashes: escapesSlashes, asciiOnly: asciiOnly)
          var writer = JSONWriter(options: options)
          try writer.string(text)
          #expect(String(decoding: try writer.finish(), as: UTF8.self) == expected)
          var keyed = JSONWriter(options: options)
          try keyed.beginObject()
          try keyed.key(text)
          try keyed.null()
          try keyed.endObject()
          #expect(
            String(decoding: try keyed.finish(), as: UTF8.self) == "{" + expected + ":null}")
        }
      }
    }
  }

  /// Escapes that expand the text several times over outgrow the room reserved for the text
  /// as it is: the copy continues in further rounds.
  @Test func denseEscapesOutgrowTheFirstReservation() throws {
    let controls = String(repeating: "\u{01}\"\\", count: 5_000)
    let astral = String(repeating: "😀", count: 3_000)
    for text in [controls, astral, controls + astral + "tail"] {
      let options = JSONWritingOptions(asciiOnly: true)
      var writer = JSONWriter(options: options)
      try writer.beginArray()
      try writer.string(text)
      try writer.string("after")
      try writer.endArray()
      let expected =
        "[" + Self.reference(text, escapesSlashes: false, asciiOnly: true) + ",\"after\"]"
      #expect(String(decoding: try writer.finish(), as: UTF8.self) == expected)
    }
  }

  /// Output many times the initial room, written through every kind of token.
  @Test func outputGrowsWithoutLosingBytes() throws {
    var writer = JSONWriter()
    var expected = "["
    try writer.beginArray()
    for index in 0..<20_000 {
      if index > 0 { expected += "," }
      switch index % 5 {
      case 0:
        try writer.integer(Int64(-index))
        expected += String(-index)
      case 1:
        try writer.string("s\(index)")
        expected += "\"s\(index)\""
      case 2:
        try writer.double(Double(index) + 0.25)
        expected += String(Double(index) + 0.25)
      case 3:
        try writer.bool(index % 2 == 0)
        expected += index % 2 == 0 ? "true" : "false"
      default:
        try writer.beginObject()
        try writer.key("k")
        try writer.null()
        try writer.endObject()
        expected += #"{"k":null}"#
      }
    }
    try writer.endArray()
    expected += "]"
    #expect(writer.bytes == Array(expected.utf8))
    #expect(try writer.finish() == Array(expected.utf8))
  }

  /// A copy of a writer is a separate writer: both write on from where the copy was made.
  @Test func copiesWriteIndependently() throws {
    var original = JSONWriter()
    try original.beginArray()
    try original.integer(Int64(1))
    var copy = original
    try copy.string("copy")
    try copy.endArray()
    try original.integer(Int64(2))
    try original.endArray()
    #expect(String(decoding: try original.finish(), as: UTF8.self) == "[1,2]")
    #expect(String(decoding: try copy.finish(), as: UTF8.self) == #"[1,"copy"]"#)
  }

  /// Numbers at the edges of their digit counts, where the digit loop changes length.
  @Test func integersAtDigitBoundaries() throws {
    var values: [Int64] = [0, 9, 10, 99, 100, Int64.max, Int64.min, -1, -9, -10]
    var power: Int64 = 1
    for _ in 0..<18 {
      power *= 10
      values += [power - 1, power, -power, -(power - 1)]
    }
    for value in values {
      var writer = JSONWriter()
      try writer.integer(value)
      #expect(String(decoding: try writer.finish(), as: UTF8.self) == String(value))
    }
    // The digit count is guessed from the bit length: every power of two and its
    // neighbours, where the length changes.
    var unsigned: [UInt64] = [UInt64.max, UInt64.max / 10, 9_999_999_999_999_999_999]
    unsigned += [10_000_000_000_000_000_000, 10_000_000_000_000_000_001]
    for shift in 0..<64 {
      let bit = UInt64(1) << shift
      unsigned += [bit - 1, bit, bit + 1]
    }
    for value in unsigned {
      var writer = JSONWriter()
      try writer.integer(value)
      #expect(String(decoding: try writer.finish(), as: UTF8.self) == String(value))
    }
  }

  /// A fuzzer's finding: after a sixteen-byte step stopped at an escape a few bytes before the
  /// end, the eight-byte step read past the text (caught by AddressSanitizer; the output was
  /// right). Lengths 17 to 31 with the escape at each position after the first block's start.
  @Test func escapeLateInASixteenByteBlockNearTheEnd() throws {
    let found = "/0/;o/;;/0/\u{03}\u{00};Range/;;/0/\u{03}\u{00}01"
    for options in [JSONWritingOptions(), JSONWritingOptions(escapesSlashes: true)] {
      var writer = JSONWriter(options: options)
      try writer.string(found)
      let text = String(decoding: try writer.finish(), as: UTF8.self)
      #expect(text == Self.reference(found, escapesSlashes: options.escapesSlashes, asciiOnly: false))
    }
    for length in 17...31 {
      for position in 1..<16 {
        var characters = Array(repeating: Character("x"), count: length)
        characters[position] = "\u{01}"
        let plain = String(characters)
        var writer = JSONWriter()
        try writer.string(plain)
        let text = String(decoding: try writer.finish(), as: UTF8.self)
        #expect(text == Self.reference(plain, escapesSlashes: false, asciiOnly: false))
      }
    }
  }
}
