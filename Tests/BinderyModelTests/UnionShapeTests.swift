import Bindery
import BinderyTestSupport
import Foundation
import Testing

// MARK: The GitHub events feed: the payload's type is the event's `type`, beside it.

@JSONModel(keyStrategy: .snakeCase)
struct GitHubAccount: Equatable {
  var id: Int
  var login: String
  var avatarUrl: URL
}

@JSONModel
struct GitHubRepo: Equatable {
  var id: Int
  var name: String
  var url: URL
}

@JSONModel
struct GitHubCommit: Equatable {
  var sha: String
  @Key("author.name") var author: String
  var message: String
  var distinct: Bool
}

@JSONModel(keyStrategy: .snakeCase)
struct GitHubPushPayload: Equatable {
  var pushId: Int
  var size: Int
  var ref: String
  var head: String
  var before: String
  var commits: [GitHubCommit]
}

@JSONModel
struct GitHubWatchPayload: Equatable {
  var action: String
}

@JSONModel(keyStrategy: .snakeCase)
struct GitHubCreatePayload: Equatable {
  var ref: String?
  var refType: String
  var masterBranch: String?
  var description: String?
}

@JSONModel(keyStrategy: .snakeCase)
struct GitHubDeletePayload: Equatable {
  var ref: String
  var refType: String
}

@JSONModel
struct GitHubLabel: Equatable {
  var name: String
}

@JSONModel
struct GitHubIssue: Equatable {
  var number: Int
  var title: String
  var state: String
  var body: String?
  @Key("user.login") var author: String
  var labels: [GitHubLabel]
}

@JSONModel
struct GitHubIssuesPayload: Equatable {
  var action: String
  var issue: GitHubIssue
}

@JSONModel
struct GitHubComment: Equatable {
  var id: Int
  var body: String
  @Key("user.login") var author: String
}

@JSONModel
struct GitHubIssueCommentPayload: Equatable {
  var action: String
  var issue: GitHubIssue
  var comment: GitHubComment
}

@JSONModel(tag: "type", content: "payload")
enum GitHubEventPayload: JSONTaggedUnion, Equatable {
  @Key("PushEvent") case push(GitHubPushPayload)
  @Key("WatchEvent") case watch(GitHubWatchPayload)
  @Key("CreateEvent") case create(GitHubCreatePayload)
  @Key("DeleteEvent") case delete(GitHubDeletePayload)
  @Key("IssuesEvent") case issues(GitHubIssuesPayload)
  @Key("IssueCommentEvent") case issueComment(GitHubIssueCommentPayload)
  case other(String, JSONValue)
}

@JSONModel(keyStrategy: .snakeCase)
struct GitHubEvent: Equatable {
  var id: String
  var actor: GitHubAccount
  var repo: GitHubRepo
  @TaggedBy("type") var payload: GitHubEventPayload
  var `public`: Bool
  var createdAt: Date
  var org: GitHubAccount?
}

@Suite struct ParentTaggedUnionTests {
  @Test func theEventsFeedDecodesAsOneTypeWithItsPayloads() throws {
    let bytes = try Fixtures.bytes("github-events.json")
    let decoded = try [GitHubEvent].decoded(json: bytes)
    let events = decoded.value
    #expect(events.count == 14)
    let tags = events.map(\.payload.jsonTag)
    #expect(
      tags == [
        "PushEvent", "WatchEvent", "CreateEvent", "CreateEvent", "IssuesEvent",
        "IssueCommentEvent", "DeleteEvent", "PullRequestEvent", "PushEvent", "ForkEvent",
        "WatchEvent", "IssuesEvent", "ReleaseEvent", "PushEvent",
      ])
    guard case .push(let push) = events[0].payload else {
      Issue.record("expected a push, found \(events[0].payload)")
      return
    }
    #expect(push.commits.map(\.author) == ["Mirela Ionescu", "Mirela Ionescu"])
    #expect(push.ref == "refs/heads/main")
    guard case .issueComment(let comment) = events[5].payload else {
      Issue.record("expected an issue comment, found \(events[5].payload)")
      return
    }
    #expect(comment.issue.number == 77012)
    #expect(comment.comment.author == "lucia-m")
    guard case .create(let repository) = events[3].payload else {
      Issue.record("expected a create event, found \(events[3].payload)")
      return
    }
    #expect(repository.ref == nil && repository.refType == "repository")
    // Three types no case names: kept, each with a warning naming the tag.
    let unknown = decoded.warnings.filter { $0.kind == .unknownCase }
    #expect(unknown.map(\.path.description) == ["[7].type", "[9].type", "[12].type"])
    #expect(unknown.first?.message.contains("\"PullRequestEvent\"") == true)
  }

  @Test func theFeedRoundTripsWithTheTagWrittenOnce() throws {
    let bytes = try Fixtures.bytes("github-events.json")
    let events = try [GitHubEvent](json: bytes)
    let written = try events.jsonString()
    #expect(try [GitHubEvent](json: written) == events)
    let input = try JSONValue(parsing: bytes)
    // Read strictly: a key written twice in one object (the tag) is an error.
    var strict = JSONReadingOptions.strict
    strict.duplicateKeys = .reject
    let output = try JSONValue(parsing: written, options: strict)
    guard case .array(let before) = input, case .array(let after) = output else {
      Issue.record("expected arrays")
      return
    }
    for (index, (old, new)) in zip(before, after).enumerated() {
      // Each event's tag once, as read; unknown payloads unchanged.
      #expect(new["type"] == old["type"], "event \(index)")
      if case .other = events[index].payload {
        #expect(new["payload"] == old["payload"], "event \(index)")
      }
    }
  }

  @Test func theCodableBridgeReadsAndWritesTheSame() throws {
    let bytes = try Fixtures.bytes("github-events.json")
    let expected = try [GitHubEvent](json: bytes)
    let foundation = JSONDecoder()
    foundation.dateDecodingStrategy = .iso8601
    let viaFoundation = try foundation.decode([GitHubEvent].self, from: Data(bytes))
    #expect(viaFoundation == expected)
    #expect(try BinderyDecoder().decode([GitHubEvent].self, from: Data(bytes)) == expected)
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    let reencoded = try encoder.encode(expected)
    #expect(try [GitHubEvent](json: reencoded) == expected)
  }

  @Test func badTagsAreProblemsAtTheTag() throws {
    let base =
      #"{"id": "1", "actor": {"id": 1, "login": "a", "avatar_url": "https://a.example/a"}, "repo": {"id": 2, "name": "a/b", "url": "https://a.example/r"}, "public": true, "created_at": "2026-11-25T09:13:40Z", "#
    let cases: [(String, String, String)] = [
      (#""type": 7, "payload": {"action": "started"}}"#, "type", "typeMismatch"),
      (#""payload": {"action": "started"}}"#, "type", "missingKey"),
      (#""type": "WatchEvent", "payload": null}"#, "payload", "nullValue"),
      (#""type": "WatchEvent"}"#, "payload", "missingKey"),
      (#""type": "WatchEvent", "payload": {"action": 1}}"#, "payload.action", "typeMismatch"),
    ]
    for (tail, path, kind) in cases {
      let error = #expect(throws: JSONDecodingError.self) { try GitHubEvent(json: base + tail) }
      let problem = error?.problems.first
      #expect(problem?.path.description == path, "\(tail)")
      #expect(problem?.kind.description == kind, "\(tail)")
      #expect(problem?.location != nil, "\(tail)")
    }
    // A tag present twice: the duplicate-key policy picks one and says so.
    let twice = try GitHubEvent.decoded(
      json: Array(
        (base + #""type": "WatchEvent", "type": "PushEvent", "payload": {"action": "started"}}"#)
          .utf8))
    #expect(twice.value.payload == .watch(GitHubWatchPayload(action: "started")))
    #expect(twice.warnings.contains { $0.kind == .repeatedKey && $0.path.description == "type" })
  }
}

/// A tag at a nested path, and an optional tagged property.
@JSONModel
struct TaggedEnvelope: Equatable {
  @TaggedBy("meta.kind") @Key("body") var setting: Setting
  @TaggedBy("extra_kind") var extra: Setting?
}

@Suite struct TaggedPropertyEdgeTests {
  @Test func aNestedTagPathAndAnOptionalTaggedProperty() throws {
    let json = #"{"meta": {"kind": "count"}, "body": 3}"#
    let envelope = try TaggedEnvelope(json: json)
    #expect(envelope == TaggedEnvelope(setting: .count(3), extra: nil))
    #expect(try envelope.jsonString() == #"{"meta":{"kind":"count"},"body":3}"#)
    let both = TaggedEnvelope(setting: .flag(true), extra: .names(["a"]))
    #expect(try TaggedEnvelope(json: both.jsonString()) == both)
    #expect(try JSONDecoder().decode(TaggedEnvelope.self, from: JSONEncoder().encode(both)) == both)
  }

  @Test func untaggedCasesInFirstErrorModeAndInLossyArrays() throws {
    var firstError = JSONDecodingOptions()
    firstError.stopsAtFirstError = true
    #expect(try [IntOrText](json: #"[1, "a"]"#, options: firstError) == [.number(1), .text("a")])
    let error = #expect(throws: JSONDecodingError.self) {
      try [IntOrText](json: "[1, false]", options: firstError)
    }
    #expect(error?.problems.count == 1)
    #expect(error?.problems.first?.path.description == "[1]")
    var lossy = JSONDecodingOptions()
    lossy.lossyCollections = true
    let decoded = try [IntOrText].decoded(json: Array(#"[1, null, "b", {}]"#.utf8), options: lossy)
    #expect(decoded.value == [.number(1), .text("b")])
    #expect(decoded.warnings.map(\.kind) == [.skippedElement, .skippedElement])
  }
}

// MARK: Adjacently tagged and untagged unions on their own.

@JSONModel
struct Circle: Equatable {
  var radius: Double
}

@JSONModel(tag: "kind", content: "value")
enum Setting: JSONTaggedUnion, Equatable {
  case flag(Bool)
  case count(Int)
  case shape(Circle)
  case names([String])
}

@JSONModel(untagged: true)
enum IntOrText: Equatable {
  case number(Int)
  case text(String)
}

@JSONModel(untagged: true)
enum Figure: Equatable {
  case circle(Circle)
  case list([Int])
  case anything(JSONValue)
}

@Suite struct AdjacentAndUntaggedUnionTests {
  @Test func adjacentlyTaggedCasesCarryAnyValue() throws {
    let json = #"""
      [{"kind": "flag", "value": true}, {"value": 3, "kind": "count"},
       {"kind": "shape", "value": {"radius": 1.5}}, {"kind": "names", "value": ["a", "b"]}]
      """#
    let settings = try [Setting](json: json)
    #expect(settings == [.flag(true), .count(3), .shape(Circle(radius: 1.5)), .names(["a", "b"])])
    #expect(
      try settings.jsonString()
        == #"[{"kind":"flag","value":true},{"kind":"count","value":3},{"kind":"shape","value":{"radius":1.5}},{"kind":"names","value":["a","b"]}]"#
    )
    #expect(try JSONDecoder().decode([Setting].self, from: Data(json.utf8)) == settings)
    // Foundation's encoder orders keys by hash unless sorting: compare sorted output.
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    var writing = JSONWritingOptions.compact
    writing.sortsKeys = true
    let sorted = JSONEncodingOptions(writing: writing)
    #expect(try encoder.encode(settings) == Data(try settings.jsonData(options: sorted)))
  }

  @Test func anUnknownTagWithoutAFallbackIsAProblemAtTheTag() throws {
    let error = #expect(throws: JSONDecodingError.self) {
      try Setting(json: #"{"kind": "colour", "value": "red"}"#)
    }
    #expect(error?.problems.first?.path.description == "kind")
    #expect(error?.problems.first?.expected == #"one of "flag", "count", "shape", "names""#)
    let wrong = #expect(throws: JSONDecodingError.self) {
      try Setting(json: #"{"kind": "count", "value": "three"}"#)
    }
    #expect(wrong?.problems.first?.path.description == "value")
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(Setting.self, from: Data(#"{"kind": "colour", "value": 1}"#.utf8))
    }
  }

  @Test func untaggedCasesAreTriedInOrder() throws {
    let values = try [IntOrText](json: #"[1, "two", 3]"#)
    #expect(values == [.number(1), .text("two"), .number(3)])
    #expect(try values.jsonString() == #"[1,"two",3]"#)
    #expect(
      try JSONDecoder().decode([IntOrText].self, from: Data(#"[1, "two"]"#.utf8)) == [
        .number(1), .text("two"),
      ])
    let figures = try [Figure](json: #"[{"radius": 2}, [1, 2], {"side": 3}, null]"#)
    #expect(
      figures == [
        .circle(Circle(radius: 2)), .list([1, 2]), .anything(["side": 3]), .anything(.null),
      ])
    #expect(try figures.jsonString() == #"[{"radius":2},[1,2],{"side":3},null]"#)
  }

  @Test func severalMatchingCasesAreAWarningWhenAsked() throws {
    let input = Array(#"[{"radius": 1}, [1, 2], "x"]"#.utf8)
    #expect(try [Figure].decoded(json: input).warnings.isEmpty)
    var options = JSONDecodingOptions()
    options.warnsOnAmbiguousUnions = true
    let decoded = try [Figure].decoded(json: input, options: options)
    #expect(decoded.value == [.circle(Circle(radius: 1)), .list([1, 2]), .anything("x")])
    #expect(decoded.warnings.map(\.kind) == [.severalCasesMatched, .severalCasesMatched])
    #expect(decoded.warnings.map(\.path.description) == ["[0]", "[1]"])
    #expect(decoded.warnings.first?.message.contains("'circle'") == true)
  }

  @Test func anInternallyTaggedFallbackWarnsOfTheTagItKept() throws {
    let decoded = try [MediaItem].decoded(
      json: Array(#"[{"type": "panorama", "url": "https://example.com/c.jpg"}]"#.utf8))
    #expect(decoded.warnings.map(\.kind) == [.unknownCase])
    #expect(decoded.warnings.first?.path.description == "[0].type")
    #expect(decoded.warnings.first?.message.contains("\"panorama\"") == true)
  }

  @Test func anUntaggedValueNoCaseReadsNamesEveryCase() throws {
    let error = #expect(throws: JSONDecodingError.self) {
      try [IntOrText](json: "[1,\n true]")
    }
    let problem = try #require(error?.problems.first)
    #expect(problem.path.description == "[1]")
    #expect(problem.location?.line == 2)
    let mismatch = try #require(problem.cause as? JSONUnionMismatch)
    #expect(mismatch.attempts.map(\.caseName) == ["number", "text"])
    #expect(mismatch.attempts.allSatisfy { $0.problems.first?.path.description == "[1]" })
    #expect(problem.hint.contains("as 'number'") && problem.hint.contains("as 'text'"))
    // The problems of the cases tried are not left in the report.
    #expect(error?.problems.count == 1)
    let codable = #expect(throws: DecodingError.self) {
      try JSONDecoder().decode([IntOrText].self, from: Data("[true]".utf8))
    }
    #expect("\(String(describing: codable))".contains("as 'text'"))
  }
}
