import Bindery
import BinderyTestSupport
import Testing

@JSONModel(keyStrategy: .snakeCase)
struct Tag: Equatable {
  @Key("id") var remoteId: Int
  var name: String
  var resourceUri: String
  var slug: String
}

@JSONModel(keyStrategy: .snakeCase)
struct ListingMeta: Equatable {
  var limit: Int
  var next: String?
  var offset: Int
  var previous: String?
  var totalCount: Int
}

@Suite struct TagListingTests {
  @Test func decodesTagsBelowObjectsWithJapaneseTextIntact() throws {
    let bytes = try Fixtures.bytes("tag-listing.json")
    let tags = try [Tag](json: bytes, at: "objects")
    #expect(tags.map(\.remoteId) == [2, 5, 9])
    #expect(tags[0].name == "カフェ")
    #expect(tags[0].slug == "カフェ")
    #expect(tags[0].resourceUri == "/api/tag/%E3%82%AB%E3%83%95%E3%82%A7")
    let meta = try ListingMeta(json: bytes, at: "meta")
    #expect(meta == ListingMeta(limit: 20, next: nil, offset: 0, previous: nil, totalCount: 3))
  }

  @Test func exportsSnakeCaseKeysAndTheRenamedId() throws {
    let tags = try [Tag](json: try Fixtures.bytes("tag-listing.json"), at: "objects")
    #expect(
      try tags[0].jsonString()
        == #"{"id":2,"name":"カフェ","resource_uri":"/api/tag/%E3%82%AB%E3%83%95%E3%82%A7","slug":"カフェ"}"#
    )
  }

  @Test func reportsTheBadTags() throws {
    let error = #expect(throws: JSONDecodingError.self) {
      try [Tag](json: try Fixtures.bytes("tag-listing-bad.json"), at: "objects")
    }
    let problems = try #require(error?.problems)
    #expect(
      problems.map(\.path.description) == [
        "objects[1].id", "objects[1].resource_uri", "objects[2].id",
      ])
    #expect(problems[2].kind == .numberOutOfRange)
    #expect(problems[2].location?.line == 5)
  }
}
