import Bindery
import BinderyTestSupport
import Foundation
import Testing

// The direct write of `jsonBytes()` against the writer every other export uses: the same bytes
// on real API shapes and on text that needs escaping, the same errors where it gives up.

/// Text in every shape the string writer treats apart: empty, short, across the 16-byte
/// blocks, with each escape and with non-ASCII text; a key that needs escaping in a dictionary.
@JSONModel
struct DirectText: Equatable {
  var text: String
  var note: String?
  var words: [String]
  var counts: [String: Int]
}

/// Every scalar kind, optionals under each null policy, a set and a URL.
@JSONModel
struct DirectScalars: Equatable {
  var small: Int8
  var wide: UInt64
  var signed: Int64
  var ratio: Double
  var flag: Bool
  var missing: Int?
  @Nulls(.write) var kept: String?
  @Nulls(.omit) var dropped: String?
  var tags: Set<String>
  var link: URL
  var id: UUID
}

@JSONModel(nulls: .write)
struct DirectNullsWritten: Equatable {
  var name: String?
  @Nulls(.omit) var hidden: Int?
}

/// A model `jsonBytes()` cannot write directly: a date's format is the options' to decide.
@JSONModel
struct DirectDated {
  var at: Date
}

/// A model holding one that cannot, and one with a nested key path.
@JSONModel
struct DirectHoldingDated {
  var name: String
  var dated: DirectDated
}

@JSONModel
struct DirectNested {
  @Key("info.name") var name: String
}

/// A model that keeps the keys it does not know: they are written back, by `encode(to:)`.
@JSONModel
struct DirectKeeping {
  var id: Int
  @UnknownKeys var rest: [String: JSONValue] = [:]
}

@JSONModel
struct DirectWide {
  var big: Int128
}

/// Writes a value through `encode(to:)` alone: a type of its own, which never writes directly.
struct General<Value: JSONEncodable>: JSONEncodable {
  let value: Value
  func encode(to json: JSONValueEncoder) throws { try value.encode(to: json) }
}

/// Writes `value` with the direct writer alone: the bytes, or nil where it gives up.
func direct<T: JSONEncodable>(
  _ value: T, capacity: Int = 64, maxDepth: Int = 512, omitsNulls: Bool = true
) -> [UInt8]? {
  _JSONDirectWriter.write(capacity: capacity, maxDepth: maxDepth, omitsNulls: omitsNulls) {
    value._writeDirectly(to: &$0)
  }
}

/// An export's outcome as text: the JSON, or the error with its path.
func exported(_ body: () throws -> [UInt8]) -> String {
  do { return "json " + String(decoding: try body(), as: UTF8.self) } catch {
    return "error \(error)"
  }
}

@Suite struct DirectEncodingTests {
  @Test(arguments: ["twitter.json", "canada.json"])
  func standardFilesWriteDirectlyAsThroughTheWriter(_ name: String) throws {
    let bytes = Array(
      try Data(
        contentsOf: URL(fileURLWithPath: Fixtures.repositoryRoot())
          .appendingPathComponent("Benchmarks/Corpora/\(name)")))
    func check<T: JSONModel & Equatable>(_ type: T.Type) throws {
      let value = try T(json: bytes)
      #expect(T._encodesDirectly)
      // From a small start, so that the output outgrows its first buffer.
      let fast = try #require(direct(value))
      #expect(fast == (try General(value: value).jsonBytes()))
      #expect(try value.jsonBytes() == fast)
      #expect(try T(json: fast) == value)
      #expect(fast.count > 50_000)
    }
    if name == "twitter.json" {
      try check(OnePassSearch.self)
    } else {
      try check(OnePassFeatures.self)
    }
  }

  @Test func githubEventsWriteDirectlyAsThroughTheWriter() throws {
    let events = try [OnePassEvent](json: try Fixtures.bytes("github-events.json"))
    #expect([OnePassEvent]._encodesDirectly)
    let fast = try #require(direct(events))
    #expect(fast == (try General(value: events).jsonBytes()))
    #expect(try events.jsonBytes() == fast)
    #expect(try [OnePassEvent](json: fast) == events)
  }

  @Test func textIsEscapedAsTheWriterEscapesIt() throws {
    let pieces = [
      "", "a", "\"", "\\", "/", "\u{0}", "\u{1F}", "\n", "\t", "\r", "\u{8}", "\u{C}", "\u{7F}",
      "é", "日本", "😀", "\u{2028}", "plain", "0123456789abcdef", "https://example.com/a?b=c",
    ]
    var random = SplitMix64(seed: 26)
    for length in 0..<60 {
      for _ in 0..<6 {
        var text = ""
        while text.utf8.count < length { text += pieces[random.below(pieces.count)] }
        let value = DirectText(
          text: text, note: length % 3 == 0 ? nil : text, words: [text, "", text],
          counts: [text: length, "k\"ey": 1, "/": 2])
        let fast = try #require(direct(value))
        #expect(fast == (try General(value: value).jsonBytes()), "\(text.debugDescription)")
        #expect(try DirectText(json: fast) == value)
      }
    }
    // A long text of escapes: six bytes out for each byte in, past every first guess of room.
    let controls = String(repeating: "\u{1}", count: 5_000)
    let value = DirectText(text: controls, note: nil, words: [], counts: [:])
    let fast = try #require(direct(value))
    #expect(fast == (try General(value: value).jsonBytes()))
    #expect(fast.count > 30_000)
  }

  @Test func scalarsAndNullPoliciesAsTheWriterWritesThem() throws {
    let values = [
      DirectScalars(
        small: -128, wide: .max, signed: .min, ratio: -0.0, flag: true, missing: nil, kept: nil,
        dropped: nil, tags: ["a", "b"], link: URL(string: "https://example.com/x?y=1")!,
        id: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!),
      DirectScalars(
        small: 7, wide: 0, signed: 9_007_199_254_740_993, ratio: 0x1p53, flag: false, missing: 3,
        kept: "k", dropped: "d", tags: [], link: URL(string: "file:///tmp/a%20b")!,
        id: UUID(uuidString: "00000000-0000-0000-0000-000000000000")!),
      DirectScalars(
        small: 0, wide: 1, signed: -1, ratio: .leastNonzeroMagnitude, flag: true, missing: nil,
        kept: "",
        dropped: nil, tags: ["x"], link: URL(string: "https://a.b")!,
        id: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!),
    ]
    for value in values {
      for nulls in [JSONNullEncoding.omit, .write] {
        let options = JSONEncodingOptions(nulls: nulls)
        let fast = try #require(direct(value, omitsNulls: nulls == .omit))
        #expect(fast == (try General(value: value).jsonBytes(options: options)))
        #expect(try value.jsonBytes(options: options) == fast)
      }
    }
    let written = DirectNullsWritten(name: nil, hidden: nil)
    #expect(try written.jsonString() == #"{"name":null}"#)
    #expect(try written.jsonBytes() == (try General(value: written).jsonBytes()))
  }

  @Test func valuesTheDirectWriteCannotTakeGoThroughTheWriter() throws {
    // A non-finite number: the writer's error, naming the path, or the options' text for it.
    let infinite = OnePassSearchMetadata(
      completed_in: .infinity, max_id: 1, next_results: "", count: 0)
    #expect(direct(infinite) == nil)
    let rejected = exported { try infinite.jsonBytes() }
    #expect(rejected == exported { try General(value: infinite).jsonBytes() })
    #expect(rejected.contains("completed_in"))
    var literals = JSONEncodingOptions()
    literals.writing.nonFiniteNumbers = .literals
    #expect(
      try infinite.jsonString(options: literals)
        == #"{"completed_in":Infinity,"max_id":1,"next_results":"","count":0}"#)
    // The same inside an array of doubles, which goes to the writer whole.
    let ring = OnePassGeometry(type: "Polygon", coordinates: [[[1.5, -0.0], [2, .nan]]])
    #expect(direct(ring) == nil)
    let notANumber = exported { try ring.jsonBytes() }
    #expect(notANumber == exported { try General(value: ring).jsonBytes() })
    #expect(notANumber.hasPrefix("error"))
    let finite = OnePassGeometry(type: "Polygon", coordinates: [[[1.5, -0.0], [], [2, 1e300]]])
    #expect(
      try finite.jsonString() == #"{"type":"Polygon","coordinates":[[[1.5,-0],[],[2,1e+300]]]}"#)
    #expect(direct(finite) == (try General(value: finite).jsonBytes()))
    // Nesting past the limit: the writer's error.
    var node = OnePassNode(name: "leaf", children: [])
    for depth in 0..<20 { node = OnePassNode(name: "\(depth)", children: [node]) }
    var shallow = JSONEncodingOptions()
    shallow.writing.maxDepth = 10
    // 21 objects, each with an array: 42 levels, the limit counted as the writer counts it.
    #expect(direct(node, maxDepth: 41) == nil)
    #expect(direct(node, maxDepth: 42) != nil)
    var exact = JSONEncodingOptions()
    exact.writing.maxDepth = 42
    #expect(try node.jsonBytes(options: exact) == (try General(value: node).jsonBytes()))
    exact.writing.maxDepth = 41
    #expect(throws: JSONWriteError.self) { try node.jsonBytes(options: exact) }
    let deep = exported { try node.jsonBytes(options: shallow) }
    #expect(deep == exported { try General(value: node).jsonBytes(options: shallow) })
    #expect(deep.hasPrefix("error"))
    // An integer wider than 64 bits: its decimal text, from the writer.
    let wide = DirectWide(big: Int128(UInt64.max) * 4)
    #expect(direct(wide) == nil)
    #expect(try wide.jsonString() == #"{"big":73786976294838206460}"#)
  }

  @Test func typesAndOptionsTheDirectWriteLeavesToTheWriter() throws {
    #expect(!DirectDated._encodesDirectly)
    #expect(!DirectHoldingDated._encodesDirectly)
    #expect(!DirectNested._encodesDirectly)
    #expect(!DirectKeeping._encodesDirectly)
    let kept = try DirectKeeping(json: #"{"id":1,"extra":[true,null],"note":null}"#)
    #expect(try kept.jsonString() == #"{"id":1,"extra":[true,null],"note":null}"#)
    #expect(![Date]._encodesDirectly)
    let holder = Dictionary<String, [Int?]>.self
    #expect(holder._encodesDirectly)
    let nested = DirectNested(name: "n")
    #expect(try nested.jsonString() == #"{"info":{"name":"n"}}"#)
    // Options the direct write does not follow give the writer's output.
    let value = DirectText(
      text: "a/b é", note: "n", words: ["z"], counts: ["b": 1, "a": 2])
    for writing in [
      JSONWritingOptions.pretty, .init(sortsKeys: true), .init(escapesSlashes: true),
      .init(asciiOnly: true),
    ] {
      let options = JSONEncodingOptions(writing: writing)
      #expect(
        try value.jsonBytes(options: options)
          == (try General(value: value).jsonBytes(options: options)))
    }
    #expect(
      try value.jsonString(options: .init(writing: .init(escapesSlashes: true))).contains(#"a\/b"#))
    let filtered = try value.jsonString(
      options: .init(properties: try .including([\DirectText.text])))
    #expect(filtered == #"{"text":"a/b é"}"#)
  }
}
