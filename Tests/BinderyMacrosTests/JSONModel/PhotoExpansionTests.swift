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

      extension Photo: Bindery.JSONModel, Bindery.JSONUpdatable, Bindery._JSONValueModel, Bindery.JSONSchemaProviding, Swift.Codable {
          public init(json: Bindery.JSONObjectDecoder) throws {
              let __macro_local_4jsonfMu_ = json._prefetching(Self.__macro_local_8jsonKeysfMu_)
              let __macro_local_5titlefMu_ = try __macro_local_4jsonfMu_._collect(try __macro_local_4jsonfMu_.decode(Bindery._JSONModelCoding.propertyType { (model: Self) in
                          model.title
                      }, forKey: Self.__macro_local_7jsonKeyfMu_))
              let __macro_local_3urlfMu_ = try __macro_local_4jsonfMu_._collect(try __macro_local_4jsonfMu_.decode(Bindery._JSONModelCoding.propertyType { (model: Self) in
                          model.url
                      }, forKey: Self.__macro_local_7jsonKeyfMu0_))
              let __macro_local_4datefMu_ = try __macro_local_4jsonfMu_._collect(try __macro_local_4jsonfMu_.decode(Bindery._JSONModelCoding.propertyType { (model: Self) in
                          model.date
                      }, forKey: Self.__macro_local_7jsonKeyfMu1_))
              let __macro_local_4tagsfMu_ = try __macro_local_4jsonfMu_._collect(try __macro_local_4jsonfMu_.decode(Bindery._JSONModelCoding.propertyType { (model: Self) in
                          model.tags
                      }, forKey: Self.__macro_local_7jsonKeyfMu2_, using: .separated(by: " ")))
              let __macro_local_6authorfMu_ = try __macro_local_4jsonfMu_._collect(try __macro_local_4jsonfMu_.decode(Bindery._JSONModelCoding.propertyType { (model: Self) in
                          model.author
                      }, forKey: Self.__macro_local_7jsonKeyfMu3_))
              let __macro_local_5viewsfMu_ = try __macro_local_4jsonfMu_._collect(try __macro_local_4jsonfMu_.decode(Bindery._JSONModelCoding.propertyType { (model: Self) in
                          model.views
                      }, forKey: Self.__macro_local_7jsonKeyfMu4_, default: 0))
              self.title = try __macro_local_4jsonfMu_._value(__macro_local_5titlefMu_)
              self.url = try __macro_local_4jsonfMu_._value(__macro_local_3urlfMu_)
              self.date = try __macro_local_4jsonfMu_._value(__macro_local_4datefMu_)
              self.tags = try __macro_local_4jsonfMu_._value(__macro_local_4tagsfMu_)
              self.author = try __macro_local_4jsonfMu_._value(__macro_local_6authorfMu_)
              self.views = try __macro_local_4jsonfMu_._value(__macro_local_5viewsfMu_)
          }

          public func encode(to json: inout Bindery.JSONObjectEncoder) throws {
              if json.includes("title") {
                  try json._encode(self.title, plainKey: "title")
              }
              if json.includes("url") {
                  try json.encode(self.url, forKey: .path("media", "m"))
              }
              if json.includes("date") {
                  try json._encode(self.date, plainKey: "published")
              }
              if json.includes("tags") {
                  try json.encode(self.tags, forKey: "tags", using: .separated(by: " "))
              }
              if json.includes("author") {
                  try json._encodeIfPresent(self.author, plainKey: "author")
              }
              if json.includes("views") {
                  try json._encode(self.views, plainKey: "views")
              }
          }

          public mutating func update(from json: Bindery.JSONObjectDecoder) throws -> Swift.Set<Swift.AnyKeyPath> {
              var __macro_local_7changedfMu_ = Swift.Set<Swift.AnyKeyPath>()
              let __macro_local_4jsonfMu0_ = json
              if try __macro_local_4jsonfMu0_.update(&self.title, forKey: "title") {
                  __macro_local_7changedfMu_.insert(\Self.title)
              }
              if try __macro_local_4jsonfMu0_.update(&self.url, forKey: .path("media", "m")) {
                  __macro_local_7changedfMu_.insert(\Self.url)
              }
              if try __macro_local_4jsonfMu0_.update(&self.date, forKey: "published") {
                  __macro_local_7changedfMu_.insert(\Self.date)
              }
              if try __macro_local_4jsonfMu0_.update(&self.tags, forKey: "tags", using: .separated(by: " ")) {
                  __macro_local_7changedfMu_.insert(\Self.tags)
              }
              if try __macro_local_4jsonfMu0_.update(&self.author, forKey: "author") {
                  __macro_local_7changedfMu_.insert(\Self.author)
              }
              if try __macro_local_4jsonfMu0_.update(&self.views, forKey: "views") {
                  __macro_local_7changedfMu_.insert(\Self.views)
              }
              return __macro_local_7changedfMu_
          }

          public static func _propertyName(for keyPath: Swift.AnyKeyPath) -> Swift.String? {
              if keyPath == \Self.title {
                  return "title"
              }
              if keyPath == \Self.url {
                  return "url"
              }
              if keyPath == \Self.date {
                  return "date"
              }
              if keyPath == \Self.tags {
                  return "tags"
              }
              if keyPath == \Self.author {
                  return "author"
              }
              if keyPath == \Self.views {
                  return "views"
              }
              if keyPath == \Self.isFavorite {
                  return "isFavorite"
              }
              return nil
          }

          public static func _jsonSchema(in schema: inout Bindery.JSONSchemaBuilder) -> Bindery.JSONValue {
              var __macro_local_6objectfMu_ = Bindery.JSONSchemaBuilder._Object()
              __macro_local_6objectfMu_.member([["title"]], schema._member(Bindery._JSONModelCoding.propertyType { (model: Self) in
                          model.title
                      }, key: "title"), required: true)
              __macro_local_6objectfMu_.member([["media", "m"]], schema._member(Bindery._JSONModelCoding.propertyType { (model: Self) in
                          model.url
                      }, key: "media"), required: true)
              __macro_local_6objectfMu_.member([["published"]], schema._member(Bindery._JSONModelCoding.propertyType { (model: Self) in
                          model.date
                      }, key: "published"), required: true)
              __macro_local_6objectfMu_.member([["tags"]], schema._member(Bindery._JSONModelCoding.propertyType { (model: Self) in
                          model.tags
                      }, key: "tags", using: .separated(by: " ")), required: true)
              __macro_local_6objectfMu_.member([["author"]], schema._member(Bindery._JSONModelCoding.propertyType { (model: Self) in
                          model.author
                      }, key: "author"), required: false)
              __macro_local_6objectfMu_.member([["views"]], schema._member(Bindery._JSONModelCoding.propertyType { (model: Self) in
                          model.views
                      }, key: "views"), required: false, default: Bindery.JSONSchemaBuilder._encoded(Bindery._JSONModelCoding.propertyType { (model: Self) in
                          model.views
                      }, 0))
              return __macro_local_6objectfMu_.schema
          }

          public static var _jsonClaimedKeys: Swift.Set<Swift.String> {
              Swift.Set<Swift.String>(["title", "media", "published", "tags", "author", "views"])
          }

          private static let __macro_local_8jsonKeysfMu_ = Bindery._JSONModelKeys([["title"], ["media", "m"], ["published"], ["tags"], ["author"], ["views"]])
          private static let __macro_local_7jsonKeyfMu_ = __macro_local_8jsonKeysfMu_[0]
          private static let __macro_local_7jsonKeyfMu0_ = __macro_local_8jsonKeysfMu_[1]
          private static let __macro_local_7jsonKeyfMu1_ = __macro_local_8jsonKeysfMu_[2]
          private static let __macro_local_7jsonKeyfMu2_ = __macro_local_8jsonKeysfMu_[3]
          private static let __macro_local_7jsonKeyfMu3_ = __macro_local_8jsonKeysfMu_[4]
          private static let __macro_local_7jsonKeyfMu4_ = __macro_local_8jsonKeysfMu_[5]

          private enum _JSONCodingKeys: Swift.String, Swift.CodingKey {
              case title
              case media
              case m
              case published
              case tags
              case author
              case views
          }

          public init(from decoder: any Swift.Decoder) throws {
              if let __macro_local_6sourcefMu_ = try Bindery._JSONModelCoding.binderySource(from: decoder) {
                  try self.init(json: __macro_local_6sourcefMu_.object)
                  try Bindery._JSONModelCoding.validate(self, in: __macro_local_6sourcefMu_.object)
                  withExtendedLifetime(__macro_local_6sourcefMu_) {
                  }
              } else {
                  try self.init(_jsonContainer: decoder.container(keyedBy: _JSONCodingKeys.self))
                  try Bindery._JSONModelCoding.validate(self, from: decoder)
              }
          }

          private init(_jsonContainer __macro_local_9containerfMu_: Swift.KeyedDecodingContainer<_JSONCodingKeys>) throws {
              self.title = try Bindery._JSONModelCoding.decode(Bindery._JSONModelCoding.propertyType { (model: Self) in
                      model.title
                  }, from: __macro_local_9containerfMu_, forKey: .title)
              self.url = try Bindery._JSONModelCoding.decode(Bindery._JSONModelCoding.propertyType { (model: Self) in
                      model.url
                  }, from: __macro_local_9containerfMu_.nestedContainer(keyedBy: _JSONCodingKeys.self, forKey: .media), forKey: .m)
              self.date = try Bindery._JSONModelCoding.decode(Bindery._JSONModelCoding.propertyType { (model: Self) in
                      model.date
                  }, from: __macro_local_9containerfMu_, forKey: .published)
              self.tags = try Bindery._JSONModelCoding.member(of: __macro_local_9containerfMu_, keys: [.tags]) { json in
                  try json.decode(Bindery._JSONModelCoding.propertyType { (model: Self) in
                          model.tags
                      }, forKey: "tags", using: .separated(by: " "))
              }
              self.author = try Bindery._JSONModelCoding.decode(Bindery._JSONModelCoding.propertyType { (model: Self) in
                      model.author
                  }, from: __macro_local_9containerfMu_, forKey: .author)
              self.views = try Bindery._JSONModelCoding.decode(Bindery._JSONModelCoding.propertyType { (model: Self) in
                      model.views
                  }, from: __macro_local_9containerfMu_, forKey: .views, default: 0)
          }

          public func encode(to encoder: any Swift.Encoder) throws {
              var __macro_local_9containerfMu0_ = encoder.container(keyedBy: _JSONCodingKeys.self)
              try Bindery._JSONModelCoding.encode(self.title, to: &__macro_local_9containerfMu0_, forKey: .title)
              do {
                  var __macro_local_6nestedfMu_ = __macro_local_9containerfMu0_.nestedContainer(keyedBy: _JSONCodingKeys.self, forKey: .media)
                  try Bindery._JSONModelCoding.encode(self.url, to: &__macro_local_6nestedfMu_, forKey: .m)
              }
              try Bindery._JSONModelCoding.encode(self.date, to: &__macro_local_9containerfMu0_, forKey: .published)
              try Bindery._JSONModelCoding.encodeMember(to: &__macro_local_9containerfMu0_) { json in
                  try json.encode(self.tags, forKey: "tags", using: .separated(by: " "))
              }
              try Bindery._JSONModelCoding.encodeIfPresent(self.author, to: &__macro_local_9containerfMu0_, forKey: .author)
              try Bindery._JSONModelCoding.encode(self.views, to: &__macro_local_9containerfMu0_, forKey: .views)
          }
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
