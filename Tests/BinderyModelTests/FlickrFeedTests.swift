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
    let feed = try PublicPhotos(json: try feedBytes(), options: options)
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
    let feed = try PublicPhotos(json: try feedBytes(), options: options)
    let value = try feed.items[0].jsonValue()
    #expect(
      value["media"]?["m"]
        == .string("https://farm2.staticflickr.com/1600/24238390321_3e4c8a7f9b_m.jpg"))
    #expect(value["tags"] == .string("sunset bay golden hour"))
    #expect(value["published"] == .string("2016-01-22T10:22:48Z"))
    let again = try FeedPhoto(json: try feed.items[0].jsonData())
    #expect(again == feed.items[0])
  }

  @Test func strictReadingRejectsTheEscapedApostrophe() throws {
    let error = #expect(throws: JSONDecodingError.self) {
      try PublicPhotos(json: try feedBytes())
    }
    #expect(error?.problems.first?.kind == .malformedJSON)
    #expect(error?.problems.first?.location?.line == 9)
    #expect(error?.problems.first?.found.contains("escape") == true)
  }
}

@Suite struct FlickrFeedErrorReportTests {
  @Test func reportsEveryBadPhotoWithPathLineColumnAndHint() throws {
    let bytes = try Fixtures.bytes("flickr-public-feed-bad.json")
    let error = #expect(throws: JSONDecodingError.self) {
      try PublicPhotos(
        json: bytes, options: JSONDecodingOptions(reading: .allowEscapedApostrophe))
    }
    let problems = try #require(error?.problems)
    #expect(problems.count == 2)
    #expect(problems[0].path.description == "items[1].media.m")
    #expect(problems[0].kind == .typeMismatch)
    #expect(problems[0].expected == "a URL")
    #expect(problems[0].found == "number 12")
    #expect(problems[0].location?.line == 22)
    #expect(problems[0].location?.column == 19)
    #expect(problems[1].path.description == "items[2].published")
    #expect(problems[1].kind == .missingKey)
    #expect(problems[1].hint == "did you mean 'publshed'?")
    let text = String(describing: try #require(error))
    #expect(text.hasPrefix("2 problems decoding JSON:"))
    #expect(
      text.contains("items[1].media.m (line 22, column 19): expected a URL, found number 12"))
    #expect(text.contains("missing key 'published'"))
  }

  @Test func firstErrorModeStopsAtTheFirstProblem() throws {
    let bytes = try Fixtures.bytes("flickr-public-feed-bad.json")
    let error = #expect(throws: JSONDecodingError.self) {
      try PublicPhotos(
        json: bytes,
        options: JSONDecodingOptions(reading: .allowEscapedApostrophe, stopsAtFirstError: true))
    }
    #expect(error?.problems.count == 1)
    #expect(error?.problems.first?.path.description == "items[1].media.m")
  }

  @Test func foundationDecoderGivesTheSameFeed() throws {
    // Foundation rejects the \' escape, so compare on the feed with plain apostrophes.
    let text = String(decoding: try Fixtures.bytes("flickr-public-feed.json"), as: UTF8.self)
      .replacingOccurrences(of: "\\'", with: "'")
    let ours = try PublicPhotos(json: text)
    let foundation = try JSONDecoder().decode(PublicPhotos.self, from: Data(text.utf8))
    #expect(ours == foundation)
    let viaBindery = try BinderyDecoder().decode(PublicPhotos.self, from: Data(text.utf8))
    #expect(viaBindery == ours)
    // And Foundation's encoder writes the model's mapping.
    let encoded = try JSONEncoder().encode(ours.items[0])
    let value = try JSONValue(parsing: Array(encoded))
    #expect(value["media"]?["m"] != nil)
    #expect(value["tags"] == .string("sunset bay golden hour"))
  }

  @Test func codableErrorsCarryTheCodingPath() throws {
    let json = #"{"title": "t", "modified": "2016-01-22T10:22:48Z", "items": [{"title": 5}]}"#
    for decode in [
      { try JSONDecoder().decode(PublicPhotos.self, from: Data(json.utf8)) },
      { try BinderyDecoder().decode(PublicPhotos.self, from: Data(json.utf8)) },
    ] {
      do {
        _ = try decode()
        Issue.record("decoded bad input")
      } catch DecodingError.typeMismatch(_, let context) {
        #expect(
          context.codingPath.map(\.stringValue) == ["items", "Index 0", "title"]
            || context.codingPath.map(\.stringValue) == ["items", "0", "title"])
      } catch {
        Issue.record("unexpected \(error)")
      }
    }
  }
}
