import Bindery
import BinderyTestSupport
import Testing

// Arrays of `Double` and `Int` whose elements are all numbers that read cleanly are read
// straight from the tape; any other element sends the array through the element-by-element
// path. These tests hold both to the same values, problems and warnings.

/// A model with number arrays as members, nested arrays among them.
@JSONModel
struct Survey: Equatable {
  var points: [Double]
  var rings: [[[Double]]]
  var counts: [Int]
}

@Suite("reading arrays of numbers")
struct NumberArrayReadingTests {
  /// Random doubles and integers written as JSON read back as `Double(String)` and
  /// `Int(String)` read their text.
  @Test(arguments: [0, 1, 2, 64, 300])
  func valuesAsTheirTextReads(count: Int) throws {
    var random = SplitMix64(seed: UInt64(count) &+ 7)
    var doubleTexts = [
      "0", "-0.0", "1e308", "5e-324", "-2.5E-3", "0e-400", "123456789012345678901",
    ]
    var integerTexts = ["0", "-9223372036854775808", "9223372036854775807", "-0"]
    for _ in 0..<count {
      let bits = random.next()
      let double = Double(bitPattern: bits)
      doubleTexts.append(double.isFinite ? "\(double)" : "\(bits % 100_000)")
      integerTexts.append("\(Int(truncatingIfNeeded: random.next()))")
    }
    let json = """
      {"points": [\(doubleTexts.joined(separator: ","))],
       "rings": [[[\(doubleTexts.prefix(3).joined(separator: ","))], []], []],
       "counts": [\(integerTexts.joined(separator: ", "))]}
      """
    let survey = try Survey(json: json)
    #expect(survey.points == doubleTexts.map { Double($0)! })
    #expect(survey.rings == [[doubleTexts.prefix(3).map { Double($0)! }, []], []])
    #expect(survey.counts == integerTexts.map { Int($0)! })
    #expect(survey.points[1].sign == .minus)
  }

  /// A bad element is a problem at its index, with what was expected: the same report the
  /// element-by-element path gives.
  @Test(arguments: [
    (#""points": [1.5, "x", 3]"#, "points[1]", JSONDecodingProblem.Kind.typeMismatch),
    (#""points": [1e400]"#, "points[0]", .numberOutOfRange),
    (#""points": [2, 1e-400]"#, "points[1]", .numberOutOfRange),
    (#""points": [1, null]"#, "points[1]", .nullValue),
    (#""rings": [[[1, 2], [3, true]]]"#, "rings[0][1][1]", .typeMismatch),
    (#""counts": [1, 2.5]"#, "counts[1]", .numberOutOfRange),
    (#""counts": [1, 9223372036854775808]"#, "counts[1]", .numberOutOfRange),
    (#""counts": [[1]]"#, "counts[0]", .typeMismatch),
  ])
  func aBadElementIsAProblemAtItsIndex(
    member: String, path: String, kind: JSONDecodingProblem.Kind
  ) throws {
    var members = [#""points": []"#, #""rings": []"#, #""counts": []"#]
    members.removeAll { $0.hasPrefix(member.prefix(8)) }
    let json = "{\(([member] + members).joined(separator: ", "))}"
    let error = #expect(throws: JSONDecodingError.self) { try Survey(json: json) }
    let problem = try #require(error?.problems.first)
    #expect(error?.problems.count == 1)
    #expect(problem.path.description == path)
    #expect(problem.kind == kind)
  }

  /// Options that change what an element may be still apply: coercion reads numeric strings,
  /// lossy arrays skip what fails, each with its warning.
  @Test func coercionAndLossyArraysStillApply() throws {
    let json = #"{"points": [1.5, "2.5", 3], "rings": [], "counts": [1, "x", 3]}"#
    let coerced = try Survey.decoded(
      json: #"{"points": [1.5, "2.5", 3], "rings": [], "counts": [1, "2"]}"#,
      options: JSONDecodingOptions(coercesValues: true))
    #expect(coerced.value.points == [1.5, 2.5, 3])
    #expect(coerced.value.counts == [1, 2])
    #expect(coerced.warnings.count == 2)

    let lossy = try Survey.decoded(
      json: json, options: JSONDecodingOptions(lossyCollections: true))
    #expect(lossy.value.points == [1.5, 3])
    #expect(lossy.value.counts == [1, 3])
    #expect(lossy.warnings.map(\.path.description) == ["points[1]", "counts[1]"])
  }
}
