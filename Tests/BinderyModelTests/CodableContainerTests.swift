import Bindery
import Foundation
import Testing

// A `@JSONModel` struct under Foundation's JSONDecoder and JSONEncoder reads and writes their
// containers with its mapping's keys and paths, and gives the same values as its own decode.

@JSONModel
struct ContainerAuthor: Equatable {
  var login: String
  @Key("avatar_url") var avatar: URL?
}

@JSONModel
struct ContainerEvent: Equatable {
  var id: String
  var type: String
  @Key("actor.login") var actorLogin: String
  @Key("actor.id") var actorID: Int
  @Key("repo.owner.name") var ownerName: String?
  @Key("payload.size") var size: Int?
  var author: ContainerAuthor
  var commits: [ContainerAuthor] = []
  var labels: [String: Int]
  @Key("created_at") var createdAt: Date
  @Transform(.separated(by: " ")) var tags: [String]
  @Lossy var scores: [Int]
  @Coerce var count: Int
  @Key("public", "is_public") var isPublic: Bool
  @Default("none") var note: String
  var draft: Bool = false
  @Nulls(.write) var closedAt: String?
  var ratio: Double?
}

@JSONModel
struct CheckedRange: Equatable {
  var low: Int
  var high: Int

  func validate() throws {
    if low > high { throw RangeFlaw() }
  }

  struct RangeFlaw: Error {}
}

@JSONModel
final class ContainerComment {
  var id: Int
  @Key("user.login") var login: String
  @Key("user.site_admin") var isAdmin: Bool = false
  var body: String?
  @Transform(.separated(by: ",")) var reactions: [String]

  init(id: Int, login: String, body: String?, reactions: [String]) {
    self.id = id
    self.login = login
    self.body = body
    self.reactions = reactions
  }
}

/// A class hierarchy, GitHub-event shaped: each class maps its own keys, one nested.
@JSONModel
class FeedEvent: Codable {
  var id: String
  @Key("actor.login") var actor: String
  @Key("created_at") var createdAt: String

  init(id: String, actor: String, createdAt: String) {
    self.id = id
    self.actor = actor
    self.createdAt = createdAt
  }
}

@JSONModel(inheriting: FeedEvent.self)
final class FeedPushEvent: FeedEvent {
  @Key("payload.size") var size: Int
  @Key("payload.ref") var ref: String?

  init(id: String, actor: String, createdAt: String, size: Int, ref: String?) {
    self.size = size
    self.ref = ref
    super.init(id: id, actor: actor, createdAt: createdAt)
  }
}

/// A hierarchy whose base keeps unknown members: it reads whole objects under Codable coders.
@JSONModel
class KeepingResource: Codable {
  var id: Int
  @UnknownKeys var extra: [String: JSONValue] = [:]

  init(id: Int) { self.id = id }
}

@JSONModel(inheriting: KeepingResource.self)
class KeepingComment: KeepingResource {
  var body: String

  init(id: Int, body: String) {
    self.body = body
    super.init(id: id)
  }
}

/// Keys that cannot name an enum case as they are.
@JSONModel
struct OddKeys: Equatable {
  @Key("@id") var id: String
  @Key("default") var isDefault: Bool
  @Key("rawValue") var raw: Int
  @Key("2x.url") var retina: String?
  @Key("key0") var plain: Int
}

@JSONModel
enum ContainerAction: Equatable {
  case push
  @Key("pull_request") case pullRequest
  case other(String)
}

@JSONModel
enum ClosedAction: Equatable {
  case push
  case fork
}

@JSONModel
struct PushPayload: Equatable {
  var size: Int
  var ref: String
}

@JSONModel
struct ForkPayload: Equatable {
  @Key("forkee.full_name") var fullName: String
}

@JSONModel(tag: "type")
enum ContainerEventUnion: Equatable {
  @Key("PushEvent") case push(PushPayload)
  @Key("ForkEvent") case fork(ForkPayload)
  case unknown(JSONValue)
}

@JSONModel(tag: "kind")
enum ClosedUnion: Equatable {
  case push(PushPayload)
}

@Suite struct CodableContainerTests {
  static let event = #"""
    {
      "id": "2489651045",
      "type": "PushEvent",
      "actor": {"id": 665991, "login": "petroav", "url": "https://api.github.com/users/petroav"},
      "repo": {"id": 28688495, "owner": {"name": "petroav"}},
      "payload": {"size": 1, "push_id": 536864430},
      "author": {"login": "petroav", "avatar_url": "https://avatars.githubusercontent.com/u/665991"},
      "commits": [{"login": "a"}, {"login": "b", "avatar_url": null}],
      "labels": {"bug": 3, "docs": 1},
      "created_at": "2015-01-01T15:00:00Z",
      "tags": "swift json",
      "scores": [1, "two", 3],
      "count": "42",
      "is_public": true,
      "draft": true,
      "closedAt": null
    }
    """#

  @Test func jsonDecoderReadsTheSameValuesAsTheMapping() throws {
    let data = Data(Self.event.utf8)
    let viaFoundation = try JSONDecoder().decode(ContainerEvent.self, from: data)
    let viaMapping = try ContainerEvent(json: data)
    #expect(viaFoundation == viaMapping)
    #expect(viaFoundation.actorLogin == "petroav")
    #expect(viaFoundation.ownerName == "petroav")
    #expect(viaFoundation.commits.map(\.login) == ["a", "b"])
    #expect(viaFoundation.scores == [1, 3])
    #expect(viaFoundation.count == 42)
    #expect(viaFoundation.isPublic)
    #expect(viaFoundation.note == "none")
    #expect(viaFoundation.tags == ["swift", "json"])
    #expect(viaFoundation.createdAt == Date(timeIntervalSince1970: 1_420_124_400))
    #expect(viaFoundation.ratio == nil)
  }

  @Test func absentAndNullParentsOfAnOptionalNestedPathGiveNil() throws {
    var text = Self.event.replacingOccurrences(
      of: #""repo": {"id": 28688495, "owner": {"name": "petroav"}},"#, with: #""repo": null,"#)
    text = text.replacingOccurrences(
      of: #""payload": {"size": 1, "push_id": 536864430},"#, with: "")
    let event = try JSONDecoder().decode(ContainerEvent.self, from: Data(text.utf8))
    #expect(event.ownerName == nil)
    #expect(event.size == nil)
  }

  @Test func jsonEncoderWritesWhatTheMappingWrites() throws {
    let event = try ContainerEvent(json: Self.event)
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let viaFoundation = try JSONValue(parsing: Array(try encoder.encode(event)))
    let viaMapping = try JSONValue(parsing: Array(try event.jsonBytes()))
    #expect(sortedKeys(viaFoundation) == sortedKeys(viaMapping))
    // Siblings of a nested path share one object; `@Nulls(.write)` writes the `nil` as null.
    guard case .object(let object) = viaFoundation else {
      Issue.record("expected an object")
      return
    }
    #expect(object["actor"] == .object(["id": 665991, "login": "petroav"]))
    #expect(object["closedAt"] == .null)
    #expect(object["ratio"] == nil)
    #expect(object["public"] == .bool(true))
    // And it reads back.
    #expect(try JSONDecoder().decode(ContainerEvent.self, from: try encoder.encode(event)) == event)
  }

  @Test func anOptionalNestedPathWithNothingToWriteOpensNoObject() throws {
    var event = try ContainerEvent(json: Self.event)
    event.ownerName = nil
    event.size = nil
    let written = try JSONValue(parsing: Array(try JSONEncoder().encode(event)))
    guard case .object(let object) = written else {
      Issue.record("expected an object")
      return
    }
    #expect(object["repo"] == nil)
    #expect(object["payload"] == nil)
  }

  @Test func aMissingParentIsJSONDecodersKeyNotFound() throws {
    let text = Self.event.replacingOccurrences(
      of:
        #""actor": {"id": 665991, "login": "petroav", "url": "https://api.github.com/users/petroav"},"#,
      with: "")
    let error = try #require(throws: DecodingError.self) {
      try JSONDecoder().decode(ContainerEvent.self, from: Data(text.utf8))
    }
    guard case .keyNotFound(let key, _) = error else {
      Issue.record("expected keyNotFound, got \(error)")
      return
    }
    #expect(key.stringValue == "actor")
  }

  @Test func aPropertyReadThroughItsMappingFailsAtItsPath() throws {
    let text = Self.event.replacingOccurrences(of: #""count": "42""#, with: #""count": "many""#)
    let error = try #require(throws: DecodingError.self) {
      try JSONDecoder().decode([ContainerEvent].self, from: Data("[\(text)]".utf8))
    }
    let context = try #require(Self.context(of: error))
    #expect(context.codingPath.map(\.stringValue) == ["Index 0", "count"])
    // There is no position: the value was read from JSONDecoder, not from text.
    #expect(!context.debugDescription.contains("line"))
    #expect(context.underlyingError is JSONDecodingError)
  }

  @Test func aBadURLInANestedArrayIsReportedAtItsIndex() throws {
    let text = Self.event.replacingOccurrences(
      of: #""commits": [{"login": "a"}, {"login": "b", "avatar_url": null}]"#,
      with: #""commits": [{"login": "a"}, {"login": "b", "avatar_url": "not a url"}]"#)
    let error = try #require(throws: DecodingError.self) {
      try JSONDecoder().decode(ContainerEvent.self, from: Data(text.utf8))
    }
    guard case .dataCorrupted(let context) = error else {
      Issue.record("expected dataCorrupted, got \(error)")
      return
    }
    #expect(context.codingPath.map(\.stringValue) == ["commits", "Index 1", "avatar_url"])
  }

  @Test func validationRunsUnderJSONDecoder() throws {
    #expect(
      try JSONDecoder().decode(CheckedRange.self, from: Data(#"{"low":1,"high":2}"#.utf8))
        == CheckedRange(low: 1, high: 2))
    let error = try #require(throws: DecodingError.self) {
      try JSONDecoder().decode([CheckedRange].self, from: Data(#"[{"low":3,"high":2}]"#.utf8))
    }
    guard case .dataCorrupted(let context) = error else {
      Issue.record("expected dataCorrupted, got \(error)")
      return
    }
    #expect(context.codingPath.map(\.stringValue) == ["Index 0"])
    #expect(context.underlyingError is CheckedRange.RangeFlaw)
  }

  @Test func aFinalClassReadsAndWritesContainersToo() throws {
    let text =
      #"{"id": 7, "user": {"login": "octocat", "site_admin": true}, "reactions": "+1,heart"}"#
    let comment = try JSONDecoder().decode(ContainerComment.self, from: Data(text.utf8))
    #expect(comment.id == 7)
    #expect(comment.login == "octocat")
    #expect(comment.isAdmin)
    #expect(comment.body == nil)
    #expect(comment.reactions == ["+1", "heart"])
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    #expect(
      String(decoding: try encoder.encode(comment), as: UTF8.self)
        == #"{"id":7,"reactions":"+1,heart","user":{"login":"octocat","site_admin":true}}"#)
    // The class's own problem, at the mapped path, as the case JSONDecoder would use.
    let error = try #require(throws: DecodingError.self) {
      try JSONDecoder().decode(
        ContainerComment.self, from: Data(#"{"id": 7, "user": {"login": 1}, "reactions": ""}"#.utf8)
      )
    }
    guard case .typeMismatch(_, let context) = error else {
      Issue.record("expected typeMismatch, got \(error)")
      return
    }
    #expect(context.codingPath.map(\.stringValue) == ["user", "login"])
    #expect(context.debugDescription.contains("expected a string, found number 1"))
  }

  @Test func classesThatMayBeSubclassedReadAndWriteContainersLevelByLevel() throws {
    let text = #"""
      {"id": "2489651045", "type": "PushEvent",
       "actor": {"id": 665991, "login": "petroav"},
       "payload": {"push_id": 536863970, "size": 4, "ref": "refs/heads/master"},
       "created_at": "2015-01-01T15:00:00Z"}
      """#
    let event = try JSONDecoder().decode(FeedPushEvent.self, from: Data(text.utf8))
    #expect(event.id == "2489651045")
    #expect(event.actor == "petroav")
    #expect(event.size == 4)
    #expect(event.ref == "refs/heads/master")
    #expect(event.createdAt == "2015-01-01T15:00:00Z")
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    #expect(
      String(decoding: try encoder.encode(event), as: UTF8.self)
        == #"{"actor":{"login":"petroav"},"created_at":"2015-01-01T15:00:00Z","id":"2489651045","#
        + #""payload":{"ref":"refs\/heads\/master","size":4}}"#)
    // The base class alone too.
    let base = try JSONDecoder().decode(FeedEvent.self, from: Data(text.utf8))
    #expect(base.actor == "petroav")
    // The hierarchy's own problems, at the mapped path of the class that reads the member.
    let bad = text.replacingOccurrences(of: #""size": 4"#, with: #""size": "4""#)
    let error = try #require(throws: DecodingError.self) {
      try JSONDecoder().decode(FeedPushEvent.self, from: Data(bad.utf8))
    }
    guard case .typeMismatch(_, let context) = error else {
      Issue.record("expected typeMismatch, got \(error)")
      return
    }
    #expect(context.codingPath.map(\.stringValue) == ["payload", "size"])
    #expect(context.debugDescription.contains("expected an integer"))
    let missing = text.replacingOccurrences(of: #""login": "petroav""#, with: #""name": "p""#)
    let baseError = try #require(throws: DecodingError.self) {
      try JSONDecoder().decode(FeedPushEvent.self, from: Data(missing.utf8))
    }
    guard case .keyNotFound(let key, _) = baseError else {
      Issue.record("expected keyNotFound, got \(baseError)")
      return
    }
    #expect(key.stringValue == "login")
    // BinderyDecoder reads its own document through the mapping, as before.
    let fast = try BinderyDecoder().decode(FeedPushEvent.self, from: Data(text.utf8))
    #expect(fast.size == 4)
    #expect(fast.actor == "petroav")
  }

  @Test func aHierarchyWhoseBaseKeepsUnknownMembersReadsWholeObjects() throws {
    let text = #"{"id": 3, "body": "hi", "reactions": {"+1": 2}}"#
    let comment = try JSONDecoder().decode(KeepingComment.self, from: Data(text.utf8))
    #expect(comment.id == 3)
    #expect(comment.body == "hi")
    #expect(comment.extra == ["reactions": ["+1": 2]])
    // Each key once, though the base keeps what it does not know and the subclass maps `body`.
    let written = try comment.jsonString()
    #expect(written == #"{"id":3,"reactions":{"+1":2},"body":"hi"}"#)
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    #expect(
      String(decoding: try encoder.encode(comment), as: UTF8.self)
        == #"{"body":"hi","id":3,"reactions":{"+1":2}}"#)
  }

  @Test func keysThatAreNotIdentifiersRoundTrip() throws {
    let text = #"{"@id":"a","default":true,"rawValue":3,"2x":{"url":"u"},"key0":1}"#
    let keys = try JSONDecoder().decode(OddKeys.self, from: Data(text.utf8))
    #expect(keys == (try OddKeys(json: text)))
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    #expect(
      String(decoding: try encoder.encode(keys), as: UTF8.self)
        == #"{"2x":{"url":"u"},"@id":"a","default":true,"key0":1,"rawValue":3}"#)
  }

  @Test func stringEnumsUseASingleValueContainer() throws {
    let text = #"["push","pull_request","release"]"#
    let actions = try JSONDecoder().decode([ContainerAction].self, from: Data(text.utf8))
    #expect(actions == [.push, .pullRequest, .other("release")])
    #expect(actions == (try [ContainerAction](json: text)))
    #expect(String(decoding: try JSONEncoder().encode(actions), as: UTF8.self) == text)
    let error = try #require(throws: DecodingError.self) {
      try JSONDecoder().decode([ClosedAction].self, from: Data(#"["push","merge"]"#.utf8))
    }
    guard case .dataCorrupted(let context) = error else {
      Issue.record("expected dataCorrupted, got \(error)")
      return
    }
    #expect(context.codingPath.map(\.stringValue) == ["Index 1"])
    #expect(context.debugDescription.contains("\"merge\""))
  }

  @Test func unionsReadTheirTagAndHandTheDecoderToTheCase() throws {
    let text = #"""
      [{"type": "PushEvent", "size": 2, "ref": "refs/heads/main"},
       {"type": "ForkEvent", "forkee": {"full_name": "a/b"}},
       {"type": "WatchEvent", "action": "started"}]
      """#
    let events = try JSONDecoder().decode([ContainerEventUnion].self, from: Data(text.utf8))
    #expect(events == (try [ContainerEventUnion](json: text)))
    #expect(events.first == .push(PushPayload(size: 2, ref: "refs/heads/main")))
    #expect(events.dropFirst().first == .fork(ForkPayload(fullName: "a/b")))
    // Written back with the tag once, the case's members, and the unknown object as it was.
    let written = try JSONEncoder().encode(events)
    #expect(try JSONDecoder().decode([ContainerEventUnion].self, from: written) == events)
    var strict = JSONReadingOptions()
    strict.duplicateKeys = .reject
    let value = try JSONValue(parsing: Array(written), options: strict)
    #expect(value.arrayValue?.first?.objectValue?["type"] == .string("PushEvent"))
    #expect(value.arrayValue?.last == .object(["type": "WatchEvent", "action": "started"]))
  }

  @Test func aUnionsUnknownTagAndABadCaseAreReportedAtTheirPaths() throws {
    let unknown = try #require(throws: DecodingError.self) {
      try JSONDecoder().decode([ClosedUnion].self, from: Data(#"[{"kind": "fork"}]"#.utf8))
    }
    guard case .dataCorrupted(let context) = unknown else {
      Issue.record("expected dataCorrupted, got \(unknown)")
      return
    }
    #expect(context.codingPath.map(\.stringValue) == ["Index 0", "kind"])
    let bad = try #require(throws: DecodingError.self) {
      try JSONDecoder().decode(
        [ClosedUnion].self, from: Data(#"[{"kind": "push", "size": "2", "ref": "r"}]"#.utf8))
    }
    guard case .typeMismatch(let type, let badContext) = bad else {
      Issue.record("expected typeMismatch, got \(bad)")
      return
    }
    // The case's model asked JSONDecoder for the type its member reads: JSONDecoder's own
    // error, at the member's path.
    #expect(type is Int.Type)
    #expect(badContext.codingPath.map(\.stringValue) == ["Index 0", "size"])
  }

  @Test func binderyDecoderStillReadsItsOwnDocument() throws {
    let data = Data(Self.event.utf8)
    #expect(
      try BinderyDecoder().decode(ContainerEvent.self, from: data)
        == (try ContainerEvent(json: data)))
  }

  @Test func binderyDecoderReportsABadNestedValueOnce() throws {
    let badAvatar = Self.event.replacingOccurrences(
      of: #""avatar_url": "https://avatars.githubusercontent.com/u/665991""#,
      with: #""avatar_url": 12"#)
    let error = try #require(throws: DecodingError.self) {
      try BinderyDecoder().decode(ContainerEvent.self, from: Data(badAvatar.utf8))
    }
    let context = try #require(Self.context(of: error))
    #expect(context.codingPath.map(\.stringValue) == ["author", "avatar_url"])
    let report = try #require(context.underlyingError as? JSONDecodingError)
    #expect(report.problems.map(\.path.description) == ["author.avatar_url"])
    // Two levels down, inside an array, the same.
    let badLogin = Self.event.replacingOccurrences(
      of: #"{"login": "b", "avatar_url": null}"#, with: #"{"login": 5}"#)
    let deeper = try #require(throws: DecodingError.self) {
      try BinderyDecoder().decode(ContainerEvent.self, from: Data(badLogin.utf8))
    }
    let deeperReport = try #require(
      Self.context(of: deeper)?.underlyingError as? JSONDecodingError)
    #expect(deeperReport.problems.map(\.path.description) == ["commits[1].login"])
  }

  static func context(of error: DecodingError) -> DecodingError.Context? {
    switch error {
    case .dataCorrupted(let context), .keyNotFound(_, let context),
      .typeMismatch(_, let context), .valueNotFound(_, let context):
      context
    @unknown default: nil
    }
  }

  private func sortedKeys(_ value: JSONValue) -> JSONValue {
    switch value {
    case .object(let object):
      var sorted = JSONObject()
      for (key, member) in object.sorted(by: { $0.key < $1.key }) {
        sorted[key] = sortedKeys(member)
      }
      return .object(sorted)
    case .array(let elements): return .array(elements.map(sortedKeys))
    default: return value
    }
  }
}

/// A model and its synthesized twin with the shapes of the decoder fuzzer's records: numbers at
/// the edges of `Int` and `Double`, escapes, empty strings.
@JSONModel
struct EncodedRecord: Equatable {
  var id: Int
  var name: String
  var flags: [Bool]
  var counts: [Int]?
  var names: [String]?
  var child: EncodedChild?
}

@JSONModel
struct EncodedChild: Equatable {
  var id: Int
  var values: [Double]
}

struct PlainEncodedRecord: Codable {
  var id: Int
  var name: String
  var flags: [Bool]
  var counts: [Int]?
  var names: [String]?
  var child: PlainEncodedChild?
  struct PlainEncodedChild: Codable {
    var id: Int
    var values: [Double]
  }
}

@Suite struct ModelThroughJSONEncoderTests {
  @Test func jsonEncoderWritesAModelByteForByteAsItsTwin() throws {
    let text = #"""
      {"id": 7, "name": "n", "flags": [true, false], "counts": [1, -2, 9223372036854775807, 3],
       "names": ["a", "caf\u00e9", ""],
       "child": {"id": 1, "values": [0.5, -0.0, 1e300, 2, 11113111111111111111, -0.0111111111111111111]}}
      """#
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let model = try JSONDecoder().decode(EncodedRecord.self, from: Data(text.utf8))
    let twin = try JSONDecoder().decode(PlainEncodedRecord.self, from: Data(text.utf8))
    let written = String(decoding: try encoder.encode(model), as: UTF8.self)
    let expected = String(decoding: try encoder.encode(twin), as: UTF8.self)
    #expect(written == expected)
  }
}
