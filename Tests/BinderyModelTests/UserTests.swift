import Bindery
import BinderyTestSupport
import Foundation
import Testing

/// The MAXJsonAdapter user, flat.
@JSONModel
struct FlatUser: Equatable {
  var email: String
  var firstName: String
  var middleName: String?
  var lastName: String
  var phoneNumber: String
  var usernames: [String]
}

/// The same user in the server's nested shape.
@JSONModel
struct User: Equatable {
  @Key(decode: "userEmail", "email", encode: "userEmail") var email: String
  @Key("personInfo.firstName") var firstName: String
  @Key("personInfo.middleName") @Nulls(.write) var middleName: String?
  @Key("personInfo.lastName") var lastName: String
  var phoneNumber: String
  @Key("aliases") var usernames: [String]
  @Transform(.dateFormat("yyyy-MM-dd")) var createdAt: Date
  @Transform(.dateFormat("yyyy-MM-dd")) var updatedAt: Date
}

@JSONModel
struct UserInfo: Equatable {
  var firstName: String
  @Nulls(.write) var middleName: String?
  var lastName: String
}

@JSONModel
struct Account: Equatable {
  @Key("personInfo") var info: UserInfo
  @Key("userEmail") var email: String
  var phoneNumber: String
}

@Suite struct UserTests {
  @Test func decodesTheFlatShape() throws {
    let user = try FlatUser(json: try Fixtures.bytes("user-flat.json"))
    #expect(user.firstName == "Ada")
    #expect(user.middleName == nil)
    #expect(user.usernames == ["ada", "countess"])
    // nil is omitted by default.
    #expect(try user.jsonValue()["middleName"] == nil)
  }

  @Test func decodesTheNestedShapeAndWritesItBackWithNull() throws {
    let user = try User(json: try Fixtures.bytes("user-nested.json"))
    #expect(user.firstName == "Ada")
    #expect(user.email == "ada@example.com")
    #expect(user.createdAt == Date(timeIntervalSince1970: -4_015_353_600))
    let text = try user.jsonString()
    #expect(
      text
        == #"{"userEmail":"ada@example.com","personInfo":{"firstName":"Ada","middleName":null,"lastName":"Lovelace"},"phoneNumber":"+44 20 7946 0000","aliases":["ada","countess"],"createdAt":"1842-10-05","updatedAt":"1843-07-13"}"#
    )
    #expect(try User(json: text) == user)
  }

  @Test func exportsWithoutEmailAndOnlyTheNames() throws {
    let user = try User(json: try Fixtures.bytes("user-nested.json"))
    let withoutEmail = try user.jsonValue(
      options: .init(properties: try .excluding([\User.email])))
    #expect(withoutEmail["userEmail"] == nil)
    #expect(withoutEmail["phoneNumber"] != nil)
    // Every output shape takes the same filter.
    let onlyNames = JSONEncodingOptions(
      properties: try .including([\User.firstName, \User.middleName, \User.lastName]))
    let names = try JSONValue(parsing: try user.jsonData(options: onlyNames))
    #expect(
      names == ["personInfo": ["firstName": "Ada", "middleName": nil, "lastName": "Lovelace"]])
    #expect(try JSONValue(parsing: try user.jsonString(options: onlyNames)) == names)
    #expect(try JSONValue(parsing: try user.jsonBytes(options: onlyNames)) == names)
    #expect(try user.jsonValue(options: onlyNames) == names)
    let object = try #require(try user.jsonObject(options: onlyNames) as? [String: Any])
    #expect(object.keys.sorted() == ["personInfo"])
    let dictionary = try #require(try user.jsonObject() as? [String: Any])
    #expect((dictionary["personInfo"] as? [String: Any])?["middleName"] is NSNull)
    #expect(dictionary["aliases"] as? [String] == ["ada", "countess"])
    // A filter made for another model, or a key path that is no stored property, is an error.
    let other = JSONEncodingOptions(properties: try .excluding([\Statistics.count]))
    let error = try #require(throws: JSONWriteError.self) { try user.jsonBytes(options: other) }
    #expect(error.kind == .unknownProperty)
    #expect(throws: JSONWriteError.self) { try JSONPropertyFilter.including([\User.email.count]) }
  }

  @Test func refreshesAnExistingUserFromAPartialDictionary() throws {
    var user = try User(json: try Fixtures.bytes("user-nested.json"))
    let original = user
    let changed = try user.update(
      json:
        #"{"personInfo": {"middleName": "Augusta", "lastName": "Lovelace"}, "aliases": ["ada"]}"#)
    #expect(user.middleName == "Augusta")
    #expect(user.usernames == ["ada"])
    #expect(user.firstName == original.firstName)
    #expect(user.email == original.email)
    #expect(changed == [\User.middleName, \User.usernames])
    let patch = try user.jsonValue(
      options: .init(properties: try .including(changed, of: User.self)))
    #expect(patch == ["personInfo": ["middleName": "Augusta"], "aliases": ["ada"]])
    // null clears an optional.
    try user.update(json: #"{"personInfo": {"middleName": null}}"#)
    #expect(user.middleName == nil)
  }

  @Test func aBadPatchChangesNothing() throws {
    var user = try User(json: try Fixtures.bytes("user-nested.json"))
    let original = user
    #expect(throws: JSONDecodingError.self) {
      try user.update(json: #"{"phoneNumber": "1", "aliases": "ada"}"#)
    }
    #expect(user == original)
  }

  @Test func nestedModelUpdatesRecursively() throws {
    var account = try Account(json: try Fixtures.bytes("user-nested.json"))
    #expect(account.info == UserInfo(firstName: "Ada", middleName: nil, lastName: "Lovelace"))
    let changed = try account.update(json: #"{"personInfo": {"firstName": "Augusta Ada"}}"#)
    #expect(account.info.firstName == "Augusta Ada")
    #expect(account.info.lastName == "Lovelace")
    #expect(changed == [\Account.info])
    let unchanged = try account.update(json: #"{"personInfo": {"firstName": "Augusta Ada"}}"#)
    #expect(unchanged.isEmpty)
    let text = try account.jsonString()
    #expect(
      text.contains(
        #""personInfo":{"firstName":"Augusta Ada","middleName":null,"lastName":"Lovelace"}"#))
  }

  @Test func reportsEveryProblemOfTheBadUser() throws {
    let error = #expect(throws: JSONDecodingError.self) {
      try User(json: try Fixtures.bytes("user-nested-bad.json"))
    }
    let problems = try #require(error?.problems)
    #expect(
      problems.map(\.path.description) == [
        "userEmail", "personInfo.middleName", "personInfo.lastName", "aliases[1]", "createdAt",
      ])
    #expect(problems[0].hint == "did you mean 'userEmial'?")
    #expect(problems[4].expected == "a date like 'yyyy-MM-dd'")
  }
}
