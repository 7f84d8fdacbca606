import Bindery
import BinderyTestSupport
import Testing

@JSONModel
struct Statistics: Equatable {
  var count: Int
  var sum: Double
  @Key("average", "mean") var average: Double
}

/// The KVC-binding statistics, written by hand with the same API the macro uses.
struct HandWrittenStatistics: JSONModel, Equatable {
  var count: Int
  var sum: Double
  var average: Double

  init(json: JSONObjectDecoder) throws {
    count = try json.decode(forKey: "count")
    sum = try json.decode(forKey: "sum")
    average = try json.decode(forKey: .anyOf(["average"], ["mean"]))
  }

  func encode(to json: inout JSONObjectEncoder) throws {
    try json.encode(count, forKey: "count")
    try json.encode(sum, forKey: "sum")
    try json.encode(average, forKey: "average")
  }
}

@Suite struct StatisticsTests {
  @Test(arguments: ["statistics.json", "statistics-mean.json", "statistics-median.json"])
  func decodesEachShape(fixture: String) throws {
    let bytes = try Fixtures.bytes(fixture)
    let statistics = try Statistics(json: bytes)
    #expect(statistics == Statistics(count: 3, sum: 9, average: 3))
    let handWritten = try HandWrittenStatistics(json: bytes)
    #expect(handWritten.average == 3)
  }

  @Test func exportsThePrimaryKey() throws {
    let text = try Statistics(count: 3, sum: 9, average: 3).jsonString()
    #expect(text == #"{"count":3,"sum":9,"average":3}"#)
  }

  @Test func reportsTheBadCountAndTheMissingAverage() throws {
    let error = #expect(throws: JSONDecodingError.self) {
      try Statistics(json: try Fixtures.bytes("statistics-bad.json"))
    }
    let problems = try #require(error?.problems)
    #expect(problems.map(\.path.description) == ["count", "average"])
    #expect(problems[0].found == "string \"three\"")
    #expect(problems[1].kind == .missingKey)
    #expect(problems[1].location?.column == 1)
  }
}
