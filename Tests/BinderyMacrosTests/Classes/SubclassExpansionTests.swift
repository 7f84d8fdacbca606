public import Bindery
import Foundation
import MacroTesting
import Testing

// A class that may be subclassed, and a subclass that chains to its mapping.
// The model below is compiled by the macro as a user's is, and its source is the input of the
// expansion test: `sourceIsTheModelAbove` keeps the two the same.

@JSONModel
open class Resource {
  var id: Int
}

@JSONModel(inheriting: Resource.self)
final class Comment: Resource {
  var body: String
}

@Suite(.macros(binderyMacros))
struct SubclassExpansionTests {
  @Test func openClassAndSubclass() {
    assertMacro {
      Self.source
    } expansion: {
      #"""
      open class Resource {
          var id: Int

          public required init(json: Bindery.JSONObjectDecoder) throws {
              let __macro_local_4jsonfMu_ = json._prefetching(Resource.__macro_local_8jsonKeysfMu_)
              let __macro_local_2idfMu_ = try __macro_local_4jsonfMu_._collect(try __macro_local_4jsonfMu_.decode((Int).self, forKey: Self.__macro_local_7jsonKeyfMu_))
              self.id = try __macro_local_4jsonfMu_._value(__macro_local_2idfMu_)
          }

          open func encode(to json: inout Bindery.JSONObjectEncoder) throws {
              if json.includes("id") {
                  try json._encode(self.id, plainKey: "id")
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

          open class func _jsonSchema(in schema: inout Bindery.JSONSchemaBuilder) -> Bindery.JSONValue {
              var __macro_local_6objectfMu_ = Bindery.JSONSchemaBuilder._Object()
              __macro_local_6objectfMu_.member([["id"]], schema._member((Int).self, key: "id"), required: true)
              return __macro_local_6objectfMu_.schema
          }

          public static var _jsonClaimedKeys: Swift.Set<Swift.String> {
              Swift.Set<Swift.String>(["id"])
          }

          private static let __macro_local_8jsonKeysfMu_ = Bindery._JSONModelKeys([["id"]])
          private static let __macro_local_7jsonKeyfMu_ = __macro_local_8jsonKeysfMu_[0]

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
              let __macro_local_4bodyfMu_ = try __macro_local_4jsonfMu1_._collect(try __macro_local_4jsonfMu1_.decode((String).self, forKey: Self.__macro_local_7jsonKeyfMu0_))
              if __macro_local_4bodyfMu_ == nil {
                  _ = try? Resource(json: json)
              }
              self.body = try __macro_local_4jsonfMu1_._value(__macro_local_4bodyfMu_)
              try super.init(json: json)
          }

          override func encode(to json: inout Bindery.JSONObjectEncoder) throws {
              try super.encode(to: &json)
              if json.includes("body") {
                  try json._encode(self.body, plainKey: "body")
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

          override class func _jsonSchema(in schema: inout Bindery.JSONSchemaBuilder) -> Bindery.JSONValue {
              var __macro_local_6objectfMu0_ = Bindery.JSONSchemaBuilder._Object()
              __macro_local_6objectfMu0_.member([["body"]], schema._member((String).self, key: "body"), required: true)
              return Bindery.JSONSchemaBuilder._inheriting(super._jsonSchema(in: &schema), __macro_local_6objectfMu0_.schema)
          }

          private static let __macro_local_8jsonKeysfMu0_ = Bindery._JSONModelKeys([["body"]])
          private static let __macro_local_7jsonKeyfMu0_ = __macro_local_8jsonKeysfMu0_[0]

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

      extension Resource: Bindery.JSONModel, Bindery.JSONUpdatable, Bindery._JSONValueModel, Bindery.JSONSchemaProviding, Swift.Codable {

      }
      """#
    }
  }

  @Test func sourceIsTheModelAbove() throws {
    try expectDeclared(Self.source)
  }

  @Test func theSubclassReadsAndWritesItsSuperclassesProperties() throws {
    let comment = try Comment(json: #"{"id": 7, "body": "Nice"}"#)
    #expect(comment.id == 7)
    #expect(comment.body == "Nice")
    #expect(try JSONValue(parsing: try comment.jsonBytes()) == ["id": 7, "body": "Nice"])
    let resource: Resource = comment
    #expect(try JSONValue(parsing: try resource.jsonBytes())["body"] == "Nice")
  }

  static let source = """
    @JSONModel
    open class Resource {
        var id: Int
    }

    @JSONModel(inheriting: Resource.self)
    final class Comment: Resource {
        var body: String
    }
    """
}
