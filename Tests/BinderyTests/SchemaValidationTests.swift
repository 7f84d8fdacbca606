import Bindery
import BinderyJSON
import BinderyTestSupport
import Foundation
import Testing

/// The JSON Schema validator: the official suite's required tests for every draft, failures
/// named with their line and column, exact numbers and strings, and bad schemas and documents.
@Suite struct SchemaValidationTests {
  static let suite = Fixtures.folder() + "/JSONSchemaTestSuite"

  /// The suite's `remotes` folder, by the URIs its tests use for it.
  static let remotes: [String: JSONValue] = {
    var documents: [String: JSONValue] = [:]
    let root = suite + "/remotes"
    let files = FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []
    for file in files where file.hasSuffix(".json") {
      guard let data = FileManager.default.contents(atPath: root + "/" + file),
        let value = try? JSONValue(parsing: [UInt8](data))
      else { continue }
      documents["http://localhost:1234/" + file] = value
    }
    return documents
  }()

  @Test(
    "The official suite's required tests pass",
    arguments: [
      ("draft4", JSONSchemaDraft.draft4, 618), ("draft6", .draft6, 839), ("draft7", .draft7, 927),
      ("draft2019-09", .draft2019, 1_259), ("draft2020-12", .draft2020, 1_299),
    ])
  func officialSuite(folder: String, draft: JSONSchemaDraft, count: Int) throws {
    #expect(Self.remotes.count > 60)
    let directory = Self.suite + "/tests/" + folder
    let files = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    var run = 0
    var wrong: [String] = []
    for file in files where file.hasSuffix(".json") {
      let data = try #require(FileManager.default.contents(atPath: directory + "/" + file))
      guard case .array(let cases) = try JSONValue(parsing: [UInt8](data)) else {
        Issue.record("\(file) is not an array of cases")
        continue
      }
      for testCase in cases {
        let schema = try #require(testCase[path: "schema"])
        let name = testCase[path: "description"]?.stringValue ?? "?"
        let tests = testCase[path: "tests"]?.arrayValue ?? []
        let validator: JSONSchemaValidator
        do {
          validator = try JSONSchemaValidator(schema: schema, draft: draft, resources: Self.remotes)
        } catch {
          wrong.append("\(file): \(name): does not compile: \(error)")
          run += tests.count
          continue
        }
        for test in tests {
          run += 1
          let valid = test[path: "valid"] == .bool(true)
          let failures = validator.validate(test[path: "data"] ?? .null)
          // The verdict alone (no report) agrees with the report.
          if validator.isValid(test[path: "data"] ?? .null) != failures.isEmpty {
            wrong.append("\(file): \(name): the verdict and the report disagree")
          }
          // Read in place from the document's text, the report is the same.
          let text = try (test[path: "data"] ?? .null).jsonBytes()
          let inPlace = try validator.validate(JSONDocument(parsing: text)).map {
            var failure = $0
            failure.location = nil
            return failure
          }
          if inPlace != failures {
            wrong.append("\(file): \(name): a document read in place is reported otherwise")
          }
          if failures.isEmpty != valid {
            let what = test[path: "description"]?.stringValue ?? "?"
            wrong.append("\(file): \(name) / \(what): expected \(valid), \(failures.prefix(2))")
          }
        }
      }
    }
    #expect(run == count)
    #expect(
      wrong.isEmpty, "\(wrong.count) of \(run) wrong:\n\(wrong.prefix(20).joined(separator: "\n"))")
  }

  /// The suite's optional format tests, run with formats asserted.
  @Test(
    "The official suite's format tests pass for the formats asserted",
    arguments: [
      ("draft4", JSONSchemaDraft.draft4, 219), ("draft6", .draft6, 325), ("draft7", .draft7, 676),
      ("draft2019-09", .draft2019, 757), ("draft2020-12", .draft2020, 764),
    ])
  func formatSuite(folder: String, draft: JSONSchemaDraft, count: Int) throws {
    let directory = Self.suite + "/tests/" + folder + "/optional/format"
    var run = 0
    var wrong: [String] = []
    for file in try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    where file.hasSuffix(".json") {
      let data = try #require(FileManager.default.contents(atPath: directory + "/" + file))
      for testCase in try JSONValue(parsing: [UInt8](data)).arrayValue ?? [] {
        let name = testCase[path: "description"]?.stringValue ?? "?"
        let validator = try JSONSchemaValidator(
          schema: #require(testCase[path: "schema"]), draft: draft, assertsFormats: true)
        for test in testCase[path: "tests"]?.arrayValue ?? [] {
          let what = test[path: "description"]?.stringValue ?? "?"
          run += 1
          let valid = test[path: "valid"] == .bool(true)
          if validator.validate(test[path: "data"] ?? .null).isEmpty != valid {
            wrong.append("\(file): \(name) / \(what): expected \(valid)")
          }
        }
      }
    }
    #expect(run == count)
    #expect(wrong.isEmpty, "\(wrong.count) of \(run) wrong:\n\(wrong.joined(separator: "\n"))")
  }

  /// The suite's optional tests of ECMA-262 patterns: `\d`, `\w`, `\s` and `$` as ECMA-262
  /// defines them, `\p{…}` properties, control escapes, and scalars outside the BMP.
  @Test(
    "The official suite's pattern tests pass",
    arguments: [
      ("draft4", JSONSchemaDraft.draft4), ("draft6", .draft6), ("draft7", .draft7),
      ("draft2019-09", .draft2019), ("draft2020-12", .draft2020),
    ])
  func patternSuite(folder: String, draft: JSONSchemaDraft) throws {
    var run = 0
    var wrong: [String] = []
    for file in ["ecmascript-regex.json", "non-bmp-regex.json"] {
      let path = Self.suite + "/tests/" + folder + "/optional/" + file
      let data = try #require(FileManager.default.contents(atPath: path))
      for testCase in try JSONValue(parsing: [UInt8](data)).arrayValue ?? [] {
        let name = testCase[path: "description"]?.stringValue ?? "?"
        let validator = try JSONSchemaValidator(
          schema: #require(testCase[path: "schema"]), draft: draft)
        for test in testCase[path: "tests"]?.arrayValue ?? [] {
          run += 1
          let valid = test[path: "valid"] == .bool(true)
          if validator.validate(test[path: "data"] ?? .null).isEmpty != valid {
            let what = test[path: "description"]?.stringValue ?? "?"
            wrong.append("\(file): \(name) / \(what): expected \(valid)")
          }
        }
      }
    }
    #expect(run == 86)
    #expect(wrong.isEmpty, "\(wrong.count) of \(run) wrong:\n\(wrong.joined(separator: "\n"))")
  }

  /// The suite's output tests: each `basic` output validates against the schema the test gives
  /// for it (failures, and for a valid value the annotations, such as `readOnly`'s).
  @Test("The official suite's output tests pass", arguments: ["draft2019-09", "draft2020-12"])
  func outputSuite(folder: String) throws {
    let directory = Self.suite + "/output-tests/" + folder
    let outputSchema = try JSONValue(
      parsing: [UInt8](
        #require(FileManager.default.contents(atPath: directory + "/output-schema.json"))))
    let outputURI = try #require(outputSchema[path: "$id"]?.stringValue)
    var run = 0
    for file in try FileManager.default.contentsOfDirectory(atPath: directory + "/content").sorted()
    {
      let data = try #require(FileManager.default.contents(atPath: directory + "/content/" + file))
      for testCase in try JSONValue(parsing: [UInt8](data)).arrayValue ?? [] {
        let validator = try JSONSchemaValidator(schema: #require(testCase[path: "schema"]))
        for test in testCase[path: "tests"]?.arrayValue ?? [] {
          run += 1
          let output = validator.output(test[path: "data"] ?? .null, format: .basic)
          let expectation = try JSONSchemaValidator(
            schema: #require(test[path: "output.basic"]), resources: [outputURI: outputSchema])
          let failures = expectation.validate(output)
          #expect(failures.isEmpty, "\(file): \(output): \(failures)")
        }
      }
    }
    #expect(run == 4)
    // Every format's output is valid against the output schema.
    let outputs = try JSONSchemaValidator(schema: outputSchema)
    let nested = try JSONSchemaValidator(
      schema: [
        "properties": [
          "a": ["$ref": "#/$defs/positive"], "b": ["items": ["$ref": "#/$defs/positive"]],
        ],
        "$defs": ["positive": ["type": "integer", "minimum": 1]],
      ])
    let value: JSONValue = ["a": 0, "b": [1, "x", -2]]
    for format in [JSONSchemaOutputFormat.flag, .basic, .detailed] {
      let output = nested.output(value, format: format)
      #expect(outputs.validate(output).isEmpty, "\(format): \(output)")
    }
    // The detailed form nests each failure under the subschemas that led to it.
    let detailed = nested.output(value, format: .detailed)
    #expect(detailed[path: "errors"]?.arrayValue?.count == 2)
    #expect(detailed[path: "errors[0].keywordLocation"] == "/properties/a/$ref/minimum")
    #expect(detailed[path: "errors[1].keywordLocation"] == "/properties/b")
    #expect(detailed[path: "errors[1].errors"]?.arrayValue?.count == 2)
    #expect(
      detailed[path: "errors[1].errors[0].keywordLocation"] == "/properties/b/items/$ref/type")
    #expect(detailed[path: "errors[1].errors[1].instanceLocation"] == "/b/2")
    let flag = try JSONSchemaValidator(schema: ["type": "string"])
    #expect(flag.output(1, format: .flag) == ["valid": false])
    #expect(
      flag.output("a", format: .basic) == [
        "valid": true, "keywordLocation": "", "instanceLocation": "",
      ])
    #expect(flag.output("a", format: .flag) == ["valid": true])

    // A valid value's output lists the annotations of the schemas that applied, and only those.
    let annotated = try JSONSchemaValidator(
      schema: [
        "title": "Event",
        "properties": [
          "id": ["type": "integer", "description": "The event's id"],
          "tags": ["items": ["type": "string", "title": "Tag"]],
        ],
        "anyOf": [["description": "Any"], ["type": "string", "description": "Text"]],
      ])
    let output = annotated.output(["id": 1, "tags": ["x", "y"]], format: .basic)
    #expect(outputs.validate(output).isEmpty, "\(output)")
    // The output and each annotation in it are output units of the output schema.
    let units = try JSONSchemaValidator(
      schema: [
        "$ref": .string(outputURI + "#/$defs/outputUnit"),
        "properties": [
          "annotations": ["items": ["$ref": .string(outputURI + "#/$defs/outputUnit")]]
        ],
      ], resources: [outputURI: outputSchema])
    #expect(units.validate(output).isEmpty, "\(units.validate(output))")
    let notes = (output[path: "annotations"]?.arrayValue ?? []).map {
      "\($0[path: "instanceLocation"]?.stringValue ?? "?") \($0[path: "keywordLocation"]?.stringValue ?? "?") \($0[path: "annotation"]?.stringValue ?? "?")"
    }
    #expect(
      notes.sorted() == [
        " /anyOf/0/description Any", " /title Event",
        "/id /properties/id/description The event's id",
        "/tags/0 /properties/tags/items/title Tag", "/tags/1 /properties/tags/items/title Tag",
      ])
    #expect(
      output[path: "annotations[0].absoluteKeywordLocation"]?.stringValue?.hasPrefix(
        "bindery:/schema.json#/") == true)
    // An invalid value's output has its errors, no annotations.
    let invalid = annotated.output(["id": "one"], format: .basic)
    #expect(invalid[path: "annotations"] == nil)
    #expect(invalid[path: "errors[0].keywordLocation"] == "/properties/id/type")
  }

  @Test("Every failure in a real document, with its line and column")
  func realDocument() throws {
    // GitHub's events API, and a schema a user might write for it (apps' logins end in `[bot]`).
    let schema = try JSONValue(parsing: Fixtures.bytes("github-events.schema.json", root: true))
    let validator = try JSONSchemaValidator(schema: schema)
    let events = try Fixtures.bytes("github-events.json", root: true)
    let clean = try validator.validate(events)
    #expect(clean.isEmpty, "\(clean)")

    // Three kinds of mistake, one of them in two events: each is reported, where it is.
    var text = String(decoding: events, as: UTF8.self)
    text = text.replacing(#""login": "k-ostrowski""#, with: #""login": "k ostrowski""#)
    text = text.replacing(#""id": "43511937137""#, with: #""id": 43511937137"#)
    text = text.replacing(#""type": "WatchEvent""#, with: #""type": "StarEvent""#)
    let failures = try validator.validate(Array(text.utf8))
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    func line(of needle: String) -> Int {
      (lines.firstIndex { $0.contains(needle) } ?? -1) + 1
    }
    let found = failures.map { "\($0.instancePath) \($0.keyword) \($0.location?.line ?? 0)" }
    #expect(found.contains("[0].id type \(line(of: #""id": 43511937137"#))"), "\(failures)")
    #expect(found.contains("[1].actor.login pattern \(line(of: "k ostrowski"))"), "\(failures)")
    let star = try #require(failures.first { $0.keyword == "enum" })
    #expect(star.location?.line == line(of: "StarEvent"))
    #expect(star.keywordLocation.hasPrefix("/items/$ref/properties/type/enum"))
    #expect(star.absoluteKeywordLocation.hasSuffix("#/$defs/event/properties/type/enum"))
    #expect(failures.filter { $0.keyword == "enum" }.count == 2)
    #expect(failures.count == 4, "\(failures.map(\.description).joined(separator: "\n"))")
    let login = try #require(failures.first { $0.keyword == "pattern" })
    #expect(login.location?.column == 16)
  }

  @Test("One validator checks documents from many tasks at once")
  func sharedBetweenTasks() async throws {
    let schema = try JSONValue(parsing: Fixtures.bytes("github-events.schema.json", root: true))
    let validator = try JSONSchemaValidator(schema: schema, assertsFormats: true)
    let events = try Fixtures.bytes("github-events.json", root: true)
    var broken = String(decoding: events, as: UTF8.self)
    broken = broken.replacing(#""login": "k-ostrowski""#, with: #""login": "k ostrowski""#)
    let bad = Array(broken.utf8)
    let counts = try await withThrowingTaskGroup(of: (Int, Int).self) { group in
      for _ in 0..<8 {
        group.addTask {
          (try validator.validate(events).count, try validator.validate(bad).count)
        }
      }
      return try await group.reduce(into: [(Int, Int)]()) { $0.append($1) }
    }
    #expect(counts.count == 8)
    #expect(counts.allSatisfy { $0 == (0, 1) })
  }

  @Test("Numbers compare and divide as exact decimals")
  func exactNumbers() throws {
    func valid(_ schema: String, _ instance: String) throws -> Bool {
      try JSONSchemaValidator(schema: JSONValue(parsing: schema)).isValid(
        JSONValue(parsing: instance))
    }
    #expect(try valid(#"{"multipleOf": 0.01}"#, "19.99"))
    #expect(try valid(#"{"multipleOf": 0.0001}"#, "0.0075"))
    #expect(try !valid(#"{"multipleOf": 0.0001}"#, "0.00751"))
    #expect(try valid(#"{"multipleOf": 5}"#, "1e400"))
    #expect(try !valid(#"{"multipleOf": 7}"#, "1e400"))
    #expect(try !valid(#"{"maximum": 9007199254740992}"#, "9007199254740993"))
    #expect(try valid(#"{"maximum": 9007199254740992}"#, "9007199254740992.0"))
    #expect(try valid(#"{"type": "integer"}"#, "1.0e3"))
    // Draft 4 defines an integer as a number written without a fraction or exponent.
    let draft4 = try JSONSchemaValidator(schema: ["type": "integer"], draft: .draft4)
    #expect(try draft4.isValid(JSONValue(parsing: "1000")))
    #expect(try !draft4.isValid(JSONValue(parsing: "1.0e3")))
    // JSON5's non-finite numbers are numbers but never integers.
    let json5 = JSONReadingOptions(allowsJSON5: true)
    let integer = try JSONSchemaValidator(schema: ["type": "integer"])
    #expect(try integer.validate(Array("NaN".utf8), options: json5).map(\.keyword) == ["type"])
    #expect(try draft4.validate(Array("Infinity".utf8), options: json5).map(\.keyword) == ["type"])
    #expect(try !valid(#"{"type": "integer"}"#, "1.5"))
    #expect(try valid(#"{"exclusiveMinimum": -1e-400}"#, "0"))
  }

  @Test("A document is checked in place as its value would be: repeated keys by its policy")
  func documentInPlace() throws {
    let schema = try JSONSchemaValidator(
      schema: JSONValue(
        parsing:
          #"{"properties": {"a": {"type": "integer"}}, "required": ["a"], "maxProperties": 1}"#))
    let text = Array(#"{"a": 1, "a": "one"}"#.utf8)
    for policy in [JSONReadingOptions.DuplicateKeyPolicy.firstWins, .lastWins] {
      let options = JSONReadingOptions(duplicateKeys: policy)
      let inPlace = try schema.validate(text, options: options)
      let asValue = try schema.validate(JSONValue(parsing: text, options: options))
      #expect(inPlace.map(\.keyword) == asValue.map(\.keyword), "\(policy)")
      #expect(inPlace.map(\.keyword) == (policy == .firstWins ? [] : ["type"]), "\(policy)")
    }
    // JSON5 numbers are read as the value reads them; a failure names its line and column.
    let json5 = JSONReadingOptions(allowsJSON5: true)
    let failures = try schema.validate(Array("{\n  a: 0x10,\n}".utf8), options: json5)
    #expect(failures.isEmpty)
    let wrong = try schema.validate(Array("{\n  a: +1.5,\n}".utf8), options: json5)
    #expect(wrong.map(\.keyword) == ["type"])
    #expect(wrong.first?.location?.line == 2)
    #expect(wrong.first?.location?.column == 6)
  }

  @Test("Strings are measured and compared by Unicode scalars")
  func unicodeStrings() throws {
    let decomposed = "e\u{301}"  // é as e and a combining accent: two scalars
    let validator = try JSONSchemaValidator(schema: ["maxLength": 1, "const": "\u{E9}"])
    let failures = validator.validate(.string(decomposed))
    #expect(Set(failures.map(\.keyword)) == ["maxLength", "const"])
    #expect(validator.validate(.string("\u{E9}")).isEmpty)
    // Member names are matched by code points too: the decomposed name is not the property.
    let members = try JSONSchemaValidator(
      schema: ["properties": ["\u{E9}": ["type": "integer"]], "additionalProperties": false])
    #expect(members.validate([decomposed: 1]).map(\.keyword) == ["additionalProperties"])
    #expect(members.validate(["\u{E9}": "x"]).map(\.keyword) == ["type"])
    #expect(members.isValid(["\u{E9}": 1]))
  }

  @Test("A bad schema is refused with where it is wrong")
  func badSchemas() throws {
    #expect {
      try JSONSchemaValidator(schema: ["properties": ["a": ["$ref": "#/$defs/missing"]]])
    } throws: { error in
      let error = try #require(error as? InvalidJSONSchema)
      return error.schemaLocation.hasSuffix("#/properties/a/$ref")
        && error.message.contains("#/$defs/missing")
    }
    #expect {
      try JSONSchemaValidator(schema: ["pattern": "(unclosed"])
    } throws: { error in
      (error as? InvalidJSONSchema)?.schemaLocation.hasSuffix("#/pattern") == true
    }
    #expect(throws: InvalidJSONSchema.self) {
      try JSONSchemaValidator(schema: ["$ref": "http://example.com/elsewhere.json"])
    }
  }

  @Test("A file loader finds referenced schemas under a mapped prefix and by file URIs")
  func fileLoader() throws {
    let folder = NSTemporaryDirectory() + "bindery-loader-\(getpid())"
    try FileManager.default.createDirectory(
      atPath: folder + "/nested", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try #"{"type": "integer", "minimum": 1}"#.write(
      toFile: folder + "/nested/positive.json", atomically: true, encoding: .utf8)
    try #"{"type": "string"}"#.write(
      toFile: folder + "/name.json", atomically: true, encoding: .utf8)
    let loader = JSONSchemaValidator.fileLoader(mapping: ["https://example.com/s/": folder])
    let validator = try JSONSchemaValidator(
      schema: [
        "properties": [
          "id": ["$ref": "https://example.com/s/nested/positive.json"],
          "name": ["$ref": .string(URL(fileURLWithPath: folder + "/name.json").absoluteString)],
        ]
      ], loader: loader)
    #expect(validator.isValid(["id": 3, "name": "x"]))
    #expect(validator.validate(["id": 0, "name": 1]).map(\.keyword) == ["minimum", "type"])
    #expect(throws: InvalidJSONSchema.self) {
      try JSONSchemaValidator(
        schema: ["$ref": "https://example.com/s/missing.json"], loader: loader)
    }
  }

  @Test("References that make no progress fail instead of looping")
  func referenceCycles() throws {
    let itself = try JSONSchemaValidator(schema: ["$ref": "#"])
    #expect(itself.validate(1).first?.message.contains("come back to themselves") == true)
    let pair = try JSONSchemaValidator(
      schema: [
        "$defs": ["a": ["$ref": "#/$defs/b"], "b": ["$ref": "#/$defs/a"]], "$ref": "#/$defs/a",
      ])
    #expect(!pair.isValid(["x": 1]))
    // A recursive schema that moves into the value each time is fine.
    let tree = try JSONSchemaValidator(
      schema: ["type": "array", "items": ["$ref": "#"]])
    #expect(tree.isValid([[[], [[]]]]))
    #expect(!tree.isValid([[[], [1]]]))
  }

  @Test("Deep documents: too deep to read is an error; deeper than the validator follows fails")
  func deepDocuments() throws {
    let validator = try JSONSchemaValidator(schema: ["items": ["$ref": "#"], "type": "array"])
    let tooDeep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
    #expect(throws: JSONReadError.self) { try validator.validate(Array(tooDeep.utf8)) }
    // As deep as the reader goes by default: each level is two schemas (`items`, `$ref`),
    // evaluated across several threads' stacks.
    let deep = String(repeating: "[", count: 511) + "1" + String(repeating: "]", count: 511)
    let failures = try validator.validate(Array(deep.utf8))
    #expect(failures.count == 1)
    #expect(failures.first?.keyword == "type")
    #expect(failures.first?.instancePath.components.count == 511)
    #expect(failures.first?.location?.column == 512)
    // Deeper than the validator follows: one failure that says so, where it stopped.
    var options = JSONReadingOptions.strict
    options.maxDepth = 2_000
    let deeper = String(repeating: "[", count: 1_500) + String(repeating: "]", count: 1_500)
    let stopped = try validator.validate(Array(deeper.utf8), options: options)
    #expect(stopped.count == 1)
    #expect(stopped.first?.message.contains("nested deeper") == true)
  }
}
