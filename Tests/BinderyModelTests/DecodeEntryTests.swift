import Bindery
import Foundation
import Testing

@JSONModel
struct EntryItem: Equatable {
  var id: Int
  @Key("media.m") var url: String?
}

/// One entry family: every form JSON arrives in decodes alike.
@Suite struct DecodeEntryTests {
  static let text = #"{"items": [{"id": 1, "media": {"m": "u"}}, {"id": 2}]}"#
  static let expected = [EntryItem(id: 1, url: "u"), EntryItem(id: 2, url: nil)]

  @Test func everyInputFormDecodesTheSame() throws {
    let bytes = Array(Self.text.utf8)
    let document = try JSONDocument(parsing: bytes)
    let value = try JSONValue(parsing: bytes)
    #expect(try [EntryItem](json: Self.text, at: "items") == Self.expected)
    #expect(try [EntryItem](json: Self.text[...], at: "items") == Self.expected)
    #expect(try [EntryItem](json: bytes, at: "items") == Self.expected)
    #expect(try [EntryItem](json: Data(bytes), at: "items") == Self.expected)
    #expect(try [EntryItem](json: document, at: "items") == Self.expected)
    #expect(try [EntryItem](json: value, at: "items") == Self.expected)
    #expect(try [EntryItem].decoded(json: Data(bytes), at: "items").value == Self.expected)
  }

  @Test func aDocumentKeepsTheOptionsItWasParsedWith() throws {
    let document = try JSONDocument(parsing: #"{'id': 3,}"#, options: .json5)
    #expect(try EntryItem(json: document) == EntryItem(id: 3, url: nil))
    // The same text as bytes is read strictly unless the call says otherwise.
    let error = #expect(throws: JSONDecodingError.self) { try EntryItem(json: #"{'id': 3,}"#) }
    #expect(error?.problems.first?.kind == .malformedJSON)
    #expect(error?.problems.first?.location?.column == 2)
  }

  @Test func aValueJSONCannotHoldIsAProblemNotACrash() throws {
    let nan = try JSONValue(parsing: #"{"id": NaN}"#, options: .json5)
    let error = #expect(throws: JSONDecodingError.self) { try EntryItem(json: nan) }
    let problem = try #require(error?.problems.first)
    #expect(problem.kind == .invalidValue)
    #expect(problem.expected == "a value JSON can hold")
    // A JSONValue is no text of the user's: the problem names its path and no position.
    #expect(problem.path.description == "id")
    #expect(problem.location == nil)
    #expect(problem.cause is JSONReadError)
    // With JSON5 reading, NaN reads into a Double.
    struct Reading: JSONDecodable {
      var id: Double
      init(json: JSONValueDecoder) throws { id = try json.object().decode(forKey: "id") }
    }
    #expect(try Reading(json: nan, options: .init(reading: .json5)).id.isNaN)
  }

  @Test func problemsInAJSONValueNameTheirPathAndNoPosition() throws {
    let value: JSONValue = ["items": [["id": 1], ["id": "two"]]]
    let error = try #require(throws: JSONDecodingError.self) {
      try [EntryItem](json: value, at: "items")
    }
    #expect(
      error.problems.map(\.description) == [
        "items[1].id: expected an integer, found string \"two\""
      ])
    let whole = try #require(throws: JSONDecodingError.self) { try [EntryItem](json: value) }
    #expect(whole.problems.map(\.description) == ["top level: expected an array, found an object"])
    let missing = try #require(throws: JSONDecodingError.self) {
      try [EntryItem](json: value, at: "records")
    }
    #expect(missing.problems.first?.kind == .resultNotFound)
    #expect(missing.problems.first?.location == nil)
    #expect(missing.description.contains("line") == false)
  }

  @Test func aFailedUpdateFromDataLeavesTheValueAsItWas() throws {
    var item = EntryItem(id: 1, url: "u")
    #expect(throws: JSONDecodingError.self) {
      try item.update(json: Data(#"{"id": "two", "media": {"m": "v"}}"#.utf8))
    }
    #expect(item == EntryItem(id: 1, url: "u"))
    let changed = try item.update(json: Data(#"{"media": {"m": "v"}}"#.utf8))
    #expect(changed == [\EntryItem.url])
    #expect(item.url == "v")
  }
}
