import Bindery
import BinderyGenerator
import BinderyTestSupport
import Testing

/// The source generated for samples given as JSON texts.
func generate(
  _ samples: String..., name: String = "Root", flatten: Bool = false
) throws -> String {
  var generator = try ModelGenerator(options: .init(rootName: name, flatten: flatten))
  for sample in samples { try generator.add(try JSONDocument(parsing: Array(sample.utf8))) }
  return try generator.source()
}

/// The lines of generated source, trimmed, for checks that do not depend on layout.
func lines(_ source: String) -> [String] {
  source.split(separator: "\n").map { $0.trimmingPrefix(while: \.isWhitespace) }.map(String.init)
}

@Suite("what bindery generate infers")
struct InferenceTests {
  @Test func numbersBecomeTheNarrowestExactType() throws {
    let source = lines(
      try generate(
        #"{"small": 1, "large": 3000000000, "ratio": 1.5, "tenth": 0.1, "big": 9223372036854775808, "precise": 1.000000000000000000001, "mixed": 2, "huge": 9007199254740993}"#,
        #"{"small": -7, "large": 1, "ratio": 2, "tenth": 0.25, "big": 1, "precise": 2.5, "mixed": 2.5, "huge": 0.5}"#
      ))
    #expect(source.contains("var small: Int"))
    #expect(source.contains("var large: Int64"))
    #expect(source.contains("var ratio: Double"))
    #expect(source.contains("var tenth: Double"))
    #expect(source.contains("var big: Decimal"))
    #expect(source.contains("var precise: Decimal"))
    #expect(source.contains("var mixed: Double"))
    // 2^53 + 1 is not a Double, so with a fraction beside it only Decimal holds both.
    #expect(source.contains("var huge: Decimal"))
  }

  @Test func missingOrNullKeysBecomeOptionalAndWriteBackAsSeen() throws {
    let source = lines(
      try generate(
        #"{"id": 1, "note": null, "nick": "a", "tags": ["x"]}"#,
        #"{"id": 2, "note": "n", "tags": [null, "y"]}"#,
        #"{"id": 3, "note": null, "nick": "c", "tags": []}"#))
    #expect(source.contains("@JSONModel"))
    #expect(source.contains("@Nulls(.write) var note: String?"))
    #expect(source.contains("var nick: String?"))
    #expect(source.contains("var tags: [String?]"))
  }

  @Test func datesInEachFormatGetTheirTransform() throws {
    let source = lines(
      try generate(
        #"""
        {"iso": "2016-01-22T10:22:48Z", "offset": "2016-01-20T14:14:43-08:00",
         "twitter": "Wed Aug 27 13:08:45 +0000 2008", "mail": "Wed, 27 Aug 2008 13:08:45 +0000",
         "http": "Sun, 06 Nov 1994 08:49:37 GMT", "created_at": 1416499200,
         "updated": 1416499200123, "count": 1416499200, "day": "2016-01-22"}
        """#,
        #"""
        {"iso": "2016-01-22T10:22:48.250Z", "offset": "2016-01-20T14:14:43+01:00",
         "twitter": "Thu Aug 28 01:00:00 +0000 2008", "mail": "Thu, 28 Aug 2008 01:00:00 -0700",
         "http": "Mon, 07 Nov 1994 08:49:37 GMT", "created_at": 1416499300,
         "updated": 1416499300123, "count": 1416499300, "day": "2016-01-23"}
        """#))
    #expect(source.contains("var iso: Date"))
    #expect(source.contains("var offset: Date"))
    #expect(source.contains(#"@Transform(.dateFormat("EEE MMM dd HH:mm:ss Z yyyy")) var twitter: Date"#))
    #expect(source.contains(#"@Transform(.dateFormat("EEE, dd MMM yyyy HH:mm:ss Z")) var mail: Date"#))
    #expect(source.contains("@Transform(.rfc1123) var http: Date"))
    #expect(source.contains("@JSONModel(keyStrategy: .snakeCase)"))
    #expect(source.contains("@Transform(.unixSeconds) var createdAt: Date"))
    #expect(source.contains("@Transform(.unixMilliseconds) var updated: Date"))
    // A number in the range of dates under a key that names no time stays a number.
    #expect(source.contains("var count: Int"))
    #expect(source.contains("var day: String"))
  }

  @Test func datesAndURLsAreWhatTheModelsRead() throws {
    // The library's rules decide: an impossible date is a string; an offset without a colon,
    // which models read, is a date; a URL with a space is a string.
    let source = lines(
      try generate(
        #"{"bad": "2016-13-45T99:99:99Z", "compact": "2016-01-20T14:14:43+0100", "link": "https://a.example/x y", "ok": "https://a.example/x%20y"}"#,
        #"{"bad": "2016-01-22T10:22:48Z", "compact": "2016-01-21T14:14:43-0800", "link": "https://a.example/z", "ok": "https://a.example/"}"#
      ))
    #expect(source.contains("var bad: String"))
    #expect(source.contains("var compact: Date"))
    #expect(source.contains("var link: String"))
    #expect(source.contains("var ok: URL"))
  }

  @Test func urlsUUIDsAndOneOffStrings() throws {
    let source = lines(
      try generate(
        #"{"link": "https://example.com/a?b=1", "id": "6F9619FF-8B86-D011-B42D-00C04FC964FF", "odd": "https://example.com/users/x[bot]", "ftp": "ftp://example.com"}"#,
        #"{"link": "http://example.com/", "id": "7e0b3a4f-1c2d-4e5f-8a9b-0c1d2e3f4a5b", "odd": "https://example.com", "ftp": "ftp://example.org"}"#
      ))
    #expect(source.contains("var link: URL"))
    #expect(source.contains("var id: UUID"))
    #expect(source.contains("var odd: String"))
    #expect(source.contains("var ftp: String"))
  }

  @Test func smallClosedSetsBecomeEnumsThatKeepOtherValues() throws {
    let items = (0..<6).map { #"{"state": "\#(["open", "closed", "in_progress"][$0 % 3])", "name": "n\#($0 % 2)"}"# }
    let source = lines(try generate("[" + items.joined(separator: ",") + "]"))
    #expect(source.contains("var state: State"))
    #expect(source.contains("enum State {"))
    #expect(source.contains(#"@Key("open") case openValue"#))
    #expect(source.contains("case closed"))
    #expect(source.contains(#"@Key("in_progress") case inProgress"#))
    #expect(source.contains("case other(String)"))
    // Names repeat in a sample, but they are not a closed set.
    #expect(source.contains("var name: String"))
  }

  @Test func idKeyedObjectsBecomeDictionaries() throws {
    let source = lines(
      try generate(
        #"{"events": {"138586341": {"id": 138586341, "name": "A"}, "138586345": {"id": 138586345, "name": "B", "logo": "x"}}, "names": {"205705993": "Arrière-scène"}}"#
      ))
    #expect(source.contains("var events: [String: Event]"))
    #expect(source.contains("var names: [String: String]"))
    #expect(source.contains("var logo: String?"))
  }

  /// An update center's registry, in the shape of Jenkins' `update-center.actual.json`:
  /// plugins keyed by name, each with the members every plugin has and some only a few have.
  static func pluginRegistry(plugins count: Int) -> String {
    let names = [
      "ant", "antisamy-markup-formatter", "apache-httpcomponents-client-4-api",
      "bouncycastle-api", "branch-api", "build-timeout", "credentials", "credentials-binding",
      "display-url-api", "durable-task", "email-ext", "git", "git-client", "github",
      "github-api", "github-branch-source", "gradle", "jackson2-api", "junit", "ldap", "mailer",
      "matrix-auth", "pipeline-stage-view", "ssh-slaves", "timestamper", "workflow-aggregator",
      "ws-cleanup",
    ]
    var plugins: [String] = []
    for (index, name) in names.prefix(count).enumerated() {
      var members = [
        #""name": "\#(name)""#, #""title": "\#(name) plugin""#,
        #""version": "\#(index + 1).\#(index % 7).\#(index % 3)""#,
        #""url": "https://updates.jenkins.io/download/plugins/\#(name)/1.0/\#(name).hpi""#,
        #""sha256": "pB3Jw5kHkJ6vQ\#(index)Q2dXz1oU0Hc6FvG8a9m1wYxTq4=""#,
        #""buildDate": "Nov 0\#(index % 9 + 1), 2023""#,
        #""releaseTimestamp": "2023-11-0\#(index % 9 + 1)T14:31:09.00Z""#,
        #""requiredCore": "2.\#(361 + index).1""#,
        #""wiki": "https://plugins.jenkins.io/\#(name)""#,
        #""gav": "org.jenkins-ci.plugins:\#(name):1.0""#,
        #""labels": ["library", "scm"]"#, #""popularity": \#(1000 * (index + 3))"#,
        #""dependencies": [{"name": "credentials", "optional": false, "version": "2.6.1"}]"#,
        #""developers": [{"developerId": "dev\#(index)", "name": "Developer \#(index)"}]"#,
      ]
      if index % 3 == 0 { members.append(#""previousVersion": "0.\#(index).0""#) }
      if index % 4 == 1 { members.append(#""compatibleSinceVersion": "1.0""#) }
      if index % 5 == 2 { members.append(#""minimumJavaVersion": "11""#) }
      if index % 6 == 3 {
        members.append(#""issueTrackers": [{"type": "jira", "viewUrl": "https://issues.jenkins.io/"}]"#)
      }
      plugins.append(#""\#(name)": {\#(members.joined(separator: ", "))}"#)
    }
    return #"{"connectionCheckUrl": "https://www.google.com/", "id": "default", "#
      + #""plugins": {\#(plugins.joined(separator: ", "))}, "updateCenterVersion": "1"}"#
  }

  @Test func manyMembersOfOneKindBecomeADictionary() throws {
    let source = try generate(Self.pluginRegistry(plugins: 24), name: "UpdateCenter")
    let trimmed = lines(source)
    #expect(trimmed.contains("var plugins: [String: Plugin]"))
    // One type for every plugin: the members only some have are optional.
    #expect(
      trimmed.filter { $0.hasPrefix("struct") } == [
        "struct UpdateCenter {", "struct Plugin {", "struct Dependency {", "struct Developer {",
        "struct IssueTracker {",
      ])
    #expect(!source.contains("PluginsPlugin") && !source.contains("struct Plugins"))
    #expect(trimmed.contains("var previousVersion: String?"))
    #expect(trimmed.contains("var minimumJavaVersion: String?"))
    #expect(trimmed.contains("var name: String"))
    #expect(!source.contains("workflowAggregator"))
  }

  @Test func fewOrUnlikeMembersStayARecord() throws {
    // Under the threshold, plugins are still a record of named members.
    let few = try generate(Self.pluginRegistry(plugins: 5), name: "UpdateCenter")
    #expect(few.contains("var antisamyMarkupFormatter: "))
    // Many members of different kinds are a record too: a repository's links are each a URL,
    // and a wide record's objects have nothing in common.
    let urls = (0..<24).map { #""link\#($0)_url": "https://api.github.com/repos/a/b/\#($0)""# }
    let objects = (0..<24).map { #""part\#($0)": {"field\#($0)": \#($0), "note\#($0)": "x"}"# }
    let wide = lines(
      try generate(
        "{" + (urls + objects).joined(separator: ", ") + "}", name: "Repository"))
    #expect(wide.contains("var link0Url: URL"))
    #expect(wide.contains("var part0: Part0"))
  }

  @Test func aTagInsideEachObjectMakesAUnion() throws {
    let source = lines(
      try generate(
        #"{"items": [{"type": "photo", "url": "https://e.com/1.jpg", "width": 640}, {"type": "video", "url": "https://e.com/2.mp4", "seconds": 12.5, "codec": "h264"}, {"type": "photo", "url": "https://e.com/3.jpg", "width": 800}]}"#
      ))
    #expect(source.contains(#"@JSONModel(tag: "type")"#))
    #expect(source.contains("enum Item {"))
    #expect(source.contains("case photo(Photo)"))
    #expect(source.contains("case video(Video)"))
    #expect(source.contains("case other(JSONValue)"))
    #expect(!source.contains("var type: String"))
  }

  @Test func aTagBesideAPayloadMakesATaggedProperty() throws {
    let source = lines(
      try generate(
        #"[{"id": "1", "type": "PushEvent", "payload": {"size": 1, "commits": []}}, {"id": "2", "type": "WatchEvent", "payload": {"action": "started"}}]"#,
        name: "Events"))
    #expect(source.contains(#"@TaggedBy("type") var payload: RootPayload"#) == false)
    #expect(source.contains(#"@TaggedBy("type") var payload: EventsPayload"#))
    #expect(source.contains(#"@JSONModel(tag: "type", content: "payload")"#))
    #expect(source.contains("enum EventsPayload: JSONTaggedUnion {"))
    #expect(source.contains(#"@Key("PushEvent") case pushEvent(PushEventPayload)"#))
    #expect(source.contains("case other(String, JSONValue)"))
  }

  @Test func keysThatAreNotIdentifiersGetNamesAndKeys() throws {
    let source = lines(
      try generate(
        #"{"@type": "Catalog", "2fa": true, "class": "A", "self": "s", "+1": 3, "-1": 0, "a.b": 1, "": 2}"#
      ))
    #expect(source.contains(#"@Key("@type") var type: String"#))
    #expect(source.contains(#"@Key("2fa") var _2fa: Bool"#))
    #expect(source.contains(#"@Key("class") var classValue: String"#))
    #expect(source.contains(#"@Key("self") var selfValue: String"#))
    #expect(source.contains(#"@Key("+1") var plus1: Int"#))
    #expect(source.contains(#"@Key("-1") var minus1: Int"#))
    #expect(source.contains(#"@Key("a\\.b") var aB: Int"#))
    #expect(source.contains(#"@Key("") var value: Int"#))
  }

  @Test func oneKeyStrategyWhenKeysFitItAndKeysForTheRest() throws {
    let snake = lines(try generate(#"{"user_id": 1, "screen_name": "a", "id": 2}"#))
    #expect(snake.contains("@JSONModel(keyStrategy: .snakeCase)"))
    #expect(snake.contains("var userId: Int"))
    let kebab = lines(try generate(#"{"content-type": "a", "max-age": 1}"#))
    #expect(kebab.contains("@JSONModel(keyStrategy: .kebabCase)"))
    #expect(kebab.contains("var contentType: String"))
    let mixed = lines(try generate(#"{"first_name": "a", "last_name": "b", "userID": 3}"#))
    #expect(mixed.contains("@JSONModel(keyStrategy: .snakeCase)"))
    #expect(mixed.contains(#"@Key("userID") var userID: Int"#))
  }

  @Test func identicalShapesAreOneTypeAndSiblingsShareOne() throws {
    let source = try generate(
      #"{"from": {"name": "a", "email": "a@e.com"}, "to": [{"name": "b", "email": "b@e.com"}], "sizes": {"small": {"w": 1, "h": 2}, "large": {"w": 3, "h": 4}}}"#
    )
    #expect(lines(source).filter { $0.hasPrefix("struct ") }.count == 4)  // Root, From, Sizes, Size
    #expect(lines(source).contains("var to: [From]"))
    #expect(lines(source).contains("var small: Size"))
    #expect(lines(source).contains("var large: Size"))
  }

  @Test func anObjectInsideItsOwnKindIsOneRecursiveType() throws {
    let status = #"{"id": 1, "text": "a", "user": {"id": 9, "name": "n"}}"#
    let source = lines(
      try generate(
        #"{"id": 2, "text": "RT", "user": {"id": 8, "name": "m"}, "retweeted_status": \#(status)}"#,
        status, name: "Status"))
    #expect(source.contains("final class Status {"))
    #expect(source.contains("var retweetedStatus: Status?"))
    #expect(!source.contains { $0.hasPrefix("struct RetweetedStatus") })
    let thread = lines(
      try generate(
        #"{"id": 1, "replies": [{"id": 2, "replies": [{"id": 3, "replies": []}]}]}"#,
        name: "Comment"))
    #expect(thread.contains("struct Comment {"))
    #expect(thread.contains("var replies: [Comment]"))
  }

  @Test func idKeyedValuesOfAJoinedKindKeepEveryMember() throws {
    // The retweet joins its status after the status's reactions were found to be keyed by
    // ids: the retweet's reactions still reach the values' type.
    let source = lines(
      try generate(
        #"{"id": 1, "text": "a", "reactions": {"11": {"count": 2}}, "retweeted_status": {"id": 2, "text": "b", "reactions": {"12": {"count": 1, "first": true}}}}"#,
        name: "Status"))
    #expect(source.contains("var reactions: [String: Reaction]"))
    #expect(source.contains("var first: Bool?"))
  }

  @Test func flatteningWritesNestedMembersWithKeyPaths() throws {
    let source = lines(
      try generate(
        #"{"media": {"m": "https://e.com/m.jpg"}, "owner": {"name": "a", "address": {"city": "Kyoto"}}}"#,
        flatten: true))
    #expect(source.contains(#"@Key("media.m") var media: URL"#))
    #expect(source.contains(#"@Key("owner.name") var ownerName: String"#))
    #expect(source.contains(#"@Key("owner.address.city") var ownerAddressCity: String"#))
    let unflattened = lines(try generate(#"{"media": {"m": "x"}, "owner": {"name": "a", "age": 3}}"#))
    #expect(unflattened.contains(#"@Key("media.m") var media: String"#))
    #expect(unflattened.contains("var owner: Owner"))
  }

  /// Random documents with the shapes that drive inference (tags, ids as keys, recursion,
  /// mixed kinds, odd keys) give source or a `GenerationError`, never a crash or a hang.
  @Test func randomSamplesGiveSourceOrAClearError() throws {
    var random = RandomJSON(seed: 23)
    var generated = 0
    for _ in 0..<300 {
      var generator = try ModelGenerator(options: .init(rootName: "Root"))
      for _ in 0..<(1 + random.below(3)) {
        // Mostly objects at the top, as samples are; sometimes anything.
        let sample = random.below(5) == 0 ? random.value(depth: 0) : random.object(depth: 0)
        try generator.add(try JSONDocument(parsing: try sample.jsonBytes()))
      }
      do {
        let source = try generator.source()
        let declaresRoot = lines(source).contains { $0.hasSuffix(" Root {") }
        #expect(declaresRoot)
        generated += 1
      } catch {
        #expect(
          error.message.contains("where objects are needed")
            || error.message == "no values to infer models from")
      }
    }
    #expect(generated > 150)
  }

  @Test func samplesWithoutObjectsAreRefusedClearly() throws {
    #expect {
      _ = try generate("[1, 2]")
    } throws: { error in
      (error as? GenerationError)?.message
        == "the samples hold numbers where objects are needed; name the objects with --at"
    }
    var generator = try ModelGenerator(options: .init(rootName: "Root", path: "photos.photo"))
    #expect {
      try generator.add(try JSONDocument(parsing: Array(#"{"photos": {}}"#.utf8)))
    } throws: { error in
      (error as? GenerationError)?.message == "the sample has no value at 'photos.photo'"
    }
    #expect(throws: GenerationError.self) {
      _ = try ModelGenerator(options: .init(rootName: "Root", path: "a..b"))
    }
  }
}

/// JSON values made at random from the pieces inference looks at.
struct RandomJSON {
  var generator: SplitMix64
  let keys = [
    "id", "type", "kind", "user", "items", "replies", "138586341", "a.b", "@type", "2fa",
    "class", "created_at", "url", "status", "payload", "", "name",
  ]
  let words = ["PushEvent", "photo", "2016-01-22T10:22:48Z", "https://e.com/a", "x"]

  init(seed: UInt64) { generator = SplitMix64(seed: seed) }

  mutating func below(_ bound: Int) -> Int { generator.below(bound) }

  mutating func object(depth: Int) -> JSONValue {
    var object = JSONObject()
    for _ in 0..<below(5) { object[keys[below(keys.count)]] = value(depth: depth + 1) }
    return .object(object)
  }

  mutating func value(depth: Int) -> JSONValue {
    switch below(depth > 3 ? 5 : 8) {
    case 0: return .null
    case 1: return .bool(below(2) == 0)
    case 2: return .number(JSONNumber(below(3) == 0 ? 1.5 : Double(below(100))))
    case 3: return .string(words[below(words.count)])
    case 4: return .number(JSONNumber(1_416_499_200 + below(1000)))
    case 5, 6: return object(depth: depth)
    default:
      var array: [JSONValue] = []
      for _ in 0..<below(4) { array.append(value(depth: depth + 1)) }
      return .array(array)
    }
  }
}
