import Bindery
import Foundation
import MacroTesting
import Testing

// Nested paths that share an object, fallback keys per direction, a null written, and unknown
// keys kept.
// The model below is compiled by the macro as a user's is, and its source is the input of the
// expansion test: `sourceIsTheModelAbove` keeps the two the same.

@JSONModel
struct User {
  @Key("personInfo.firstName") var firstName: String
  @Key(decode: "userEmail", "email", encode: "userEmail") var email: String
  @Key("personInfo.lastName") @Nulls(.write) var lastName: String?
  @UnknownKeys var extra: [String: JSONValue] = [:]
}

@Suite(.macros(binderyMacros))
struct NestedKeyExpansionTests {
  @Test func siblingsOfANestedPathAreWrittenTogether() {
    assertMacro {
      Self.source
    } expansion: {
      #"""
      struct User {
          var firstName: String
          var email: String
          var lastName: String?
          var extra: [String: JSONValue] = [:]
      }

      extension User: Bindery.JSONModel, Bindery.JSONUpdatable, Bindery._JSONValueModel, Bindery.JSONSchemaProviding, Swift.Codable {
          init(json: Bindery.JSONObjectDecoder) throws {
              let __macro_local_4jsonfMu_ = json._prefetching(Self.__macro_local_8jsonKeysfMu_)
              let __macro_local_9firstNamefMu_ = try __macro_local_4jsonfMu_._collect(try __macro_local_4jsonfMu_.decode(Bindery._JSONModelCoding.propertyType { (model: Self) in
                          model.firstName
                      }, forKey: Self.__macro_local_7jsonKeyfMu_))
              let __macro_local_5emailfMu_ = try __macro_local_4jsonfMu_._collect(try __macro_local_4jsonfMu_.decode(Bindery._JSONModelCoding.propertyType { (model: Self) in
                          model.email
                      }, forKey: .anyOf(["userEmail"], ["email"])))
              let __macro_local_8lastNamefMu_ = try __macro_local_4jsonfMu_._collect(try __macro_local_4jsonfMu_.decode(Bindery._JSONModelCoding.propertyType { (model: Self) in
                          model.lastName
                      }, forKey: Self.__macro_local_7jsonKeyfMu0_))
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
                  try json._encode(self.email, plainKey: "userEmail")
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

          static func _jsonSchema(in schema: inout Bindery.JSONSchemaBuilder) -> Bindery.JSONValue {
              var __macro_local_6objectfMu_ = Bindery.JSONSchemaBuilder._Object()
              __macro_local_6objectfMu_.member([["personInfo", "firstName"]], schema._member(Bindery._JSONModelCoding.propertyType { (model: Self) in
                          model.firstName
                      }, key: "personInfo"), required: true)
              __macro_local_6objectfMu_.member([["userEmail"], ["email"]], schema._member(Bindery._JSONModelCoding.propertyType { (model: Self) in
                          model.email
                      }, key: "userEmail"), required: true)
              __macro_local_6objectfMu_.member([["personInfo", "lastName"]], schema._member(Bindery._JSONModelCoding.propertyType { (model: Self) in
                          model.lastName
                      }, key: "personInfo"), required: false)
              __macro_local_6objectfMu_.keepsUnknown()
              return __macro_local_6objectfMu_.schema
          }

          static var _jsonClaimedKeys: Swift.Set<Swift.String> {
              Swift.Set<Swift.String>(["personInfo", "userEmail", "email"])
          }

          private static let __macro_local_8jsonKeysfMu_ = Bindery._JSONModelKeys([["personInfo", "firstName"], ["personInfo", "lastName"]])
          private static let __macro_local_7jsonKeyfMu_ = __macro_local_8jsonKeysfMu_[0]
          private static let __macro_local_7jsonKeyfMu0_ = __macro_local_8jsonKeysfMu_[1]

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

  @Test func siblingsShareOneObjectAndUnknownKeysComeBack() throws {
    let json =
      #"{"personInfo": {"firstName": "Ada", "lastName": null}, "email": "a@e.com", "plan": "pro"}"#
    let user = try User(json: json)
    #expect(user.firstName == "Ada")
    #expect(user.email == "a@e.com")
    #expect(user.lastName == nil)
    #expect(user.extra == ["plan": "pro"])
    #expect(
      try user.jsonString()
        == #"{"personInfo":{"firstName":"Ada","lastName":null},"userEmail":"a@e.com","plan":"pro"}"#
    )
  }

  static let source = """
    @JSONModel
    struct User {
        @Key("personInfo.firstName") var firstName: String
        @Key(decode: "userEmail", "email", encode: "userEmail") var email: String
        @Key("personInfo.lastName") @Nulls(.write) var lastName: String?
        @UnknownKeys var extra: [String: JSONValue] = [:]
    }
    """
}
