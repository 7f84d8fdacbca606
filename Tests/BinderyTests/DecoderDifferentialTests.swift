import Bindery
import Foundation
import PropertyBased
import Testing

/// BinderyDecoder against Foundation's JSONDecoder, on the same types and inputs.
@Suite("BinderyDecoder vs JSONDecoder")
struct DecoderDifferentialTests {
  static let primitives = #"""
    {"bool": true, "string": "caf\u00e9 \n", "int": -42, "int8": -128, "int16": 32767,
     "int32": -2147483648, "int64": 9223372036854775807, "uint": 0, "uint8": 255, "uint16": 65535,
     "uint32": 4294967295, "uint64": 18446744073709551615, "double": 2.5e-3, "float": 0.1}
    """#

  @Test func primitivesAndTheirBadVariants() {
    expectSameDecoding(Primitives.self, Self.primitives)
    let replacements: [(String, String)] = [
      (#""int8": -128"#, #""int8": -129"#), (#""uint8": 255"#, #""uint8": 256"#),
      (#""uint8": 255"#, #""uint8": 300"#), (#""int": -42"#, #""int": -42.5"#),
      (#""int": -42"#, #""int": "-42""#), (#""int": -42"#, #""int": null"#),
      (#""bool": true"#, #""bool": 1"#), (#""string": "caf\u00e9 \n""#, #""string": 12"#),
      (#""double": 2.5e-3"#, #""double": "2.5""#), (#""float": 0.1"#, #""float": 1e300"#),
      (#""double": 2.5e-3"#, #""double": 1e400"#),
      // Too small to be told from zero: an error in both, not 0.
      (#""double": 2.5e-3"#, #""double": -2.5E-3444444"#),
      (#""double": 2.5e-3"#, #""double": 1e-400"#),
      (#""double": 2.5e-3"#, #""double": 0e-400"#), (#""double": 2.5e-3"#, #""double": 2.5e-324"#),
      (#""int64": 9223372036854775807"#, #""int64": 9223372036854775808"#),
      (#""uint64": 18446744073709551615"#, #""uint64": -1"#), (#""int": -42, "#, ""),
      (#""uint": 0"#, #""uint": 1.0"#), (#""int32": -2147483648"#, #""int32": 1e3"#),
      (#""bool": true"#, #""bool": [true]"#), (#""string": "caf\u00e9 \n""#, #""string": {}"#),
    ]
    for (original, replacement) in replacements {
      expectSameDecoding(
        Primitives.self, Self.primitives.replacingFirst(original, with: replacement))
    }
  }

  @Test func optionalsMissingNullAndWrong() {
    for json in [
      "{}", #"{"name": null, "count": null, "tags": null, "nested": null}"#,
      #"{"name": "x", "count": 3, "tags": ["a", "b"], "nested": {"id": 1, "title": "t"}}"#,
      #"{"count": "3"}"#, #"{"tags": ["a", 1]}"#, #"{"nested": {"id": 1}}"#, #"{"nested": []}"#,
      #"{"tags": [null]}"#, "[]", "null", "3",
    ] {
      expectSameDecoding(Optionals.self, json)
    }
  }

  @Test func containersOfEveryKind() {
    let valid = #"""
      {"items": [{"id": 1, "title": "a"}, {"id": 2, "title": "b"}],
       "byName": {"x": {"id": 3, "title": "c"}, "my_key": {"id": 4, "title": "d"}},
       "byId": {"1": "one", "22": "two"}, "matrix": [[1, 2.5], [], [-0.0]], "set": [3, 1, 2],
       "optionalItems": [null, {"id": 5, "title": "e"}]}
      """#
    expectSameDecoding(Container.self, valid)
    expectSameDecoding(
      Container.self, valid,
      configure: {
        $0.keyDecodingStrategy = .convertFromSnakeCase
        $1.keyDecodingStrategy = .convertFromSnakeCase
      })
    for (original, replacement) in [
      (#"{"id": 2, "title": "b"}"#, #"{"id": 2}"#), (#""22": "two""#, #""x2": "two""#),
      (#"[-0.0]"#, #"[-0.0, "z"]"#), (#"null, {"id": 5"#, #"1, {"id": 5"#),
      (#""set": [3, 1, 2]"#, #""set": {}"#),
      (#""title": "c""#, #""title": null"#),
    ] {
      expectSameDecoding(Container.self, valid.replacingFirst(original, with: replacement))
    }
  }

  @Test func enumsRawAndWithAssociatedValues() {
    expectSameDecoding(
      Tagged.self, #"{"kind": "photo", "level": 2, "shape": {"circle": {"radius": 1.5}}}"#)
    expectSameDecoding(
      Tagged.self, #"{"kind": "video", "level": 1, "shape": {"square": {"_0": 2}}}"#)
    expectSameDecoding(Tagged.self, #"{"kind": "video", "level": 1, "shape": {"empty": {}}}"#)
    expectSameDecoding(Tagged.self, #"{"kind": "audio", "level": 1, "shape": {"empty": {}}}"#)
    expectSameDecoding(Tagged.self, #"{"kind": "photo", "level": 3, "shape": {"empty": {}}}"#)
    expectSameDecoding(Tagged.self, #"{"kind": "photo", "level": 1, "shape": {"triangle": {}}}"#)
    expectSameDecoding(
      Tagged.self, #"{"kind": "photo", "level": 1, "shape": {"circle": {"radius": "x"}}}"#)
  }

  @Test func handwrittenNestedContainersAndSuperDecoders() {
    let json = #"{"a": 1, "point": [1, 2.5], "info": {"name": "n", "list": [null, 1, null]}}"#
    expectSameDecoding(Handwritten.self, json)
    expectSameDecoding(
      Handwritten.self,
      json.replacingFirst(#""list": [null, 1, null]"#, with: #""list": [null, "x"]"#))
    expectSameDecoding(
      Handwritten.self, json.replacingFirst(#""info": {"#, with: #""info": [], "x": {"#))
    expectSameDecoding(Handwritten.self, json.replacingFirst(#"[1, 2.5]"#, with: "[1, null]"))
    expectSameDecoding(Dog.self, #"{"breed": "collie", "super": {"name": "Lassie"}}"#)
    expectSameDecoding(Dog.self, #"{"breed": "collie", "super": {}}"#)
    expectSameDecoding(Dog.self, #"{"breed": "collie"}"#)
    expectSameDecoding(Dog.self, #"{"breed": "collie", "super": {"name": 1}}"#)
  }

  @Test func unkeyedContainerAtEnd() {
    struct Pair: Decodable, Equatable {
      var a: Int, b: Int
      init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        a = try container.decode(Int.self)
        b = try container.decode(Int.self)
      }
    }
    expectSameDecoding(Pair.self, "[1, 2]")
    expectSameDecoding(Pair.self, "[1]")
    expectSameDecoding([Pair].self, "[[1, 2], [3]]")
    expectSameDecoding(Pair.self, "{}")
  }

  @Test func snakeCaseAndCustomKeys() {
    let json =
      #"{"first_name": "Ann", "user_id": 7, "image_url": "u", "is_https": true, "profile": {"some_key": 1}}"#
    let snake: (BinderyDecoder, JSONDecoder) -> Void = {
      $0.keyDecodingStrategy = .convertFromSnakeCase
      $1.keyDecodingStrategy = .convertFromSnakeCase
    }
    // Foundation's rules: user_id becomes userId, not userID, so this fails in both.
    expectSameDecoding(SnakeModel.self, json, configure: snake)
    let matching =
      #"{"first_name": "Ann", "userID": 7, "imageURL": "u", "isHTTPS": true, "profile": {"some_key": 1}}"#
    expectSameDecoding(SnakeModel.self, matching, configure: snake)
    expectSameDecoding(SnakeModel.self, matching)
    struct Upper: CodingKey {
      var stringValue: String
      var intValue: Int? { nil }
      init(stringValue: String) { self.stringValue = stringValue }
      init?(intValue: Int) { nil }
    }
    let custom: (BinderyDecoder, JSONDecoder) -> Void = {
      let strategy: @Sendable ([any CodingKey]) -> any CodingKey = { path in
        Upper(stringValue: String((path.last?.stringValue ?? "").dropFirst()))
      }
      $0.keyDecodingStrategy = .custom(strategy)
      $1.keyDecodingStrategy = .custom(strategy)
    }
    expectSameDecoding(Inner.self, #"{"xid": 1, "xtitle": "t"}"#, configure: custom)
    expectSameDecoding(Inner.self, #"{"id": 1, "title": "t"}"#, configure: custom)
  }

  @Test func datesUnderEveryStrategy() {
    struct Dated: Codable, Equatable { var date: Date }
    expectSameDecoding(Dated.self, #"{"date": 12.5}"#)
    expectSameDecoding(Dated.self, #"{"date": "12.5"}"#)
    expectSameDecoding(
      Dated.self, #"{"date": 1453458168}"#,
      configure: {
        $0.dateDecodingStrategy = .secondsSince1970
        $1.dateDecodingStrategy = .secondsSince1970
      })
    expectSameDecoding(
      Dated.self, #"{"date": 1453458168250}"#,
      configure: {
        $0.dateDecodingStrategy = .millisecondsSince1970
        $1.dateDecodingStrategy = .millisecondsSince1970
      })
    let iso: (BinderyDecoder, JSONDecoder) -> Void = {
      $0.dateDecodingStrategy = .iso8601
      $1.dateDecodingStrategy = .iso8601
    }
    for text in [
      "2016-01-22T10:22:48Z", "2016-01-20T14:14:43-08:00", "2016-01-22T10:22:48+05:30",
      "2016-02-29T00:00:00Z",
      "2016-13-01T00:00:00Z", "2016-01-22 10:22:48Z", "not a date", "2016-01-22T10:22:48",
    ] {
      expectSameDecoding(Dated.self, #"{"date": "\#(text)"}"#, configure: iso)
    }
    // A deliberate difference: Foundation reads 2015-02-29 as 2015-03-01; Bindery rejects it.
    let strict = BinderyDecoder()
    strict.dateDecodingStrategy = .iso8601
    #expect(throws: DecodingError.self) {
      try strict.decode(Dated.self, from: Data(#"{"date": "2015-02-29T00:00:00Z"}"#.utf8))
    }
    #expect(throws: DecodingError.self) {
      try strict.decode(Dated.self, from: Data(#"{"date": "2016-04-31T00:00:00Z"}"#.utf8))
    }
    let formatter = DateFormatter()
    formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
    formatter.timeZone = TimeZone(identifier: "America/Los_Angeles")
    formatter.locale = Locale(identifier: "en_US_POSIX")
    let formatted: (BinderyDecoder, JSONDecoder) -> Void = {
      $0.dateDecodingStrategy = .formatted(formatter)
      $1.dateDecodingStrategy = .formatted(formatter)
    }
    expectSameDecoding(Dated.self, #"{"date": "2016-09-07 12:30:51"}"#, configure: formatted)
    expectSameDecoding(Dated.self, #"{"date": "2016/09/07"}"#, configure: formatted)
    let custom: (BinderyDecoder, JSONDecoder) -> Void = {
      let closure: @Sendable (any Decoder) throws -> Date = { decoder in
        Date(
          timeIntervalSince1970: Double(try decoder.singleValueContainer().decode(String.self)) ?? 0
        )
      }
      $0.dateDecodingStrategy = .custom(closure)
      $1.dateDecodingStrategy = .custom(closure)
    }
    expectSameDecoding(Dated.self, #"{"date": "100"}"#, configure: custom)
    expectSameDecoding(Dated.self, #"{"date": 100}"#, configure: custom)
  }

  @Test func dataURLAndDecimal() {
    expectSameDecoding(
      Special.self,
      #"{"date": 0, "data": "aGVsbG8=", "url": "https://x/y?q=1", "decimal": 12345678901234567890.125}"#
    )
    expectSameDecoding(
      Special.self, #"{"date": 0, "data": "!!!", "url": "https://x", "decimal": 1}"#)
    expectSameDecoding(Special.self, #"{"date": 0, "data": "", "url": "", "decimal": 1}"#)
    expectSameDecoding(Special.self, #"{"date": 0, "data": "", "url": "a", "decimal": "1"}"#)
    let deferred: (BinderyDecoder, JSONDecoder) -> Void = {
      $0.dataDecodingStrategy = .deferredToData
      $1.dataDecodingStrategy = .deferredToData
    }
    expectSameDecoding(
      Special.self, #"{"date": 0, "data": [104, 105], "url": "a", "decimal": 0.1}"#,
      configure: deferred)
    expectSameDecoding(
      Special.self, #"{"date": 0, "data": [104, 256], "url": "a", "decimal": 0.1}"#,
      configure: deferred)
    expectSameDecoding([Decimal].self, "[0.1, -0, 1e3, 123.456e-2]")
  }

  @Test func nonConformingFloats() {
    let strings: (BinderyDecoder, JSONDecoder) -> Void = {
      $0.nonConformingFloatDecodingStrategy = .convertFromString(
        positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
      $1.nonConformingFloatDecodingStrategy = .convertFromString(
        positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
    }
    expectSameDecoding([Double].self, #"["+inf", "-inf", 1]"#, configure: strings)
    expectSameDecoding([Float].self, #"["+inf", 2]"#, configure: strings)
    expectSameDecoding([Double].self, #"["inf"]"#, configure: strings)
    expectSameDecoding([Double].self, #"["+inf"]"#)
    let bindery = BinderyDecoder()
    strings(bindery, JSONDecoder())
    #expect(
      (try? bindery.decode([Double].self, from: Data(#"["nan"]"#.utf8)))?.first?.isNaN == true)
  }

  @Test func topLevelValuesJSON5AndMissingBraces() {
    expectSameDecoding(Int.self, "42")
    expectSameDecoding(String.self, #""x""#)
    expectSameDecoding([String: Int].self, #"{"a": 1}"#)
    expectSameDecoding([Int].self, "[1, 2")
    expectSameDecoding([Int].self, "")
    expectSameDecoding(Int?.self, "null")
    expectSameDecoding(
      [String: Int].self, #""a": 1, "b": 2"#,
      configure: {
        $0.assumesTopLevelDictionary = true
        $1.assumesTopLevelDictionary = true
      })
    expectSameDecoding(
      [String: Int].self, "{a: 1, /* c */ b: 0x10,}",
      configure: {
        $0.allowsJSON5 = true
        $1.allowsJSON5 = true
      })
  }

  @Test func userInfoReachesDecoders() throws {
    struct Probe: Decodable, Equatable {
      var seen: String
      init(from decoder: any Decoder) throws {
        let key = CodingUserInfoKey(rawValue: "flavour")
        seen = key.flatMap { decoder.userInfo[$0] as? String } ?? "none"
      }
    }
    let decoder = BinderyDecoder()
    if let key = CodingUserInfoKey(rawValue: "flavour") { decoder.userInfo[key] = "vanilla" }
    #expect(try decoder.decode(Probe.self, from: Data("{}".utf8)).seen == "vanilla")
  }

  /// Random JSON shaped like `Optionals`, with values of random types: both decoders must
  /// agree on every input.
  @Test func randomInputsAgree() async {
    let generator = Generator<String, Shrink.None<String>> { rng in
      func value(_ depth: Int) -> String {
        switch Int.random(in: 0..<(depth > 2 ? 6 : 8), using: &rng) {
        case 0: return "null"
        case 1: return Bool.random(using: &rng) ? "true" : "false"
        case 2: return String(Int.random(in: -1000...1000, using: &rng))
        case 3:
          return ["1.5", "1e2", "-0", "1e400", "9223372036854775808"][
            Int.random(in: 0..<5, using: &rng)]
        case 4:
          return ["\"x\"", "\"\"", "\"3\"", "\"caf\\u00e9\""][Int.random(in: 0..<4, using: &rng)]
        case 5: return ["\"title\"", "\"id\""][Int.random(in: 0..<2, using: &rng)]
        case 6:
          return "["
            + (0..<Int.random(in: 0...3, using: &rng)).map { _ in value(depth + 1) }.joined(
              separator: ",") + "]"
        default:
          let keys = ["id", "title", "name", "count", "tags", "nested", "extra"]
          return "{"
            + (0..<Int.random(in: 0...4, using: &rng)).map { _ in
              "\"\(keys[Int.random(in: 0..<keys.count, using: &rng)])\": \(value(depth + 1))"
            }.joined(separator: ",") + "}"
        }
      }
      return value(0)
    }
    await propertyCheck(count: 500, input: generator) { json in
      expectSameDecoding(Optionals.self, json)
      expectSameDecoding([Inner].self, json)
      expectSameDecoding([String: Int?].self, json, anyFailingMember: true)
    }
  }
}

extension String {
  func replacingFirst(_ target: String, with replacement: String) -> String {
    guard let range = range(of: target) else { return self }
    var copy = self
    copy.replaceSubrange(range, with: replacement)
    return copy
  }
}
