public import Bindery
import Foundation
import MacroTesting
import Testing

// A struct with the common attributes: a renamed key, a nested path, a transformer, an
// optional, a default and an ignored property.
// The model below is compiled by the macro as a user's is, and its source is the input of the
// expansion test: `sourceIsTheModelAbove` keeps the two the same.

@JSONModel
public struct Photo {
  public var title: String
  @Key("media.m") var url: URL
  @Key("published") var date: Date
  @Transform(.separated(by: " ")) var tags: [String]
  var author: String?
  @Default(0) var views: Int
  @Ignore var isFavorite = false
}

extension Photo: Equatable {}

@Suite(.macros(binderyMacros))
struct PhotoExpansionTests {
  @Test func structWithRenamedNestedTransformedDefaultAndIgnoredProperties() {
    assertMacro {
      Self.source
    } expansion: {
      #"""
      public struct Photo {
          public var title: String
          var url: URL
          var date: Date
          var tags: [String]
          var author: String?
          var views: Int
          var isFavorite = false
      }

      extension Photo: Bindery.JSONModel, Bindery.JSONDescribedModel, Bindery.JSONUpdatable, Bindery._JSONValueModel, Bindery.JSONSchemaProviding, Swift.Codable {
          public static let jsonDescription: any Bindery.JSONModelDescribing = Bindery.JSONModelDescription<Self>([
              .member(\.title, "title"),
              .member(\.url, "url", paths: [["media", "m"]]),
              .member(\.date, "date", paths: [["published"]]),
              .member(\.tags, "tags", using: .separated(by: " ")),
              .member(\.author, "author"),
              .member(\.views, "views", default: 0),
              .ignored(\.isFavorite, "isFavorite"),
          ])

          public init(json: Bindery.JSONObjectDecoder) throws {
              let json = json._prefetching(Self.__macro_local_8jsonKeysfMu_)
              let title = try json._collect(try json.decode((String).self, forKey: Self.__macro_local_7jsonKeyfMu_.0))
              let url = try json._collect(try json.decode((URL).self, forKey: Self.__macro_local_7jsonKeyfMu_.1))
              let date = try json._collect(try json.decode((Date).self, forKey: Self.__macro_local_7jsonKeyfMu_.2))
              let tags = try json._collect(try json.decode(([String]).self, forKey: Self.__macro_local_7jsonKeyfMu_.3, using: .separated(by: " ")))
              let author = try json._collect(try json.decode((String?).self, forKey: Self.__macro_local_7jsonKeyfMu_.4))
              let views = try json._collect(try json.decode((Int).self, forKey: Self.__macro_local_7jsonKeyfMu_.5, default: 0))
              self.title = try json._value(title)
              self.url = try json._value(url)
              self.date = try json._value(date)
              self.tags = try json._value(tags)
              self.author = try json._value(author)
              self.views = try json._value(views)
          }

          public func encode(to json: inout Bindery.JSONObjectEncoder) throws {
              if json.includes("title") { try json._encode(self.title, plainKey: "title") }
              if json.includes("url") { try json.encode(self.url, forKey: .path("media", "m")) }
              if json.includes("date") { try json._encode(self.date, plainKey: "published") }
              if json.includes("tags") { try json.encode(self.tags, forKey: "tags", using: .separated(by: " ")) }
              if json.includes("author") { try json._encodeIfPresent(self.author, plainKey: "author") }
              if json.includes("views") { try json._encode(self.views, plainKey: "views") }
          }

          private static let __macro_local_8jsonKeysfMu_ = Bindery._JSONModelKeys([["title"], ["media", "m"], ["published"], ["tags"], ["author"], ["views"]])
          private static let __macro_local_7jsonKeyfMu_ = (__macro_local_8jsonKeysfMu_[0], __macro_local_8jsonKeysfMu_[1], __macro_local_8jsonKeysfMu_[2], __macro_local_8jsonKeysfMu_[3], __macro_local_8jsonKeysfMu_[4], __macro_local_8jsonKeysfMu_[5])
      }
      """#
    }
  }

  @Test func sourceIsTheModelAbove() throws {
    try expectDeclared(Self.source)
  }

  @Test func thePhotoReadsAndWritesWhatTheExpansionSays() throws {
    let json = #"""
      {"title": "Sunset", "media": {"m": "https://live.staticflickr.com/a.jpg"},
       "published": "2016-01-22T10:22:48Z", "tags": "sky sea", "author": "ada"}
      """#
    let photo = try Photo(json: json)
    #expect(photo.title == "Sunset")
    #expect(photo.url.absoluteString == "https://live.staticflickr.com/a.jpg")
    #expect(photo.tags == ["sky", "sea"])
    #expect(photo.views == 0)
    #expect(photo.isFavorite == false)
    let written = try JSONValue(parsing: try photo.jsonBytes())
    #expect(written["media"]?["m"] == "https://live.staticflickr.com/a.jpg")
    #expect(written["tags"] == "sky sea")
    #expect(written["isFavorite"] == nil)
    #expect(try Photo(json: written) == photo)
  }

  static let source = """
    @JSONModel
    public struct Photo {
        public var title: String
        @Key("media.m") var url: URL
        @Key("published") var date: Date
        @Transform(.separated(by: " ")) var tags: [String]
        var author: String?
        @Default(0) var views: Int
        @Ignore var isFavorite = false
    }
    """
}
