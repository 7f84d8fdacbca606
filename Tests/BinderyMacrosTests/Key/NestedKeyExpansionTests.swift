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

      extension User: Bindery.JSONModel, Bindery.JSONDescribedModel, Bindery.JSONUpdatable, Bindery._JSONValueModel, Bindery.JSONSchemaProviding, Swift.Codable {
          static let jsonDescription: any Bindery.JSONModelDescribing = Bindery.JSONModelDescription<Self>([
              .member(\.firstName, "firstName", paths: [["personInfo", "firstName"]]),
              .member(\.email, "email", paths: [["userEmail"], ["email"]]),
              .member(\.lastName, "lastName", paths: [["personInfo", "lastName"]]),
              .unknownKeys(\.extra, "extra"),
          ])

          init(json: Bindery.JSONObjectDecoder) throws {
              let json = json._prefetching(Self.__macro_local_8jsonKeysfMu_)
              let firstName = try json._collect(try json.decode((String).self, forKey: Self.__macro_local_7jsonKeyfMu_.0))
              let email = try json._collect(try json.decode((String).self, forKey: .anyOf(["userEmail"], ["email"])))
              let lastName = try json._collect(try json.decode((String?).self, forKey: Self.__macro_local_7jsonKeyfMu_.1))
              self.firstName = try json._value(firstName)
              self.email = try json._value(email)
              self.lastName = try json._value(lastName)
              self.extra = json.unknownMembers(excluding: Self.jsonDescription.memberKeys, claimed: Self.jsonDescription.flattenedKeys)
          }

          func encode(to json: inout Bindery.JSONObjectEncoder) throws {
              json._keepNulls(of: self.extra)
              if json.includes("firstName") { try json.encode(self.firstName, forKey: .path("personInfo", "firstName")) }
              if json.includes("lastName") { try json.encodeIfPresent(self.lastName, forKey: .path("personInfo", "lastName"), nulls: .write) }
              if json.includes("email") { try json._encode(self.email, plainKey: "userEmail") }
              if json.includes("extra") { try json.encodeUnknown(self.extra, excluding: Self.jsonDescription.writtenKeys) }
          }

          private static let __macro_local_8jsonKeysfMu_ = Bindery._JSONModelKeys([["personInfo", "firstName"], ["personInfo", "lastName"]])
          private static let __macro_local_7jsonKeyfMu_ = (__macro_local_8jsonKeysfMu_[0], __macro_local_8jsonKeysfMu_[1])
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
