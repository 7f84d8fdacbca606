import Bindery
import BinderyTestSupport
import Foundation
import Testing

// Under another Codable decoder, a `@JSONModel` type reads its object into a `JSONValue` by
// asking the decoder for the type each member's property reads, and then decodes that with
// its own mapping. These tests hold that read to the model's own decode on real responses and
// on the shapes where asking for a type would be wrong: a key two properties read, a fallback
// key, a nested path, members of another type that the mapping accepts.

@JSONModel
struct GuidedRelease: Equatable {
  var id: Int
  var name: String?
  var draft: Bool
  var ratio: Double
  var assets: [GuidedAsset]
  var labels: [String: Int]
  var tags: [String?]
  @Key("author.login") var authorLogin: String
  @Key("author") var author: GuidedAuthor
  @Key("tag_name", "tag") var tag: String
  @Coerce var downloads: Int
  @Default(0) var stars: Int
  @Lossy var scores: [Int]
}

@JSONModel
struct GuidedAsset: Equatable {
  var name: String
  var size: Int64
}

@JSONModel
struct GuidedAuthor: Equatable {
  var login: String
  var id: Int
}

@Suite struct GuidedCodableReadTests {
  static let release = #"""
    {"id": 1, "name": null, "draft": false, "ratio": 0.5, "unused": {"deep": [1, 2, {"x": null}]},
     "assets": [{"name": "a.zip", "size": 9007199254740993, "extra": true}],
     "labels": {"bug": 2, "docs": 0}, "tags": ["v1", null],
     "author": {"login": "octocat", "id": 583231, "site_admin": false},
     "tag": "v1.0", "downloads": "12", "scores": [1, "two", 3]}
    """#

  @Test func jsonDecoderReadsWhatTheModelReads() throws {
    let data = Data(Self.release.utf8)
    let own = try GuidedRelease(json: data)
    let foreign = try JSONDecoder().decode(GuidedRelease.self, from: data)
    #expect(foreign == own)
    #expect(own.authorLogin == "octocat" && own.author.id == 583231)
    #expect(own.tag == "v1.0")
    #expect(own.downloads == 12 && own.stars == 0 && own.scores == [1, 3])
    #expect(own.assets[0].size == 9_007_199_254_740_993)
    #expect(own.name == nil && own.tags == ["v1", nil])
  }

  @Test func jsonDecoderReadsRealGitHubEventsAsTheModelsDo() throws {
    let bytes = try Fixtures.bytes("github-events.json")
    // Plain models, and a tagged union whose cases are models.
    #expect(
      try JSONDecoder().decode([OnePassEvent].self, from: Data(bytes))
        == (try [OnePassEvent](json: bytes)))
    #expect(
      try JSONDecoder().decode([GitHubEvent].self, from: Data(bytes))
        == (try [GitHubEvent](json: bytes)))
  }

  @Test func aMemberOfTheWrongTypeIsJSONDecodersOwnErrorAtItsPath() throws {
    let bad = Self.release.replacingOccurrences(
      of: #""size": 9007199254740993"#, with: #""size": "9""#)
    let error = try #require(throws: DecodingError.self) {
      try JSONDecoder().decode(GuidedRelease.self, from: Data(bad.utf8))
    }
    guard case .typeMismatch(let type, let context) = error else {
      Issue.record("expected typeMismatch, got \(error)")
      return
    }
    #expect(type is Int64.Type)
    #expect(context.codingPath.map(\.stringValue) == ["assets", "Index 0", "size"])
  }

  @Test func aMissingMemberIsTheModelsProblemAtItsPath() throws {
    let missing = Self.release.replacingOccurrences(of: #""draft": false, "#, with: "")
    let error = try #require(throws: DecodingError.self) {
      try JSONDecoder().decode([GuidedRelease].self, from: Data("[\(missing)]".utf8))
    }
    guard case .keyNotFound(let key, let context) = error else {
      Issue.record("expected keyNotFound, got \(error)")
      return
    }
    #expect(key.stringValue == "draft")
    #expect(context.codingPath.map(\.stringValue) == ["Index 0"])
  }

  @Test func aNumberTooLargeForItsPropertyIsAnErrorNotATruncation() throws {
    let large = Self.release.replacingOccurrences(of: #""id": 1,"#, with: #""id": 1e30,"#)
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(GuidedRelease.self, from: Data(large.utf8))
    }
  }
}
