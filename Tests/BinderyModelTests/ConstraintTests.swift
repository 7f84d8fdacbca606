import Bindery
import BinderyTestSupport
import Foundation
import Testing

// `@Constraint` and model rules on every path that reads a model, with their problems and the
// schema they export.

@JSONModel
struct ConstrainedAccount: Equatable {
  @Constraint(.greaterThan(0)) var id: Int
  @Constraint(.length(1...39), .pattern("^[A-Za-z0-9-]+$")) var login: String
  @Constraint(.maxCount(3), .each(.minLength(1))) var tags: [String]
  @Constraint(.in(0...1)) var score: Double
  @Constraint(.multiple(of: 5)) var step: Int?
  @Constraint(.allowed(["a", "b"])) var grade: String?
}

@JSONModel
struct ConstrainedTeam: Equatable {
  @Constraint(.minCount(1)) var members: [ConstrainedAccount]
  @Constraint(.eachValue(.atLeast(0))) var points: [String: Int]
}

@JSONModel(keyStrategy: .snakeCase)
struct ConstrainedEvent: Equatable {
  var name: String
  @Constraint(.hasTimeZone) var startDate: Date
  var endDate: Date
}

extension ConstrainedEvent {
  func checkRules(_ rules: inout JSONRules) {
    rules.require(endDate > startDate, at: \ConstrainedEvent.endDate, "must be after start_date")
  }
}

@JSONModel
struct ConstrainedName {
  @Constraint(.length(2...2)) var name: String
}

/// A class: constraints and rules through its own initializers.
@JSONModel
final class ConstrainedNote {
  @Constraint(.maxLength(5)) var text: String
  @Constraint(.atLeast(1)) var version: Int

  init(text: String, version: Int) {
    self.text = text
    self.version = version
  }
}

@Suite struct ConstraintTests {
  static let valid = #"""
    {"id": 7, "login": "octo-cat", "tags": ["a", "b"], "score": 0.5, "step": 10, "grade": "a"}
    """#

  @Test func aValueThatKeepsEveryConstraintReads() throws {
    let account = try ConstrainedAccount(json: Self.valid)
    #expect(account.id == 7 && account.login == "octo-cat" && account.step == 10)
    // The one-pass path checked it too.
    #expect(ConstrainedAccount._decodesInOnePass)
  }

  @Test func everyViolationIsReportedWithItsPlace() throws {
    let json = """
      {"id": 0,
       "login": "bad login!",
       "tags": ["ok", "", "x", "y"],
       "score": 1.5,
       "step": 12,
       "grade": "c"}
      """
    let error = try #require(throws: JSONDecodingError.self) { try ConstrainedAccount(json: json) }
    let found = error.problems.map {
      "\($0.path) \($0.kind) \($0.location.map { "\($0.line):\($0.column)" } ?? "-")"
    }
    #expect(
      found == [
        "id greaterThan 1:8",
        "login patternMismatch 2:11",
        "tags tooManyElements 3:10",
        "tags[1] stringTooShort 3:17",
        "score lessThanOrEqual 4:11",
        "step multipleOf 5:10",
        "grade notAllowed 6:11",
      ])
    let id = error.problems[0]
    #expect(id.parameters == ["limit": 0, "found": 0])
    #expect(id.message == "expected a number greater than 0, found number 0")
    let tags = error.problems[2]
    #expect(tags.parameters == ["limit": 3, "found": 4])
    #expect(tags.message == "expected at most 3 elements, found 4 elements")
    #expect(error.problems[1].parameters["pattern"] == "^[A-Za-z0-9-]+$")
  }

  @Test func boundsAtInsideAndOutsideTheirLimits() throws {
    func problems(_ id: String, _ login: String, _ score: String) -> [JSONDecodingProblem.Kind] {
      let json = #"{"id": \#(id), "login": "\#(login)", "tags": [], "score": \#(score)}"#
      do {
        _ = try ConstrainedAccount(json: json)
        return []
      } catch {
        return error.problems.map(\.kind)
      }
    }
    #expect(problems("1", "a", "0") == [])
    #expect(problems("0", "a", "0") == [.greaterThan])
    #expect(problems("-1", "a", "1") == [.greaterThan])
    #expect(problems("1", "", "0") == [.stringTooShort, .patternMismatch])
    #expect(problems("1", String(repeating: "a", count: 39), "1") == [])
    #expect(problems("1", String(repeating: "a", count: 40), "1") == [.stringTooLong])
    #expect(problems("1", "a", "-0.0000001") == [.greaterThanOrEqual])
    #expect(problems("1", "a", "1.0000001") == [.lessThanOrEqual])
    // A number too large for the type is out of range, not a constraint's problem.
    #expect(problems("1e30", "a", "0") == [.numberOutOfRange])
  }

  @Test func lengthsCountUnicodeScalars() throws {
    // `é` as `e` and a combining accent is two scalars (one character); `😀` is one scalar.
    #expect((try? ConstrainedName(json: #"{"name": "e\u0301"}"#)) != nil)
    #expect((try? ConstrainedName(json: #"{"name": "😀😀"}"#)) != nil)
    #expect(throws: JSONDecodingError.self) { try ConstrainedName(json: #"{"name": "é"}"#) }
    #expect(throws: JSONDecodingError.self) { try ConstrainedName(json: #"{"name": "😀😀😀"}"#) }
  }

  @Test func nonFiniteNumbersBreakEveryBound() throws {
    let json = #"{"id": 1, "login": "a", "tags": [], "score": NaN}"#
    let error = try #require(throws: JSONDecodingError.self) {
      try ConstrainedAccount(json: json, options: JSONDecodingOptions(reading: .json5))
    }
    #expect(error.problems.map(\.kind) == [.greaterThanOrEqual, .lessThanOrEqual])
    let infinite = #"{"id": 1, "login": "a", "tags": [], "score": Infinity}"#
    let other = try #require(throws: JSONDecodingError.self) {
      try ConstrainedAccount(json: infinite, options: JSONDecodingOptions(reading: .json5))
    }
    #expect(other.problems.map(\.kind) == [.lessThanOrEqual])
  }

  @Test func patternsSeeTheTextTheReaderReplacedInvalidUTF8With() throws {
    // `log\xFFin`: with the invalid byte replaced by U+FFFD, the login no longer matches its
    // pattern; its length counts the replacement as one character.
    var bytes =
      Array(#"{"id": 1, "login": "log"#.utf8) + [0xFF]
      + Array(#"in", "tags": [], "score": 0}"#.utf8)
    var options = JSONDecodingOptions()
    options.reading.invalidUnicode = .replace
    let error = try #require(throws: JSONDecodingError.self) {
      try ConstrainedAccount(json: bytes, options: options)
    }
    #expect(error.problems.map { "\($0.path) \($0.kind)" } == ["login patternMismatch"])
    // Strict reading refuses the byte itself, before any constraint.
    let strict = try #require(throws: JSONDecodingError.self) {
      try ConstrainedAccount(json: bytes)
    }
    #expect(strict.problems.map(\.kind) == [.malformedJSON])
    bytes = Array(#"{"name": "a"#.utf8) + [0xFF] + Array(#""}"#.utf8)
    #expect((try? ConstrainedName(json: bytes, options: options))?.name == "a\u{FFFD}")
  }

  @Test func emptyCollectionsAgainstMinimumCounts() throws {
    let error = try #require(throws: JSONDecodingError.self) {
      try ConstrainedTeam(json: #"{"members": [], "points": {"a": 1, "b": -2}}"#)
    }
    #expect(
      error.problems.map { "\($0.path) \($0.kind)" } == [
        "members tooFewElements", "points.b greaterThanOrEqual",
      ])
  }

  @Test func nestedModelsReportTheirOwnConstraints() throws {
    let json = #"""
      {"members": [
        {"id": 1, "login": "a", "tags": [], "score": 0},
        {"id": -4, "login": "b", "tags": [""], "score": 0}
      ], "points": {}}
      """#
    let error = try #require(throws: JSONDecodingError.self) { try ConstrainedTeam(json: json) }
    #expect(
      error.problems.map { "\($0.path) \($0.kind) \($0.location?.line ?? 0)" }
        == ["members[1].id greaterThan 3", "members[1].tags[0] stringTooShort 3"])
  }

  @Test func everyDecodePathChecks() throws {
    let bad = #"{"id": 0, "login": "a", "tags": [], "score": 0}"#
    // Bytes, one pass and document.
    #expect(throws: JSONDecodingError.self) { try ConstrainedAccount(json: Array(bad.utf8)) }
    let document = try JSONDocument(parsing: bad)
    #expect(throws: JSONDecodingError.self) { try ConstrainedAccount(json: document) }
    // A JSONValue, Foundation objects.
    let value = try JSONValue(parsing: bad)
    #expect(throws: JSONDecodingError.self) { try ConstrainedAccount(json: value) }
    let object = try JSONSerialization.jsonObject(with: Data(bad.utf8))
    let fromObjects = try #require(throws: JSONDecodingError.self) {
      try ConstrainedAccount(foundationObject: object)
    }
    #expect(fromObjects.problems.map { "\($0.path) \($0.kind)" } == ["id greaterThan"])
    // Codable coders: ours and Foundation's.
    #expect(throws: DecodingError.self) {
      try BinderyDecoder().decode(ConstrainedAccount.self, from: Data(bad.utf8))
    }
    do {
      _ = try JSONDecoder().decode(ConstrainedAccount.self, from: Data(bad.utf8))
      Issue.record("JSONDecoder read a value that breaks a constraint")
    } catch let error as DecodingError {
      guard case .dataCorrupted(let context) = error,
        let report = context.underlyingError as? JSONDecodingError
      else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(report.problems.map(\.kind) == [.greaterThan])
    }
  }

  @Test func streamedLinesAreChecked() async throws {
    let bad = #"{"id": 0, "login": "a", "tags": [], "score": 0}"#
    let lines = Array((Self.valid + "\n" + bad + "\n").utf8)
    var read: [Int] = []
    do {
      for try await account in ConstrainedAccount.lines(from: lines) { read.append(account.id) }
      Issue.record("a line that breaks a constraint was read")
    } catch let error as JSONDecodingError {
      #expect(error.problems.map { "\($0.kind) \($0.location?.line ?? 0)" } == ["greaterThan 2"])
    }
    #expect(read == [7])
  }

  @Test func classesCheckConstraintsAndStayStrict() throws {
    let note = try ConstrainedNote(json: #"{"text": "short", "version": 2}"#)
    #expect(note.text == "short")
    let error = try #require(throws: JSONDecodingError.self) {
      try ConstrainedNote(json: #"{"text": "far too long", "version": 0}"#)
    }
    #expect(error.problems.map(\.kind) == [.stringTooLong, .greaterThanOrEqual])
  }

  @Test func aPatchThatBreaksAConstraintChangesNothing() throws {
    var account = try ConstrainedAccount(json: Self.valid)
    let before = account
    let error = try #require(throws: JSONDecodingError.self) {
      try account.update(json: #"{"login": "fine", "tags": ["a", "b", "c", "d"]}"#)
    }
    #expect(account == before)
    #expect(error.problems.map { "\($0.path) \($0.kind)" } == ["tags tooManyElements"])
    let changed = try account.update(json: #"{"score": 1}"#)
    #expect(changed == [\ConstrainedAccount.score] && account.score == 1)
  }

  @Test func rulesAcrossPropertiesReportAtThePropertyTheyName() throws {
    let json = """
      {"name": "launch",
       "start_date": "2024-05-02T10:00:00Z",
       "end_date": "2024-05-01T10:00:00Z"}
      """
    let error = try #require(throws: JSONDecodingError.self) { try ConstrainedEvent(json: json) }
    let problem = try #require(error.problems.first)
    #expect(error.problems.count == 1)
    #expect(problem.kind == .ruleFailed && problem.path.description == "end_date")
    #expect(problem.location?.line == 3 && problem.location?.column == 14)
    #expect(problem.message == "must be after start_date")
    #expect(problem.parameters == ["rule": "must be after start_date"])
    // A rule runs once the properties read: a property's problem comes alone.
    let noZone = """
      {"name": "x", "start_date": "2024-05-02T10:00:00", "end_date": "2024-05-01T10:00:00Z"}
      """
    let other = try #require(throws: JSONDecodingError.self) {
      try ConstrainedEvent(
        json: noZone,
        options: JSONDecodingOptions(
          dates: .firstOf(.iso8601, .dateFormat("yyyy-MM-dd'T'HH:mm:ss"))))
    }
    #expect(other.problems.map(\.kind) == [.missingTimeZone])
  }

  @Test func aTimeZoneIsAZOrAnOffsetAfterTheTime() throws {
    let lenient = JSONDecodingOptions(
      dates: .firstOf(
        .iso8601, .dateFormat("yyyy-MM-dd'T'HH:mm:ssZ"), .dateFormat("yyyy-MM-dd'T'HH:mm:ss")))
    func kinds(_ start: String) -> [JSONDecodingProblem.Kind] {
      let json = #"{"name": "x", "start_date": "\#(start)", "end_date": "2030-01-01T00:00:00Z"}"#
      do {
        _ = try ConstrainedEvent(json: json, options: lenient)
        return []
      } catch {
        return error.problems.map(\.kind)
      }
    }
    #expect(kinds("2024-05-02T10:00:00Z") == [])
    #expect(kinds("2024-05-02T10:00:00+01:00") == [])
    #expect(kinds("2024-05-02T10:00:00-0500") == [])
    #expect(kinds("2024-05-02T10:00:00") == [.missingTimeZone])
  }

  @Test func checksCanBeSkippedForTrustedInput() throws {
    let bad = #"{"id": 0, "login": "", "tags": [], "score": 3}"#
    var options = JSONDecodingOptions()
    options.checksConstraints = false
    let account = try ConstrainedAccount(json: bad, options: options)
    #expect(account.id == 0 && account.score == 3)
  }

  @Test func aValueMadeInCodeIsChecked() throws {
    let account = ConstrainedAccount(
      id: -1, login: "ok", tags: ["", "x"], score: 2, step: nil, grade: "z")
    let problems = account.constraintProblems()
    #expect(
      problems.map { "\($0.path) \($0.kind)" }
        == [
          "id greaterThan", "tags[0] stringTooShort", "score lessThanOrEqual", "grade notAllowed",
        ])
    #expect(problems.allSatisfy { $0.location == nil })
    #expect(throws: JSONDecodingError.self) { try account.checkConstraints() }
    let team = ConstrainedTeam(members: [account], points: [:])
    #expect(team.constraintProblems().map(\.path.description).first == "members[0].id")
    try ConstrainedAccount(json: Self.valid).checkConstraints()
    let event = ConstrainedEvent(
      name: "x", startDate: Date(timeIntervalSince1970: 10), endDate: Date(timeIntervalSince1970: 5)
    )
    #expect(event.constraintProblems().map { "\($0.path) \($0.kind)" } == ["end_date ruleFailed"])
  }

  @Test func theMessageTableCanBeReplaced() throws {
    let error = try #require(throws: JSONDecodingError.self) {
      try ConstrainedAccount(
        json: #"{"id": 1, "login": "a", "tags": ["", "b", "c", "d"], "score": 0}"#)
    }
    var messages = JSONProblemMessages.standard
    messages[.tooManyElements] = { problem in
      "höchstens \(problem.parameters["limit"] ?? "?") Elemente"
    }
    #expect(messages.message(for: error.problems[0]) == "höchstens 3 Elemente")
    // Kinds without an entry keep the standard message.
    #expect(messages.message(for: error.problems[1]) == error.problems[1].message)
  }

  @Test func theSchemaStatesEveryConstraint() throws {
    func definition(_ type: Any.Type) throws -> JSONValue {
      let document = try JSONSchemaBuilder.schema(for: type)
      guard let reference = document["$ref"]?.stringValue else { return document }
      return try #require(document[pointer: String(reference.dropFirst())])
    }
    let schema = try definition(ConstrainedAccount.self)
    let properties = try #require(schema["properties"])
    #expect(properties["id"]?["exclusiveMinimum"] == 0)
    #expect(properties["login"]?["minLength"] == 1)
    #expect(properties["login"]?["maxLength"] == 39)
    #expect(properties["login"]?["pattern"] == "^[A-Za-z0-9-]+$")
    #expect(properties["tags"]?["maxItems"] == 3)
    #expect(properties["tags"]?["items"] == ["type": "string", "minLength": 1])
    #expect(properties["score"]?["minimum"] == 0 && properties["score"]?["maximum"] == 1)
    #expect(properties["step"]?["multipleOf"] == 5)
    #expect(properties["grade"]?["enum"] == ["a", "b"])
    let team = try definition(ConstrainedTeam.self)
    #expect(team["properties"]?["points"]?["additionalProperties"]?["minimum"] == 0)
    #expect(team["properties"]?["members"]?["minItems"] == 1)
  }

  @Test func theSchemaRejectsWhatTheModelRejects() throws {
    let schema = try JSONSchemaBuilder.schema(for: ConstrainedAccount.self)
    let validator = try JSONSchemaValidator(schema: schema)
    let documents = [
      Self.valid,
      #"{"id": 0, "login": "a", "tags": [], "score": 0}"#,
      #"{"id": 1, "login": "a b", "tags": [], "score": 0}"#,
      #"{"id": 1, "login": "a", "tags": ["", "b"], "score": 0}"#,
      #"{"id": 1, "login": "a", "tags": ["a", "b", "c", "d"], "score": 0}"#,
      #"{"id": 1, "login": "a", "tags": [], "score": 0, "step": 7}"#,
      #"{"id": 1, "login": "a", "tags": [], "score": 0, "grade": "q"}"#,
      #"{"id": 1, "login": "é", "tags": [], "score": 0}"#,
      #"{"id": 1, "login": "a", "tags": [], "score": 1.25}"#,
    ]
    for document in documents {
      let modelAccepts = (try? ConstrainedAccount(json: document)) != nil
      let schemaAccepts = try validator.validate(Array(document.utf8)).isEmpty
      #expect(modelAccepts == schemaAccepts, "\(document)")
    }
  }
}
