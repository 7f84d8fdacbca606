import Bindery
import Foundation
import Testing

/// A model that reads a key an object repeats in every way a model can: a property, a
/// dictionary, a raw `JSONValue` and the unknown keys it keeps.
@JSONModel
struct RepeatedKeys: Equatable {
  var id: Int
  var name: String
  var tags: [String: Int]
  var extra: JSONValue
  @UnknownKeys var rest: [String: JSONValue]
}

/// The same fields through Codable.
struct RepeatedKeysTwin: Codable, Equatable {
  var id: Int
  var name: String
  var tags: [String: Int]
  var extra: JSONValue
}

/// One duplicate-key policy, and one default, at every entry point.
@Suite struct DuplicateKeyPolicyTests {
  static let input = #"""
    {"id": 1, "name": "first", "tags": {"x": 1, "x": 2}, "extra": {"k": "a", "j": 0, "k": "b"},
     "name": "second", "unmapped": 1, "unmapped": 2}
    """#

  struct Case: Sendable, CustomTestStringConvertible {
    var policy: JSONReadingOptions.DuplicateKeyPolicy
    var name: String
    var x: Int
    var k: String
    var unmapped: Int
    var testDescription: String { "\(policy)" }
  }

  static let cases = [
    Case(policy: .firstWins, name: "first", x: 1, k: "a", unmapped: 1),
    Case(policy: .lastWins, name: "second", x: 2, k: "b", unmapped: 2),
  ]

  func options(_ policy: JSONReadingOptions.DuplicateKeyPolicy) -> JSONDecodingOptions {
    JSONDecodingOptions(reading: JSONReadingOptions(duplicateKeys: policy))
  }

  @Test(arguments: cases)
  func everyEntryPointReadsTheValueThePolicyPicks(_ expected: Case) throws {
    let extra: JSONValue = ["k": .string(expected.k), "j": 0]
    let model = try RepeatedKeys(json: Self.input, options: options(expected.policy))
    #expect(model.name == expected.name)
    #expect(model.tags == ["x": expected.x])
    #expect(model.extra == extra)
    #expect(model.extra.objectValue?.keys == ["k", "j"])
    #expect(model.rest == ["unmapped": .number(JSONNumber(expected.unmapped))])
    // Codable.
    let decoder = BinderyDecoder()
    decoder.readingOptions.duplicateKeys = expected.policy
    let twin = try decoder.decode(RepeatedKeysTwin.self, from: Data(Self.input.utf8))
    #expect(twin == RepeatedKeysTwin(id: 1, name: expected.name, tags: model.tags, extra: extra))
    #expect(try decoder.decode(RepeatedKeys.self, from: Data(Self.input.utf8)) == model)
    // The core: a JSONValue, a dictionary, a cursor.
    let reading = JSONReadingOptions(duplicateKeys: expected.policy)
    let value = try JSONValue(parsing: Self.input, options: reading)
    #expect(value["name"] == .string(expected.name))
    #expect(value.objectValue?.keys == ["id", "name", "tags", "extra", "unmapped"])
    let dictionary = try [String: JSONValue](json: Self.input, options: options(expected.policy))
    #expect(dictionary["unmapped"] == .number(JSONNumber(expected.unmapped)))
    let document = try JSONDocument(parsing: Self.input, options: reading)
    #expect(try document.root.member("name").string() == expected.name)
    #expect(try document.root.member("extra").member("k").string() == expected.k)
  }

  @Test func theReportSaysWhichKeysWereResolved() throws {
    let decoded = try RepeatedKeys.decoded(json: Self.input)
    let repeated = decoded.warnings.filter { $0.kind == .repeatedKey }
    #expect(
      Set(repeated.map(\.path.description)) == ["name", "tags.x", "extra.k", "unmapped"])
    #expect(repeated.first { $0.path.description == "name" }?.message.contains("first") == true)
    let last = try RepeatedKeys.decoded(json: Self.input, options: options(.lastWins))
    #expect(last.warnings.filter { $0.kind == .repeatedKey }.count == 4)
    // An object without repeats warns of nothing.
    let clean = try RepeatedKeys.decoded(
      json: #"{"id": 1, "name": "n", "tags": {}, "extra": null}"#)
    #expect(clean.warnings.isEmpty)
  }

  @Test func rejectingFailsWithThePosition() throws {
    let error = try #require(throws: JSONDecodingError.self) {
      try RepeatedKeys(json: Self.input, options: options(.reject))
    }
    #expect(error.problems.count == 1)
    #expect(error.problems.first?.kind == .malformedJSON)
    #expect(error.problems.first?.location?.line == 1)
    let decoder = BinderyDecoder()
    decoder.readingOptions.duplicateKeys = .reject
    #expect(throws: DecodingError.self) {
      try decoder.decode(RepeatedKeysTwin.self, from: Data(Self.input.utf8))
    }
  }

  @Test func theDefaultIsOneForEveryEntryPointAndFoundations() throws {
    let data = Data(Self.input.utf8)
    let foundation = try JSONDecoder().decode(RepeatedKeysTwin.self, from: data)
    #expect(try BinderyDecoder().decode(RepeatedKeysTwin.self, from: data) == foundation)
    let model = try RepeatedKeys(json: data)
    #expect(
      RepeatedKeysTwin(id: model.id, name: model.name, tags: model.tags, extra: model.extra)
        == foundation)
    #expect(try JSONValue(parsing: data)["name"] == .string(foundation.name))
    #expect(JSONReadingOptions().duplicateKeys == .firstWins)
  }
}
