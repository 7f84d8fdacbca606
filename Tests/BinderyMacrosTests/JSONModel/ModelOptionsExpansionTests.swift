import Bindery
import Foundation
import MacroTesting
import Testing

// Options of the model that every property follows: a key strategy, coercion, a date format
// and the null policy.
// The model below is compiled by the macro as a user's is, and its source is the input of the
// expansion test: `sourceIsTheModelAbove` keeps the two the same.

@JSONModel(keyStrategy: .snakeCase, coercesValues: true, dates: .unixSeconds, nulls: .write)
struct Tag {
  @Key("id") var remoteId: Int
  var resourceUri: String?
  @Lossy var children: [Tag]
  @Coerce var count: Int
}

@Suite(.macros(binderyMacros))
struct ModelOptionsExpansionTests {
  @Test func modelOptionsScopeEveryProperty() {
    assertMacro {
      Self.source
    } expansion: {
      #"""
      struct Tag {
          var remoteId: Int
          var resourceUri: String?
          var children: [Tag]
          var count: Int
      }

      extension Tag: Bindery.JSONModel, Bindery.JSONUpdatable, Bindery._JSONValueModel, Bindery.JSONSchemaProviding, Swift.Codable {
          init(json: Bindery.JSONObjectDecoder) throws {
              let __macro_local_4jsonfMu_ = json.coercing().dates(Self.__macro_local_10dateFormatfMu_)._prefetching(Self.__macro_local_8jsonKeysfMu_)
              let __macro_local_8remoteIdfMu_ = try __macro_local_4jsonfMu_._collect(try __macro_local_4jsonfMu_.decode(Bindery._JSONModelCoding.propertyType { (model: Self) in
                          model.remoteId
                      }, forKey: Self.__macro_local_7jsonKeyfMu_))
              let __macro_local_11resourceUrifMu_ = try __macro_local_4jsonfMu_._collect(try __macro_local_4jsonfMu_.decode(Bindery._JSONModelCoding.propertyType { (model: Self) in
                          model.resourceUri
                      }, forKey: Self.__macro_local_7jsonKeyfMu0_))
              let __macro_local_8childrenfMu_ = try __macro_local_4jsonfMu_._collect(try __macro_local_4jsonfMu_.lossy().decode(Bindery._JSONModelCoding.propertyType { (model: Self) in
                          model.children
                      }, forKey: Self.__macro_local_7jsonKeyfMu1_))
              let __macro_local_5countfMu_ = try __macro_local_4jsonfMu_._collect(try __macro_local_4jsonfMu_.decode(Bindery._JSONModelCoding.propertyType { (model: Self) in
                          model.count
                      }, forKey: Self.__macro_local_7jsonKeyfMu2_))
              self.remoteId = try __macro_local_4jsonfMu_._value(__macro_local_8remoteIdfMu_)
              self.resourceUri = try __macro_local_4jsonfMu_._value(__macro_local_11resourceUrifMu_)
              self.children = try __macro_local_4jsonfMu_._value(__macro_local_8childrenfMu_)
              self.count = try __macro_local_4jsonfMu_._value(__macro_local_5countfMu_)
          }

          func encode(to json: inout Bindery.JSONObjectEncoder) throws {
              json.setDateFormat(Self.__macro_local_10dateFormatfMu_)
              if json.includes("remoteId") {
                  try json._encode(self.remoteId, plainKey: "id")
              }
              if json.includes("resourceUri") {
                  try json._encodeIfPresent(self.resourceUri, plainKey: "resource_uri", nulls: .write)
              }
              if json.includes("children") {
                  try json._encode(self.children, plainKey: "children")
              }
              if json.includes("count") {
                  try json._encode(self.count, plainKey: "count")
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

          static func _jsonSchema(in schema: inout Bindery.JSONSchemaBuilder) -> Bindery.JSONValue {
              var __macro_local_6objectfMu_ = Bindery.JSONSchemaBuilder._Object()
              __macro_local_6objectfMu_.member([["id"]], Bindery.JSONSchemaBuilder._lenient(schema._member(Bindery._JSONModelCoding.propertyType { (model: Self) in
                              model.remoteId
                          }, key: "id", dates: Self.__macro_local_10dateFormatfMu_), lossy: false, coerced: true), required: true)
              __macro_local_6objectfMu_.member([["resource_uri"]], Bindery.JSONSchemaBuilder._lenient(schema._member(Bindery._JSONModelCoding.propertyType { (model: Self) in
                              model.resourceUri
                          }, key: "resource_uri", dates: Self.__macro_local_10dateFormatfMu_), lossy: false, coerced: true), required: false)
              __macro_local_6objectfMu_.member([["children"]], Bindery.JSONSchemaBuilder._lenient(schema._member(Bindery._JSONModelCoding.propertyType { (model: Self) in
                              model.children
                          }, key: "children", dates: Self.__macro_local_10dateFormatfMu_), lossy: true, coerced: true), required: true)
              __macro_local_6objectfMu_.member([["count"]], Bindery.JSONSchemaBuilder._lenient(schema._member(Bindery._JSONModelCoding.propertyType { (model: Self) in
                              model.count
                          }, key: "count", dates: Self.__macro_local_10dateFormatfMu_), lossy: false, coerced: true), required: true)
              return __macro_local_6objectfMu_.schema
          }

          static var _jsonClaimedKeys: Swift.Set<Swift.String> {
              Swift.Set<Swift.String>(["id", "resource_uri", "children", "count"])
          }

          private static let __macro_local_8jsonKeysfMu_ = Bindery._JSONModelKeys([["id"], ["resource_uri"], ["children"], ["count"]])
          private static let __macro_local_7jsonKeyfMu_ = __macro_local_8jsonKeysfMu_[0]
          private static let __macro_local_7jsonKeyfMu0_ = __macro_local_8jsonKeysfMu_[1]
          private static let __macro_local_7jsonKeyfMu1_ = __macro_local_8jsonKeysfMu_[2]
          private static let __macro_local_7jsonKeyfMu2_ = __macro_local_8jsonKeysfMu_[3]

          static func _fromOnePass(_ __macro_local_6readerfMu_: inout Bindery._JSONOnePassReader) -> Self? {
              guard let __macro_local_5valuefMu_ = Self(_jsonOnePassMembers: &__macro_local_6readerfMu_) else {
                  return nil
              }
              do {
                  try __macro_local_5valuefMu_.validate()
              } catch {
                  return nil
              }
              return __macro_local_5valuefMu_
          }
          private init?(_jsonOnePassMembers __macro_local_6readerfMu_: inout Bindery._JSONOnePassReader) {
              var __macro_local_8remoteIdfMu0_ = Bindery._JSONOnePassReader.slot { (model: Self) in
                  model.remoteId
              }
              var __macro_local_11resourceUrifMu0_ = Bindery._JSONOnePassReader.slot { (model: Self) in
                  model.resourceUri
              }
              var __macro_local_8childrenfMu0_ = Bindery._JSONOnePassReader.slot { (model: Self) in
                  model.children
              }
              var __macro_local_5countfMu0_ = Bindery._JSONOnePassReader.slot { (model: Self) in
                  model.count
              }
              let __macro_local_4keysfMu_ = Self.__macro_local_8jsonKeysfMu_
              guard var __macro_local_6objectfMu0_ = __macro_local_6readerfMu_.beginObject() else {
                  return nil
              }
              members: while true {
                  switch __macro_local_6readerfMu_.member(of: __macro_local_4keysfMu_, &__macro_local_6objectfMu0_) {
                  case 0:
                      guard __macro_local_6readerfMu_.read(into: &__macro_local_8remoteIdfMu0_) else {
                          return nil
                      }
                  case 1:
                      guard __macro_local_6readerfMu_.read(into: &__macro_local_11resourceUrifMu0_) else {
                          return nil
                      }
                  case 2:
                      guard __macro_local_6readerfMu_.read(into: &__macro_local_8childrenfMu0_) else {
                          return nil
                      }
                  case 3:
                      guard __macro_local_6readerfMu_.read(into: &__macro_local_5countfMu0_) else {
                          return nil
                      }
                  case -1:
                      break members
                  default:
                      return nil
                  }
              }
              guard let __macro_local_8remoteIdfMu1_ = Bindery._JSONOnePassReader.value(__macro_local_8remoteIdfMu0_), let __macro_local_11resourceUrifMu1_ = Bindery._JSONOnePassReader.value(__macro_local_11resourceUrifMu0_), let __macro_local_8childrenfMu1_ = Bindery._JSONOnePassReader.value(__macro_local_8childrenfMu0_), let __macro_local_5countfMu1_ = Bindery._JSONOnePassReader.value(__macro_local_5countfMu0_) else {
                  return nil
              }
              self.remoteId = __macro_local_8remoteIdfMu1_
              self.resourceUri = __macro_local_11resourceUrifMu1_
              self.children = __macro_local_8childrenfMu1_
              self.count = __macro_local_5countfMu1_
          }

          static func _readsInOnePass(visiting: inout [Swift.ObjectIdentifier]) -> Swift.Bool {
              Bindery._JSONOnePassReader.readsInOnePass(Self.self, visiting: &visiting) { visiting in
                  Bindery._JSONOnePassReader.readsInOnePass({ (model: Self) in
                          model.remoteId
                      }, visiting: &visiting)
                      && Bindery._JSONOnePassReader.readsInOnePass({ (model: Self) in
                          model.resourceUri
                      }, visiting: &visiting)
                      && Bindery._JSONOnePassReader.readsInOnePass({ (model: Self) in
                          model.children
                      }, visiting: &visiting)
                      && Bindery._JSONOnePassReader.readsInOnePass({ (model: Self) in
                          model.count
                      }, visiting: &visiting)
              }
          }

          static var _decodesInOnePass: Swift.Bool {
              Self.__macro_local_16decodesInOnePassfMu_
          }
          private static let __macro_local_16decodesInOnePassfMu_ = Bindery._JSONOnePassReader.decodesInOnePass(Self.self)

          func _writeDirectly(to __macro_local_6writerfMu_: inout Bindery._JSONDirectWriter) -> Swift.Bool {
              guard __macro_local_6writerfMu_.beginObject() else {
                  return false
              }
              guard __macro_local_6writerfMu_.member(#","id":"#, self.remoteId),
              __macro_local_6writerfMu_.memberIfPresent(#","resource_uri":"#, self.resourceUri, nulls: .write),
              __macro_local_6writerfMu_.member(#","children":"#, self.children),
              __macro_local_6writerfMu_.member(#","count":"#, self.count) else {
                  return false
              }
              __macro_local_6writerfMu_.endObject()
              return true
          }

          static func _writesDirectly(visiting: inout [Swift.ObjectIdentifier]) -> Swift.Bool {
              Bindery._JSONDirectWriter.writesDirectly(Self.self, visiting: &visiting) { visiting in
                  Bindery._JSONDirectWriter.writesDirectly({ (model: Self) in
                          model.remoteId
                      }, visiting: &visiting)
                      && Bindery._JSONDirectWriter.writesDirectly({ (model: Self) in
                          model.resourceUri
                      }, visiting: &visiting)
                      && Bindery._JSONDirectWriter.writesDirectly({ (model: Self) in
                          model.children
                      }, visiting: &visiting)
                      && Bindery._JSONDirectWriter.writesDirectly({ (model: Self) in
                          model.count
                      }, visiting: &visiting)
              }
          }

          static var _encodesDirectly: Swift.Bool {
              Self.__macro_local_15encodesDirectlyfMu_
          }
          private static let __macro_local_15encodesDirectlyfMu_ = Bindery._JSONDirectWriter.encodesDirectly(Self.self)

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

  @Test func sourceIsTheModelAbove() throws {
    try expectDeclared(Self.source)
  }

  @Test func theOptionsApplyToEveryProperty() throws {
    let json = #"""
      {"id": 1, "resource_uri": "/tag/1", "count": "5",
       "children": [{"id": 2, "children": [], "count": 3}, {"id": "two", "children": []}]}
      """#
    let decoded = try Tag.decoded(json: json)
    let tag = decoded.value
    #expect(tag.remoteId == 1)
    #expect(tag.resourceUri == "/tag/1")
    #expect(tag.count == 5)
    // The lossy children skipped the bad one; coercion read "5".
    #expect(tag.children.map(\.remoteId) == [2])
    #expect(decoded.warnings.map(\.kind).contains(.skippedElement))
    #expect(decoded.warnings.map(\.kind).contains(.coerced))
    // `nulls: .write` writes the child's missing URI as null.
    let child = try JSONValue(parsing: try tag.children[0].jsonBytes())
    #expect(child == ["id": 2, "resource_uri": nil, "children": [], "count": 3])
  }

  static let source = """
    @JSONModel(keyStrategy: .snakeCase, coercesValues: true, dates: .unixSeconds, nulls: .write)
    struct Tag {
        @Key("id") var remoteId: Int
        var resourceUri: String?
        @Lossy var children: [Tag]
        @Coerce var count: Int
    }
    """
}
