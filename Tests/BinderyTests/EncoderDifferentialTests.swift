import Bindery
import Foundation
import Testing

/// BinderyEncoder against Foundation's JSONEncoder: same bytes with sorted keys.
@Suite("BinderyEncoder vs JSONEncoder")
struct EncoderDifferentialTests {
  static let primitives = Primitives(
    bool: true, string: "caf\u{e9} \n/\"\\\u{1}", int: -42, int8: -128, int16: 32767, int32: .min,
    int64: .max,
    uint: 0, uint8: 255, uint16: 65535, uint32: .max, uint64: .max, double: 2.5e-3, float: 0.1)

  @Test func primitivesOptionalsAndContainers() {
    expectSameEncoding(Self.primitives)
    expectSameEncoding(
      Optionals(name: nil, count: 3, tags: ["a"], nested: Inner(id: 1, title: "t")))
    expectSameEncoding(Optionals(name: "x", count: nil, tags: nil, nested: nil))
    expectSameEncoding(
      Container(
        items: [Inner(id: 1, title: "a")], byName: ["myKey": Inner(id: 2, title: "b")],
        byId: [1: "one", 22: "two"],
        matrix: [[1, 2.5], [], [-0.0, 1e300, .leastNonzeroMagnitude, 0.1]], set: [3],
        optionalItems: [nil, Inner(id: 5, title: "e")]))
    expectSameEncoding([1.0, 100, 1e16, 1.5e-7, 123456789.125])
    expectSameEncoding([Float(1), 0.1, 3.4e38, 1e-7])
    expectSameEncoding(["a/b": "c/d"])
    expectSameEncoding(
      ["a/b": "c/d"],
      configure: {
        $0.outputFormatting.insert(.withoutEscapingSlashes)
        $1.outputFormatting.insert(.withoutEscapingSlashes)
      })
  }

  @Test func enumsHandwrittenAndInheritance() {
    expectSameEncoding(Tagged(kind: .photo, level: .high, shape: .circle(radius: 1.5)))
    expectSameEncoding(Tagged(kind: .video, level: .low, shape: .square(2)))
    expectSameEncoding(Tagged(kind: .video, level: .low, shape: .empty))
    expectSameEncoding(Handwritten(a: 1, point: [1, 2.5], nested: "n", nils: 2))
    expectSameEncoding(Dog(name: "Lassie", breed: "collie"))
  }

  @Test func keyStrategies() {
    let model = SnakeModel(
      firstName: "Ann", userID: 7, imageURL: "u", isHTTPS: true, profile: ["someKey": 1])
    expectSameEncoding(model)
    expectSameEncoding(
      model,
      configure: {
        $0.keyEncodingStrategy = .convertToSnakeCase
        $1.keyEncodingStrategy = .convertToSnakeCase
      })
    let custom: @Sendable ([any CodingKey]) -> any CodingKey = { path in
      AnyKey(stringValue: "\(path.count)-" + (path.last?.stringValue ?? ""))
    }
    expectSameEncoding(
      [model],
      configure: {
        $0.keyEncodingStrategy = .custom(custom)
        $1.keyEncodingStrategy = .custom(custom)
      })
  }

  @Test func dateDataAndFloatStrategies() throws {
    let special = Special(
      date: Date(timeIntervalSince1970: 1_453_458_168.25), data: Data("hello".utf8),
      url: try #require(URL(string: "https://x/y")),
      decimal: try #require(Decimal(string: "12345678901234567890.125")))
    expectSameEncoding(special)
    for strategy: (BinderyEncoder.DateEncodingStrategy, JSONEncoder.DateEncodingStrategy) in [
      (.secondsSince1970, .secondsSince1970), (.millisecondsSince1970, .millisecondsSince1970),
      (.iso8601, .iso8601),
    ] {
      expectSameEncoding(
        special,
        configure: {
          $0.dateEncodingStrategy = strategy.0
          $1.dateEncodingStrategy = strategy.1
        })
    }
    expectSameEncoding(
      [Date(timeIntervalSince1970: -86_400.5), Date(timeIntervalSince1970: 951_782_400)],
      configure: {
        $0.dateEncodingStrategy = .iso8601
        $1.dateEncodingStrategy = .iso8601
      })
    let formatter = DateFormatter()
    formatter.dateFormat = "yyyy-MM-dd"
    formatter.timeZone = TimeZone(identifier: "UTC")
    expectSameEncoding(
      special,
      configure: {
        $0.dateEncodingStrategy = .formatted(formatter)
        $1.dateEncodingStrategy = .formatted(formatter)
      })
    let nothing: @Sendable (Date, any Encoder) throws -> Void = { _, _ in }
    expectSameEncoding(
      special,
      configure: {
        $0.dateEncodingStrategy = .custom(nothing)
        $1.dateEncodingStrategy = .custom(nothing)
      })
    let text: @Sendable (Date, any Encoder) throws -> Void = { date, encoder in
      var container = encoder.singleValueContainer()
      try container.encode("t\(Int(date.timeIntervalSince1970))")
    }
    expectSameEncoding(
      special,
      configure: {
        $0.dateEncodingStrategy = .custom(text)
        $1.dateEncodingStrategy = .custom(text)
      })
    expectSameEncoding(
      special,
      configure: {
        $0.dataEncodingStrategy = .deferredToData
        $1.dataEncodingStrategy = .deferredToData
      })
    expectSameEncoding([Double.nan])
    expectSameEncoding([Float.infinity])
    expectSameEncoding(
      [Double.nan, .infinity, -.infinity, 1],
      configure: {
        $0.nonConformingFloatEncodingStrategy = .convertToString(
          positiveInfinity: "+", negativeInfinity: "-", nan: "?")
        $1.nonConformingFloatEncodingStrategy = .convertToString(
          positiveInfinity: "+", negativeInfinity: "-", nan: "?")
      })
  }

  @Test func emptyValuesAndErrors() throws {
    struct Nothing: Encodable { func encode(to encoder: any Encoder) throws {} }
    struct Holder: Encodable { var inner = Nothing() }
    expectSameEncoding(Holder())
    let error = try #require(throws: EncodingError.self) { try BinderyEncoder().encode(Nothing()) }
    guard case .invalidValue(_, let context) = error else { return }
    #expect(context.debugDescription == "Top-level Nothing did not encode any values.")
    let nan = try #require(throws: EncodingError.self) {
      try BinderyEncoder().encode(["x": [1, Double.nan]])
    }
    guard case .invalidValue(_, let nanContext) = nan else { return }
    #expect(
      nanContext.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue } == ["x", "1"])
  }

  @Test func containersUsedOutOfOrder() throws {
    struct Interleaved: Encodable {
      enum Keys: String, CodingKey { case a, b, c }
      func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        var nested = container.nestedContainer(keyedBy: Keys.self, forKey: .a)
        try container.encode(1, forKey: .b)
        try nested.encode(2, forKey: .c)  // after the parent moved on
      }
    }
    expectSameEncoding(Interleaved())
    expectSameEncoding([Interleaved(), Interleaved()])
  }

  @Test func prettyOutputReadsBackEqual() throws {
    let encoder = BinderyEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    let data = try encoder.encode(Self.primitives)
    #expect(
      String(decoding: data, as: UTF8.self).hasPrefix("{\n  \"bool\" : true,\n  \"double\" : 0.0025,")
    )
    #expect(try BinderyDecoder().decode(Primitives.self, from: data) == Self.primitives)
    #expect(try JSONDecoder().decode(Primitives.self, from: data) == Self.primitives)
  }
}

struct AnyKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }
  init(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}
