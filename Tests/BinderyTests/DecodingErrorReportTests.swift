import Bindery
import BinderyJSON
import Foundation
import Testing

/// A `DecodingError` and the one report: the problem Bindery's decoder attached to an error is
/// read back as it was made, and an error from anywhere else becomes a problem at its path.
@Suite struct DecodingErrorReportTests {
  struct Repo: Codable {
    var name: String
    var stars: Int
    var owner: Owner
    struct Owner: Codable { var login: String }
  }

  struct Strict: Decodable {
    var code: String
    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      code = try container.decode(String.self)
      guard code.count == 3 else {
        throw DecodingError.dataCorrupted(
          .init(codingPath: decoder.codingPath, debugDescription: "a code has three letters"))
      }
    }
  }

  @Test func theDecodersErrorCarriesItsProblem() throws {
    let text = "{\n  \"name\": \"bindery\",\n  \"stars\": \"many\",\n  \"owner\": {}\n}"
    let error = try #require(throws: DecodingError.self) {
      try BinderyDecoder().decode(Repo.self, from: Data(text.utf8))
    }
    let report = JSONDecodingError(error)
    #expect(report.problems.count == 1)
    let problem = try #require(report.problems.first)
    #expect(problem.kind == .typeMismatch)
    #expect(problem.path == JSONPath([.key("stars")]))
    #expect(problem.location?.line == 3 && problem.location?.column == 12)
    #expect(problem.location?.excerpt == #"  "stars": "many","#)
    #expect(problem.message == #"expected an integer, found string "many""#)
    #expect(problem.cause is DecodingError)
  }

  @Test func aMissingKeyIsPlacedAtItsObject() throws {
    let text = #"{"name": "bindery", "stars": 3, "owner": {"id": 1}}"#
    let decoder = BinderyDecoder()
    decoder.reportsAllErrors = true
    let report = try #require(throws: JSONDecodingError.self) {
      try decoder.decode(Repo.self, from: Data(text.utf8))
    }
    #expect(report.problems.map(\.kind) == [.missingKey])
    #expect(report.problems.first?.path.description == "owner.login")
    #expect(report.problems.first?.location?.column == 42)
    #expect(report.problems.first?.message == "missing key 'login'")
  }

  @Test func anErrorOfATypesOwnIsAProblemAtItsPath() throws {
    let text = #"[{"code": "abc"}, {"code": "abcd"}]"#
    let error = try #require(throws: DecodingError.self) {
      try BinderyDecoder().decode([[String: Strict]].self, from: Data(text.utf8))
    }
    let problem = JSONDecodingProblem(error)
    #expect(problem.kind == .invalidValue)
    #expect(problem.path.description == "[1].code")
    #expect(problem.found == "a code has three letters")
    #expect(problem.location == nil)
    // Foundation's own error, with its element keys, the same way.
    let foundation = try #require(throws: DecodingError.self) {
      try JSONDecoder().decode([[String: Int]].self, from: Data(#"[{"a": 1}, {"b": "x"}]"#.utf8))
    }
    let converted = JSONDecodingProblem(foundation)
    #expect(converted.path.description == "[1].b")
    #expect(converted.kind == .typeMismatch)
    #expect(converted.location == nil)
  }

  @Test func codingPathsBecomeJSONPaths() {
    enum Keys: Int, CodingKey { case first = 1 }
    struct ElementKey: CodingKey {
      var stringValue: String
      var intValue: Int?
      init(_ index: Int) { (stringValue, intValue) = ("Index \(index)", index) }
      init?(stringValue: String) { nil }
      init?(intValue: Int) { self.init(intValue) }
    }
    // An element key as Foundation spells it is a position; a key with an integer raw value
    // is still a key.
    let path = JSONPath(codingPath: [Keys.first, ElementKey(4)])
    #expect(path.components == [.key("first"), .index(4)])
    #expect(path.description == "first[4]")
  }

  @Test func aBraceAddedAroundTheTextDoesNotMoveTheReportedColumn() throws {
    let decoder = BinderyDecoder()
    decoder.assumesTopLevelDictionary = true
    let error = try #require(throws: DecodingError.self) {
      try decoder.decode([String: Int].self, from: Data(#""a": 1, "b": }"#.utf8))
    }
    let problem = JSONDecodingProblem(error)
    #expect(problem.kind == .malformedJSON)
    #expect(problem.location?.line == 1 && problem.location?.column == 14)
    guard case .dataCorrupted(let context) = error else {
      Issue.record("expected dataCorrupted, got \(error)")
      return
    }
    #expect(context.debugDescription.contains("1:14:"))
  }
}
