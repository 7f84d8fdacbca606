import BinderyTestSupport
import Foundation
import Testing

/// Runs the built `bindery` executable as a process, end to end.
@Suite("bindery command line")
struct CLITests {
  struct Run {
    var status: Int32
    var output: String
    var error: String
  }

  static var executable: URL { Fixtures.builtExecutable("bindery") }

  static func run(_ arguments: [String], input: String? = nil) throws -> Run {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: Fixtures.repositoryRoot())
    let output = Pipe()
    let error = Pipe()
    let standardInput = Pipe()
    process.standardOutput = output
    process.standardError = error
    process.standardInput = standardInput
    try process.run()
    if let input { standardInput.fileHandleForWriting.write(Data(input.utf8)) }
    try standardInput.fileHandleForWriting.close()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let err = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Run(
      status: process.terminationStatus, output: String(decoding: out, as: UTF8.self),
      error: String(decoding: err, as: UTF8.self))
  }

  static let feed = "Samples/flickr-public-feed.json"

  @Test func validateReportsLikeACompiler() throws {
    let strict = try Self.run(["validate", Self.feed])
    #expect(strict.status == 1)
    #expect(
      strict.error.hasPrefix("Samples/flickr-public-feed.json:9:34: error: invalid escape '\\''"))
    let lenient = try Self.run(["validate", "--allow-escaped-apostrophe", Self.feed])
    #expect(lenient.status == 0)
    #expect(lenient.output.contains("flickr-public-feed.json: valid JSON"))
  }

  @Test func validateManyFilesExitsWithTheWorstStatus() throws {
    let run = try Self.run(["validate", "Samples/statistics.json", Self.feed])
    #expect(run.status == 1)
    #expect(run.output.contains("statistics.json: valid JSON"))
    let missing = try Self.run(["validate", "Samples/statistics.json", "Samples/missing.json"])
    #expect(missing.status == 2)
    #expect(missing.error.contains("missing.json: no such file"))
  }

  @Test func directoryOrMissingFileIsAnIOError() throws {
    let directory = try Self.run(["validate", "Samples"])
    #expect(directory.status == 2)
    #expect(directory.error.contains("is a directory"))
    let format = try Self.run(["format", "no/such/file.json"])
    #expect(format.status == 2)
  }

  @Test func usageErrorsExitWithTwo() throws {
    #expect(try Self.run(["validate"]).status == 2)
    #expect(try Self.run(["format", "--indent", "99", Self.feed]).status == 2)
    #expect(try Self.run(["frobnicate"]).status == 2)
    #expect(try Self.run(["query", "a..b", Self.feed]).status == 2)
    let unknown = try Self.run(["validate", "--strictly", Self.feed])
    #expect(unknown.status == 2)
    #expect(unknown.error.hasPrefix("Error: unknown option '--strictly'"))
    let extra = try Self.run(["format", Self.feed, Self.feed])
    #expect(extra.status == 2)
    #expect(extra.error.contains("unexpected argument"))
    let choice = try Self.run(["validate", "--duplicate-keys", "any", Self.feed])
    #expect(choice.error.contains("--duplicate-keys must be one of first, last, reject, not 'any'"))
    let noValue = try Self.run(["validate", Self.feed, "--max-depth"])
    #expect(noValue.error.contains("missing value for '--max-depth'"))
  }

  @Test func helpListsTheSubcommandsAndEachOnesOptions() throws {
    let overview = try Self.run(["help"])
    #expect(overview.status == 0)
    for name in ["validate", "format", "query", "generate"] {
      #expect(overview.output.contains("\n  \(name) "))
    }
    let validate = try Self.run(["validate", "--help"])
    #expect(validate.status == 0)
    #expect(validate.output.contains("USAGE: bindery validate [<options>] <files> ..."))
    #expect(validate.output.contains("--allow-escaped-apostrophe"))
    #expect(validate.output.contains("-q, --quiet"))
    #expect(try Self.run(["help", "generate"]).output.contains("--at <path>"))
    #expect(try Self.run([]).status == 2)
  }

  @Test func optionValuesMayFollowAnEqualsSignAndArgumentsADoubleDash() throws {
    let indented = try Self.run(["format", "--indent=4", "-"], input: #"{"a":[1]}"#)
    #expect(indented.status == 0)
    #expect(indented.output == "{\n    \"a\": [\n        1\n    ]\n}\n")
    let quiet = try Self.run(["validate", "-q", "--", Self.feed], input: nil)
    #expect(quiet.status == 1)
  }

  @Test func readsStandardInput() throws {
    let valid = try Self.run(["validate", "-"], input: "[1, 2]")
    #expect(valid.status == 0)
    let invalid = try Self.run(["validate", "-"], input: "{\n  \"a\": 1,\n}")
    #expect(invalid.status == 1)
    #expect(
      invalid.error.hasPrefix(
        "<stdin>:3:1: error: expected a key after ',', found '}' (trailing commas are not allowed)")
    )
  }

  @Test func formatsPrettyCompactAndSorted() throws {
    let pretty = try Self.run(["format", "-"], input: #"{"b":[1,{"c":null}],"a":"é"}"#)
    #expect(pretty.status == 0)
    #expect(
      pretty.output
        == "{\n  \"b\": [\n    1,\n    {\n      \"c\": null\n    }\n  ],\n  \"a\": \"é\"\n}\n")
    let compact = try Self.run(
      ["format", "--compact", "--sort-keys", "-"], input: #"{"b": 1, "a": [ 2 ]}"#)
    #expect(compact.output == "{\"a\":[2],\"b\":1}\n")
    let indented = try Self.run(["format", "--indent", "4", "--ascii-only", "-"], input: #"["é"]"#)
    #expect(indented.output == "[\n    \"\\u00e9\"\n]\n")
    let feed = try Self.run(["format", "--allow-escaped-apostrophe", Self.feed])
    #expect(feed.status == 0)
    #expect(feed.output.contains(#""title": "Don't feed the gulls""#))
  }

  @Test func queriesByPathAndPointer() throws {
    let url = try Self.run(["query", "--allow-escaped-apostrophe", "items[0].media.m", Self.feed])
    #expect(url.status == 0)
    #expect(url.output == "\"https://farm2.staticflickr.com/1600/24238390321_3e4c8a7f9b_m.jpg\"\n")
    let raw = try Self.run([
      "query", "--raw", "--allow-escaped-apostrophe", "/items/1/title", Self.feed,
    ])
    #expect(raw.output == "Grandma's kitchen, Kyoto 京都\n")
    let absent = try Self.run(["query", "--allow-escaped-apostrophe", "items[9]", Self.feed])
    #expect(absent.status == 1)
    #expect(absent.error.contains("index 9 is out of range"))
    let whole = try Self.run(["query", "--compact", "", "-"], input: "[1,2]")
    #expect(whole.output == "[1,2]\n")
  }

  @Test func formatsDeepDocumentsWhenTheLimitAllows() throws {
    let deep = String(repeating: "[", count: 50_000) + String(repeating: "]", count: 50_000)
    let run = try Self.run(["format", "--compact", "--max-depth", "50000", "-"], input: deep)
    #expect(run.status == 0)
    #expect(run.output == deep + "\n")
    let refused = try Self.run(["format", "-"], input: deep)
    #expect(refused.status == 1)
    #expect(
      refused.error.contains(
        "<stdin>:1:513: error: arrays and objects nested deeper than 512 levels"))
  }

  @Test func readingFlagsReachTheReader() throws {
    #expect(try Self.run(["validate", "--jsonp", "-"], input: "cb({\"a\": 1});").status == 0)
    #expect(try Self.run(["validate", "-"], input: "cb({\"a\": 1});").status == 1)
    #expect(
      try Self.run(["validate", "--json5", "-"], input: "{a: 1, /* c */ b: [2,],}").status == 0)
    let deep = String(repeating: "[", count: 20) + String(repeating: "]", count: 20)
    let limited = try Self.run(["validate", "--max-depth", "10", "-"], input: deep)
    #expect(limited.status == 1)
    #expect(limited.error.contains("nested deeper than 10 levels"))
    #expect(
      try Self.run(["validate", "--duplicate-keys", "reject", "-"], input: #"{"a":1,"a":2}"#)
        .status == 1)
  }

  @Test(arguments: [
    (nil, "1", #"{"a":1,"b":{"c":3}}"#), ("first", "1", #"{"a":1,"b":{"c":3}}"#),
    ("last", "2", #"{"a":2,"b":{"c":4}}"#),
  ])
  func aRepeatedKeyFollowsThePolicyInEveryCommand(policy: String?, a: String, formatted: String)
    throws
  {
    let input = #"{"a": 1, "b": {"c": 3, "c": 4}, "a": 2}"#
    let flags = policy.map { ["--duplicate-keys", $0] } ?? []
    let query = try Self.run(["query"] + flags + ["a", "-"], input: input)
    #expect(query.output == a + "\n")
    let format = try Self.run(["format", "--compact"] + flags + ["-"], input: input)
    #expect(format.output == formatted + "\n")
    let rejected = try Self.run(["query", "--duplicate-keys", "reject", "a", "-"], input: input)
    #expect(rejected.status == 1)
    #expect(rejected.error.contains("<stdin>:1:"))
  }

  @Test func generatePrintsTheModelsTheTestsCompile() throws {
    let run = try Self.run(["generate", "--classes", "Tests/Generated/Samples/thread.json"])
    #expect(run.status == 0)
    let compiled = try String(
      contentsOfFile: Fixtures.repositoryRoot() + "/Tests/Generated/Thread/Thread.swift",
      encoding: .utf8)
    #expect(run.output == compiled)
  }

  /// Each run is a process of its own, with its own hash seed: the source must not depend on
  /// the order a dictionary happens to keep.
  @Test func generateWritesTheSameSourceInEveryRun() throws {
    let arguments = ["generate", "Tests/BinderyModelTests/Fixtures/github-events.json"]
    let runs = try (0..<3).map { _ in try Self.run(arguments).output }
    #expect(runs[0].contains("enum GithubEventPayload: JSONTaggedUnion {"))
    #expect(runs[1] == runs[0] && runs[2] == runs[0])
  }

  @Test func generateReadsAPathJSONLinesAndStandardInput() throws {
    let photos = try Self.run([
      "generate", "--at", "photos.photo", "Tests/BinderyModelTests/Fixtures/photo-search.json",
    ])
    #expect(photos.status == 0)
    #expect(
      photos.output.contains(
        "// Read a sample with `try [Photo](json: data, at: \"photos.photo\")`."))
    #expect(photos.output.contains("struct Photo {"))
    #expect(photos.output.contains("  var urlH: URL?"))
    let lines = try Self.run(
      ["generate", "--lines", "--name", "Entry", "-"],
      input: "{\"id\": 1, \"at\": \"2016-01-22T10:22:48Z\"}\n\n{\"id\": 2}\n")
    #expect(lines.status == 0)
    #expect(lines.output.contains("from 2 values"))
    #expect(lines.output.contains("  var at: Date?"))
    let publicModels = try Self.run(["generate", "--access", "public", "-"], input: #"{"a": 1}"#)
    #expect(publicModels.output.contains("public struct Root {\n  public var a: Int\n}"))
  }

  @Test func generateReportsBadSamplesWithTheirPlace() throws {
    let invalid = try Self.run(["generate", "-"], input: "{\n  \"a\": 1,\n}")
    #expect(invalid.status == 1)
    #expect(invalid.error.hasPrefix("<stdin>:3:1: error: expected a key after ','"))
    let badLine = try Self.run(
      ["generate", "--lines", "-"], input: "{\"a\": 1}\n{\"a\": 2}\n{\"a\": tru}\n")
    #expect(badLine.status == 1)
    #expect(badLine.error.hasPrefix("<stdin>:3:7: error:"))
    let noPath = try Self.run(["generate", "--at", "photos.page", "-"], input: #"{"photos": {}}"#)
    #expect(noPath.status == 1)
    #expect(noPath.error.contains("<stdin>: error: the sample has no value at 'photos.page'"))
    let scalars = try Self.run(["generate", "-"], input: "[1, 2]")
    #expect(scalars.status == 1)
    #expect(scalars.error.contains("numbers where objects are needed"))
    #expect(try Self.run(["generate"]).status == 2)
    #expect(try Self.run(["generate", "--access", "open", "-"], input: "{}").status == 2)
  }

  @Test func generateShowsProgressOnLargeInputs() throws {
    let element = #"{"id": 505874924095815681, "text": "おはよう", "lang": "ja", "at": 1416499200}"#
    let count = (8 << 20) / element.utf8.count + 1
    let input = "[" + Array(repeating: element, count: count).joined(separator: ",") + "]"
    let run = try Self.run(["generate", "--name", "Status", "-"], input: input)
    #expect(run.status == 0)
    #expect(run.error.contains("bindery: reading <stdin> (8 MB)…"))
    #expect(run.error.contains("bindery: models for \(count) values from 8 MB in "))
    #expect(run.output.contains("  var id: Int64"))
  }

  @Test func validateReadsJSONLinesAndReportsEveryBadLine() throws {
    let good = try Self.run(["validate", "--lines", "-"], input: "{\"a\": 1}\r\n[2]\n\"x\"\n")
    #expect(good.status == 0)
    #expect(good.output == "<stdin>: valid JSON Lines (18 bytes, 3 values)\n")
    let bad = try Self.run(
      ["validate", "--lines", "-"], input: "{\"a\": 1}\n{\"a\": tru}\n\n[1,\n{\"b\": 2}\n")
    #expect(bad.status == 1)
    let diagnostics = bad.error.split(separator: "\n").filter { $0.hasPrefix("<stdin>:") }
    #expect(
      diagnostics.map { $0.prefix(while: { $0 != " " }) } == [
        "<stdin>:2:7:", "<stdin>:3:1:", "<stdin>:4:4:", "<stdin>:",
      ])
    #expect(bad.error.contains("<stdin>: 3 invalid of 5 lines"))
    let long = try Self.run(
      ["validate", "--lines", "--max-line-size", "10", "-"], input: "[1]\n[1,2,3,4,5,6,7]\n[2]\n")
    #expect(long.status == 1)
    #expect(long.error.contains("<stdin>:2:1: error: a value of more than 10 bytes"))
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "bindery-cli-\(UUID()).ndjson")
    try Data("1\n2\n".utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let detected = try Self.run(["validate", file.path])
    #expect(detected.output.hasSuffix("valid JSON Lines (4 bytes, 2 values)\n"))
  }

  @Test func formatAndQueryPrintOneResultPerLine() throws {
    let input = "{\"b\": 1, \"a\": {\"c\": [1, 2]}}\n{\"a\": {\"c\": \"x\"}}\n{\"b\": 2}\n"
    let formatted = try Self.run(["format", "--lines", "--sort-keys", "-"], input: input)
    #expect(formatted.status == 0)
    #expect(formatted.output == "{\"a\":{\"c\":[1,2]},\"b\":1}\n{\"a\":{\"c\":\"x\"}}\n{\"b\":2}\n")
    let queried = try Self.run(["query", "--lines", "--raw", "a.c", "-"], input: input)
    #expect(queried.status == 1)
    #expect(queried.output == "[1,2]\nx\n")
    #expect(queried.error.contains("<stdin>:3: no value at 'a.c'"))
    let all = try Self.run(["query", "--lines", "b", "-"], input: "{\"b\": 1}\n{\"b\": [true]}\n")
    #expect(all.status == 0)
    #expect(all.output == "1\n[true]\n")
  }

}

/// `bindery validate --schema`: documents checked against a JSON Schema.
@Suite("bindery validate --schema")
struct SchemaCommandTests {
  static let schema = "Samples/github-events.schema.json"
  static let events = "Samples/github-events.json"

  /// A folder of its own for each test's files.
  static func folder(_ name: String) throws -> String {
    let path = NSTemporaryDirectory() + "bindery-schema-\(name)-\(getpid())"
    try? FileManager.default.removeItem(atPath: path)
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  @Test func aValidDocument() throws {
    let run = try CLITests.run(["validate", "--schema", Self.schema, Self.events])
    #expect(run.status == 0)
    #expect(run.output.hasPrefix("Samples/github-events.json: valid JSON, matching the schema"))
  }

  @Test func everyFailureAsFileLineColumn() throws {
    let folder = try Self.folder("failures")
    var text = try String(contentsOfFile: Self.events, encoding: .utf8)
    text = text.replacing(#""id": "43511937137""#, with: #""id": 43511937137"#)
    text = text.replacing(#""login": "k-ostrowski""#, with: #""login": "k ostrowski""#)
    let document = folder + "/events.json"
    try text.write(toFile: document, atomically: true, encoding: .utf8)
    let run = try CLITests.run(["validate", "--schema", Self.schema, document])
    #expect(run.status == 1)
    let lines = run.error.split(separator: "\n").map(String.init)
    #expect(lines.count == 2)
    #expect(
      lines.first == "\(document):3:11: error: [0].id: expected string, found number "
        + "(schema /items/$ref/properties/id/type)")
    #expect(lines.last?.hasPrefix("\(document):57:16: error: [1].actor.login: ") == true)
  }

  @Test func referencesAcrossFilesAndMappedPrefixes() throws {
    let folder = try Self.folder("references")
    try FileManager.default.createDirectory(
      atPath: folder + "/defs", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      atPath: folder + "/mapped", withIntermediateDirectories: true)
    try
      #"{"$schema": "http://json-schema.org/draft-07/schema#", "items": {"$ref": "defs/event.json"}}"#
      .write(toFile: folder + "/schema.json", atomically: true, encoding: .utf8)
    try #"{"properties": {"type": {"$ref": "https://schemas.example.com/types.json"}}}"#
      .write(toFile: folder + "/defs/event.json", atomically: true, encoding: .utf8)
    try #"{"enum": ["PushEvent", "WatchEvent"]}"#
      .write(toFile: folder + "/mapped/types.json", atomically: true, encoding: .utf8)
    try "[{\"type\": \"PushEvent\"},\n {\"type\": \"StarEvent\"}]\n"
      .write(toFile: folder + "/doc.json", atomically: true, encoding: .utf8)
    let unmapped = try CLITests.run([
      "validate", "--schema", folder + "/schema.json", folder + "/doc.json",
    ])
    #expect(unmapped.status == 2)
    #expect(unmapped.error.contains("names no schema that is known"))
    let mapped = try CLITests.run([
      "validate", "--schema", folder + "/schema.json",
      "--schema-map", "https://schemas.example.com/=\(folder)/mapped", folder + "/doc.json",
    ])
    #expect(mapped.status == 1)
    #expect(mapped.error.hasPrefix("\(folder)/doc.json:2:11: error: [1].type: \"StarEvent\""))
  }

  @Test func anInvalidSchemaExitsWithTwoAndItsPosition() throws {
    let folder = try Self.folder("invalid")
    try "{\n  \"type\": \"object\",\n  \"properties\": {\"a\": {\"minLength\": \"x\"}}\n}\n"
      .write(toFile: folder + "/bad.json", atomically: true, encoding: .utf8)
    let run = try CLITests.run(["validate", "--schema", folder + "/bad.json", Self.events])
    #expect(run.status == 2)
    #expect(run.error.hasPrefix("\(folder)/bad.json:3:37: error: invalid schema: "))
    try #"{"pattern": "(unclosed"}"#
      .write(toFile: folder + "/pattern.json", atomically: true, encoding: .utf8)
    let pattern = try CLITests.run(["validate", "--schema", folder + "/pattern.json", Self.events])
    #expect(pattern.status == 2)
    #expect(pattern.error.hasPrefix("\(folder)/pattern.json:1:13: error: invalid schema: "))
  }

  @Test func jsonLinesEachLineChecked() throws {
    let folder = try Self.folder("lines")
    try #"{"required": ["id"], "properties": {"id": {"type": "integer", "minimum": 1}}}"#
      .write(toFile: folder + "/schema.json", atomically: true, encoding: .utf8)
    try "{\"id\": 1}\n{\"id\": 0}\n{\"name\": \"x\"}\n{\"id\": 2}\n"
      .write(toFile: folder + "/rows.jsonl", atomically: true, encoding: .utf8)
    let run = try CLITests.run([
      "validate", "--lines", "--schema", folder + "/schema.json", folder + "/rows.jsonl",
    ])
    #expect(run.status == 1)
    #expect(run.error.contains("\(folder)/rows.jsonl:2:8: error: id: 0 is below the minimum 1"))
    #expect(
      run.error.contains("\(folder)/rows.jsonl:3:1: error: top level: the member 'id' is missing"))
    #expect(run.error.contains("2 of 4 lines not matching the schema"))
  }

  @Test func schemaOptionsNeedASchema() throws {
    let run = try CLITests.run(["validate", "--draft", "7", Self.events])
    #expect(run.status == 2)
    let draft = try CLITests.run(["validate", "--schema", Self.schema, "--draft", "5", Self.events])
    #expect(draft.status == 2)
    #expect(draft.error.contains("--draft must be 4, 6, 7, 2019-09 or 2020-12"))
  }
}
