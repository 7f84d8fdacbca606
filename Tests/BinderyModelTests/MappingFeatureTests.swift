import Bindery
import Foundation
import Testing

@JSONModel(coercesValues: true)
struct CoercedCounts: Equatable {
  var count: Int
  var ratio: Double
  var enabled: Bool
  var label: String
}

@JSONModel
struct PartlyCoerced: Equatable {
  @Coerce var views: Int
  var likes: Int
}

@JSONModel
struct WithDefaults: Equatable {
  @Default(0) var views: Int
  @Default("cc-by", when: .missingOrNull) var license: String
  @Default(-1, when: .anyProblem) var rating: Int
  var page: Int = 1
  var note: String?
}

@JSONModel
struct WithIgnored: Equatable {
  var title: String
  @Ignore var isFavorite = false
  @Ignore var cache: [String: Int]?
  @Ignore(.encoding) var password: String
  @Ignore(.decoding) var localID = "local"
  let kind = "photo"
}

@JSONModel
struct Preserving: Equatable {
  var id: Int
  @Key("meta.title") var title: String
  @UnknownKeys var extra: [String: JSONValue] = [:]
}

@JSONModel
struct Widths: Equatable {
  var small: UInt8
  var signed: Int16
  var big: UInt64
  var huge: Int64
}

@JSONModel
struct Collections: Equatable {
  var tags: Set<String>
  var scores: [String: Int]
  var matrix: [[Double]]
  var optionalList: [Int]?
  var listOfOptionals: [Int?]
  @Lossy var lossyScores: [String: Int]
}

@JSONModel
struct Validated {
  var min: Int
  var max: Int

  func validate() throws {
    struct RangeError: Error, CustomStringConvertible {
      var description: String { "min must not exceed max" }
    }
    if min > max { throw RangeError() }
  }
}

@Suite struct CoercionTests {
  @Test func modelLevelCoercionConvertsAndLogs() throws {
    let json = #"{"count": "3", "ratio": "0.5", "enabled": "yes", "label": 42}"#
    let result = try CoercedCounts.decoded(json: Array(json.utf8))
    #expect(result.value == CoercedCounts(count: 3, ratio: 0.5, enabled: true, label: "42"))
    #expect(result.warnings.count == 4)
    #expect(result.warnings.allSatisfy { $0.kind == .coerced })
    #expect(result.warnings.map(\.path.description) == ["count", "ratio", "enabled", "label"])
  }

  @Test func propertyLevelCoercionOnlyAppliesThere() throws {
    // A string is read as the same text would be as a JSON number, and nothing else is one.
    #expect(try PartlyCoerced(json: #"{"views": "1.2e1", "likes": 3}"#).views == 12)
    for text in ["+5", "0x10", " 1", "1_000", "nan", "١٢"] {
      #expect(throws: JSONDecodingError.self, "\(text)") {
        try PartlyCoerced(json: #"{"views": "\#(text)", "likes": 3}"#)
      }
    }
    #expect(throws: JSONDecodingError.self) {
      try CoercedCounts(json: #"{"count": 3, "ratio": "0x1p-1", "enabled": true, "label": "a"}"#)
    }
    #expect(
      try CoercedCounts(json: #"{"count": 3, "ratio": "2.5e-1", "enabled": true, "label": "a"}"#)
        .ratio == 0.25)
    let ok = try PartlyCoerced(json: #"{"views": "12", "likes": 3}"#)
    #expect(ok == PartlyCoerced(views: 12, likes: 3))
    let error = #expect(throws: JSONDecodingError.self) {
      try PartlyCoerced(json: #"{"views": "12", "likes": "3"}"#)
    }
    #expect(error?.problems.map(\.path.description) == ["likes"])
  }

  @Test func callLevelCoercion() throws {
    let value = try PartlyCoerced(
      json: #"{"views": 1, "likes": "3"}"#, options: JSONDecodingOptions(coercesValues: true))
    #expect(value.likes == 3)
  }

  @Test func coercionStillRejectsNonsense() throws {
    let error = #expect(throws: JSONDecodingError.self) {
      try CoercedCounts(
        json: #"{"count": "three", "ratio": "x", "enabled": "maybe", "label": null}"#)
    }
    #expect(error?.problems.count == 4)
  }
}

@Suite struct DefaultTests {
  @Test func defaultsApplyByTrigger() throws {
    let empty = try WithDefaults(json: "{}")
    #expect(empty == WithDefaults(views: 0, license: "cc-by", rating: -1, page: 1, note: nil))
    let nulls = try WithDefaults(json: #"{"license": null, "rating": null}"#)
    #expect(nulls.license == "cc-by")
    #expect(nulls.rating == -1)
    let bad = try WithDefaults.decoded(json: Array(#"{"rating": "five", "page": 3}"#.utf8))
    #expect(bad.value.rating == -1)
    #expect(bad.value.page == 3)
    #expect(bad.warnings.first?.kind == .defaultUsed)
    #expect(bad.warnings.first?.problems.first?.found == "string \"five\"")
  }

  @Test func aMissingOnlyDefaultStillRejectsNullAndBadValues() throws {
    let error = #expect(throws: JSONDecodingError.self) {
      try WithDefaults(json: #"{"views": null, "page": "x"}"#)
    }
    #expect(error?.problems.map(\.kind) == [.nullValue, .typeMismatch])
  }
}

@Suite struct IgnoreTests {
  @Test func ignoredPropertiesKeepTheirDefaultsAndDirectionsApply() throws {
    let value = try WithIgnored(
      json:
        #"{"title": "t", "isFavorite": true, "password": "secret", "localID": "x", "kind": "video"}"#
    )
    #expect(value.isFavorite == false)
    #expect(value.cache == nil)
    #expect(value.password == "secret")
    #expect(value.localID == "local")
    #expect(value.kind == "photo")
    let written = try value.jsonValue()
    #expect(written == ["title": "t", "localID": "local", "kind": "photo"])
  }
}

@Suite struct UnknownKeyTests {
  @Test func roundTripKeepsEverythingTheServerSent() throws {
    let json =
      #"{"id": 1, "meta": {"title": "a", "etag": "x"}, "flags": [1, 2], "owner": {"id": 9}}"#
    let value = try Preserving(json: json)
    #expect(value.extra == ["flags": [1, 2], "owner": ["id": 9]])
    #expect(
      try value.jsonValue() == [
        "id": 1, "meta": ["title": "a"], "flags": [1, 2], "owner": ["id": 9],
      ])
  }
}

@Suite struct IntegerWidthTests {
  @Test func everyWidthIsRangeChecked() throws {
    let ok = try Widths(
      json:
        #"{"small": 255, "signed": -32768, "big": 18446744073709551615, "huge": -9223372036854775808}"#
    )
    #expect(ok.big == .max)
    #expect(ok.huge == .min)
    let error = #expect(throws: JSONDecodingError.self) {
      try Widths(
        json: #"{"small": 300, "signed": 1.5, "big": -1, "huge": 9223372036854775808}"#)
    }
    let problems = try #require(error?.problems)
    #expect(
      problems.map(\.kind) == [
        .numberOutOfRange, .numberOutOfRange, .numberOutOfRange, .numberOutOfRange,
      ])
    #expect(problems[0].expected == "an integer between 0 and 255")
    #expect(problems[1].expected == "a whole number (Int16)")
    #expect(
      problems[0].description
        == "small (line 1, column 11): expected an integer between 0 and 255, found number 300")
  }
}

@Suite struct CollectionTests {
  @Test func setsDictionariesNestedArraysAndOptionals() throws {
    let json =
      #"{"tags": ["a", "b", "a"], "scores": {"x": 1, "y": 2}, "matrix": [[1, 2.5], []], "listOfOptionals": [1, null], "lossyScores": {"a": 1, "b": "two"}}"#
    let result = try Collections.decoded(json: Array(json.utf8))
    let value = result.value
    #expect(value.tags == ["a", "b"])
    #expect(value.scores == ["x": 1, "y": 2])
    #expect(value.matrix == [[1, 2.5], []])
    #expect(value.optionalList == nil)
    #expect(value.listOfOptionals == [1, nil])
    #expect(value.lossyScores == ["a": 1])
    #expect(result.warnings.map(\.path.description) == ["lossyScores.b"])
    let again = try Collections(json: try value.jsonData())
    #expect(again == value)
  }

  @Test func badElementsAtEveryDepthAreAllReported() throws {
    let json =
      #"{"tags": ["a", 1], "scores": {"x": "1"}, "matrix": [[1, "2"]], "listOfOptionals": [], "lossyScores": {}}"#
    let error = #expect(throws: JSONDecodingError.self) { try Collections(json: json) }
    #expect(error?.problems.map(\.path.description) == ["tags[1]", "scores.x", "matrix[0][1]"])
  }
}

@Suite struct ValidationTests {
  @Test func validateRunsAfterDecoding() throws {
    _ = try Validated(json: #"{"min": 1, "max": 2}"#)
    let error = #expect(throws: JSONDecodingError.self) {
      try [Validated](json: #"[{"min": 1, "max": 2}, {"min": 3, "max": 2}]"#)
    }
    #expect(error?.problems.first?.kind == .validationFailed)
    #expect(error?.problems.first?.path.description == "[1]")
    #expect(error?.problems.first?.found == "min must not exceed max")
  }
}
