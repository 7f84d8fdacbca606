import Bindery
import Foundation
import Testing

// The tutorial's code files (Bindery.docc/Resources), each verbatim (imports aside) in a
// namespace of its own, so that every step compiles; `CodeBlockTests` checks that they are here.

enum TutorialStep1 {
@JSONModel
struct PublicPhotos {
  var title: String
  var items: [Photo]
}

@JSONModel
struct Photo {
  var title: String
  var link: URL
}
}

enum TutorialStep2 {
@JSONModel
struct PublicPhotos {
  var title: String
  var items: [Photo]
}

@JSONModel
struct Photo {
  var title: String
  var link: URL
  @Key("media.m") var imageURL: URL
  @Key("published") var date: Date
}
}

enum TutorialStep3 {
@JSONModel
struct PublicPhotos {
  var title: String
  var items: [Photo]
}

@JSONModel
struct Photo {
  var title: String
  var link: URL
  @Key("media.m") var imageURL: URL
  @Key("published") var date: Date
  var author: String
  @Transform(.separated(by: " ")) var tags: [String]
  @Default(0) var views: Int
}
}

struct TutorialRead1 {
@JSONModel
struct PublicPhotos {
  var title: String
  var items: [Photo]
}

@JSONModel
struct Photo {
  var title: String
  var link: URL
  @Key("media.m") var imageURL: URL
  @Key("published") var date: Date
  var author: String
  @Transform(.separated(by: " ")) var tags: [String]
  @Default(0) var views: Int
}

func readSample() throws -> PublicPhotos {
  let data = try Data(contentsOf: URL(fileURLWithPath: "Samples/flickr-public-feed.json"))
  return try PublicPhotos(json: data)
}
}

struct TutorialRead2 {
@JSONModel
struct PublicPhotos {
  var title: String
  var items: [Photo]
}

@JSONModel
struct Photo {
  var title: String
  var link: URL
  @Key("media.m") var imageURL: URL
  @Key("published") var date: Date
  var author: String
  @Transform(.separated(by: " ")) var tags: [String]
  @Default(0) var views: Int
}

func readSample() throws -> PublicPhotos {
  let data = try Data(contentsOf: URL(fileURLWithPath: "Samples/flickr-public-feed.json"))
  let options = JSONDecodingOptions(reading: .allowEscapedApostrophe)
  do {
    return try PublicPhotos(json: data, options: options)
  } catch {
    print(error)  // every problem, each with its path, line and column
    throw error
  }
}

func printTable(_ feed: PublicPhotos) {
  print(feed.title)
  for photo in feed.items {
    let title = photo.title.isEmpty ? "(untitled)" : photo.title
    let day = photo.date.formatted(date: .abbreviated, time: .omitted)
    print("\(title)  \(day)  \(photo.tags.joined(separator: ", "))")
  }
}
}

/// The tutorial's last step runs on the sample and prints what it says.
@Suite struct TutorialTests {
  @Test func theTutorialReadsTheSampleAndPrintsItsRows() throws {
    // The sample's path is relative, as in the tutorial: `swift test` runs at the root.
    try #require(
      FileManager.default.fileExists(atPath: "Samples/flickr-public-feed.json"),
      "run swift test from the repository root")
    #expect(throws: JSONDecodingError.self) { try TutorialRead1().readSample() }
    let feed = try TutorialRead2().readSample()
    #expect(feed.items[0].title == "Sunset over the bay 'golden hour'")
    #expect(feed.items[1].tags == ["kyoto", "kitchen", "カフェ"])
    TutorialRead2().printTable(feed)
  }
}
