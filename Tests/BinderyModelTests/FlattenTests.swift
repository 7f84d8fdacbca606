import Bindery
import BinderyTestSupport
import Foundation
import Testing

@JSONModel(keyStrategy: .snakeCase)
struct FlatAudit: Equatable {
  var createdAt: Date
  var updatedAt: Date?
}

@JSONModel(keyStrategy: .snakeCase)
struct FlatContact: Equatable {
  var email: String
}

@JSONModel(keyStrategy: .snakeCase)
struct FlatOwner: Equatable {
  var ownerId: Int
  @Flatten var contact: FlatContact
}

@JSONModel
struct FlatDocument: Equatable {
  var id: Int
  var title: String
  @Flatten var audit: FlatAudit
  @UnknownKeys var other: [String: JSONValue]
}

@JSONModel
struct FlatRecord: Equatable {
  var id: Int
  @Flatten var audit: FlatAudit
  @Flatten var owner: FlatOwner
  @Flatten var rest: [String: JSONValue]
}

/// Twitter's reply fields, which a status carries at its top level, `null` unless it replies.
@JSONModel(keyStrategy: .snakeCase)
struct FlatReply: Equatable {
  var inReplyToStatusId: Int64?
  var inReplyToStatusIdStr: String?
  var inReplyToUserId: Int64?
  var inReplyToUserIdStr: String?
  var inReplyToScreenName: String?
}

@JSONModel
struct FlatStatus: Equatable {
  var id: Int64
  var text: String
  @Flatten var reply: FlatReply
  @UnknownKeys var rest: [String: JSONValue]
}

@Suite struct FlattenTests {
  /// A status as twitter's search API writes one: the reply group `null`, other keys the
  /// model does not map.
  static let status = #"""
    {"created_at": "Sun Aug 31 00:29:15 +0000 2014", "id": 505874924095815700,
     "text": "@aym0566x \n\n名前:前田あゆみ", "source": "<a href=\"http://twitter.com\">web</a>",
     "truncated": false, "in_reply_to_status_id": null, "in_reply_to_status_id_str": null,
     "in_reply_to_user_id": null, "in_reply_to_user_id_str": null,
     "in_reply_to_screen_name": null, "retweet_count": 0, "lang": "ja"}
    """#

  @Test func theMembersOfAFlattenedModelAreNeverUnknownNullOrNot() throws {
    let status = try FlatStatus(json: Self.status)
    #expect(status.reply == FlatReply())
    #expect(
      Set(status.rest.keys) == ["created_at", "source", "truncated", "retweet_count", "lang"])
    let reply = try FlatStatus(
      json: Self.status.replacing(
        #""in_reply_to_screen_name": null"#, with: #""in_reply_to_screen_name": "aym0566x""#))
    #expect(reply.reply.inReplyToScreenName == "aym0566x")
    #expect(reply.rest == status.rest)
    // Written back: the unknown members as they were, the reply group as its model writes it.
    let written = try JSONValue(parsing: try reply.jsonBytes())
    #expect(written["in_reply_to_screen_name"] == "aym0566x")
    #expect(written["lang"] == "ja")
    #expect(written["in_reply_to_user_id"] == nil)
    #expect(try FlatStatus(json: written) == reply)
    #expect(FlatStatus._jsonClaimedKeys.isSuperset(of: FlatReply._jsonClaimedKeys))
  }

  @Test func onEveryStatusOfTwitterJSONTheUnknownKeysAreExactlyTheUnmappedOnes() throws {
    let bytes = Array(
      try Data(
        contentsOf: URL(fileURLWithPath: Fixtures.repositoryRoot())
          .appendingPathComponent("Benchmarks/Corpora/twitter.json")))
    let document = try JSONValue(parsing: bytes)
    let statuses = try #require(document["statuses"]?.arrayValue)
    #expect(statuses.count == 100)
    let mapped = FlatStatus._jsonClaimedKeys
    for (index, json) in statuses.enumerated() {
      let status = try FlatStatus(json: json)
      let expected = Set(try #require(json.objectValue).keys).subtracting(mapped)
      #expect(Set(status.rest.keys) == expected, "statuses[\(index)]")
      #expect(status.reply.inReplyToStatusIdStr == json["in_reply_to_status_id_str"]?.stringValue)
    }
    // Not one of the reply group's keys, `null` in most statuses, is kept as unknown.
    let kept = try statuses.map { try FlatStatus(json: $0).rest.keys }.joined()
    #expect(!kept.contains { $0.hasPrefix("in_reply_to_") })
    #expect(kept.contains("retweet_count"))
  }

  let document = #"""
    {"id": 7, "title": "Tide tables", "created_at": "2026-11-24T21:13:05Z",
     "updated_at": "2026-11-25T08:02:11Z", "pages": 12}
    """#

  @Test func aFlattenedModelReadsAndWritesTheParentsKeys() throws {
    let value = try FlatDocument(json: document)
    #expect(value.id == 7)
    #expect(value.audit.createdAt == Date(timeIntervalSince1970: 1_795_554_785))
    #expect(value.audit.updatedAt == Date(timeIntervalSince1970: 1_795_593_731))
    // Keys the flattened model reads are not unknown.
    #expect(value.other == ["pages": 12])
    #expect(
      try value.jsonString()
        == #"{"id":7,"title":"Tide tables","created_at":"2026-11-24T21:13:05Z","updated_at":"2026-11-25T08:02:11Z","pages":12}"#
    )
  }

  @Test func severalAndNestedFlattenedModelsAndAFlattenedDictionary() throws {
    let json = #"""
      {"id": 1, "created_at": "2026-11-24T21:13:05Z", "owner_id": 42,
       "email": "noor@example.org", "color": "teal", "tags": ["a"]}
      """#
    let record = try FlatRecord(json: json)
    #expect(record.owner == FlatOwner(ownerId: 42, contact: FlatContact(email: "noor@example.org")))
    #expect(record.audit.updatedAt == nil)
    #expect(record.rest == ["color": "teal", "tags": ["a"]])
    let written = try record.jsonString()
    #expect(try FlatRecord(json: written) == record)
    #expect(try JSONValue(parsing: written) == JSONValue(parsing: json))
  }

  @Test func problemsOfAFlattenedModelAreAtTheParentsLevel() throws {
    let error = #expect(throws: JSONDecodingError.self) {
      try FlatRecord(json: #"{"id": 1, "created_at": "yesterday", "owner_id": 42}"#)
    }
    let paths = error?.problems.map(\.path.description) ?? []
    #expect(paths == ["created_at", "email"])
    #expect(error?.problems.first?.location?.column == 25)
  }

  @Test func theCodableBridgeFlattensTheSame() throws {
    let value = try FlatDocument(json: document)
    let decoder = JSONDecoder()
    #expect(try decoder.decode(FlatDocument.self, from: Data(document.utf8)) == value)
    #expect(try BinderyDecoder().decode(FlatDocument.self, from: Data(document.utf8)) == value)
    let encoded = try JSONEncoder().encode(value)
    #expect(try FlatDocument(json: encoded) == value)
  }

  @Test func updatesReachTheFlattenedModel() throws {
    var value = try FlatDocument(json: document)
    let changed = try value.update(json: #"{"updated_at": "2026-11-26T00:00:00Z"}"#)
    #expect(value.audit.updatedAt == Date(timeIntervalSince1970: 1_795_651_200))
    #expect(changed.contains(\FlatDocument.audit))
  }
}
