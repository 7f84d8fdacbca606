import Bindery
import BinderyTestSupport
import Foundation
import Testing

// Constraints a user would write on twitter.json's statuses (real data), checked against
// pydantic's verdict on the same constraints and Python jsonschema's verdict on the schema the
// model exports, over the statuses mutated in several places at once
// (`Scripts/constraint-differential.py` writes the cases).

@JSONModel
struct ConstrainedStatus {
  @Constraint(.greaterThan(0)) var id: Int64
  @Constraint(.pattern("^[0-9]+$")) var id_str: String
  @Constraint(.length(1...140)) var text: String
  @Constraint(.allowed(["ja", "zh", "en", "ko", "es"])) var lang: String
  @Constraint(.atLeast(0)) var retweet_count: Int
  @Constraint(.atLeast(0)) var favorite_count: Int
  var user: ConstrainedTwitterUser
  var entities: ConstrainedEntities
}

@JSONModel
struct ConstrainedTwitterUser {
  @Constraint(.greaterThan(0)) var id: Int64
  @Constraint(.pattern("^[A-Za-z0-9_]{1,15}$")) var screen_name: String
  @Constraint(.maxLength(50)) var name: String
  @Constraint(.atLeast(0)) var followers_count: Int
}

@JSONModel
struct ConstrainedEntities {
  @Constraint(.maxCount(10)) var hashtags: [ConstrainedHashtag]
}

@JSONModel
struct ConstrainedHashtag {
  @Constraint(.minLength(1)) var text: String
}

@Suite struct ConstraintDifferentialTests {
  static let schemaFixture = "constrained-status.schema.json"

  /// The schema the Python script validates with is the one the model exports
  /// (`BINDERY_WRITE_FIXTURES=1` writes it anew).
  @Test func theSchemaFixtureIsTheModelsSchema() throws {
    let schema = try JSONSchemaBuilder.schema(for: ConstrainedStatus.self)
    let path = Fixtures.folder() + "/" + Self.schemaFixture
    if ProcessInfo.processInfo.environment["BINDERY_WRITE_FIXTURES"] != nil {
      let text = try schema.jsonString(options: .pretty) + "\n"
      try text.write(toFile: path, atomically: true, encoding: .utf8)
    }
    let fixture = try JSONValue(parsing: try Fixtures.bytes(Self.schemaFixture))
    #expect(schema == fixture)
  }

  /// pydantic's kinds, as ours.
  static let kinds: [String: JSONDecodingProblem.Kind] = [
    "greater_than": .greaterThan, "greater_than_equal": .greaterThanOrEqual,
    "less_than": .lessThan, "less_than_equal": .lessThanOrEqual, "multiple_of": .multipleOf,
    "string_too_short": .stringTooShort, "string_too_long": .stringTooLong,
    "string_pattern_mismatch": .patternMismatch, "too_short": .tooFewElements,
    "too_long": .tooManyElements, "literal_error": .notAllowed,
  ]

  @Test func pydanticAndJSONSchemaGiveTheSameVerdicts() throws {
    let twitter = URL(fileURLWithPath: Fixtures.repositoryRoot())
      .appendingPathComponent("Benchmarks/Corpora/twitter.json")
    let corpus = try JSONValue(parsing: Array(try Data(contentsOf: twitter)))
    guard case .array(let statuses)? = corpus["statuses"] else {
      Issue.record("no statuses")
      return
    }
    let fixture = try JSONValue(parsing: try Fixtures.bytes("constraint-cases.json"))
    guard case .array(let cases)? = fixture["cases"] else {
      Issue.record("no cases")
      return
    }
    #expect(cases.count == 300)
    var rejected = 0
    for (number, testCase) in cases.enumerated() {
      guard case .number(let index)? = testCase["status"], let position = Int(index.text),
        case .array(let sets)? = testCase["set"], case .array(let errors)? = testCase["pydantic"],
        case .bool(let schemaAccepts)? = testCase["jsonschema"]
      else {
        Issue.record("case \(number) is malformed")
        continue
      }
      var status = statuses[position]
      for set in sets {
        guard case .array(let path)? = set[0], let value = set[1] else { continue }
        status = Self.setting(status, path[...], to: value)
      }
      // pydantic's errors: each location with its kind.
      var expected: [String: JSONDecodingProblem.Kind] = [:]
      for error in errors {
        guard case .array(let location)? = error[0], let type = error[1]?.stringValue,
          let kind = Self.kinds[type]
        else {
          Issue.record("case \(number): unexpected pydantic error \(error)")
          continue
        }
        expected[Self.pathText(location)] = kind
      }
      let bytes = try status.jsonBytes()
      var found: [String: [JSONDecodingProblem.Kind]] = [:]
      do {
        _ = try ConstrainedStatus(json: bytes)
      } catch {
        for problem in error.problems {
          found[problem.path.description, default: []].append(problem.kind)
          // Each problem has the position of its value in the text.
          #expect(problem.location != nil, "case \(number): \(problem)")
        }
      }
      if !found.isEmpty { rejected += 1 }
      // The same values fail; pydantic gives the first constraint a value breaks, the model
      // every one (an empty string breaks both a minimum length and `{1,15}`).
      #expect(
        Set(found.keys) == Set(expected.keys),
        "case \(number): pydantic \(expected), Bindery \(found)")
      for (path, kind) in expected {
        #expect(found[path]?.contains(kind) == true, "case \(number) at \(path)")
      }
      // The exported schema accepts exactly what the model accepts.
      #expect(schemaAccepts == found.isEmpty, "case \(number): jsonschema \(schemaAccepts)")
    }
    // The cases are not all valid, nor all invalid.
    #expect(rejected > 150 && rejected < 300)
  }

  /// A pydantic location (`["user", "screen_name"]`, `["entities", "hashtags", 0, "text"]`)
  /// as a JSON path's text.
  static func pathText(_ location: [JSONValue]) -> String {
    var text = ""
    for component in location {
      if case .number(let index) = component {
        text += "[\(index.text)]"
      } else if let key = component.stringValue {
        text += text.isEmpty ? key : "." + key
      }
    }
    return text
  }

  /// `value` with `new` at `path` (keys and indices).
  static func setting(_ value: JSONValue, _ path: ArraySlice<JSONValue>, to new: JSONValue)
    -> JSONValue
  {
    guard let first = path.first else { return new }
    switch (value, first) {
    case (.object(var object), .string(let key)):
      object[key] = setting(object[key] ?? .null, path.dropFirst(), to: new)
      return .object(object)
    case (.array(var array), .number(let number)):
      guard let index = Int(number.text), array.indices.contains(index) else { return value }
      array[index] = setting(array[index], path.dropFirst(), to: new)
      return .array(array)
    default:
      return value
    }
  }
}
