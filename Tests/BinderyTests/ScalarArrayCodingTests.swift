import Bindery
import Foundation
import Testing

/// Arrays of `Double`, `Int`, `Int64`, `String` and `Bool` are read by `BinderyDecoder` in code
/// specialised for their element; these tests hold that code to the general path and to
/// `JSONDecoder`: the same values, and errors at the same coding paths.
@Suite struct ScalarArrayDecodingTests {
  struct Shapes: Codable, Equatable {
    var doubles: [Double]
    var ints: [Int]
    var longs: [Int64]
    var names: [String]
    var flags: [Bool]
    var rings: [[[Double]]]
    var empty: [Int]
    var emptyNested: [[String]]
    var floats: [Float]
  }

  static let document = """
    {"doubles": [1.5, -0.0, 1e300, 3], "ints": [0, -9223372036854775808, 9223372036854775807],
     "longs": [1, 2, -3], "names": ["a", "caf\\u00e9", "", "\\ud83d\\ude00"],
     "flags": [true, false, true], "rings": [[[1, 2], [3.5, 4]], [], [[]]], "empty": [],
     "emptyNested": [[], ["x"]], "floats": [0.5, 2]}
    """

  @Test func valuesAsJSONDecoderReadsThem() throws {
    let bytes = Data(Self.document.utf8)
    let ours = try BinderyDecoder().decode(Shapes.self, from: bytes)
    let foundation = try JSONDecoder().decode(Shapes.self, from: bytes)
    #expect(ours == foundation)
    #expect(ours.ints == [0, .min, .max])
    #expect(ours.rings == [[[1, 2], [3.5, 4]], [], [[]]])
    #expect(ours.doubles[1].sign == .minus)
  }

  /// A bad element of each scalar type: the error names its index. Where `JSONDecoder` names a
  /// path (type mismatches; it names none for a number that does not fit), it is the same.
  @Test(arguments: [
    (#"{"a": [1.5, 2, "x"]}"#, "Double", 2, true),
    (#"{"a": [1, 2.5]}"#, "Int", 1, false),
    (#"{"a": [1, 9223372036854775808]}"#, "Int", 1, false),
    (#"{"a": [1, null, 3]}"#, "Int64", 1, true),
    (#"{"a": ["x", 1]}"#, "String", 1, true),
    (#"{"a": [true, false, 0]}"#, "Bool", 2, true),
  ])
  func aBadElementIsAnErrorAtItsIndex(json: String, element: String, index: Int, typed: Bool)
    throws
  {
    let bytes = Data(json.utf8)
    let ours = try #require(Self.failure(element, bytes, BinderyDecoder()))
    let foundation = try #require(Self.failure(element, bytes, JSONDecoder()))
    #expect(Self.path(of: ours) == ["a", String(index)])
    if typed { #expect(Self.path(of: ours) == Self.path(of: foundation)) }
  }

  /// With every error reported, bad elements go through the general path, which records each.
  @Test func everyBadElementIsReportedWhenAsked() throws {
    let decoder = BinderyDecoder()
    decoder.reportsAllErrors = true
    let bytes = Data(#"{"a": [1, "two", 3, false]}"#.utf8)
    #expect {
      try decoder.decode([String: [Int]].self, from: bytes)
    } throws: { error in
      guard let all = error as? JSONDecodingError else { return false }
      return all.problems.map(\.path.description) == ["a[1]", "a[3]"]
        && all.problems.map { $0.location?.column } == [11, 21]
    }
  }

  private struct Wrapper<Element: Codable>: Codable { var a: [Element] }

  /// The error of decoding `{"a": [...]}` with elements of the type named `element`.
  private static func failure(
    _ element: String, _ bytes: Data, _ decoder: some ScalarArrayTestDecoder
  ) -> DecodingError? {
    do {
      switch element {
      case "Double": _ = try decoder.decode(Wrapper<Double>.self, from: bytes)
      case "Int": _ = try decoder.decode(Wrapper<Int>.self, from: bytes)
      case "Int64": _ = try decoder.decode(Wrapper<Int64>.self, from: bytes)
      case "String": _ = try decoder.decode(Wrapper<String>.self, from: bytes)
      default: _ = try decoder.decode(Wrapper<Bool>.self, from: bytes)
      }
    } catch {
      return error as? DecodingError
    }
    return nil
  }

  private static func path(of error: DecodingError) -> [String] {
    let context: DecodingError.Context
    switch error {
    case .typeMismatch(_, let found), .valueNotFound(_, let found), .keyNotFound(_, let found),
      .dataCorrupted(let found):
      context = found
    @unknown default: return []
    }
    return context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
  }
}

/// What `BinderyDecoder` and `JSONDecoder` share, for tests that run both.
protocol ScalarArrayTestDecoder {
  func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T
}

extension BinderyDecoder: ScalarArrayTestDecoder {}
extension JSONDecoder: ScalarArrayTestDecoder {}

/// `BinderyEncoder` writes arrays of `Double` in runs and arrays of `String` from the array cast
/// to its type; these tests hold the output to `JSONEncoder`'s, non-finite values included.
@Suite struct ScalarArrayEncodingTests {
  struct Shapes: Codable {
    var doubles: [Double]
    var rings: [[[Double]]]
    var ints: [Int]
    var names: [String]
  }

  static func shapes(count: Int, special: [Int: Double] = [:]) -> Shapes {
    var generator = SystemRandomNumberGenerator()
    var doubles = (0..<count).map { _ in Double.random(in: -1e6...1e6, using: &generator) }
    doubles += [0, -0.0, 1e300, .leastNonzeroMagnitude, 9_007_199_254_740_992, 3]
    for (index, value) in special { doubles[index] = value }
    let rings = (0..<5).map { ring in (0..<ring).map { [Double($0) * 0.1, -Double($0)] } }
    return Shapes(
      doubles: doubles, rings: rings, ints: [0, -1, .max, .min], names: ["a", "é\"", ""])
  }

  @Test(arguments: [0, 1, 63, 64, 65, 200])
  func doublesAsJSONEncoderWritesThem(count: Int) throws {
    let value = Self.shapes(count: count)
    // Sorted keys: `JSONEncoder` on Linux writes keys in hash order otherwise.
    let formattings: [JSONEncoder.OutputFormatting] = [
      [.sortedKeys], [.sortedKeys, .prettyPrinted],
    ]
    for formatting in formattings {
      let foundation = JSONEncoder()
      foundation.outputFormatting = formatting
      let ours = BinderyEncoder()
      ours.outputFormatting = BinderyEncoder.OutputFormatting(rawValue: formatting.rawValue)
      #expect(try ours.encode(value) == foundation.encode(value))
    }
  }

  /// A non-finite value inside a run: written by the strategy, or the error at its index.
  @Test func nonFiniteValuesBetweenRuns() throws {
    let value = Self.shapes(count: 150, special: [0: .infinity, 70: .nan, 149: -.infinity])
    let ours = BinderyEncoder()
    let foundation = JSONEncoder()
    ours.outputFormatting = .sortedKeys
    foundation.outputFormatting = .sortedKeys
    ours.nonConformingFloatEncodingStrategy = .convertToString(
      positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
    foundation.nonConformingFloatEncodingStrategy = .convertToString(
      positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
    #expect(try ours.encode(value) == foundation.encode(value))

    let rejecting = Self.shapes(count: 150, special: [70: .nan])
    #expect {
      try BinderyEncoder().encode(rejecting)
    } throws: { error in
      guard case EncodingError.invalidValue(_, let context) = error else { return false }
      return context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
        == ["doubles", "70"]
    }
  }

  /// Arrays of doubles go to the writer in runs of arrays; one holding a non-finite value is
  /// written by the strategy, or the error names both indices.
  @Test func nonFiniteValuesInsideArraysOfDoubles() throws {
    struct Rings: Codable { var rings: [[[Double]]] }
    let value = Rings(rings: [
      [[1, 2], [3, .infinity], [0.1, 0.2]], [], [[.nan, 0.5], [9_007_199_254_740_992, -0.0], []],
    ])
    for formatting in [JSONEncoder.OutputFormatting.sortedKeys, [.sortedKeys, .prettyPrinted]] {
      let ours = BinderyEncoder()
      let foundation = JSONEncoder()
      ours.outputFormatting = BinderyEncoder.OutputFormatting(rawValue: formatting.rawValue)
      foundation.outputFormatting = formatting
      ours.nonConformingFloatEncodingStrategy = .convertToString(
        positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
      foundation.nonConformingFloatEncodingStrategy = .convertToString(
        positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
      #expect(try ours.encode(value) == foundation.encode(value))
    }
    #expect {
      try BinderyEncoder().encode(value)
    } throws: { error in
      guard case EncodingError.invalidValue(_, let context) = error else { return false }
      return context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
        == ["rings", "0", "1", "1"]
    }
  }
}
