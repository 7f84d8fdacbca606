import Bindery
import BinderyTestSupport
import Foundation
import Testing

// Models of real API shapes whose properties are all plain: `@JSONModel` gives them the
// one-pass initializer. Property names spell the JSON keys.

@JSONModel
struct OnePassEvent: Equatable {
  var id: String
  var type: String
  var actor: OnePassActor
  var repo: OnePassRepo
  var `public`: Bool
  var created_at: String
  var org: OnePassActor?
}

@JSONModel
struct OnePassActor: Equatable {
  var id: Int
  var login: String
  @Key("display_login") var displayName: String?
  var gravatar_id: String
  var url: String
  var avatar_url: String
}

@JSONModel
struct OnePassRepo: Equatable {
  var id: Int64
  var name: String
  var url: String
}

/// A status of a timeline; a retweet holds its original.
@JSONModel
struct OnePassStatus: Equatable {
  var created_at: String
  var id: Int64
  var id_str: String
  var text: String
  var user: OnePassUser
  var entities: OnePassEntities
  var retweet_count: Int
  var favorited: Bool
  var retweeted_status: OnePassRetweeted?
}

/// The status a retweet repeats.
@JSONModel
struct OnePassRetweeted: Equatable {
  var id: Int64
  var text: String
  var user: OnePassUser
}

/// A tree: a type that holds itself.
@JSONModel
struct OnePassNode: Equatable {
  var name: String
  var children: [OnePassNode]
}

@JSONModel
struct OnePassUser: Equatable {
  var id: UInt64
  var screen_name: String
  var followers_count: Int32
  var url: String?
}

@JSONModel
struct OnePassEntities: Equatable {
  var hashtags: [OnePassHashtag]
}

@JSONModel
struct OnePassHashtag: Equatable {
  var text: String
  var indices: [UInt16]
}

/// A search API response (twitter.json).
@JSONModel
struct OnePassSearch: Equatable {
  var statuses: [OnePassStatus]
  var search_metadata: OnePassSearchMetadata
}

@JSONModel
struct OnePassSearchMetadata: Equatable {
  var completed_in: Double
  var max_id: Int64
  var next_results: String
  var count: Int
}

/// GeoJSON (canada.json): many numbers in nested arrays.
@JSONModel
struct OnePassFeatures: Equatable {
  var type: String
  var features: [OnePassFeature]
}

@JSONModel
struct OnePassFeature: Equatable {
  var type: String
  var geometry: OnePassGeometry
}

@JSONModel
struct OnePassGeometry: Equatable {
  var type: String
  var coordinates: [[[Double]]]
}

/// A small model for bad input: every scalar kind, an optional, an array, a non-ASCII key.
@JSONModel
struct OnePassPoint: Equatable {
  var x: Int
  var y: Double
  var label: String?
  var tags: [String]
  var café: Bool?
}

/// A model that refuses some values after reading them.
@JSONModel
struct OnePassRange: Equatable {
  var low: Int
  var high: Int
  struct Flaw: Error, CustomStringConvertible {
    var description: String { "low must not exceed high" }
  }
  func validate() throws {
    if low > high { throw Flaw() }
  }
}

/// A model that converts values of other JSON types and skips bad elements, which only the
/// document path does: input that needs neither reads in one pass.
@JSONModel(coercesValues: true)
struct OnePassCoercing: Equatable {
  var count: Int
  var on: Bool
  @Lossy var sizes: [Int] = []
}

// Models the one-pass reader does not take: the document path reads them.

@JSONModel
struct OnePassDated {
  var when: Date
}

@JSONModel
struct OnePassNested {
  @Key("media.m") var image: String
}

@JSONModel
struct OnePassWithDictionary {
  var counts: [String: Int]
}

@JSONModel
struct OnePassHolder {
  var dated: [OnePassDated]
}

/// Input whose bytes are not at hand: always read through a document.
struct ThroughDocument: JSONInput {
  let bytes: [UInt8]
  init(_ bytes: [UInt8]) { self.bytes = bytes }
  init(_ text: String) { self.bytes = Array(text.utf8) }
  func jsonDocument(options: JSONReadingOptions) throws(JSONReadError) -> JSONDocument {
    try bytes.jsonDocument(options: options)
  }
}

/// Reads `bytes` with the one-pass reader alone: the value, or nil where it gives up.
func onePass<T: JSONDecodable>(
  _ type: T.Type, _ bytes: [UInt8], options: JSONReadingOptions = .strict
) -> T? {
  bytes.withUnsafeBufferPointer { buffer in
    _JSONOnePassReader.read(buffer, options: options) { reader in T._fromOnePass(&reader) }
  }
}

/// A decode's outcome as text: the value, or the whole report (paths, lines, columns).
func outcome<T>(_ body: () throws -> T) -> String {
  do { return "value \(try body())" } catch { return "error \(error)" }
}

@Suite struct OnePassDecodingTests {
  @Test func githubEventsReadInOnePassAsThroughADocument() throws {
    let bytes = try Fixtures.bytes("github-events.json")
    let fast = try #require(onePass([OnePassEvent].self, bytes))
    let slow = try [OnePassEvent](json: ThroughDocument(bytes))
    #expect(fast == slow)
    #expect(fast.count == 14)
    #expect(fast.contains { $0.org != nil })
    #expect(fast.contains { $0.actor.displayName != nil })
    #expect(try [OnePassEvent](json: bytes) == slow)
    #expect(try [OnePassEvent](json: Data(bytes)) == slow)
    #expect(try [OnePassEvent](json: String(decoding: bytes, as: UTF8.self)) == slow)
  }

  @Test(arguments: ["twitter.json", "canada.json"])
  func standardFilesReadInOnePassAsThroughADocument(_ name: String) throws {
    let bytes = Array(
      try Data(
        contentsOf: URL(fileURLWithPath: Fixtures.repositoryRoot())
          .appendingPathComponent("Benchmarks/Corpora/\(name)")))
    if name == "twitter.json" {
      let fast = try #require(onePass(OnePassSearch.self, bytes))
      #expect(fast == (try OnePassSearch(json: ThroughDocument(bytes))))
      #expect(fast.statuses.count == 100)
      #expect(fast.statuses.contains { $0.retweeted_status != nil })
    } else {
      let fast = try #require(onePass(OnePassFeatures.self, bytes))
      let slow = try OnePassFeatures(json: ThroughDocument(bytes))
      // Every coordinate, to the bit.
      let bits = { (features: OnePassFeatures) in
        features.features.flatMap { $0.geometry.coordinates.joined().joined().map(\.bitPattern) }
      }
      #expect(bits(fast) == bits(slow))
      #expect(bits(fast).count > 100_000)
    }
  }

  @Test func timelineStatusesAndTheirRetweetsReadInOnePass() throws {
    let lines = try Fixtures.bytes("../../Generated/Samples/timeline.jsonl")
      .split(separator: UInt8(ascii: "\n")).map(Array.init)
    #expect(lines.count == 5)
    var retweets = 0
    for line in lines {
      let fast = try #require(onePass(OnePassStatus.self, line))
      #expect(fast == (try OnePassStatus(json: ThroughDocument(line))))
      if fast.retweeted_status != nil { retweets += 1 }
    }
    #expect(retweets > 0)
  }

  @Test func aTreeReadsInOnePassAtEveryDepth() throws {
    var json = #"{"name": "leaf", "children": []}"#
    for depth in 0..<40 { json = #"{"children": [\#(json), {"name": "\#(depth)", "children": []}], "name": "n\#(depth)"}"# }
    let bytes = Array(json.utf8)
    let fast = try #require(onePass(OnePassNode.self, bytes))
    #expect(fast == (try OnePassNode(json: ThroughDocument(bytes))))
    #expect(fast.children.count == 2 && fast.name == "n39")
  }

  @Test func onlyModelsWhoseEveryTypeReadsInOnePassTryIt() {
    #expect(OnePassEvent._decodesInOnePass)
    #expect([OnePassEvent]._decodesInOnePass)
    #expect(OnePassStatus._decodesInOnePass)
    #expect(OnePassNode._decodesInOnePass)  // holds itself
    #expect(OnePassPoint._decodesInOnePass)
    #expect(!OnePassDated._decodesInOnePass)
    #expect(!OnePassNested._decodesInOnePass)
    #expect(!OnePassWithDictionary._decodesInOnePass)
    #expect(!OnePassHolder._decodesInOnePass)
    #expect(!Date._decodesInOnePass)
    #expect(Optional<String>._decodesInOnePass)
  }

  /// Input the one-pass reader reads itself, and input it leaves to the document path; either
  /// way `init(json:)` ends as the document path does, to the last character of the report.
  static let cases: [(json: String, readsInOnePass: Bool)] = [
    (#"{"x": 1, "y": 2.5, "tags": []}"#, true),
    (#"{"tags": ["a"], "y": -0.0, "x": -9223372036854775808}"#, true),
    (#" {"x":0,"y":1e2,"label":null,"tags":[],"café":true} "#, true),
    (#"{"x": 1, "y": 1E-2, "label": "\"q\" \\ \/ \b\f\n\r\t \u00e9 \ud83d\ude00", "tags": []}"#, true),
    (#"{"x": 1, "y": 2, "tags": [], "other": {"a": [1, {"b": null}], "c": "d\n"}, "z": [true]}"#, true),
    (#"{"x": 1, "y": 2, "tags": ["日本語", "é"], "label": "Ünïcödé"}"#, true),
    ("{\"x\":1,\n\t\"y\":2,\r\n\"tags\":[ ]}", true),
    // Left to the document path, which reads them.
    (#"{"x": 1, "y": 2, "tags": [], "x": 2}"#, false),
    (#"{"x": 1.0, "y": 2, "tags": []}"#, false),
    (#"{"x": 1e2, "y": 2, "tags": []}"#, false),
    (#"{"\u0078": 1, "y": 2, "tags": []}"#, false),
    (#"{"x": 1, "y": 2, "tags": [], "deep": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}"#, false),
    // Left to the document path, which reports them.
    (#"{"x": 1, "y": 2}"#, false),
    (#"{"x": "1", "y": 2, "tags": []}"#, false),
    (#"{"x": 9223372036854775808, "y": 2, "tags": []}"#, false),
    (#"{"x": -9223372036854775809, "y": 2, "tags": []}"#, false),
    (#"{"x": 12345678901234567890123, "y": 2, "tags": []}"#, false),
    (#"{"x": -0, "y": 2, "tags": []}"#, true),
    (#"{"x": 9223372036854775807, "y": 2, "tags": []}"#, true),
    (#"{"x": 1.5, "y": 2, "tags": []}"#, false),
    (#"{"x": 1, "y": 1e400, "tags": []}"#, false),
    (#"{"x": 1, "y": 1e-400, "tags": []}"#, false),
    (#"{"x": 1, "y": 2, "tags": [1]}"#, false),
    (#"{"x": null, "y": 2, "tags": []}"#, false),
    (#"{"x": 1, "y": 2, "tags": [],}"#, false),
    (#"{"x": 1, "y": 2, "tags": []} x"#, false),
    (#"{"x": 1, "y": 2, "tags": [] /* c */}"#, false),
    (#"{"x": 01, "y": 2, "tags": []}"#, false),
    (#"{"x": -, "y": 2, "tags": []}"#, false),
    (#"{"x": 1, "y": .5, "tags": []}"#, false),
    (#"{"x": 1, "y": 2., "tags": []}"#, false),
    (#"{"x": 1, "y": 2, "tags": [], "l": tru}"#, false),
    (#"{"x": 1, "y": 2, "tags": [], "label": "\ud800"}"#, false),
    (#"{"x": 1, "y": 2, "tags": [], "label": "\x"}"#, false),
    ("{\"x\": 1, \"y\": 2, \"tags\": [], \"label\": \"a\u{1}b\"}", false),
    (#"{"x": 1, "y": 2, "tags": [], "label": "open}"#, false),
    (#"{"x": 1, "y": 2, "tags": ["#, false),
    ("\u{FEFF}{\"x\": 1, \"y\": 2, \"tags\": []}", false),
    (#"[{"x": 1, "y": 2, "tags": []}]"#, false),
    ("", false),
    ("  ", false),
  ]

  @Test(arguments: cases.indices)
  func everyInputEndsAsThroughADocument(_ index: Int) {
    let (json, readsInOnePass) = Self.cases[index]
    let bytes = Array(json.utf8)
    let fast = onePass(OnePassPoint.self, bytes)
    let slow = outcome { try OnePassPoint(json: ThroughDocument(bytes)) }
    #expect((fast != nil) == readsInOnePass, "\(json)")
    if let fast { #expect(slow == "value \(fast)") }
    #expect(outcome { try OnePassPoint(json: bytes) } == slow, "\(json)")
  }

  @Test func invalidUTF8IsLeftToTheDocumentPath() {
    for invalid: [UInt8] in [[0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xE2, 0x82], [0xF4, 0x90, 0x80, 0x80]] {
      let bytes = Array(#"{"x": 1, "y": 2, "tags": [], "label": ""#.utf8) + invalid + Array(#""}"#.utf8)
      #expect(onePass(OnePassPoint.self, bytes) == nil)
      let slow = outcome { try OnePassPoint(json: ThroughDocument(bytes)) }
      #expect(slow.hasPrefix("error"))
      #expect(outcome { try OnePassPoint(json: bytes) } == slow)
      let replacing = JSONDecodingOptions(reading: JSONReadingOptions(invalidUnicode: .replace))
      let repaired = try? OnePassPoint(json: bytes, options: replacing)
      #expect(repaired?.label?.contains("\u{FFFD}") == true)
    }
  }

  @Test func aModelThatRefusesItsValuesIsReportedByTheDocumentPath() throws {
    #expect(onePass(OnePassRange.self, Array(#"{"low": 1, "high": 2}"#.utf8)) == OnePassRange(low: 1, high: 2))
    let refused = Array(#"{"low": 3, "high": 2}"#.utf8)
    #expect(onePass(OnePassRange.self, refused) == nil)
    let error = try #require(throws: JSONDecodingError.self) { try OnePassRange(json: refused) }
    #expect("\(error)".contains("low must not exceed high"))
    // Inside an array and an optional, a refused element sinks the pass as well, and the
    // report names its index.
    let list = Array(#"[{"low": 1, "high": 2}, {"low": 3, "high": 2}]"#.utf8)
    #expect(onePass([OnePassRange].self, Array(#"[{"low": 1, "high": 2}]"#.utf8))?.count == 1)
    #expect(onePass([OnePassRange].self, list) == nil)
    #expect(onePass(OnePassRange?.self, refused) == nil)
    let listError = try #require(throws: JSONDecodingError.self) {
      try [OnePassRange](json: list)
    }
    #expect("\(listError)".contains("[1]"))
    #expect("\(listError)".contains("low must not exceed high"))
  }

  @Test func conversionsAndSkippedElementsAreLeftToTheDocumentPath() throws {
    let exact = Array(#"{"count": 12, "on": true, "sizes": [1, 2]}"#.utf8)
    let expected = OnePassCoercing(count: 12, on: true, sizes: [1, 2])
    #expect(onePass(OnePassCoercing.self, exact) == expected)
    let converted = Array(#"{"count": "12", "on": 1, "sizes": [1, "x", 2]}"#.utf8)
    #expect(onePass(OnePassCoercing.self, converted) == nil)
    #expect(try OnePassCoercing(json: converted) == expected)
    let decoded = try OnePassCoercing.decoded(json: converted)
    #expect(decoded.value == expected)
    #expect(decoded.warnings.map(\.kind) == [.coerced, .coerced, .skippedElement])
  }

  @Test func optionsTheReaderCannotFollowAloneLeaveItOut() throws {
    let repeated = Array(#"{"x": 1, "y": 2, "tags": [], "z": 1, "z": 2}"#.utf8)
    #expect(onePass(OnePassPoint.self, repeated) != nil)
    let rejecting = JSONReadingOptions(duplicateKeys: .reject)
    #expect(onePass(OnePassPoint.self, repeated, options: rejecting) == nil)
    #expect(throws: JSONDecodingError.self) {
      try OnePassPoint(json: repeated, options: JSONDecodingOptions(reading: rejecting))
    }
    let small = JSONReadingOptions(maxSize: 10)
    #expect(onePass(OnePassPoint.self, repeated, options: small) == nil)
    #expect(throws: JSONDecodingError.self) {
      try OnePassPoint(json: repeated, options: JSONDecodingOptions(reading: small))
    }
    let nested = Array(#"{"x": 1, "y": 2, "tags": [], "z": [[1]]}"#.utf8)
    let shallow = JSONReadingOptions(maxDepth: 2)
    #expect(onePass(OnePassPoint.self, nested, options: JSONReadingOptions(maxDepth: 3)) != nil)
    #expect(onePass(OnePassPoint.self, nested, options: shallow) == nil)
    #expect(throws: JSONDecodingError.self) {
      try OnePassPoint(json: nested, options: JSONDecodingOptions(reading: shallow))
    }
    // A leniency the reader does not follow: the document path reads the input.
    let trailing = Array(#"{"x": 1, "y": 2, "tags": [],}"#.utf8)
    let lenient = JSONReadingOptions(allowsTrailingCommas: true)
    #expect(onePass(OnePassPoint.self, trailing, options: lenient) == nil)
    #expect(try OnePassPoint(json: trailing, options: JSONDecodingOptions(reading: lenient)).x == 1)
  }

  /// Random edits of real documents: wherever the one-pass reader reads the input, the document
  /// path reads the same value; `init(json:)` always ends as the document path does.
  @Test func randomEditsAgreeWithTheDocumentPath() throws {
    let events = try Fixtures.bytes("github-events.json")
    let seeds: [[UInt8]] = [
      Array(#"{"x": -12, "y": 3.25e-3, "label": "a\"b\u00e9", "tags": ["t", ""], "café": false, "n": [{}]}"#.utf8),
      events,
    ]
    let alphabet = Array(#"{}[]:,"\ 0123456789.eE+-truefalsnxyz"#.utf8) + [0x00, 0x1F, 0x7F, 0xC3, 0xA9, 0xFF]
    var random = SplitMix64(seed: 0x0AE5_5EED)
    var read = 0
    for round in 0..<3000 {
      var bytes = seeds[round % seeds.count]
      for _ in 0...random.below(3) {
        let at = random.below(bytes.count)
        switch random.below(3) {
        case 0: bytes[at] = alphabet[random.below(alphabet.count)]
        case 1: bytes.remove(at: at)
        default: bytes.insert(alphabet[random.below(alphabet.count)], at: at)
        }
      }
      let text = String(decoding: bytes, as: UTF8.self)
      if round % seeds.count == 0 {
        let fast = onePass(OnePassPoint.self, bytes)
        let slow = outcome { try OnePassPoint(json: ThroughDocument(bytes)) }
        if let fast {
          read += 1
          #expect(slow == "value \(fast)", "\(text)")
        }
        #expect(outcome { try OnePassPoint(json: bytes) } == slow, "\(text)")
      } else {
        let fast = onePass([OnePassEvent].self, bytes)
        let slow = outcome { try [OnePassEvent](json: ThroughDocument(bytes)) }
        if let fast {
          read += 1
          #expect(slow == "value \(fast)", "\(text)")
        }
        #expect(outcome { try [OnePassEvent](json: bytes) } == slow, "\(text)")
      }
    }
    // Edits inside strings and whitespace keep many inputs valid.
    #expect(read > 300)
  }
}
