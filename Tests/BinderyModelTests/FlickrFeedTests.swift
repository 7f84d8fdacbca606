import Bindery
import BinderyTestSupport
import Foundation
import Testing

/// The seed's `Tags`: a class built from a space-separated string and written back the same way.
final class Tags: JSONDecodable, JSONEncodable, Sendable, Equatable {
  let words: [String]

  init(_ words: [String]) { self.words = words }

  init(json: JSONValueDecoder) throws {
    words = try json.string().split(separator: " ").map(String.init)
  }

  func encode(to json: JSONValueEncoder) throws {
    try json.string(words.joined(separator: " "))
  }

  static func == (lhs: Tags, rhs: Tags) -> Bool { lhs.words == rhs.words }
}

@JSONModel
struct FeedPhoto: Equatable {
  var title: String
  @Key("media.m") var url: URL
  var link: URL
  @Key("published") var date: Date
  var tags: Tags
}

@JSONModel
struct PublicPhotos: Equatable {
  var title: String
  var modified: Date
  var items: [FeedPhoto]
}

@Suite struct FlickrFeedTests {
  let options = JSONDecodingOptions(reading: .allowEscapedApostrophe)

  func feedBytes() throws -> [UInt8] {
    try Fixtures.bytes("flickr-public-feed.json")
  }

  @Test func decodesTheFeedWithEscapedApostrophes() throws {
    let feed = try PublicPhotos(jsonBytes: try feedBytes(), options: options)
    #expect(feed.title == "Uploads from everyone")
    #expect(feed.modified == Date(timeIntervalSince1970: 1_453_458_168))
    let first = try #require(feed.items.first)
    #expect(first.title == "Sunset over the bay 'golden hour'")
    #expect(
      first.url.absoluteString == "https://farm2.staticflickr.com/1600/24238390321_3e4c8a7f9b_m.jpg"
    )
    #expect(first.tags.words == ["sunset", "bay", "golden", "hour"])
    #expect(feed.items[1].title == "Grandma's kitchen, Kyoto 京都")
  }

  @Test func exportWritesTheNestedPathAndTagsBack() throws {
    let feed = try PublicPhotos(jsonBytes: try feedBytes(), options: options)
    let value = try feed.items[0].jsonValue()
    #expect(
      value["media"]?["m"]
        == .string("https://farm2.staticflickr.com/1600/24238390321_3e4c8a7f9b_m.jpg"))
    #expect(value["tags"] == .string("sunset bay golden hour"))
    #expect(value["published"] == .string("2016-01-22T10:22:48Z"))
    let again = try FeedPhoto(jsonData: try feed.items[0].jsonData())
    #expect(again == feed.items[0])
  }

  @Test func strictReadingRejectsTheEscapedApostrophe() throws {
    let error = #expect(throws: JSONDecodingError.self) {
      try PublicPhotos(jsonBytes: try feedBytes())
    }
    #expect(error?.problems.first?.kind == .malformedJSON)
    #expect(error?.problems.first?.line == 9)
    #expect(error?.problems.first?.found.contains("escape") == true)
  }
}
