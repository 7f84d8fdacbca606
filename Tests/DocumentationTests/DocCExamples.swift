import Bindery
import BinderyRemote
import Foundation
import Testing

// The DocC catalogs' code blocks, each verbatim (imports aside) inside the context it needs.
// `CodeBlockTests` checks that every block of every catalog is here.

@JSONModel
struct Alert {
    @Key("aps.alert.title") var title: String
    @Key("aps.alert.body") var body: String?
    @Key("aps.badge") @Default(0) var badge: Int
    var receivedAt: Date
}

/// What the DocC examples use.
enum DocC {
  @JSONModel
  struct Photo {
    var id: String
  }

  typealias Tag = Readme.Tag

  static func remote() async throws {
let client = ResourceClient(
    baseURL: URL(string: "https://api.example.com/v1/")!,
    configuration: .init(attemptTimeout: .seconds(10)))
let tags = try await client.fetchAll(Tag.self)   // Tag: RemoteResource, path "tag", results at "objects"
for try await page in try client.pages(Tag.self, path: "tag", at: "objects",
                                       pagination: .offset(limit: 20)) {
    print(page.number, page.elements.count)
}
    _ = tags
  }

  static func foundationObjects() throws {
let userInfo: [AnyHashable: Any] = [
    "aps": ["alert": ["title": "Build finished", "body": "main is green"], "badge": 2],
    "receivedAt": Date(),
]
let alert = try Alert(foundationObject: userInfo)
var current = try Alert(foundationObject: userInfo)
let changed = try current.update(foundationObject: ["aps": ["alert": ["body": NSNull()]]])
// changed == [\Alert.body]; current.body == nil
let decoder = BinderyDecoder()
let values = try decoder.decode([String: Int].self, fromFoundationObject: ["a": 1, "b": 2])
    _ = (alert, changed, values)
  }

  static func core(bytes: [UInt8]) throws {
let document = try JSONDocument(parsing: bytes, options: .allowEscapedApostrophe)
let title = try document.root.member("title").string()
let firstImage = try document.root.cursor(at: JSONPath(parsing: "items[0].media.m")).string()
    _ = (title, firstImage)
  }

  static func codable(data: Data) throws {
let decoder = BinderyDecoder()                    // was: JSONDecoder()
decoder.keyDecodingStrategy = .convertFromSnakeCase
decoder.readingOptions.allowsEscapedApostrophe = true
let photos = try decoder.decode([Photo].self, from: data, at: "photos.photo")
    _ = photos
  }
}

/// The Models article.
enum ModelsArticle {
@JSONModel
struct Photo {
    var title: String
    @Key("media.m") var url: URL
    @Key("published") var date: Date
    @Transform(.separated(by: " ")) var tags: [String]
    var author: String?
    @Default(0) var views: Int
}

  static func decode(data: Data) throws {
let photos = try [Photo](json: data, at: "items",
                         options: JSONDecodingOptions(reading: .allowEscapedApostrophe))
    _ = photos
  }

struct Statistics: JSONModel {
    var count: Int, sum: Double, average: Double
    init(json: JSONObjectDecoder) throws {
        count = try json.decode(forKey: "count")
        sum = try json.decode(forKey: "sum")
        average = try json.decode(forKey: .anyOf(["average"], ["mean"]))
    }
    func encode(to json: inout JSONObjectEncoder) throws {
        try json.encode(count, forKey: "count")
        try json.encode(sum, forKey: "sum")
        try json.encode(average, forKey: "average")
    }
}
}

/// The unions article's examples, and what they need.
enum UnionsArticle {
  @JSONModel
  struct GitCommit {
    var sha: String
  }

  @JSONModel
  struct PushPayload {
    var commits: [GitCommit]
  }

  @JSONModel
  struct WatchPayload {
    var action: String
  }

@JSONModel(tag: "type", content: "payload")
enum EventPayload: JSONTaggedUnion {
    @Key("PushEvent") case push(PushPayload)
    @Key("WatchEvent") case watch(WatchPayload)
    case other(String, JSONValue)               // any other type, kept as read
}

@JSONModel(keyStrategy: .snakeCase)
struct Event {
    var id: String
    @TaggedBy("type") var payload: EventPayload // "type" and "payload" side by side
    var createdAt: Date
}

  static func events(_ data: Data) throws {
let events = try [Event].decoded(json: data)
for event in events.value {
    if case .push(let push) = event.payload { print(push.commits.count) }
}
print(events.warnings)                          // one per event type no case names
  }

@JSONModel(untagged: true)
enum Identifier: Equatable {
    case number(Int)
    case text(String)
}

@JSONModel(keyStrategy: .snakeCase)
struct Audit {
    var createdAt: Date
    var updatedAt: Date?
}

@JSONModel
struct Document {
    var id: Int
    @Flatten var audit: Audit                   // {"id": 1, "created_at": …, "updated_at": …}
    @UnknownKeys var other: [String: JSONValue] // keys Audit reads are not unknown
}

@JSONModel
struct Comment {
    var id: Int
    var replies: [Comment]
}
}

@Suite struct UnionsArticleTests {
  @Test func theExamplesReadWhatTheArticleSays() throws {
    let feed = #"""
      [{"id": "1", "type": "PushEvent", "created_at": "2026-11-25T09:14:02Z",
        "payload": {"commits": [{"sha": "9f3c"}, {"sha": "4e5f"}]}},
       {"id": "2", "type": "ForkEvent", "created_at": "2026-11-25T09:13:44Z",
        "payload": {"forkee": {"id": 9}}}]
      """#
    try UnionsArticle.events(Data(feed.utf8))
    let events = try [UnionsArticle.Event].decoded(json: Array(feed.utf8))
    #expect(events.warnings.map(\.kind) == [.unknownCase])
    #expect(
      try events.value.jsonString().contains(#""type":"ForkEvent","payload":{"forkee":{"id":9}}"#))
    #expect(
      try [UnionsArticle.Identifier](json: #"[7, "seven"]"#) == [.number(7), .text("seven")])
    let document = try UnionsArticle.Document(
      json: #"{"id": 1, "created_at": "2026-11-25T09:14:02Z", "pages": 3}"#)
    #expect(document.other == ["pages": 3])
    let thread = try UnionsArticle.Comment(
      json: #"{"id": 1, "replies": [{"id": 2, "replies": []}]}"#)
    #expect(thread.replies.first?.id == 2)
  }
}

/// The article on JSON Schema validation.
enum SchemaValidationArticle {
  static func validate() throws -> [JSONSchemaFailure] {
let schema = try JSONValue(parsing: """
    {"type": "object", "required": ["id", "login"],
     "properties": {"id": {"type": "integer", "exclusiveMinimum": 0},
                    "login": {"type": "string", "pattern": "^[A-Za-z0-9-]+$"}}}
    """)
let validator = try JSONSchemaValidator(schema: schema)
let failures = try validator.validate(Array(#"{"id": 0, "login": "ada lovelace"}"#.utf8))
for failure in failures {
    print(failure)
    // id (line 1, column 8): 0 is not above 0 [/properties/id/exclusiveMinimum]
    // login (line 1, column 20): "ada lovelace" does not match the pattern '^[A-Za-z0-9-]+$' [/properties/login/pattern]
}
let report = failures.map(\.problem)  // as JSONDecodingProblem, like every other report
    _ = report
    return failures
  }
}

@Suite struct SchemaValidationArticleTests {
  @Test func theExamplePrintsWhatTheArticleSays() throws {
    let failures = try SchemaValidationArticle.validate()
    #expect(
      failures.map(\.description) == [
        "id (line 1, column 8): 0 is not above 0 [/properties/id/exclusiveMinimum]",
        #"login (line 1, column 20): "ada lovelace" does not match the pattern '^[A-Za-z0-9-]+$' [/properties/login/pattern]"#,
      ])
    let problem = try #require(failures.first?.problem)
    #expect(problem.kind == .validationFailed)
    #expect(problem.location?.line == 1)
    #expect(problem.description.contains("schema keyword /properties/id/exclusiveMinimum"))
  }
}

/// The article on constraints.
enum ConstraintsArticle {
@JSONModel
struct Listing {
    @Constraint(.greaterThan(0)) var id: Int
    @Constraint(.length(1...80), .pattern("^[^<>]*$")) var title: String
    @Constraint(.in(0...1)) var rating: Double
    @Constraint(.maxCount(10), .each(.minLength(1), .maxLength(20))) var tags: [String]
    @Constraint(.eachValue(.atLeast(0))) var stock: [String: Int]
    @Constraint(.allowed(["new", "used"])) var condition: String?
    @Constraint(.inThePast) var listedAt: Date
}

@JSONModel
struct Booking {
    var startDate: Date
    var endDate: Date
    @Constraint(.atLeast(1)) var guests: Int

    func checkRules(_ rules: inout JSONRules) {
        rules.require(endDate > startDate, at: \Booking.endDate, "must be after startDate")
    }
}
// endDate (line 3, column 13): must be after startDate

  /// Replaces the message table for the whole process: compiled, never run by the tests.
  static func messages() {
var messages = JSONProblemMessages.standard
messages[.stringTooLong] = { problem in
    "höchstens \(problem.parameters["limit"] ?? "?") Zeichen"
}
JSONProblemMessages.current = messages
  }

  static func trustedAndMadeInCode(cache: [UInt8]) throws -> [JSONDecodingProblem] {
var trusted = JSONDecodingOptions()
trusted.checksConstraints = false
let cached = try Listing(json: cache, options: trusted)

let draft = Listing(id: 0, title: "Lamp", rating: 0.5, tags: [], stock: [:],
                    condition: nil, listedAt: Date(timeIntervalSinceNow: -60))
for problem in draft.constraintProblems() { print(problem) }   // id: expected a number greater than 0, …
    _ = cached
    return draft.constraintProblems()
  }
}

@Suite struct ConstraintsArticleTests {
  /// The article's JSON and report blocks.
  static func blocks() throws -> (json: String, report: [String]) {
    let article = try String(
      contentsOf: CodeBlockTests.root.appendingPathComponent(
        "Sources/Bindery/Bindery.docc/Articles/Constraints.md"),
      encoding: .utf8)
    let json = try #require(article.ranges(of: "```json\n").first).upperBound
    let jsonEnd = try #require(article[json...].ranges(of: "```").first).lowerBound
    let report = try #require(article.ranges(of: "```\nid (").first).lowerBound
    let reportStart = article.index(report, offsetBy: 4)
    let reportEnd = try #require(article[reportStart...].ranges(of: "```").first).lowerBound
    return (
      String(article[json..<jsonEnd]),
      article[reportStart..<reportEnd].split(separator: "\n").map(String.init)
    )
  }

  @Test func theDocumentGivesTheReportTheArticleShows() throws {
    let (json, report) = try Self.blocks()
    let error = try #require(throws: JSONDecodingError.self) {
      try ConstraintsArticle.Listing(json: json)
    }
    #expect(error.problems.map(\.description) == report)
  }

  @Test func theRuleAndTheCheckInCodeSayWhatTheArticleSays() throws {
    let booking = """
      {"startDate": "2024-05-02T10:00:00Z",
       "guests": 2,
       "endDate": "2024-05-01T10:00:00Z"}
      """
    let error = try #require(throws: JSONDecodingError.self) {
      try ConstraintsArticle.Booking(json: booking)
    }
    #expect(error.problems.map(\.description) == ["endDate (line 3, column 13): must be after startDate"])
    let cache = #"{"id": 0, "title": "", "rating": 9, "tags": [], "stock": {}, "listedAt": "2024-05-01T10:00:00Z"}"#
    let problems = try ConstraintsArticle.trustedAndMadeInCode(cache: Array(cache.utf8))
    #expect(problems.map(\.description) == ["id: expected a number greater than 0, found 0"])
  }
}
