import Foundation
import Testing

@testable import Bindery

/// A call takes a spare encoder that an earlier call with the same settings left, by this
/// `BinderyEncoder` or another one: these check that what a spare kept never shows in the output.
@Suite("an encoder used for many values")
struct EncoderReuseTests {
  struct Point: Codable, Equatable {
    var x: Int
    var y: Int?
  }

  struct Named: Codable {
    var name: String
    var point: Point
  }

  struct Failing: Encodable {
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(1, forKey: .a)
      throw EncodingError.invalidValue(1, .init(codingPath: [], debugDescription: "no"))
    }
    enum CodingKeys: CodingKey { case a }
  }

  /// Encodes `name` with the same encoder from inside its own `encode(to:)`.
  struct Nesting: Encodable {
    let encoder: BinderyEncoder
    func encode(to coder: any Encoder) throws {
      var container = coder.singleValueContainer()
      try container.encode(String(decoding: try encoder.encode(Point(x: 7, y: nil)), as: UTF8.self))
    }
  }

  func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

  @Test func valuesTypesAndFailuresInTurnEncodeAsIfEachWereFirst() throws {
    let encoder = BinderyEncoder()
    #expect(text(try encoder.encode(Point(x: 1, y: 2))) == #"{"x":1,"y":2}"#)
    #expect(text(try encoder.encode(Point(x: 3, y: nil))) == #"{"x":3}"#)
    #expect(
      text(try encoder.encode(Named(name: "a", point: Point(x: 1, y: 2))))
        == #"{"name":"a","point":{"x":1,"y":2}}"#)
    #expect(throws: EncodingError.self) { try encoder.encode(Failing()) }
    #expect(text(try encoder.encode([Point(x: 5, y: 6)])) == #"[{"x":5,"y":6}]"#)
    #expect(text(try encoder.encode(Nesting(encoder: encoder))) == #""{\"x\":7}""#)
    let long = String(repeating: "é", count: 5000)
    #expect(text(try encoder.encode([long])) == "[\"\(long)\"]")
    #expect(text(try encoder.encode(1)) == "1")
  }

  @Test func changedSettingsApplyToTheNextCall() throws {
    let encoder = BinderyEncoder()
    let point = Named(name: "a", point: Point(x: 1, y: 2))
    #expect(text(try encoder.encode(point)) == #"{"name":"a","point":{"x":1,"y":2}}"#)
    encoder.keyEncodingStrategy = .custom { _ in AnyKey("k") }
    #expect(text(try encoder.encode(Point(x: 1, y: nil))) == #"{"k":1}"#)
    encoder.keyEncodingStrategy = .useDefaultKeys
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
    #expect(
      text(try encoder.encode(Point(x: 1, y: 2))) == "{\n  \"x\" : 1,\n  \"y\" : 2\n}")
  }

  @Test func callsFromManyTasksGetTheirOwnOutput() async throws {
    let encoder = BinderyEncoder()
    try await withThrowingTaskGroup(of: Bool.self) { group in
      for index in 0..<200 {
        group.addTask {
          let point = Point(x: index, y: index % 3 == 0 ? nil : -index)
          let data = try encoder.encode(point)
          return try JSONDecoder().decode(Point.self, from: data) == point
        }
      }
      for try await same in group { #expect(same) }
    }
  }

  /// Encoders made for one call each take a spare a finished call left, when its settings
  /// were the same: what the spare learned (key orders, output size) never shows, and an
  /// encoder with other settings never gets it.
  @Test func encodersMadeForOneCallShareOnlyWithTheSameSettings() throws {
    let named = Named(name: "a/b", point: Point(x: 1, y: nil))
    func encoded(_ configure: (BinderyEncoder) -> Void) throws -> String {
      let encoder = BinderyEncoder()
      configure(encoder)
      return text(try encoder.encode(named))
    }
    let plain = #"{"name":"a\/b","point":{"x":1}}"#
    for _ in 0..<3 {
      #expect(try encoded { _ in } == plain)
      #expect(
        try encoded { $0.outputFormatting = [.sortedKeys, .withoutEscapingSlashes] }
          == #"{"name":"a/b","point":{"x":1}}"#)
      #expect(
        try encoded { $0.keyEncodingStrategy = .custom { _ in AnyKey("k") } }
          == #"{"k":{"k":1}}"#)
      #expect(
        try encoded {
          $0.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "+", negativeInfinity: "-", nan: "n")
        } == plain)
      // An encoder whose settings changed after its call leaves no spare of the old ones.
      let changed = BinderyEncoder()
      _ = try changed.encode(named)
      changed.outputFormatting = .prettyPrinted
      #expect(text(try changed.encode(Point(x: 2, y: 3))) == "{\n  \"x\" : 2,\n  \"y\" : 3\n}")
    }
  }

  /// Outputs larger than the room an encoder keeps: each is handed over without a copy, the
  /// next output of its type starts with room of its size, and outputs of every size stay
  /// whole, as `Data` and as bytes, whichever encoder writes them next.
  @Test func largeAndSmallOutputsInTurn() throws {
    let large = (0..<12_000).map { Named(name: "name \($0) ✓", point: Point(x: $0, y: -$0)) }
    let small = Named(name: "a", point: Point(x: 1, y: nil))
    // The first output of each, checked by reading it back; every later one must equal it.
    let expectedLarge = try BinderyEncoder().encode(large)
    let expectedSmall = try BinderyEncoder().encode(small)
    #expect(expectedLarge.count > 256 * 1024)
    let back = try JSONDecoder().decode([Named].self, from: expectedLarge)
    #expect(back.map(\.name) == large.map(\.name) && back.map(\.point) == large.map(\.point))
    #expect(text(expectedSmall) == #"{"name":"a","point":{"x":1}}"#)
    let kept = BinderyEncoder()
    for _ in 0..<2 {
      #expect(try kept.encode(large) == expectedLarge)
      #expect(try kept.jsonBytes(large) == Array(expectedLarge))
      #expect(try kept.encode(small) == expectedSmall)
      #expect(try BinderyEncoder().encode(large) == expectedLarge)
      #expect(try BinderyEncoder().jsonBytes(small) == Array(expectedSmall))
      #expect(try BinderyEncoder().encode(small) == expectedSmall)
    }
    // A large output handed over as `Data` is the caller's own: changing it changes no other
    // output, and it can grow.
    var first = try BinderyEncoder().encode(large)
    let second = try BinderyEncoder().encode(large)
    first[0] = UInt8(ascii: " ")
    first.append(contentsOf: Array(",".utf8))
    #expect(second == expectedLarge && first.count == expectedLarge.count + 1)
    #expect(first.dropFirst().dropLast() == expectedLarge.dropFirst())
    #expect(try BinderyEncoder().encode(large) == expectedLarge)
    // Another type after a large output: its own output, whole.
    let points = large.map(\.point)
    #expect(try JSONDecoder().decode([Point].self, from: BinderyEncoder().encode(points)) == points)
    // A setting changed after a large output: what was kept for the old settings is not used.
    _ = try kept.encode(large)
    kept.outputFormatting = .sortedKeys
    let sorted = JSONEncoder()
    sorted.outputFormatting = .sortedKeys
    #expect(try kept.encode(large) == (try sorted.encode(large)))
  }

  /// The sizes of large outputs are kept for the last few types only, the newest size of each:
  /// a program encoding many types keeps a bounded table.
  @Test func largeOutputSizesAreNotedForTheLastFewTypes() {
    var spares = EncodingSetup.Spares()
    let types: [Any.Type] = [
      Int.self, Int8.self, Int16.self, Int32.self, Int64.self, UInt.self, UInt8.self, UInt16.self,
      UInt32.self,
    ]
    #expect(types.count > EncodingSetup.largeTypesNoted)
    for (index, type) in types.enumerated() {
      spares.noteLargeOutput(1_000 + index, of: ObjectIdentifier(type))
    }
    #expect(spares.largeOutputs.count == EncodingSetup.largeTypesNoted)
    #expect(spares.largeOutputSize(of: ObjectIdentifier(Int.self)) == 0)
    #expect(spares.largeOutputSize(of: ObjectIdentifier(UInt32.self)) == 1_008)
    spares.noteLargeOutput(5_000, of: ObjectIdentifier(Int8.self))
    #expect(spares.largeOutputSize(of: ObjectIdentifier(Int8.self)) == 5_000)
    #expect(spares.largeOutputs.count == EncodingSetup.largeTypesNoted)
  }

  @Test func encodersMadeForOneCallInManyTasksGetTheirOwnOutput() async throws {
    try await withThrowingTaskGroup(of: Bool.self) { group in
      for index in 0..<200 {
        group.addTask {
          let named = Named(
            name: String(repeating: "n", count: index), point: Point(x: index, y: -index))
          let data = try BinderyEncoder().encode(named)
          let back = try JSONDecoder().decode(Named.self, from: data)
          return back.name == named.name && back.point == named.point
        }
      }
      for try await same in group { #expect(same) }
    }
  }

  struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }
}
