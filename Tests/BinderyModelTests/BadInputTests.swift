import Bindery
import Foundation
import Testing

@JSONModel
struct Reading: Equatable {
  var sensor: String
  var value: Double
}

@JSONModel
struct ReadingBatch {
  @Lossy var readings: [Reading]
}

@JSONModel
struct StrictBatch {
  var readings: [Reading]
}

@JSONModel
struct TreeNode {
  var name: String
  var children: [TreeNode]
}

@JSONModel
struct Envelope {
  var id: Int
  var owner: Owner
  var tags: [String]

  @JSONModel
  struct Owner {
    var name: String
    var site: URL
  }
}

@Suite struct BadInputTests {
  /// `{"readings": [...]}` with `good` valid readings first, then `bad` broken ones.
  func batch(good: Int, bad: Int) -> String {
    var items = (0..<good).map { #"{"sensor": "s\#($0)", "value": \#($0).5}"# }
    items += (0..<bad).map { #"{"sensor": \#($0), "value": "high"}"# }
    return #"{"readings": ["# + items.joined(separator: ",\n") + "]}"
  }

  @Test func tenThousandBadElementsInALossyArrayGiveACappedReport() throws {
    let json = batch(good: 3, bad: 10_000)
    let result = try ReadingBatch.decoded(json: Array(json.utf8))
    #expect(result.value.readings.count == 3)
    #expect(result.warnings.count == 21)
    let summary = try #require(result.warnings.last)
    #expect(
      summary.message == "skipped 9980 more elements that failed to decode (10000 of 10003 in all)")
    #expect(summary.path.description == "readings")
    #expect(result.warnings[0].path.description == "readings[3]")
    #expect(result.warnings[0].problems.count == 2)
  }

  @Test func tenThousandBadElementsInAStrictArrayAreCountedAndCapped() throws {
    let json = batch(good: 1, bad: 10_000)
    let error = #expect(throws: JSONDecodingError.self) {
      try StrictBatch(json: json)
    }
    let report = try #require(error)
    #expect(report.problems.count == 20_000)
    #expect(report.problems[0].path.description == "readings[1].sensor")
    #expect(report.problems[0].location?.line == 2)
    // Past the detail budget, problems keep their values but not their path or location,
    // each of which costs a pass over the input.
    let last = try #require(report.problems.last)
    #expect(last.location == nil)
    #expect(last.path == JSONPath())
    #expect(last.expected == "a number")
    #expect(last.found == #"string "high""#)
    let text = report.description
    #expect(text.hasPrefix("20000 problems decoding JSON:"))
    #expect(text.hasSuffix("… and 19980 more"))
    #expect(text.split(separator: "\n").count < 100)
  }

  @Test func deepRecursiveModelsDecodeWithinTheDepthLimit() throws {
    let depth = 255  // two levels (object, array) each: 510 of the 512 allowed
    var json = ""
    for level in 0..<depth { json += #"{"name": "n\#(level)", "children": ["# }
    json += String(repeating: "]}", count: depth)
    var node = try TreeNode(json: json)
    var levels = 1
    while let child = node.children.first {
      node = child
      levels += 1
    }
    #expect(levels == depth)
    // Past the reading depth limit the input is rejected before any model code runs.
    let deeper =
      String(repeating: #"{"name": "x", "children": ["#, count: 300)
      + String(repeating: "]}", count: 300)
    let error = #expect(throws: JSONDecodingError.self) { try TreeNode(json: deeper) }
    #expect(error?.problems.first?.kind == .malformedJSON)
    #expect(error?.problems.first?.found.contains("nested deeper than 512") == true)
  }

  @Test(arguments: [
    (#"[1, 2]"#, "top level", JSONDecodingProblem.Kind.typeMismatch),
    (#"{"id": "7", "owner": {"name": "a", "site": "https://x"}, "tags": []}"#, "id", .typeMismatch),
    (#"{"id": 7, "owner": [], "tags": []}"#, "owner", .typeMismatch),
    (#"{"id": 7, "owner": null, "tags": []}"#, "owner", .nullValue),
    (#"{"id": 7, "owner": {"name": "a", "site": ""}, "tags": []}"#, "owner.site", .invalidValue),
    (
      #"{"id": 7, "owner": {"name": "a", "site": "https://x"}, "tags": [null]}"#, "tags[0]",
      .nullValue
    ),
    (
      #"{"id": 1e30, "owner": {"name": "a", "site": "https://x"}, "tags": []}"#, "id",
      .numberOutOfRange
    ),
    (#"{"owner": {"site": "https://x"}, "tags": {}}"#, "id", .missingKey),
  ])
  func wrongValuesAtEveryLevelAreNamed(json: String, path: String, kind: JSONDecodingProblem.Kind)
    throws
  {
    let error = #expect(throws: JSONDecodingError.self) { try Envelope(json: json) }
    let problem = try #require(error?.problems.first)
    #expect(
      problem.path.components.isEmpty ? path == "top level" : problem.path.description == path)
    #expect(problem.kind == kind)
    #expect(problem.location?.line == 1)
  }

  @Test func everyProblemOfOneBadObjectIsReported() throws {
    let error = #expect(throws: JSONDecodingError.self) {
      try Envelope(json: #"{"owner": {"site": "https://x"}, "tags": {}}"#)
    }
    #expect(error?.problems.map(\.path.description) == ["id", "owner.name", "tags"])
  }
}
