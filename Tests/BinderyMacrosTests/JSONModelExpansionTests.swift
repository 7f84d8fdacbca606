import MacroTesting
import Testing

@Suite(.macros(binderyMacros))
struct JSONModelExpansionTests {
  @Test func structWithRenamedNestedTransformedDefaultAndIgnoredProperties() {
    assertMacro {
      """
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

      extension Photo: Bindery.JSONModel, Bindery.JSONUpdatable, Bindery._JSONValueModel, Swift.Codable {
          public init(json: Bindery.JSONObjectDecoder) throws {
              let __macro_local_4jsonfMu_ = json._prefetching(Self.__macro_local_8jsonKeysfMu_)
              let __macro_local_5titlefMu_ = try __macro_local_4jsonfMu_._collect(try __macro_local_4jsonfMu_.decode(Bindery._JSONModelCoding.propertyType { (model: Self) in
                          model.title
                      }, forKey: Self.__macro_local_8jsonKeysfMu_[0]))
              let __macro_local_3urlfMu_ = try __macro_local_4jsonfMu_._collect(try __macro_local_4jsonfMu_.decode(Bindery._JSONModelCoding.propertyType { (model: Self) in
                          model.url
                      }, forKey: Self.__macro_local_8jsonKeysfMu_[1]))
              let __macro_local_4datefMu_ = try __macro_local_4jsonfMu_._collect(try __macro_local_4jsonfMu_.decode(Bindery._JSONModelCoding.propertyType { (model: Self) in
                          model.date
                      }, forKey: Self.__macro_local_8jsonKeysfMu_[2]))
              let __macro_local_4tagsfMu_ = try __macro_local_4jsonfMu_._collect(try __macro_local_4jsonfMu_.decode(Bindery._JSONModelCoding.propertyType { (model: Self) in
                          model.tags
                      }, forKey: Self.__macro_local_8jsonKeysfMu_[3], using: .separated(by: " ")))
              let __macro_local_6authorfMu_ = try __macro_local_4jsonfMu_._collect(try __macro_local_4jsonfMu_.decode(Bindery._JSONModelCoding.propertyType { (model: Self) in
                          model.author
                      }, forKey: Self.__macro_local_8jsonKeysfMu_[4]))
              let __macro_local_5viewsfMu_ = try __macro_local_4jsonfMu_._collect(try __macro_local_4jsonfMu_.decode(Bindery._JSONModelCoding.propertyType { (model: Self) in
                          model.views
                      }, forKey: Self.__macro_local_8jsonKeysfMu_[5], default: 0))
              self.title = try __macro_local_4jsonfMu_._value(__macro_local_5titlefMu_)
              self.url = try __macro_local_4jsonfMu_._value(__macro_local_3urlfMu_)
              self.date = try __macro_local_4jsonfMu_._value(__macro_local_4datefMu_)
              self.tags = try __macro_local_4jsonfMu_._value(__macro_local_4tagsfMu_)
              self.author = try __macro_local_4jsonfMu_._value(__macro_local_6authorfMu_)
              self.views = try __macro_local_4jsonfMu_._value(__macro_local_5viewsfMu_)
          }

          public func encode(to json: inout Bindery.JSONObjectEncoder) throws {
              if json.includes("title") {
                  try json.encode(self.title, forKey: "title")
              }
              if json.includes("url") {
                  try json.encode(self.url, forKey: .path("media", "m"))
              }
              if json.includes("date") {
                  try json.encode(self.date, forKey: "published")
              }
              if json.includes("tags") {
                  try json.encode(self.tags, forKey: "tags", using: .separated(by: " "))
              }
              if json.includes("author") {
                  try json.encodeIfPresent(self.author, forKey: "author")
              }
              if json.includes("views") {
                  try json.encode(self.views, forKey: "views")
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

          private static let __macro_local_8jsonKeysfMu_ = Bindery._JSONModelKeys([["title"], ["media", "m"], ["published"], ["tags"], ["author"], ["views"]])

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

  @Test func siblingsOfANestedPathAreWrittenTogether() {
    assertMacro {
      """
      @JSONModel
      struct User {
          @Key("personInfo.firstName") var firstName: String
          @Key(decode: "userEmail", "email", encode: "userEmail") var email: String
          @Key("personInfo.lastName") @Nulls(.write) var lastName: String?
          @UnknownKeys var extra: [String: JSONValue] = [:]
      }
      """
    } expansion: {
      #"""
      struct User {
          var firstName: String
          var email: String
          var lastName: String?
          var extra: [String: JSONValue] = [:]
      }

      extension User: Bindery.JSONModel, Bindery.JSONUpdatable, Bindery._JSONValueModel, Swift.Codable {
          init(json: Bindery.JSONObjectDecoder) throws {
              let __macro_local_4jsonfMu_ = json._prefetching(Self.__macro_local_8jsonKeysfMu_)
              let __macro_local_9firstNamefMu_ = try __macro_local_4jsonfMu_._collect(try __macro_local_4jsonfMu_.decode(Bindery._JSONModelCoding.propertyType { (model: Self) in
                          model.firstName
                      }, forKey: Self.__macro_local_8jsonKeysfMu_[0]))
              let __macro_local_5emailfMu_ = try __macro_local_4jsonfMu_._collect(try __macro_local_4jsonfMu_.decode(Bindery._JSONModelCoding.propertyType { (model: Self) in
                          model.email
                      }, forKey: .anyOf(["userEmail"], ["email"])))
              let __macro_local_8lastNamefMu_ = try __macro_local_4jsonfMu_._collect(try __macro_local_4jsonfMu_.decode(Bindery._JSONModelCoding.propertyType { (model: Self) in
                          model.lastName
                      }, forKey: Self.__macro_local_8jsonKeysfMu_[1]))
              self.firstName = try __macro_local_4jsonfMu_._value(__macro_local_9firstNamefMu_)
              self.email = try __macro_local_4jsonfMu_._value(__macro_local_5emailfMu_)
              self.lastName = try __macro_local_4jsonfMu_._value(__macro_local_8lastNamefMu_)
              self.extra = __macro_local_4jsonfMu_.unknownMembers(excluding: ["personInfo", "userEmail", "email"])
          }

          func encode(to json: inout Bindery.JSONObjectEncoder) throws {
              json._keepNulls(of: self.extra)
              if json.includes("firstName") {
                  try json.encode(self.firstName, forKey: .path("personInfo", "firstName"))
              }
              if json.includes("lastName") {
                  try json.encodeIfPresent(self.lastName, forKey: .path("personInfo", "lastName"), nulls: .write)
              }
              if json.includes("email") {
                  try json.encode(self.email, forKey: "userEmail")
              }
              if json.includes("extra") {
                  try json.encodeUnknown(self.extra, excluding: ["personInfo", "userEmail"])
              }
          }

          mutating func update(from json: Bindery.JSONObjectDecoder) throws -> Swift.Set<Swift.AnyKeyPath> {
              var __macro_local_7changedfMu_ = Swift.Set<Swift.AnyKeyPath>()
              let __macro_local_4jsonfMu0_ = json
              if try __macro_local_4jsonfMu0_.update(&self.firstName, forKey: .path("personInfo", "firstName")) {
                  __macro_local_7changedfMu_.insert(\Self.firstName)
              }
              if try __macro_local_4jsonfMu0_.update(&self.email, forKey: .anyOf(["userEmail"], ["email"])) {
                  __macro_local_7changedfMu_.insert(\Self.email)
              }
              if try __macro_local_4jsonfMu0_.update(&self.lastName, forKey: .path("personInfo", "lastName")) {
                  __macro_local_7changedfMu_.insert(\Self.lastName)
              }
              return __macro_local_7changedfMu_
          }

          static func _propertyName(for keyPath: Swift.AnyKeyPath) -> Swift.String? {
              if keyPath == \Self.firstName {
                  return "firstName"
              }
              if keyPath == \Self.email {
                  return "email"
              }
              if keyPath == \Self.lastName {
                  return "lastName"
              }
              if keyPath == \Self.extra {
                  return "extra"
              }
              return nil
          }

          private static let __macro_local_8jsonKeysfMu_ = Bindery._JSONModelKeys([["personInfo", "firstName"], ["personInfo", "lastName"]])

          init(from decoder: any Swift.Decoder) throws {
              let source = try Bindery._JSONModelCoding.objectSource(from: decoder)
              try self.init(json: source.object)
              try Bindery._JSONModelCoding.validate(self, in: source.object)
              withExtendedLifetime(source) {
              }
          }

          func encode(to encoder: any Swift.Encoder) throws {
              try Bindery._JSONModelCoding.encode(self, to: encoder)
          }
      }
      """#
    }
  }

  @Test func modelOptionsScopeEveryProperty() {
    assertMacro {
      """
      @JSONModel(keyStrategy: .snakeCase, coercesValues: true, dates: .unixSeconds, nulls: .write)
      struct Tag {
          @Key("id") var remoteId: Int
          var resourceUri: String?
          @Lossy var children: [Tag]
          @Coerce var count: Int
      }
      """
    } expansion: {
      #"""
      struct Tag {
          var remoteId: Int
          var resourceUri: String?
          var children: [Tag]
          var count: Int
      }

      extension Tag: Bindery.JSONModel, Bindery.JSONUpdatable, Bindery._JSONValueModel, Swift.Codable {
          init(json: Bindery.JSONObjectDecoder) throws {
              let __macro_local_4jsonfMu_ = json.coercing().dates(Self.__macro_local_10dateFormatfMu_)._prefetching(Self.__macro_local_8jsonKeysfMu_)
              let __macro_local_8remoteIdfMu_ = try __macro_local_4jsonfMu_._collect(try __macro_local_4jsonfMu_.decode(Bindery._JSONModelCoding.propertyType { (model: Self) in
                          model.remoteId
                      }, forKey: Self.__macro_local_8jsonKeysfMu_[0]))
              let __macro_local_11resourceUrifMu_ = try __macro_local_4jsonfMu_._collect(try __macro_local_4jsonfMu_.decode(Bindery._JSONModelCoding.propertyType { (model: Self) in
                          model.resourceUri
                      }, forKey: Self.__macro_local_8jsonKeysfMu_[1]))
              let __macro_local_8childrenfMu_ = try __macro_local_4jsonfMu_._collect(try __macro_local_4jsonfMu_.lossy().decode(Bindery._JSONModelCoding.propertyType { (model: Self) in
                          model.children
                      }, forKey: Self.__macro_local_8jsonKeysfMu_[2]))
              let __macro_local_5countfMu_ = try __macro_local_4jsonfMu_._collect(try __macro_local_4jsonfMu_.decode(Bindery._JSONModelCoding.propertyType { (model: Self) in
                          model.count
                      }, forKey: Self.__macro_local_8jsonKeysfMu_[3]))
              self.remoteId = try __macro_local_4jsonfMu_._value(__macro_local_8remoteIdfMu_)
              self.resourceUri = try __macro_local_4jsonfMu_._value(__macro_local_11resourceUrifMu_)
              self.children = try __macro_local_4jsonfMu_._value(__macro_local_8childrenfMu_)
              self.count = try __macro_local_4jsonfMu_._value(__macro_local_5countfMu_)
          }

          func encode(to json: inout Bindery.JSONObjectEncoder) throws {
              json.setDateFormat(Self.__macro_local_10dateFormatfMu_)
              if json.includes("remoteId") {
                  try json.encode(self.remoteId, forKey: "id")
              }
              if json.includes("resourceUri") {
                  try json.encodeIfPresent(self.resourceUri, forKey: "resource_uri", nulls: .write)
              }
              if json.includes("children") {
                  try json.encode(self.children, forKey: "children")
              }
              if json.includes("count") {
                  try json.encode(self.count, forKey: "count")
              }
          }

          mutating func update(from json: Bindery.JSONObjectDecoder) throws -> Swift.Set<Swift.AnyKeyPath> {
              var __macro_local_7changedfMu_ = Swift.Set<Swift.AnyKeyPath>()
              let __macro_local_4jsonfMu0_ = json.coercing().dates(Self.__macro_local_10dateFormatfMu_)
              if try __macro_local_4jsonfMu0_.update(&self.remoteId, forKey: "id") {
                  __macro_local_7changedfMu_.insert(\Self.remoteId)
              }
              if try __macro_local_4jsonfMu0_.update(&self.resourceUri, forKey: "resource_uri") {
                  __macro_local_7changedfMu_.insert(\Self.resourceUri)
              }
              if try __macro_local_4jsonfMu0_.lossy().update(&self.children, forKey: "children") {
                  __macro_local_7changedfMu_.insert(\Self.children)
              }
              if try __macro_local_4jsonfMu0_.update(&self.count, forKey: "count") {
                  __macro_local_7changedfMu_.insert(\Self.count)
              }
              return __macro_local_7changedfMu_
          }

          static func _propertyName(for keyPath: Swift.AnyKeyPath) -> Swift.String? {
              if keyPath == \Self.remoteId {
                  return "remoteId"
              }
              if keyPath == \Self.resourceUri {
                  return "resourceUri"
              }
              if keyPath == \Self.children {
                  return "children"
              }
              if keyPath == \Self.count {
                  return "count"
              }
              return nil
          }

          private static let __macro_local_8jsonKeysfMu_ = Bindery._JSONModelKeys([["id"], ["resource_uri"], ["children"], ["count"]])

          private static let __macro_local_10dateFormatfMu_: Bindery.JSONDateFormat = .unixSeconds

          init(from decoder: any Swift.Decoder) throws {
              let source = try Bindery._JSONModelCoding.objectSource(from: decoder)
              try self.init(json: source.object)
              try Bindery._JSONModelCoding.validate(self, in: source.object)
              withExtendedLifetime(source) {
              }
          }

          func encode(to encoder: any Swift.Encoder) throws {
              try Bindery._JSONModelCoding.encode(self, to: encoder)
          }
      }
      """#
    }
  }

  @Test func customKeyStrategyRunsAtRunTime() {
    assertMacro {
      """
      @JSONModel(keyStrategy: .custom({ $0.uppercased() }))
      struct Shout {
          var name: String
      }
      """
    } expansion: {
      #"""
      struct Shout {
          var name: String
      }

      extension Shout: Bindery.JSONModel, Bindery.JSONUpdatable, Bindery._JSONValueModel, Swift.Codable {
          init(json: Bindery.JSONObjectDecoder) throws {
              let __macro_local_4jsonfMu_ = json
              let __macro_local_4namefMu_ = try __macro_local_4jsonfMu_._collect(try __macro_local_4jsonfMu_.decode(Bindery._JSONModelCoding.propertyType { (model: Self) in
                          model.name
                      }, forKey: Bindery.JSONKey((.custom({
                                      $0.uppercased()
                                  }) as Bindery.JSONKeyStrategy).key(forProperty: "name"))))
              self.name = try __macro_local_4jsonfMu_._value(__macro_local_4namefMu_)
          }

          func encode(to json: inout Bindery.JSONObjectEncoder) throws {
              if json.includes("name") {
                  try json.encode(self.name, forKey: Bindery.JSONKey((.custom({
                                      $0.uppercased()
                                  }) as Bindery.JSONKeyStrategy).key(forProperty: "name")))
              }
          }

          mutating func update(from json: Bindery.JSONObjectDecoder) throws -> Swift.Set<Swift.AnyKeyPath> {
              var __macro_local_7changedfMu_ = Swift.Set<Swift.AnyKeyPath>()
              let __macro_local_4jsonfMu0_ = json
              if try __macro_local_4jsonfMu0_.update(&self.name, forKey: Bindery.JSONKey((.custom({ $0.uppercased()
                              }) as Bindery.JSONKeyStrategy).key(forProperty: "name"))) {
                  __macro_local_7changedfMu_.insert(\Self.name)
              }
              return __macro_local_7changedfMu_
          }

          static func _propertyName(for keyPath: Swift.AnyKeyPath) -> Swift.String? {
              if keyPath == \Self.name {
                  return "name"
              }
              return nil
          }

          init(from decoder: any Swift.Decoder) throws {
              let source = try Bindery._JSONModelCoding.objectSource(from: decoder)
              try self.init(json: source.object)
              try Bindery._JSONModelCoding.validate(self, in: source.object)
              withExtendedLifetime(source) {
              }
          }

          func encode(to encoder: any Swift.Encoder) throws {
              try Bindery._JSONModelCoding.encode(self, to: encoder)
          }
      }
      """#
    }
  }

  @Test func openClassAndSubclass() {
    assertMacro {
      """
      @JSONModel
      open class Resource {
          var id: Int
      }

      @JSONModel(inheriting: Resource.self)
      final class Comment: Resource {
          var body: String
      }
      """
    } expansion: {
      #"""
      open class Resource {
          var id: Int

          public required init(json: Bindery.JSONObjectDecoder) throws {
              let __macro_local_4jsonfMu_ = json._prefetching(Resource.__macro_local_8jsonKeysfMu_)
              let __macro_local_2idfMu_ = try __macro_local_4jsonfMu_._collect(try __macro_local_4jsonfMu_.decode((Int).self, forKey: Self.__macro_local_8jsonKeysfMu_[0]))
              self.id = try __macro_local_4jsonfMu_._value(__macro_local_2idfMu_)
          }

          open func encode(to json: inout Bindery.JSONObjectEncoder) throws {
              if json.includes("id") {
                  try json.encode(self.id, forKey: "id")
              }
          }

          open func update(from json: Bindery.JSONObjectDecoder) throws -> Swift.Set<Swift.AnyKeyPath> {
              var __macro_local_7changedfMu_ = Swift.Set<Swift.AnyKeyPath>()
              let __macro_local_4jsonfMu0_ = json
              if try __macro_local_4jsonfMu0_.update(&self.id, forKey: "id") {
                  __macro_local_7changedfMu_.insert(\Resource.id)
              }
              return __macro_local_7changedfMu_
          }

          open class func _propertyName(for keyPath: Swift.AnyKeyPath) -> Swift.String? {
              if keyPath == \Resource.id {
                  return "id"
              }
              return nil
          }

          private static let __macro_local_8jsonKeysfMu_ = Bindery._JSONModelKeys([["id"]])

          public required convenience init(json: Bindery.JSONValueDecoder) throws {
              let object = try json.object()
              try self.init(json: object)
              try object.validate(self)
          }

          open class var _jsonKnownKeys: (decoded: Swift.Set<Swift.String>, encoded: Swift.Set<Swift.String>) {
              (["id"], ["id"])
          }

          open class var _jsonCodableUsesContainers: Swift.Bool {
              true
          }

          public required convenience init(from decoder: any Swift.Decoder) throws {
              if let __macro_local_6sourcefMu_ = try Bindery._JSONModelCoding.binderySource(from: decoder) {
                  try self.init(json: __macro_local_6sourcefMu_.object)
                  try Bindery._JSONModelCoding.validate(self, in: __macro_local_6sourcefMu_.object)
                  withExtendedLifetime(__macro_local_6sourcefMu_) {
                  }
              } else if Self._jsonCodableUsesContainers {
                  try self.init(_jsonContainer: decoder)
                  try Bindery._JSONModelCoding.validate(self, from: decoder)
              } else {
                  let __macro_local_6sourcefMu_ = try Bindery._JSONModelCoding.objectSource(from: decoder)
                  try self.init(json: __macro_local_6sourcefMu_.object)
                  try Bindery._JSONModelCoding.validate(self, in: __macro_local_6sourcefMu_.object)
                  withExtendedLifetime(__macro_local_6sourcefMu_) {
                  }
              }
          }

          private enum _JSONCodingKeys: Swift.String, Swift.CodingKey {
              case id
          }

          public required init(_jsonContainer decoder: any Swift.Decoder) throws {
              let __macro_local_9containerfMu_ = try decoder.container(keyedBy: _JSONCodingKeys.self)
              self.id = try Bindery._JSONModelCoding.decode((Int).self, from: __macro_local_9containerfMu_, forKey: .id)
          }

          open func encode(to encoder: any Swift.Encoder) throws {
              guard Self._jsonCodableUsesContainers else {
                  try Bindery._JSONModelCoding.encode(self, to: encoder)
                  return
              }
              var __macro_local_9containerfMu0_ = encoder.container(keyedBy: _JSONCodingKeys.self)
              try Bindery._JSONModelCoding.encode(self.id, to: &__macro_local_9containerfMu0_, forKey: .id)
          }
      }
      final class Comment: Resource {
          var body: String

          required init(json: Bindery.JSONObjectDecoder) throws {
              let __macro_local_4jsonfMu1_ = json._prefetching(Comment.__macro_local_8jsonKeysfMu0_)
              let __macro_local_4bodyfMu_ = try __macro_local_4jsonfMu1_._collect(try __macro_local_4jsonfMu1_.decode((String).self, forKey: Self.__macro_local_8jsonKeysfMu0_[0]))
              if __macro_local_4bodyfMu_ == nil {
                  _ = try? Resource(json: json)
              }
              self.body = try __macro_local_4jsonfMu1_._value(__macro_local_4bodyfMu_)
              try super.init(json: json)
          }

          override func encode(to json: inout Bindery.JSONObjectEncoder) throws {
              try super.encode(to: &json)
              if json.includes("body") {
                  try json.encode(self.body, forKey: "body")
              }
          }

          override func update(from json: Bindery.JSONObjectDecoder) throws -> Swift.Set<Swift.AnyKeyPath> {
              var __macro_local_7changedfMu0_ = try super.update(from: json)
              let __macro_local_4jsonfMu2_ = json
              if try __macro_local_4jsonfMu2_.update(&self.body, forKey: "body") {
                  __macro_local_7changedfMu0_.insert(\Comment.body)
              }
              return __macro_local_7changedfMu0_
          }

          override class func _propertyName(for keyPath: Swift.AnyKeyPath) -> Swift.String? {
              if keyPath == \Comment.body {
                  return "body"
              }
              return super._propertyName(for: keyPath)
          }

          private static let __macro_local_8jsonKeysfMu0_ = Bindery._JSONModelKeys([["body"]])

          required convenience init(json: Bindery.JSONValueDecoder) throws {
              let object = try json.object()
              try self.init(json: object)
              try object.validate(self)
          }

          override class var _jsonKnownKeys: (decoded: Swift.Set<Swift.String>, encoded: Swift.Set<Swift.String>) {
              let inherited = super._jsonKnownKeys
              return (inherited.decoded.union(["body"]), inherited.encoded.union(["body"]))
          }

          override class var _jsonCodableUsesContainers: Swift.Bool {
              super._jsonCodableUsesContainers
          }

          required convenience init(from decoder: any Swift.Decoder) throws {
              if let __macro_local_6sourcefMu0_ = try Bindery._JSONModelCoding.binderySource(from: decoder) {
                  try self.init(json: __macro_local_6sourcefMu0_.object)
                  try Bindery._JSONModelCoding.validate(self, in: __macro_local_6sourcefMu0_.object)
                  withExtendedLifetime(__macro_local_6sourcefMu0_) {
                  }
              } else if Self._jsonCodableUsesContainers {
                  try self.init(_jsonContainer: decoder)
                  try Bindery._JSONModelCoding.validate(self, from: decoder)
              } else {
                  let __macro_local_6sourcefMu0_ = try Bindery._JSONModelCoding.objectSource(from: decoder)
                  try self.init(json: __macro_local_6sourcefMu0_.object)
                  try Bindery._JSONModelCoding.validate(self, in: __macro_local_6sourcefMu0_.object)
                  withExtendedLifetime(__macro_local_6sourcefMu0_) {
                  }
              }
          }

          private enum _JSONCodingKeys: Swift.String, Swift.CodingKey {
              case body
          }

          required init(_jsonContainer decoder: any Swift.Decoder) throws {
              let __macro_local_9containerfMu1_ = try decoder.container(keyedBy: _JSONCodingKeys.self)
              self.body = try Bindery._JSONModelCoding.decode((String).self, from: __macro_local_9containerfMu1_, forKey: .body)
              try super.init(_jsonContainer: decoder)
          }

          override func encode(to encoder: any Swift.Encoder) throws {
              guard Self._jsonCodableUsesContainers else {
                  try Bindery._JSONModelCoding.encode(self, to: encoder)
                  return
              }
              try super.encode(to: encoder)
              var __macro_local_9containerfMu2_ = encoder.container(keyedBy: _JSONCodingKeys.self)
              try Bindery._JSONModelCoding.encode(self.body, to: &__macro_local_9containerfMu2_, forKey: .body)
          }
      }

      extension Resource: Bindery.JSONModel, Bindery.JSONUpdatable, Bindery._JSONValueModel, Swift.Codable {

      }
      """#
    }
  }

  @Test func finalClass() {
    assertMacro {
      """
      @JSONModel
      final class Album: Codable {
          var title: String
      }
      """
    } expansion: {
      #"""
      final class Album: Codable {
          var title: String

          init(json: Bindery.JSONObjectDecoder) throws {
              let __macro_local_4jsonfMu_ = json._prefetching(Album.__macro_local_8jsonKeysfMu_)
              let __macro_local_5titlefMu_ = try __macro_local_4jsonfMu_._collect(try __macro_local_4jsonfMu_.decode((String).self, forKey: Self.__macro_local_8jsonKeysfMu_[0]))
              self.title = try __macro_local_4jsonfMu_._value(__macro_local_5titlefMu_)
          }

          func encode(to json: inout Bindery.JSONObjectEncoder) throws {
              if json.includes("title") {
                  try json.encode(self.title, forKey: "title")
              }
          }

          func update(from json: Bindery.JSONObjectDecoder) throws -> Swift.Set<Swift.AnyKeyPath> {
              var __macro_local_7changedfMu_ = Swift.Set<Swift.AnyKeyPath>()
              let __macro_local_4jsonfMu0_ = json
              if try __macro_local_4jsonfMu0_.update(&self.title, forKey: "title") {
                  __macro_local_7changedfMu_.insert(\Album.title)
              }
              return __macro_local_7changedfMu_
          }

          static func _propertyName(for keyPath: Swift.AnyKeyPath) -> Swift.String? {
              if keyPath == \Album.title {
                  return "title"
              }
              return nil
          }

          private static let __macro_local_8jsonKeysfMu_ = Bindery._JSONModelKeys([["title"]])

          private enum _JSONCodingKeys: Swift.String, Swift.CodingKey {
              case title
          }

          required convenience init(from decoder: any Swift.Decoder) throws {
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
              self.title = try Bindery._JSONModelCoding.decode((String).self, from: __macro_local_9containerfMu_, forKey: .title)
          }

          func encode(to encoder: any Swift.Encoder) throws {
              var __macro_local_9containerfMu0_ = encoder.container(keyedBy: _JSONCodingKeys.self)
              try Bindery._JSONModelCoding.encode(self.title, to: &__macro_local_9containerfMu0_, forKey: .title)
          }
      }

      extension Album: Bindery.JSONModel, Bindery.JSONUpdatable, Bindery._JSONValueModel, Swift.Codable {

      }
      """#
    }
  }

  @Test func stringEnumWithFallbackAndRawValueEnum() {
    assertMacro {
      """
      @JSONModel
      enum Kind {
          case photo
          @Key("video_clip") case video
          case other(String)
      }

      @JSONModel
      enum Visibility: String {
          case everyone, friends
      }
      """
    } expansion: {
      """
      enum Kind {
          case photo
          case video
          case other(String)
      }
      enum Visibility: String {
          case everyone, friends
      }

      extension Kind: Bindery._JSONValueModel, Swift.Codable {
          init(json: Bindery.JSONValueDecoder) throws {
              let raw = try json.string()
              switch raw {
              case "photo":
                  self = .photo
              case "video_clip":
                  self = .video
              default:
                  self = .other(raw)
              }
          }

          func encode(to json: Bindery.JSONValueEncoder) throws {
              switch self {
              case .photo:
                  try json.string("photo")
              case .video:
                  try json.string("video_clip")
              case .other(let raw):
                  try json.string(raw)
              }
          }

          init(from decoder: any Swift.Decoder) throws {
              if let __value = try Bindery._JSONModelCoding.binderyValue(Self.self, from: decoder) {
                  self = __value
                  return
              }
              let raw = try decoder.singleValueContainer().decode(Swift.String.self)
              switch raw {
              case "photo":
                  self = .photo
              case "video_clip":
                  self = .video
              default:
                  self = .other(raw)
              }
          }

          func encode(to encoder: any Swift.Encoder) throws {
              var container = encoder.singleValueContainer()
              switch self {
              case .photo:
                  try container.encode("photo")
              case .video:
                  try container.encode("video_clip")
              case .other(let raw):
                  try container.encode(raw)
              }
          }
      }

      extension Visibility: Bindery._JSONValueModel, Swift.Codable {

      }
      """
    }
  }

  @Test func taggedUnion() {
    assertMacro {
      """
      @JSONModel(tag: "type")
      enum Item {
          case photo(Photo)
          case video(Video)
          case unknown(JSONValue)
      }
      """
    } expansion: {
      """
      enum Item {
          case photo(Photo)
          case video(Video)
          case unknown(JSONValue)
      }

      extension Item: Bindery.JSONModel, Bindery._JSONValueModel, Swift.Codable {
          init(json: Bindery.JSONObjectDecoder) throws {
              let tag = try json.decode(Swift.String.self, forKey: "type")
              switch tag {
              case "photo":
                  self = .photo(try .init(json: json))
                  if case .photo(let value) = self {
                      try json.validate(value)
                  }
              case "video":
                  self = .video(try .init(json: json))
                  if case .video(let value) = self {
                      try json.validate(value)
                  }
              default:
                  self = .unknown(json.jsonValue())
              }
          }

          func encode(to json: inout Bindery.JSONObjectEncoder) throws {
              switch self {
              case .photo(let value):
                  try json.encodeTag("photo", forKey: "type")
                  try value.encode(to: &json)
              case .video(let value):
                  try json.encodeTag("video", forKey: "type")
                  try value.encode(to: &json)
              case .unknown(let value):
                  try json.encodeMembers(of: value)
              }
          }

          init(from decoder: any Swift.Decoder) throws {
              if let __value = try Bindery._JSONModelCoding.binderyValue(Self.self, from: decoder) {
                  self = __value
                  return
              }
              let container = try decoder.container(keyedBy: Bindery._JSONCodingKey.self)
              let tag = try container.decode(Swift.String.self, forKey: "type")
              switch tag {
              case "photo":
                  self = .photo(try .init(from: decoder))
              case "video":
                  self = .video(try .init(from: decoder))
              default:
                  self = .unknown(try Bindery.JSONValue(from: decoder))
              }
          }

          func encode(to encoder: any Swift.Encoder) throws {
              switch self {
              case .photo(let value):
                  var container = encoder.container(keyedBy: Bindery._JSONCodingKey.self)
                  try container.encode("photo", forKey: "type")
                  try value.encode(to: encoder)
              case .video(let value):
                  var container = encoder.container(keyedBy: Bindery._JSONCodingKey.self)
                  try container.encode("video", forKey: "type")
                  try value.encode(to: encoder)
              case .unknown(let value):
                  try value.encode(to: encoder)
              }
          }
      }
      """
    }
  }
}
