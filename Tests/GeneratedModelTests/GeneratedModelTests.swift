import Bindery
import BinderyGenerator
import BinderyTestSupport
import Foundation
import GeneratedCatalog
import GeneratedEvents
@testable import GeneratedFlickrFeed
@testable import GeneratedTagListing
@testable import GeneratedThread
import GeneratedTimeline
import Testing

/// One model file under Tests/Generated: the samples it is generated from and how.
struct GeneratedCase: Sendable, CustomTestStringConvertible {
  var module: String
  /// The command-line arguments, as `bindery generate` takes them, from the repository root.
  var arguments: [String]
  var samples: [String]
  var rootName: String
  var singularizesRoot = false
  var isPublic = false
  var classes = false
  var flatten = false
  var reading = JSONReadingOptions.strict
  var lines = false

  var testDescription: String { module }

  static let all: [GeneratedCase] = [
    GeneratedCase(
      module: "FlickrFeed",
      arguments: ["--allow-escaped-apostrophe", "Samples/flickr-public-feed.json"],
      samples: ["Samples/flickr-public-feed.json"], rootName: "FlickrPublicFeed",
      reading: .allowEscapedApostrophe),
    GeneratedCase(
      module: "TagListing",
      arguments: ["--flatten", "Tests/BinderyModelTests/Fixtures/tag-listing.json"],
      samples: ["Tests/BinderyModelTests/Fixtures/tag-listing.json"], rootName: "TagListing",
      flatten: true),
    GeneratedCase(
      module: "Events",
      arguments: ["--access", "public", "Tests/BinderyModelTests/Fixtures/github-events.json"],
      samples: ["Tests/BinderyModelTests/Fixtures/github-events.json"], rootName: "GithubEvents",
      singularizesRoot: true, isPublic: true),
    GeneratedCase(
      module: "Catalog", arguments: ["--access", "public", "Tests/Generated/Samples/catalog.json"],
      samples: ["Tests/Generated/Samples/catalog.json"], rootName: "Catalog", isPublic: true),
    GeneratedCase(
      module: "Thread", arguments: ["--classes", "Tests/Generated/Samples/thread.json"],
      samples: ["Tests/Generated/Samples/thread.json"], rootName: "Thread", classes: true),
    GeneratedCase(
      module: "Timeline",
      arguments: [
        "--name", "Status", "--access", "public", "Tests/Generated/Samples/timeline.jsonl",
      ],
      samples: ["Tests/Generated/Samples/timeline.jsonl"], rootName: "Status", isPublic: true,
      lines: true),
  ]

  static var root: String { Fixtures.repositoryRoot() }

  static func bytes(_ path: String) throws -> [UInt8] {
    Array(try Data(contentsOf: URL(fileURLWithPath: root + "/" + path)))
  }

  /// The JSON texts of every sample, a line each for JSON Lines.
  func documents() throws -> [[UInt8]] {
    try samples.flatMap { path in
      let bytes = try Self.bytes(path)
      guard lines else { return [bytes] }
      var reader = JSONStreamReader(
        bytes: bytes, framing: .lines, options: JSONStreamOptions(allowsBlankLines: true))
      var texts: [[UInt8]] = []
      while let document = try reader.next() { texts.append(document.withInput { Array($0) }) }
      return texts
    }
  }

  /// What the generator writes for these samples now.
  func generated() throws -> String {
    var options = ModelGenerator.Options(
      rootName: rootName, command: (["bindery generate"] + arguments).joined(separator: " "))
    options.singularizesRoot = singularizesRoot
    options.isPublic = isPublic
    options.classes = classes
    options.flatten = flatten
    var generator = try ModelGenerator(options: options)
    for document in try documents() {
      try generator.add(try JSONDocument(parsing: document, options: reading))
    }
    return try generator.source()
  }

  var snapshotPath: String { "Tests/Generated/\(module)/\(module).swift" }
}

@Suite("models generated from samples")
struct GeneratedModelTests {
  /// The generated files are what the generator writes today. To accept a change, run with
  /// `BINDERY_RECORD_GENERATED=1` and review the diff.
  @Test(arguments: GeneratedCase.all)
  func generatorWritesTheCompiledFile(_ example: GeneratedCase) throws {
    let source = try example.generated()
    let path = GeneratedCase.root + "/" + example.snapshotPath
    if ProcessInfo.processInfo.environment["BINDERY_RECORD_GENERATED"] == "1" {
      try source.write(toFile: path, atomically: true, encoding: .utf8)
    }
    let written = try String(contentsOfFile: path, encoding: .utf8)
    #expect(source == written, "\(example.snapshotPath) is out of date")
  }

  @Test func flickrFeedRoundTrips() throws {
    try expectRoundTrip(FlickrPublicFeed.self, GeneratedCase.all[0])
    let feed = try FlickrPublicFeed(
      json: try GeneratedCase.bytes("Samples/flickr-public-feed.json"),
      options: .init(reading: .allowEscapedApostrophe))
    #expect(feed.items.first?.media.absoluteString.hasSuffix("_m.jpg") == true)
  }

  @Test func tagListingRoundTrips() throws {
    try expectRoundTrip(TagListing.self, GeneratedCase.all[1])
  }

  @Test func eventsRoundTripThroughTheirUnion() throws {
    try expectRoundTrip(GithubEvent.self, GeneratedCase.all[2])
    let events = try [GithubEvent](
      json: try GeneratedCase.bytes("Tests/BinderyModelTests/Fixtures/github-events.json"))
    let pushes = events.compactMap { event -> PushEventPayload? in
      if case .pushEvent(let push) = event.payload { return push }
      return nil
    }
    #expect(pushes.contains { $0.commits.first?.distinct == true })
  }

  @Test func catalogRoundTripsWithIdKeysAndExactNumbers() throws {
    try expectRoundTrip(Catalog.self, GeneratedCase.all[3])
    let catalog = try Catalog(json: try GeneratedCase.bytes("Tests/Generated/Samples/catalog.json"))
    #expect(catalog.events["138586345"]?.name == "Berliner Philharmoniker")
    #expect(catalog.performances[0].exchangeRate == Decimal(string: "1.08653200000000000001"))
    #expect(catalog.performances[0].start == Date(timeIntervalSince1970: 1_372_701_600))
  }

  @Test func threadRoundTripsAtEveryDepth() throws {
    try expectRoundTrip(GeneratedThread.Thread.self, GeneratedCase.all[4])
    let thread = try GeneratedThread.Thread(
      json: try GeneratedCase.bytes("Tests/Generated/Samples/thread.json"))
    #expect(thread.comments[0].replies[0].replies[0].id == "c_a03")
  }

  @Test func timelineRoundTripsWithRetweetsAsOneType() throws {
    try expectRoundTrip(Status.self, GeneratedCase.all[5])
    let first = try GeneratedCase.all[5].documents()[0]
    let status = try Status(json: first)
    #expect(status.retweetedStatus?.user.screenName == "kaito_m")
    #expect(status.id == 505_874_924_095_815_681)
  }

  @Test func generatedModelsRejectSamplesThatDoNotFit() throws {
    var thread = try JSONValue(
      parsing: try GeneratedCase.bytes("Tests/Generated/Samples/thread.json"))
    thread = try replacing(thread, at: ["comments", 0, "replies", 1, "score"], with: "three")
    let error = try #require(throws: JSONDecodingError.self) {
      _ = try GeneratedThread.Thread(json: try thread.jsonBytes())
    }
    #expect(error.problems.map(\.path.description) == ["comments[0].replies[1].score"])

    let line = #"{"created_at": "yesterday", "id": 1, "id_str": "1", "text": "t"}"#
    let status = try #require(throws: JSONDecodingError.self) {
      _ = try Status(json: Array(line.utf8))
    }
    #expect(status.problems.map(\.path.description).contains("created_at"))
    #expect(status.problems.map(\.path.description).contains("user"))
  }
}

// MARK: Round trips

enum PathStep: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
  case key(String)
  case index(Int)
  init(stringLiteral value: String) { self = .key(value) }
  init(integerLiteral value: Int) { self = .index(value) }
}

struct PathError: Error {}

/// The value with one member replaced.
func replacing(_ value: JSONValue, at path: [PathStep], with new: JSONValue) throws -> JSONValue {
  guard let step = path.first else { return new }
  switch (value, step) {
  case (.object(var object), .key(let key)):
    object[key] = try replacing(object[key] ?? .null, at: Array(path.dropFirst()), with: new)
    return .object(object)
  case (.array(var array), .index(let index)):
    array[index] = try replacing(array[index], at: Array(path.dropFirst()), with: new)
    return .array(array)
  default:
    throw PathError()
  }
}

/// Decodes each sample with the model, encodes it, and compares the two JSON values.
func expectRoundTrip<Model: JSONModel>(
  _ type: Model.Type, _ example: GeneratedCase, sourceLocation: SourceLocation = #_sourceLocation
) throws {
  for document in try example.documents() {
    let original = try JSONValue(parsing: document, options: example.reading)
    let written: JSONValue
    if original.kind == JSONKind.array {
      let models = try [Model](json: document, options: .init(reading: example.reading))
      written = try models.jsonValue()
    } else {
      let model = try Model(json: document, options: .init(reading: example.reading))
      written = try model.jsonValue()
    }
    var differences: [String] = []
    compare(original, written, path: "", into: &differences)
    #expect(differences.isEmpty, "\(differences.prefix(10))", sourceLocation: sourceLocation)
  }
}

/// Records where two JSON values differ, ignoring the order of keys, the spelling of equal
/// numbers (`5` and `5.0`), the offset an RFC 3339 date is written with (a `Date` keeps the
/// instant, not the offset) and the letter case of UUIDs (`UUID` writes upper case).
func compare(_ original: JSONValue, _ written: JSONValue, path: String, into differences: inout [String]) {
  switch (original, written) {
  case (.object(let a), .object(let b)):
    if Set(a.keys) != Set(b.keys) {
      differences.append("\(path): keys \(a.keys.sorted()) became \(b.keys.sorted())")
    }
    for key in a.keys { if let value = b[key] { compare(a[key]!, value, path: path + "." + key, into: &differences) } }
  case (.array(let a), .array(let b)):
    guard a.count == b.count else {
      differences.append("\(path): \(a.count) elements became \(b.count)")
      return
    }
    for (index, pair) in zip(a, b).enumerated() {
      compare(pair.0, pair.1, path: path + "[\(index)]", into: &differences)
    }
  case (.number(let a), .number(let b)):
    if Decimal(string: a.text) != Decimal(string: b.text) {
      differences.append("\(path): \(a.text) became \(b.text)")
    }
  case (.string(let a), .string(let b)):
    if a != b && !sameInstant(a, b) && !(UUID(uuidString: a) != nil && a.uppercased() == b) {
      differences.append("\(path): \"\(a)\" became \"\(b)\"")
    }
  default:
    if original != written { differences.append("\(path): \(original) became \(written)") }
  }
}

func sameInstant(_ a: String, _ b: String) -> Bool {
  let formatter = ISO8601DateFormatter()
  formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
  let plain = ISO8601DateFormatter()
  func date(_ text: String) -> Date? { formatter.date(from: text) ?? plain.date(from: text) }
  guard let first = date(a), let second = date(b) else { return false }
  return first == second
}

// MARK: Schemas of generated models

@Suite("schemas of generated models")
struct GeneratedSchemaTests {
  /// Checks each sample (which the model reads) and changed samples (which it rejects) against
  /// the model's schema with the library's validator, and records them for
  /// Scripts/check-schemas.py.
  func record<Model: JSONDecodable>(
    _ type: Model.Type, _ example: GeneratedCase, invalid changes: [(JSONValue) throws -> JSONValue],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let samples = try example.documents().map {
      try JSONValue(parsing: $0, options: example.reading)
    }
    var invalid: [JSONValue] = []
    for change in changes {
      let changed = try change(samples[0])
      #expect(throws: JSONDecodingError.self, sourceLocation: sourceLocation) {
        _ = try Model(json: try changed.jsonBytes())
      }
      invalid.append(changed)
    }
    let schema = try JSONSchemaBuilder.schema(for: Model.self)
    try SchemaOracle.record(
      "Generated" + example.module, schema: schema, valid: samples, invalid: invalid)
    // The library's own validator agrees with the model on every sample and change.
    let validator = try JSONSchemaValidator(schema: schema, assertsFormats: true)
    for sample in samples {
      let failures = validator.validate(sample)
      #expect(failures.isEmpty, "\(example.module): \(failures)", sourceLocation: sourceLocation)
    }
    for changed in invalid {
      #expect(!validator.isValid(changed), "\(example.module)", sourceLocation: sourceLocation)
    }
  }

  @Test func everyGeneratedModelDescribesItsSamples() throws {
    let all = GeneratedCase.all
    try record(
      FlickrPublicFeed.self, all[0],
      invalid: [
        { try replacing($0, at: ["items", 0, "media", "m"], with: 5) },
        { try replacing($0, at: ["items", 1, "published"], with: "last week") },
      ])
    try record(
      TagListing.self, all[1],
      invalid: [
        { try replacing($0, at: ["objects", 0, "id"], with: "2") },
        { try replacing($0, at: ["meta", "limit"], with: 20.5) },
      ])
    try record(
      [GithubEvent].self, all[2],
      invalid: [
        { try replacing($0, at: [0, "actor"], with: "octocat") },
        { try replacing($0, at: [0, "payload"], with: ["commits": "none"]) },
      ])
    try record(
      Catalog.self, all[3],
      invalid: [
        { try replacing($0, at: ["events", "138586341", "id"], with: "x") },
        { try replacing($0, at: ["performances", 0, "start"], with: "soon") },
        { try replacing($0, at: ["performances", 1, "exchangeRate"], with: "1.0842") },
      ])
    try record(
      GeneratedThread.Thread.self, all[4],
      invalid: [
        { try replacing($0, at: ["comments", 0, "replies", 1, "score"], with: "three") },
        { try replacing($0, at: ["comments", 1, "replies"], with: nil) },
      ])
    try record(
      Status.self, all[5],
      invalid: [
        { try replacing($0, at: ["created_at"], with: "yesterday") },
        { try replacing($0, at: ["retweeted_status", "user", "id"], with: 1.5) },
        { try replacing($0, at: ["lang"], with: 7) },
      ])
  }
}
