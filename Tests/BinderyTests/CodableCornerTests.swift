import Bindery
import Foundation
import PropertyBased
import Testing

/// The corners of the Codable drop-in, each against Foundation's coders on the same types and
/// inputs: input encodings, 128-bit integers, extreme floats, metatypes, configurations,
/// braces, trailing commas, dates and key conversion.
@Suite("Codable corners vs Foundation")
struct CodableCornerTests {
  // MARK: Input encodings

  /// The JSON text in every encoding Foundation's decoder detects.
  static func encodings(of json: String) -> [(name: String, data: Data)] {
    let scalars = Array(json.unicodeScalars)
    func utf16(bigEndian: Bool, mark: Bool) -> Data {
      var units: [UInt16] = mark ? [0xFEFF] : []
      units += json.utf16
      return Data(
        units.flatMap { unit in
          bigEndian
            ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)]
        })
    }
    func utf32(bigEndian: Bool, mark: Bool) -> Data {
      let values = (mark ? [0xFEFF] : []) + scalars.map(\.value)
      return Data(
        values.flatMap { value in
          let bytes = (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
          return bigEndian ? bytes.reversed() : bytes
        })
    }
    return [
      ("UTF-8", Data(json.utf8)),
      ("UTF-8 with BOM", Data([0xEF, 0xBB, 0xBF] + Array(json.utf8))),
      ("UTF-16BE", utf16(bigEndian: true, mark: false)),
      ("UTF-16LE", utf16(bigEndian: false, mark: false)),
      ("UTF-16BE with BOM", utf16(bigEndian: true, mark: true)),
      ("UTF-16LE with BOM", utf16(bigEndian: false, mark: true)),
      ("UTF-32BE", utf32(bigEndian: true, mark: false)),
      ("UTF-32LE", utf32(bigEndian: false, mark: false)),
      ("UTF-32BE with BOM", utf32(bigEndian: true, mark: true)),
      ("UTF-32LE with BOM", utf32(bigEndian: false, mark: true)),
    ]
  }

  @Test func everyInputEncodingFoundationDetects() throws {
    let documents = [
      #"{"id": 7, "title": "caf\u00e9 — 東京 😀"}"#,
      #"[{"id": 1, "title": "a"}, {"id": 2, "title": "Zürich 𝄞"}]"#,
      "7", "[]", #""x""#,
    ]
    for json in documents {
      // Foundation takes UTF-32LE's mark (FF FE 00 00) for UTF-16LE's and fails; Bindery reads
      // it (checked below).
      for (name, data) in Self.encodings(of: json) where name != "UTF-32LE with BOM" {
        expectSameDecoding(Inner.self, data: data, label: "\(name): \(json)")
        expectSameDecoding([Inner].self, data: data, label: "\(name): \(json)")
        expectSameDecoding(Int.self, data: data, label: "\(name): \(json)")
        expectSameDecoding(String.self, data: data, label: "\(name): \(json)")
      }
    }
    // The values really come through: not only "both failed".
    for (name, data) in Self.encodings(of: #"{"id": 7, "title": "東京 😀"}"#) {
      let inner = try BinderyDecoder().decode(Inner.self, from: data)
      #expect(inner == Inner(id: 7, title: "東京 😀"), "\(name)")
    }
  }

  @Test func brokenUTF16AndUTF32AreErrorsThatSayWhere() {
    let broken: [(String, [UInt8])] = [
      ("odd length", [0x7B, 0x00, 0x7D]),
      ("lone high surrogate", [0x5B, 0x00, 0x22, 0x00, 0x3D, 0xD8, 0x22, 0x00, 0x5D, 0x00]),
      ("lone low surrogate", [0x00, 0x5B, 0x00, 0x22, 0xDC, 0x00, 0x00, 0x22, 0x00, 0x5D]),
      (
        "beyond U+10FFFF",
        [0x5B, 0, 0, 0, 0x22, 0, 0, 0, 0, 0, 0x11, 0, 0x22, 0, 0, 0, 0x5D, 0, 0, 0]
      ),
    ]
    for (name, bytes) in broken {
      expectSameDecoding([String].self, data: Data(bytes), label: name)
      #expect(throws: DecodingError.self, "\(name)") {
        try BinderyDecoder().decode([String].self, from: Data(bytes))
      }
    }
    // Foundation drops bytes after the last whole code unit; Bindery says they are there.
    #expect(throws: DecodingError.self) {
      try BinderyDecoder().decode([String].self, from: Data([0, 0, 0, 0x5B, 0, 0, 0, 0x5D, 0, 0]))
    }
    do {
      _ = try BinderyDecoder().decode([String].self, from: Data(broken[1].1))
    } catch let DecodingError.dataCorrupted(context) {
      #expect(context.debugDescription.contains("lone surrogate"), "\(context.debugDescription)")
      #expect(context.debugDescription.contains("byte 4"), "\(context.debugDescription)")
    } catch {
      Issue.record("unexpected \(error)")
    }
  }

  @Test func strictReadingIsOneOptionAway() {
    let decoder = BinderyDecoder()
    decoder.readingOptions = .strict
    #expect(throws: DecodingError.self) {
      try decoder.decode([Int].self, from: Data("[1,]".utf8))
    }
    #expect(throws: DecodingError.self) {
      try decoder.decode([Int].self, from: Data([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)))
    }
    #expect(throws: DecodingError.self) {
      try decoder.decode([Int].self, from: Data([0x5B, 0x00, 0x31, 0x00, 0x5D, 0x00]))
    }
    // The core reader stays strict unless asked.
    #expect(throws: JSONReadError.self) { try JSONDocument(parsing: "[1,]") }
    #expect(throws: JSONReadError.self) { try JSONDocument(parsing: [0x5B, 0x00, 0x5D, 0x00]) }
    #expect((try? JSONDocument(parsing: [0x5B, 0x00, 0x5D, 0x00], options: .foundation)) != nil)
  }

  // MARK: Trailing commas and braces

  @Test func trailingCommasAsFoundationReadsThem() {
    for json in [
      #"{"key" : [ true, ],}"#, "[1,]", "[1 , ]", "[1,,]", "[,]", "{,}", #"{"a": 1,,}"#, "[1]",
      #"[{"id": 1, "title": "a",},]"#,
    ] {
      expectSameDecoding([String: [Bool]].self, json)
      expectSameDecoding([Int].self, json)
      expectSameDecoding([Inner].self, json)
    }
  }

  @Test func assumedBracesOnlyWhereThereAreNone() {
    let both: (BinderyDecoder, JSONDecoder) -> Void = {
      $0.assumesTopLevelDictionary = true
      $1.assumesTopLevelDictionary = true
    }
    for json in [
      #"{"x" : 42}"#, "{}", #""x" : 42"#, #" {"x": 1}"#, "", "  ", #""x": {"y": 1}"#,
      #""x": 1, "y": 2,"#, #"{"x": 1}, "y": 2"#, "[1]",
    ] {
      expectSameDecoding([String: Int].self, json, configure: both)
    }
    expectSameDecoding(
      [String: Int].self, data: Data([0xEF, 0xBB, 0xBF] + Array(#"{"x": 1}"#.utf8)),
      label: "BOM and braces", configure: both)
    // The braces go around the text, whatever its encoding.
    for json in [#""x": 1, "y": 2"#, #"{"x": 1}"#] {
      for (name, data) in Self.encodings(of: json) where name != "UTF-32LE with BOM" {
        expectSameDecoding(
          [String: Int].self, data: data, label: "\(name): \(json)", configure: both)
        let decoder = BinderyDecoder()
        decoder.assumesTopLevelDictionary = true
        #expect((try? decoder.decode([String: Int].self, from: data))?["x"] == 1, "\(name)")
      }
    }
    for json in [#"{hello: "world"}"#, #"hello: "world""#, "{}", "// c\n{a: 'b'}"] {
      expectSameDecoding(
        [String: String].self, json,
        configure: {
          both($0, $1)
          $0.allowsJSON5 = true
          $1.allowsJSON5 = true
        })
    }
  }

  // MARK: Numbers

  @Test func int128AndUInt128BothWays() throws {
    struct Wide: Codable, Equatable {
      var signed: Int128
      var unsigned: UInt128
      var optional: Int128?
      var list: [UInt128]
    }
    let values = [
      Wide(signed: .max, unsigned: .max, optional: .min, list: [0, .max, 1 << 100]),
      Wide(signed: .min, unsigned: 0, optional: nil, list: []),
      Wide(
        signed: -1, unsigned: UInt128(UInt64.max) + 1, optional: Int128(Int64.min) - 1, list: [7]),
    ]
    for value in values {
      expectSameEncoding(value)
      let data = try JSONEncoder().encode(value)
      expectSameDecoding(Wide.self, String(decoding: data, as: UTF8.self))
      #expect(try BinderyDecoder().decode(Wide.self, from: BinderyEncoder().encode(value)) == value)
    }
    expectSameEncoding([Int128.max, Int128.min])
    expectSameEncoding(UInt128.max)
    for text in [
      "170141183460469231731687303715884105727", "170141183460469231731687303715884105728",
      "-170141183460469231731687303715884105728", "-170141183460469231731687303715884105729",
      "1e3", "1.0", "12.5", #""5""#, "2e38", "-0", "null", "[1]",
    ] {
      expectSameDecoding(Int128.self, text)
      expectSameDecoding([Int128].self, "[\(text)]")
    }
    for text in [
      "340282366920938463463374607431768211455", "340282366920938463463374607431768211456", "-1",
      "0", "1e39",
    ] {
      expectSameDecoding(UInt128.self, text)
    }
    // Foundation reads a fraction or exponent through `Double` and then `Int64`, and so refuses
    // these; Bindery reads every digit.
    #expect(
      try BinderyDecoder().decode(Int128.self, from: Data("1e38".utf8)) == Int128(10).power(38))
    #expect(
      try BinderyDecoder().decode(UInt128.self, from: Data("3.4e38".utf8)) == 34
        * UInt128(10).power(37))
    // The model layer reads and writes them too.
    #expect(try Int128(json: "-170141183460469231731687303715884105728") == .min)
    #expect(String(decoding: try UInt128.max.jsonBytes(), as: UTF8.self) == UInt128.max.description)
    #expect(throws: JSONDecodingError.self) { try UInt128(json: "-1") }
  }

  @Test func floatLimitsRoundTripAndUnderflowIsAnError() throws {
    for value: Float in [
      .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNonzeroMagnitude,
      .leastNormalMagnitude, 0.1, -0,
    ] {
      expectSameEncoding([value])
      #expect(
        try BinderyDecoder().decode([Float].self, from: BinderyEncoder().encode([value])) == [value]
      )
      #expect(try [Float](json: [value].jsonBytes()) == [value])
    }
    for text in [
      "3.4028235e+38", "3.4028236e+38", "3.40282357e+38", "3.5e38", "1.0e39", "-3.4028235e38",
      "1e-46", "1e-45", "7e-46", "7.1e-46", "5e-324", "1e-400", "0e-999", "-0.0", "0.0e5",
      "1.0000000596046447753906251", "1.00000005960464477539062499",
    ] {
      expectSameDecoding(Float.self, text)
      expectSameDecoding([Float].self, "[\(text)]")
      expectSameDecoding(Primitives.self, Self.primitives(float: text))
    }
    for text in ["5e-324", "2.4e-324", "2.5e-324", "1e-400", "1.8e308", "1.7976931348623157e308"] {
      expectSameDecoding(Double.self, text)
    }
    // One rule for both widths in the model layer too: out of range either way is a problem.
    for text in ["1e-50", "5e-324", "3.5e38"] {
      #expect(throws: JSONDecodingError.self, "\(text)") { try Float(json: text) }
    }
    #expect(throws: JSONDecodingError.self) { try Double(json: "1e-400") }
    #expect(try Float(json: "1e-45") == .leastNonzeroMagnitude)
    #expect(try Float(json: "0e-999") == 0)
  }

  static func primitives(float text: String) -> String {
    #"""
    {"bool": true, "string": "s", "int": 1, "int8": 1, "int16": 1, "int32": 1, "int64": 1,
     "uint": 1, "uint8": 1, "uint16": 1, "uint32": 1, "uint64": 1, "double": 1, "float": \#(text)}
    """#
  }

  // MARK: Metatypes

  class Person: Codable, Equatable {
    var name: String
    init(name: String) { self.name = name }
    static func == (a: Person, b: Person) -> Bool {
      type(of: a) == type(of: b) && a.name == b.name && a.extra == b.extra
    }
    var extra: String { "" }
  }

  final class Employee: Person {
    var company: String
    private enum Keys: String, CodingKey { case company }
    init(name: String, company: String) {
      self.company = company
      super.init(name: name)
    }
    required init(from decoder: any Decoder) throws {
      company = try decoder.container(keyedBy: Keys.self).decode(String.self, forKey: .company)
      try super.init(from: decoder)
    }
    override var extra: String { company }
  }

  /// Decodes its member through a metatype chosen at run time.
  struct Staff: Decodable, Equatable {
    static let kind: Person.Type = Employee.self
    var lead: Person
    var team: [Person]
    private enum Keys: String, CodingKey { case lead, team }
    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: Keys.self)
      lead = try container.decode(Self.kind, forKey: .lead)
      var team = try container.nestedUnkeyedContainer(forKey: .team)
      self.team = []
      while !team.isAtEnd { self.team.append(try team.decode(Self.kind)) }
    }
  }

  @Test func theMetatypeGivenIsTheTypeDecoded() throws {
    let json = #"{"name": "Ada", "company": "Analytical"}"#
    let person: Person.Type = Employee.self
    let decoded = try BinderyDecoder().decode(person, from: Data(json.utf8))
    #expect(decoded is Employee)
    #expect((decoded as? Employee)?.company == "Analytical")
    expectSameDecoding(Person.self, json)
    let staff = #"{"lead": \#(json), "team": [\#(json), {"name": "Bo", "company": "C"}]}"#
    expectSameDecoding(Staff.self, staff)
    expectSameDecoding(Staff.self, #"{"lead": {"name": "Ada"}, "team": []}"#)
    #expect(
      try BinderyDecoder().decode(Staff.self, from: Data(staff.utf8)).team.allSatisfy {
        $0 is Employee
      })
  }

  // MARK: Configurations

  struct Price: Equatable, EncodableWithConfiguration, DecodableWithConfiguration {
    struct Currency: Sendable {
      var code: String
      var digits: Int
    }
    var minorUnits: Int
    enum Keys: String, CodingKey { case amount, currency }
    func encode(to encoder: any Encoder, configuration: Currency) throws {
      var container = encoder.container(keyedBy: Keys.self)
      let scale = (0..<configuration.digits).reduce(1) { value, _ in value * 10 }
      try container.encode("\(minorUnits / scale).\(minorUnits % scale)", forKey: .amount)
      try container.encode(configuration.code, forKey: .currency)
    }
    init(minorUnits: Int) { self.minorUnits = minorUnits }
    init(from decoder: any Decoder, configuration: Currency) throws {
      let container = try decoder.container(keyedBy: Keys.self)
      let code = try container.decode(String.self, forKey: .currency)
      guard code == configuration.code else {
        throw DecodingError.dataCorruptedError(
          forKey: .currency, in: container, debugDescription: "expected \(configuration.code)")
      }
      let parts = try container.decode(String.self, forKey: .amount).split(separator: ".")
      minorUnits = parts.reduce(0) { $0 * 100 + (Int($1) ?? 0) }
    }
  }

  enum Euro: EncodingConfigurationProviding, DecodingConfigurationProviding {
    static let encodingConfiguration = Price.Currency(code: "EUR", digits: 2)
    static let decodingConfiguration = Price.Currency(code: "EUR", digits: 2)
  }

  @Test func encodeAndDecodeWithAConfiguration() throws {
    let price = Price(minorUnits: 1234)
    let euro = Price.Currency(code: "EUR", digits: 2)
    let foundation = JSONEncoder()
    foundation.outputFormatting = .sortedKeys
    let bindery = BinderyEncoder()
    bindery.outputFormatting = .sortedKeys
    let expected = try foundation.encode(price, configuration: euro)
    #expect(try bindery.encode(price, configuration: euro) == expected)
    #expect(try bindery.encode(price, configuration: Euro.self) == expected)
    #expect(try BinderyDecoder().decode(Price.self, from: expected, configuration: euro) == price)
    #expect(
      try BinderyDecoder().decode(Price.self, from: expected, configuration: Euro.self) == price)
    let dollars = Price.Currency(code: "USD", digits: 2)
    #expect(throws: DecodingError.self) {
      try BinderyDecoder().decode(Price.self, from: expected, configuration: dollars)
    }
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(Price.self, from: expected, configuration: dollars)
    }
  }

  @Test func aCustomStrategyThatWritesNothingAtTopLevelIsAnEmptyObject() throws {
    let nothingForDates: @Sendable (Date, any Encoder) throws -> Void = { _, _ in }
    let nothingForData: @Sendable (Data, any Encoder) throws -> Void = { _, _ in }
    let configure: (BinderyEncoder, JSONEncoder) -> Void = {
      $0.dateEncodingStrategy = .custom(nothingForDates)
      $1.dateEncodingStrategy = .custom(nothingForDates)
      $0.dataEncodingStrategy = .custom(nothingForData)
      $1.dataEncodingStrategy = .custom(nothingForData)
    }
    expectSameEncoding(Date(timeIntervalSince1970: 0), configure: configure)
    expectSameEncoding(Data([1, 2]), configure: configure)
    expectSameEncoding([Date(timeIntervalSince1970: 0)], configure: configure)
    let encoder = BinderyEncoder()
    encoder.dateEncodingStrategy = .custom(nothingForDates)
    #expect(String(decoding: try encoder.encode(Date()), as: UTF8.self) == "{}")
  }

  // MARK: Random values

  /// Every integer width and both float widths, at their limits and in between.
  struct Numbers: Codable, Equatable {
    var i8: Int8, i16: Int16, i32: Int32, i64: Int64, int: Int
    var u8: UInt8, u16: UInt16, u32: UInt32, u64: UInt64, uint: UInt
    var i128: Int128, u128: UInt128
    var float: Float, double: Double
    var floats: [Float], doubles: [Double?]
    var wide: [Int128?]

    static func random(using rng: inout some RandomNumberGenerator) -> Numbers {
      func pick<T: FixedWidthInteger>(_: T.Type) -> T {
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: return .max
        case 1: return .min
        case 2: return T(truncatingIfNeeded: Int.random(in: -1000...1000, using: &rng))
        default: return T.random(in: .min ... .max, using: &rng)
        }
      }
      func float() -> Float {
        let special: [Float] = [
          .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNonzeroMagnitude,
          .leastNormalMagnitude, -0.0, 0.1, 16_777_216,
        ]
        if Bool.random(using: &rng) { return special.randomElement(using: &rng) ?? 0 }
        let value = Float(bitPattern: UInt32.random(in: 0 ... .max, using: &rng))
        return value.isFinite ? value : 1.5
      }
      func double() -> Double {
        let special: [Double] = [
          .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNonzeroMagnitude,
          .leastNormalMagnitude, -0.0, 0.1, 9_007_199_254_740_992, 1e22, 1e23,
        ]
        if Bool.random(using: &rng) { return special.randomElement(using: &rng) ?? 0 }
        let value = Double(bitPattern: UInt64.random(in: 0 ... .max, using: &rng))
        return value.isFinite ? value : 2.5
      }
      return Numbers(
        i8: pick(Int8.self), i16: pick(Int16.self), i32: pick(Int32.self), i64: pick(Int64.self),
        int: pick(Int.self), u8: pick(UInt8.self), u16: pick(UInt16.self), u32: pick(UInt32.self),
        u64: pick(UInt64.self), uint: pick(UInt.self), i128: pick(Int128.self),
        u128: pick(UInt128.self), float: float(), double: double(),
        floats: (0..<Int.random(in: 0...3, using: &rng)).map { _ in float() },
        doubles: (0..<Int.random(in: 0...3, using: &rng)).map { _ in
          Bool.random(using: &rng) ? double() : nil
        },
        wide: (0..<Int.random(in: 0...3, using: &rng)).map { _ in
          Bool.random(using: &rng) ? pick(Int128.self) : nil
        })
    }
  }

  /// Random numbers of every width, written by both encoders (byte for byte the same), then
  /// read back by both decoders from a random input encoding; and random people decoded
  /// through a base class's metatype.
  @Test func randomValuesEveryWidthEveryEncoding() async {
    let generator = Generator<(Numbers, Int, Bool), Shrink.None<(Numbers, Int, Bool)>> { rng in
      (Numbers.random(using: &rng), Int.random(in: 0..<10, using: &rng), Bool.random(using: &rng))
    }
    await propertyCheck(count: 200, input: generator) { input in
      let (numbers, encodingIndex, employee) = input
      expectSameEncoding(numbers)
      guard let text = try? JSONEncoder().encode(numbers) else {
        Issue.record("Foundation could not encode \(numbers)")
        return
      }
      let json = String(decoding: text, as: UTF8.self)
      let encodings = Self.encodings(of: json)
      let (name, data) = encodings[encodingIndex % encodings.count]
      if name != "UTF-32LE with BOM" {
        expectSameDecoding(Numbers.self, data: data, label: "\(name): \(json)")
      }
      #expect((try? BinderyDecoder().decode(Numbers.self, from: data)) == numbers, "\(name)")

      let kind: Person.Type = employee ? Employee.self : Person.self
      let person = #"{"name": "\#(numbers.i16)", "company": "\#(numbers.u8)"}"#
      let bindery = Result { try BinderyDecoder().decode(kind, from: Data(person.utf8)) }
      let foundation = Result { try JSONDecoder().decode(kind, from: Data(person.utf8)) }
      switch (bindery, foundation) {
      case (.success(let b), .success(let f)): #expect(b == f, "\(person)")
      default: Issue.record("\(person): Bindery \(bindery), Foundation \(foundation)")
      }
    }
  }

  // MARK: Dates and keys

  @Test func iso8601DatesReadAsFoundationReadsThem() {
    for text in [
      "2020-01-02T03:04:05Z", "2020-01-02T03:04:05z", "2020-01-02T03:04:05+01:00",
      "2020-01-02T03:04:05-0130", "2020-01-02T03:04:05+01", "2020-01-02T03:04:05.5Z",
      "2020-01-02T03:04:05.123456-00:00", "2020-01-02T03:04:05+14:00", "2020-01-02 03:04:05Z",
      "20200102T030405Z", "2020-01-02T03:04Z", "2020-01-02", "2020-01-02T03:04:05",
      "2020-01-02T03:04:05 +01:00", "+2020-01-02T03:04:05Z", "2020-01-02T03:04:05,5Z",
      "2020-01-02T03:04:05.Z", "2020-01-02T03:04:05+24:00",
    ] {
      expectSameDecoding(
        Date.self, #""\#(text)""#,
        configure: {
          $0.dateDecodingStrategy = .iso8601
          $1.dateDecodingStrategy = .iso8601
        })
    }
  }

  @Test func snakeCaseSplitsAtGraphemeBoundaries() {
    struct Keys: Encodable {
      static let names = [
        "e\u{301}Xy", "aE\u{301}b", "ÄbcDé", "a\u{301}\u{302}B", "userID", "🇺🇸Flag", "aB\u{301}c",
        "myURLValue", "x2Y", "_leadingUnderscore", "trailing_", "ǅungla",
      ]
      func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        for name in Self.names { try container.encode(1, forKey: AnyKey(name)) }
      }
    }
    expectSameEncoding(
      Keys(),
      configure: {
        $0.keyEncodingStrategy = .convertToSnakeCase
        $1.keyEncodingStrategy = .convertToSnakeCase
      })
  }
}

extension FixedWidthInteger {
  /// `self` raised to `exponent`, exactly (traps on overflow, as a test should).
  fileprivate func power(_ exponent: Int) -> Self {
    (0..<exponent).reduce(1) { product, _ in product * self }
  }
}
