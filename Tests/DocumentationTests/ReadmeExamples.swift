import Bindery
import BinderyRemote
import Foundation
import OpenAPIRuntime
import Testing

// The README's code blocks, each verbatim (imports aside) inside the context it needs, so that
// a block that no longer compiles fails the build. `CodeBlockTests` checks that every block of
// the README is here; the tests at the end run the quick start and check its printed values.

/// What the README's examples use.
enum Readme {
@JSONModel
struct Feed {
    var title: String
    var modified: Date                      // RFC 3339 text
    var items: [FeedPhoto]
}

@JSONModel
struct FeedPhoto {
    var title: String
    @Key("media.m") var image: URL          // a value nested in an object
    @Key("published") var date: Date        // a key that is not the property's name
    @Transform(.separated(by: " ")) var tags: [String]
    var author: String?                     // missing or null → nil
    @Default(0) var views: Int              // missing → 0
}

@JSONModel
struct Account {
    @Constraint(.greaterThan(0)) var id: Int
    @Constraint(.length(1...39), .pattern("^[A-Za-z0-9-]+$")) var login: String
    @Constraint(.maxCount(10), .each(.minLength(1))) var tags: [String]
    var startDate: Date
    var endDate: Date

    func checkRules(_ rules: inout JSONRules) {
        rules.require(endDate > startDate, at: \Account.endDate, "must be after startDate")
    }
}
// {"id": 0, "login": "a b", ...} → id (line 1, column 8): expected a number greater than 0, found number 0
//                                  login (line 1, column 20): expected a string matching ^[A-Za-z0-9-]+$, found string "a b"

  @JSONModel
  struct User {
    var email: String
    @Key("personInfo.lastName") var lastName: String
  }

  struct Profile: Codable {
    var displayName: String
  }

  @JSONModel
  struct Tag {
    var id: Int
    var name: String
  }

  @JSONModel
  struct BuildPush {
    @Key("aps.alert.title") var title: String
  }

  @JSONModel
  struct SearchPhoto {
    var id: String
  }

  @JSONModel
  struct Event {
    var id: String
  }

  static func quickStart() throws -> (Feed, String) {
let data = try Data(contentsOf: URL(fileURLWithPath: "Samples/flickr-public-feed.json"))
let feed = try Feed(json: data, options: .init(reading: .allowEscapedApostrophe))
print(feed.items[0].title)                  // Sunset over the bay 'golden hour'
print(feed.items[1].tags)                   // ["kyoto", "kitchen", "カフェ"]
let text = try feed.jsonString(options: .init(writing: .pretty))
    return (feed, text)
  }

  static func models(data: Data) throws {
var user = try User(json: data)
let changed = try user.update(json: #"{"personInfo": {"lastName": "King"}}"#)
let patch = try user.jsonData(options: .init(properties: try .including(changed, of: User.self)))
let decoded = try User.decoded(json: data)             // the value and its warnings
print(decoded.warnings)                                // coercions, skipped elements, repeated keys
    _ = patch
  }

  static func codable(data: Data) throws {
let decoder = BinderyDecoder()               // was: JSONDecoder()
decoder.keyDecodingStrategy = .convertFromSnakeCase
let profile = try decoder.decode(Profile.self, from: data)
let body = try BinderyEncoder().encode(profile)   // was: JSONEncoder()
    _ = body
  }

  static func foundationSubclasses(body: AsyncStream<ArraySlice<UInt8>>) throws {
let decoder: JSONDecoder = BinderyJSONDecoder()
decoder.dateDecodingStrategy = .iso8601
let events = body.asDecodedJSONLines(of: Event.self, decoder: decoder)
    _ = events
  }

  static func foundationObjects(userInfo: [AnyHashable: Any], results: [Any]) throws {
let push = try BuildPush(foundationObject: userInfo)
let photos = try BinderyDecoder().decode([SearchPhoto].self, fromFoundationObject: results)
    _ = (push, photos)
  }

  static func schemas() throws {
let schema: JSONValue = FeedPhoto.jsonSchema        // keys, paths, required, formats, unions
print(try schema.jsonString(options: .init(writing: .pretty)))
let checked = try JSONSchemaBuilder.schema(for: [FeedPhoto].self)  // throws if a type has none
    _ = checked
  }

  static func streams(body: [UInt8], dump: URL, output: URL) async throws {
for try await event in Event.lines(from: URL(fileURLWithPath: "events.jsonl")) {
    print(event.id)
}
let fast = Event.lines(from: dump, streaming: .parallel())    // batches on every core, in order
var writer = try JSONStreamWriter(file: output, layout: .lines)
for try await event in Event.elements(from: body, at: "data") {  // a large array below a key
    try writer.write(event)                                   // and back, one line each
}
try writer.finish()
    _ = fast
  }

  static func rawJSON(data: Data) throws {
let document = try JSONDocument(parsing: data)                 // one pass, a flat tape
let title = try document.root.member("items").element(at: 0).member("title").string()
let value = try JSONValue(parsing: data, options: .json5)     // a tree, member order kept
let media = value[path: "items[0].media.m"]
    _ = (title, media)
  }
}

typealias Tag = Readme.Tag

extension Tag: RemoteResource {
    static let resourcePath = "tag/"                 // GET <base>/tag/ and <base>/tag/2/
    static let resultKeyPath: String? = "objects"    // the results sit under "objects"
    static let pagination: Pagination? = .nextURL(at: "meta.next")
}

extension Readme {
  static func remote() async throws {
let client = ResourceClient(baseURL: URL(string: "https://api.example.com/v1/")!)
let tags = try await client.fetchAll(Tag.self)       // every page
for try await tag in try client.pages(Tag.self).elements { print(tag.name) }
    _ = tags
  }
}

/// The README's examples run, and say what they print.
@Suite struct ReadmeExampleTests {
  @Test func theConstraintsReportWhatTheREADMEShows() throws {
    let json = #"{"id": 0, "login": "a b", "tags": [], "startDate": "2024-01-02T00:00:00Z", "endDate": "2024-01-01T00:00:00Z"}"#
    let error = try #require(throws: JSONDecodingError.self) { try Readme.Account(json: json) }
    #expect(
      error.problems.map(\.description) == [
        "id (line 1, column 8): expected a number greater than 0, found number 0",
        #"login (line 1, column 20): expected a string matching ^[A-Za-z0-9-]+$, found string "a b""#,
      ])
    let valid = #"{"id": 1, "login": "a", "tags": [], "startDate": "2024-01-02T00:00:00Z", "endDate": "2024-01-01T00:00:00Z"}"#
    let rule = try #require(throws: JSONDecodingError.self) { try Readme.Account(json: valid) }
    #expect(rule.problems.map(\.description) == ["endDate (line 1, column 85): must be after startDate"])
  }

  @Test func theQuickStartReadsTheSampleFeed() throws {
    try #require(
      FileManager.default.fileExists(atPath: "Samples/flickr-public-feed.json"),
      "run swift test from the repository root")
    let (feed, text) = try Readme.quickStart()
    #expect(feed.items[0].title == "Sunset over the bay 'golden hour'")
    #expect(feed.items[1].tags == ["kyoto", "kitchen", "カフェ"])
    #expect(feed.items.allSatisfy { $0.views == 0 })
    #expect(try Readme.Feed(json: text).items.map(\.image) == feed.items.map(\.image))
  }

  @Test func theReportShownInTheREADMEIsTheOneTheQuickStartGives() throws {
    let readme = try String(
      contentsOf: CodeBlockTests.root.appendingPathComponent("README.md"), encoding: .utf8)
    let bad = try Data(
      contentsOf: CodeBlockTests.root.appendingPathComponent(
        "Tests/BinderyModelTests/Fixtures/flickr-public-feed-bad.json"))
    let error = try #require(throws: JSONDecodingError.self) {
      try Readme.Feed(json: bad, options: .init(reading: .allowEscapedApostrophe))
    }
    let report = error.problems.prefix(2).map(\.detailedDescription)
    print(error)
    for problem in report {
      for line in problem.split(separator: "\n") {
        #expect(readme.contains(line), "the README does not show: \(line)")
      }
    }
  }
}
