import BinderyJSON
import PropertyBased
import Testing

/// Random `JSONValue` trees survive every writer option and come back equal.
@Suite("Round-trip properties")
struct PropertyTests {
  static func randomString(_ rng: inout any SeededRandomNumberGenerator) -> String {
    let pool: [Unicode.Scalar] = [
      "a", "Z", "0", " ", "\"", "\\", "/", "\n", "\t", "\u{0}", "\u{1F}", "\u{7F}", "é", "カ", "😀",
      "\u{2028}", "\u{FEFF}", "'", "{", "]",
    ]
    var text = ""
    for _ in 0..<Int.random(in: 0...12, using: &rng) {
      text.unicodeScalars.append(pool[Int.random(in: 0..<pool.count, using: &rng)])
    }
    return text
  }

  static func randomNumber(_ rng: inout any SeededRandomNumberGenerator) -> JSONNumber {
    switch Int.random(in: 0..<4, using: &rng) {
    case 0: return JSONNumber(Int64.random(in: .min ... .max, using: &rng))
    case 1: return JSONNumber(UInt64.random(in: .min ... .max, using: &rng))
    case 2:
      let value = Double(bitPattern: UInt64.random(in: .min ... .max, using: &rng))
      return JSONNumber(value.isFinite ? value : 0)
    default:
      let digits = (0..<Int.random(in: 1...30, using: &rng)).map { _ in
        String(Int.random(in: 0...9, using: &rng))
      }
      return JSONNumber(text: "-1" + digits.joined() + ".5e-" + digits.joined().prefix(2)) ?? 0
    }
  }

  static func randomValue(_ rng: inout any SeededRandomNumberGenerator, depth: Int) -> JSONValue {
    let choice = Int.random(in: 0..<(depth > 4 ? 4 : 6), using: &rng)
    switch choice {
    case 0: return .null
    case 1: return .bool(Bool.random(using: &rng))
    case 2: return .number(randomNumber(&rng))
    case 3: return .string(randomString(&rng))
    case 4:
      return .array(
        (0..<Int.random(in: 0...5, using: &rng)).map { _ in randomValue(&rng, depth: depth + 1) })
    default:
      var object = JSONObject()
      for _ in 0..<Int.random(in: 0...5, using: &rng) {
        object[randomString(&rng)] = randomValue(&rng, depth: depth + 1)
      }
      return .object(object)
    }
  }

  static let values = Generator<JSONValue, Shrink.None<JSONValue>> { rng in
    randomValue(&rng, depth: 0)
  }

  static let writingOptions: [JSONWritingOptions] = [
    .compact, .pretty, JSONWritingOptions(sortsKeys: true),
    JSONWritingOptions(
      prettyPrinted: true, indentWidth: 0, sortsKeys: true, escapesSlashes: true, asciiOnly: true),
  ]

  @Test func valuesRoundTripThroughWriterAndReader() async {
    await propertyCheck(count: 400, input: Self.values) { value in
      for options in Self.writingOptions {
        let bytes = try value.jsonBytes(options: options)
        let read = try JSONValue(parsing: bytes)
        #expect(read == value)
        if options.asciiOnly { #expect(bytes.allSatisfy { $0 < 0x80 }) }
      }
    }
  }

  @Test func sortedOutputIsCanonical() async {
    // Writing sorted, reading and writing sorted again gives the same bytes.
    await propertyCheck(count: 200, input: Self.values) { value in
      let options = JSONWritingOptions(sortsKeys: true)
      let once = try value.jsonBytes(options: options)
      let twice = try JSONValue(parsing: once).jsonBytes(options: options)
      #expect(once == twice)
    }
  }

  @Test func pathsRoundTripThroughText() async {
    let paths = Generator<JSONPath, Shrink.None<JSONPath>> { rng in
      JSONPath(
        (0..<Int.random(in: 0...5, using: &rng)).map { _ in
          Bool.random(using: &rng)
            ? .index(Int.random(in: 0...1000, using: &rng)) : .key(Self.randomString(&rng))
        })
    }
    await propertyCheck(count: 300, input: paths) { path in
      let reparsed = try JSONPath(parsing: path.description)
      // A key that spells a number prints quoted, so it stays a key.
      #expect(reparsed == path)
      let pointer = try JSONPath(pointer: path.pointer)
      #expect(pointer.components.count == path.components.count)
    }
  }
}
