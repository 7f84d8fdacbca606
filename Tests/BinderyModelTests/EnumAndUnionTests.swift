import Bindery
import Foundation
import Testing

@JSONModel
enum MediaKind: Equatable {
  case photo
  @Key("video_clip") case video
  case other(String)
}

@JSONModel
enum Visibility: String {
  case `public`, friends, `private`
}

@JSONModel
enum StrictKind {
  case photo, video
}

@JSONModel
struct ImageItem: Equatable {
  var url: URL
  var width: Int
}

@JSONModel
struct VideoItem: Equatable {
  var url: URL
  var seconds: Double
}

@JSONModel(tag: "type")
enum MediaItem: Equatable {
  case photo(ImageItem)
  case video(VideoItem)
  case unknown(JSONValue)
}

@JSONModel
struct Gallery: Equatable {
  var kind: MediaKind
  var visibility: Visibility
  var items: [MediaItem]
}

@Suite struct EnumTests {
  @Test func stringCasesWithAFallbackThatKeepsTheRawValue() throws {
    let kinds = try [MediaKind](json: #"["photo", "video_clip", "hologram"]"#)
    #expect(kinds == [.photo, .video, .other("hologram")])
    #expect(try kinds.jsonString() == #"["photo","video_clip","hologram"]"#)
  }

  @Test func rawValueEnumsUseTheirRawValues() throws {
    #expect(try Visibility(json: #""friends""#) == .friends)
    #expect(try Visibility.public.jsonString() == #""public""#)
    let error = #expect(throws: JSONDecodingError.self) {
      try Visibility(json: #""everyone""#)
    }
    #expect(error?.problems.first?.expected == "one of the cases of Visibility")
  }

  @Test func unknownCaseWithoutFallbackIsAProblem() throws {
    let error = #expect(throws: JSONDecodingError.self) { try StrictKind(json: #""audio""#) }
    #expect(error?.problems.first?.expected == #"one of "photo", "video""#)
    #expect(error?.problems.first?.found == #"string "audio""#)
  }
}

@Suite struct UnionTests {
  let json = #"""
    {"kind": "photo", "visibility": "public", "items": [
      {"type": "photo", "url": "https://example.com/a.jpg", "width": 640},
      {"type": "video", "url": "https://example.com/b.mp4", "seconds": 12.5},
      {"type": "panorama", "url": "https://example.com/c.jpg", "degrees": 360}
    ]}
    """#

  @Test func chosenByTheTagWithUnknownObjectsKeptUnchanged() throws {
    let gallery = try Gallery(json: json)
    #expect(gallery.items.count == 3)
    #expect(
      gallery.items[0]
        == .photo(ImageItem(url: URL(string: "https://example.com/a.jpg")!, width: 640)))
    guard case .unknown(let value) = gallery.items[2] else {
      Issue.record("expected the unknown case")
      return
    }
    #expect(value["degrees"] == 360)
    let written = try gallery.jsonValue()
    #expect(written == (try JSONValue(parsing: json)))
  }

  @Test func aBadPayloadAndAMissingTagAreReported() throws {
    let bad =
      #"{"kind": "photo", "visibility": "public", "items": [{"type": "photo", "url": 1, "width": 2}, {"url": "x"}]}"#
    let error = #expect(throws: JSONDecodingError.self) { try Gallery(json: bad) }
    #expect(error?.problems.map(\.path.description) == ["items[0].url", "items[1].type"])
  }
}
