import BinderyJSON
import BinderyTestSupport
import Foundation
import Testing

/// The RFC 8259 corpus in `Fixtures/pass` and `Fixtures/fail` (written by
/// `Fixtures/generate_conformance.py`, with error positions stated by hand).
@Suite("RFC 8259 conformance")
struct ConformanceTests {
  struct Expectation: Decodable {
    var kind: String
    var offset: Int
    var line: Int
    var column: Int
  }

  static let passing = Fixtures.names(in: "pass")
  static let failing = Fixtures.names(in: "fail")
  static let expectations: [String: Expectation] = {
    guard let bytes = try? Fixtures.bytes("fail/expectations.json") else { return [:] }
    return (try? JSONDecoder().decode([String: Expectation].self, from: Data(bytes))) ?? [:]
  }()

  @Test func corpusCoversAtLeast150Cases() {
    #expect(Self.passing.count + Self.failing.count - 1 >= 150)
    #expect(Self.passing.count >= 60)
    // Every failing file states what it expects, and every expectation has its file.
    let failFiles = Set(Self.failing).subtracting(["expectations.json"])
    #expect(failFiles == Set(Self.expectations.keys))
  }

  @Test(arguments: passing)
  func acceptsValidDocument(_ name: String) throws {
    let bytes = try Fixtures.bytes("pass/" + name)
    let document = try JSONDocument(parsing: bytes)
    // Reading is lossless: writing the value and reading it back gives the same value.
    let value = document.root.value()
    let written = try value.jsonBytes()
    #expect(try JSONValue(parsing: written) == value, "round trip of \(name)")
  }

  @Test(arguments: failing.filter { $0 != "expectations.json" })
  func rejectsInvalidDocumentAtStatedPosition(_ name: String) throws {
    let bytes = try Fixtures.bytes("fail/" + name)
    let expected = try #require(Self.expectations[name])
    let error = try #require(Reading.error(bytes), "\(name) was accepted")
    #expect(error.kind.description == expected.kind, "\(name): \(error)")
    #expect(error.location?.offset == expected.offset, "\(name): \(error)")
    #expect(error.location?.line == expected.line, "\(name): \(error)")
    #expect(error.location?.column == expected.column, "\(name): \(error)")
  }

  @Test func passFixturesAgreeWithFoundation() throws {
    // A differential check on the corpus: whatever Bindery accepts, JSONSerialization accepts.
    for name in Self.passing
    where !name.hasPrefix("number_huge") && !name.hasPrefix("number_400")
      && !name.hasPrefix("nesting")
    {
      let bytes = try Fixtures.bytes("pass/" + name)
      #expect(
        (try? JSONSerialization.jsonObject(with: Data(bytes), options: .fragmentsAllowed)) != nil,
        "\(name)")
    }
  }
}
