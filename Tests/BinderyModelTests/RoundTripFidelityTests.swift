import Bindery
import Foundation
import Testing

// Values that must come back exactly as they were read: union tags, nulls and absent keys of a
// model that keeps unknown keys, URLs, and the mapping of a model that also says `Codable`.

@JSONModel
struct TaggedPayload: Equatable {
  var x: Int
  @UnknownKeys var extra: [String: JSONValue] = [:]
}

@JSONModel(tag: "type")
enum TaggedUnion: Equatable {
  @Key("a") case a(TaggedPayload)
}

@JSONModel
struct Reference: Equatable {
  var ref: String?
  var name: String
  @Key("meta.note") var note: String?
  @UnknownKeys var extra: [String: JSONValue] = [:]
}

@JSONModel
struct Link: Equatable {
  var href: URL
}

@JSONModel
struct CodableMedia: Codable, Equatable {
  @Key("media.m") var url: String
  var title: String
}

@JSONModel
struct DecodableOnly: Decodable, Equatable {
  @Key("a.b") var value: Int
}

@JSONModel
final class CodableNote: Codable {
  @Key("body.text") var text: String
  init(text: String) { self.text = text }
}

@Suite struct RoundTripFidelityTests {
  @Test func unionTagIsWrittenOnceWhenTheCaseKeepsUnknownKeys() throws {
    let union = try TaggedUnion(json: #"{"type":"a","x":1}"#)
    #expect(try union.jsonString() == #"{"type":"a","x":1}"#)
    let withMore = try TaggedUnion(json: #"{"type":"a","x":1,"z":[true]}"#)
    let text = try withMore.jsonString()
    #expect(text == #"{"type":"a","x":1,"z":[true]}"#)
    // A strict reader that rejects duplicate keys accepts the output.
    var strict = JSONReadingOptions()
    strict.duplicateKeys = .reject
    #expect(throws: Never.self) { try JSONValue(parsing: Array(text.utf8), options: strict) }
  }

  @Test(arguments: [
    #"{"ref":null,"name":"n"}"#,
    #"{"name":"n"}"#,
    #"{"ref":"r","name":"n"}"#,
    #"{"ref":null,"name":"n","other":null}"#,
    #"{"name":"n","meta":null}"#,
  ])
  func keptUnknownKeysRoundTripNullsAndAbsentKeysAsTheyWere(_ input: String) throws {
    let model = try Reference(json: input)
    var sorted = JSONWritingOptions()
    sorted.sortsKeys = true
    let output = try model.jsonString(options: .init(writing: sorted))
    let sortedInput = try JSONValue(parsing: Array(input.utf8)).jsonString(options: sorted)
    #expect(output == sortedInput)
  }

  @Test func aPropertySetAfterDecodingReplacesTheKeptNull() throws {
    var model = try Reference(json: #"{"ref":null,"name":"n"}"#)
    model.ref = "now"
    #expect(try model.jsonString() == #"{"ref":"now","name":"n"}"#)
  }

  @Test func aNestedKeySetAfterDecodingReplacesItsParentsKeptNull() throws {
    var model = try Reference(json: #"{"name":"n","meta":null}"#)
    #expect(try model.jsonString() == #"{"name":"n","meta":null}"#)
    model.note = "x"
    #expect(try model.jsonString() == #"{"name":"n","meta":{"note":"x"}}"#)
  }

  @Test func theNullPolicyStillAppliesToModelsWithoutKeptKeys() throws {
    let link = try Reference(json: #"{"name":"n"}"#)
    var options = JSONEncodingOptions()
    options.nulls = .write
    #expect(
      try link.jsonString(options: options) == #"{"ref":null,"name":"n","meta":{"note":null}}"#)
  }

  @Test(arguments: [
    "https://example.com/a?b=1&c=%20#frag",
    "/photos/1",
    "mailto:someone@example.com",
    "http://[::1]:8080/",
  ])
  func urlsRoundTripExactly(_ text: String) throws {
    let json = #"{"href":"\#(text)"}"#
    let link = try Link(json: json)
    #expect(link.href.absoluteString == text)
    #expect(try link.jsonString() == json)
  }

  @Test(arguments: [
    ("not a url", "' ' at character 3 must be percent-encoded"),
    ("", "it is empty"),
    ("https://example.com/%zz", "'%' at character 20 is not followed by two hex digits"),
    ("https://example.com/caf\u{E9}", "must be percent-encoded"),
    ("https://example.com/{id}", "'{' at character 20 must be percent-encoded"),
  ])
  func textThatIsNotAURLReferenceIsAProblemNotAReencodedValue(_ text: String, _ reason: String)
    throws
  {
    let error = #expect(throws: JSONDecodingError.self) {
      try Link(json: #"{"href":"\#(text)"}"#)
    }
    let problem = try #require(error?.problems.first)
    #expect(problem.path.description == "href")
    #expect(problem.location?.line == 1)
    #expect(problem.location?.column == 9)
    #expect(problem.expected.contains(reason))
  }

  @Test func anErrorReadThroughJSONDecoderIsItsOwnAtTheMappedPath() throws {
    let json = Data(#"{"title": "t",    "media": {"m": 12}}"#.utf8)
    let error = try #require(throws: DecodingError.self) {
      try JSONDecoder().decode(CodableMedia.self, from: json)
    }
    guard case .typeMismatch(let type, let context) = error else {
      Issue.record("expected typeMismatch, got \(error)")
      return
    }
    // The model reads what JSONDecoder read with its own code: the error is the model's, at
    // the path the mapping names.
    _ = type
    #expect(context.codingPath.map(\.stringValue) == ["media", "m"])
    #expect(context.debugDescription.contains("expected a string, found number 12"))
    // Through BinderyDecoder the position is the input's own.
    let direct = try #require(throws: DecodingError.self) {
      try BinderyDecoder().decode(CodableMedia.self, from: json)
    }
    guard case .typeMismatch(_, let directContext) = direct else {
      Issue.record("expected typeMismatch, got \(direct)")
      return
    }
    #expect(directContext.debugDescription.contains("(line 1, column 34)"))
  }

  @Test func aModelThatAlsoSaysCodableKeepsItsMappingUnderFoundation() throws {
    let json = Data(#"{"title": "t", "media": {"m": "u"}}"#.utf8)
    let expected = CodableMedia(url: "u", title: "t")
    #expect(try JSONDecoder().decode(CodableMedia.self, from: json) == expected)
    #expect(try BinderyDecoder().decode(CodableMedia.self, from: json) == expected)
    let encoded = try JSONEncoder().encode(expected)
    let value = try JSONValue(parsing: Array(encoded))
    #expect(value == ["media": ["m": "u"], "title": "t"])
    #expect(
      try JSONDecoder().decode(DecodableOnly.self, from: Data(#"{"a":{"b":4}}"#.utf8)).value == 4)
    let note = try JSONDecoder().decode(
      CodableNote.self, from: Data(#"{"body":{"text":"x"}}"#.utf8))
    #expect(note.text == "x")
    let noteJSON = try JSONValue(parsing: Array(try JSONEncoder().encode(note)))
    #expect(noteJSON == ["body": ["text": "x"]])
  }
}
