import Bindery
import BinderyTestSupport
import Foundation
import Testing

/// `JSONValue` from and to the Foundation objects apps already hold, exactly.
@Suite struct FoundationValueTests {
  static let text = #"""
    {"flag": true, "zero": false, "one": 1, "max": 18446744073709551615,
     "min": -9223372036854775808, "pi": 3.14159, "long": 12345678901234567890123.5,
     "name": "Ada", "nothing": null, "list": [1, false, "x", {"deep": [0.5]}]}
    """#

  @Test func jsonSerializationsObjectsConvertExactly() throws {
    let object = try JSONSerialization.jsonObject(with: Data(Self.text.utf8))
    let value = try JSONValue(foundationObject: object)
    #expect(value == (try JSONValue(parsing: Self.text)))
    // Booleans stay booleans, integers stay integers, every digit is kept.
    #expect(value["flag"] == .bool(true))
    #expect(value["one"] == 1)
    #expect(value["max"]?.numberValue?.text == "18446744073709551615")
    #expect(value["long"] == .number(JSONNumber(text: "12345678901234567890123.5")!))
  }

  @Test func nsNumbersKeepWhatTheyHold() throws {
    let values: [Any] = [
      NSNumber(value: true), NSNumber(value: 1), NSNumber(value: UInt64.max),
      NSNumber(value: Int64.min), NSNumber(value: 0.1), NSNumber(value: Float(0.1)),
      NSDecimalNumber(string: "0.1000000000000000000001"), true, 1, 2.5, Float(0.1),
      Decimal(string: "123456789012345678901234567890")!, UInt8(200), Int16(-3),
    ]
    let converted = try JSONValue(foundationObject: values)
    let expected = try JSONValue(
      parsing: "[true, 1, 18446744073709551615, -9223372036854775808, 0.1, 0.1, "
        + "0.1000000000000000000001, true, 1, 2.5, 0.1, 123456789012345678901234567890, "
        + "200, -3]")
    #expect(converted == expected)
    #expect(converted[0] == .bool(true))
    #expect(converted[1] == 1)
  }

  @Test func aPushPayloadConvertsWithItsNestedPaths() throws {
    let userInfo: [AnyHashable: Any] = [
      "aps": ["alert": ["title": "Game request", "body": "Bob wants to play"], "badge": 5],
      "gameID": "12345678", "optional": String?.none as Any,
      "link": URL(string: "https://example.com/g/1")!,
    ]
    let value = try JSONValue(foundationObject: userInfo)
    #expect(value[path: "aps.alert.title"] == "Game request")
    #expect(value[path: "aps.badge"] == 5)
    #expect(value["optional"] == .null)
    #expect(value["link"] == "https://example.com/g/1")
    // Members in key order: a dictionary has none of its own.
    #expect(value.objectValue?.keys == ["aps", "gameID", "link", "optional"])
  }

  @Test func valuesJSONCannotHoldAreProblemsAtTheirPath() throws {
    func problem(_ object: Any, maxDepth: Int = 512) -> JSONDecodingProblem? {
      var options = JSONDecodingOptions()
      options.reading.maxDepth = maxDepth
      let result = Result { () throws(JSONDecodingError) -> JSONValue in
        try JSONValue(foundationObject: object, options: options)
      }
      guard case .failure(let error) = result else { return nil }
      #expect(error.problems.count == 1)
      return error.problems.first
    }
    let nan = problem(["values": [1.0, Double.nan]])
    #expect(nan?.kind == .invalidValue)
    #expect(nan?.path.description == "values[1]")
    #expect(nan != nil && nan?.location == nil)
    #expect(problem([NSNumber(value: Double.infinity)])?.path.description == "[0]")
    // A date or bytes have no JSON type: a JSON value holds their text.
    let when = Date(timeIntervalSince1970: 1_700_000_000.5)
    #expect(
      try JSONValue(foundationObject: ["when": when, "bytes": Data([1, 2])])
        == ["bytes": "AQI=", "when": "2023-11-14T22:13:20.500Z"])
    let key = problem(["outer": [1: "one"] as [AnyHashable: Any]])
    #expect(key?.kind == .typeMismatch)
    #expect(key?.path.description == "outer")
    #expect(key?.found.contains("the key 1") == true)
    final class Thing {}
    #expect(problem(["thing": Thing()])?.found == "a Thing")
    #if canImport(Darwin)
      // Containers that contain themselves stop with a problem, not a hang or a crash. (Not
      // on Linux, where Foundation itself cannot read such a container: any access to its
      // contents recurses until the stack overflows.) Results are taken apart before
      // `#expect`, which would describe a looping container forever on a failure.
      let loop = NSMutableDictionary()
      loop["self"] = loop
      let loopProblem = problem(["a": loop])
      let loopFound = loopProblem?.found
      let loopPath = loopProblem?.path.description
      loop.removeAllObjects()
      #expect(loopFound == "a container that contains itself")
      #expect(loopPath == "a.self")
      let list = NSMutableArray()
      list.add(1)
      list.add(list)
      let listPath = problem(list)?.path.description
      list.removeAllObjects()
      #expect(listPath == "[1]")
    #endif
    // Nesting past the limit.
    var deep: Any = 1
    for _ in 0..<10 { deep = [deep] }
    #expect(problem(deep, maxDepth: 5)?.expected == "nesting at most 5 deep")
    #expect(problem(deep, maxDepth: 10) == nil)
  }

  @Test func foundationObjectsKeepEveryDigitOnTheWayBack() throws {
    let value = try JSONValue(parsing: Self.text)
    let object = value.foundationObject
    let dictionary = try #require(object as? [String: Any])
    #expect(dictionary["flag"] as? Bool == true)
    #expect(dictionary["one"] as? Int == 1)
    #expect(dictionary["max"] as? UInt64 == UInt64.max)
    #expect(dictionary["pi"] as? Double == 3.14159)
    #expect(dictionary["long"] as? Decimal == Decimal(string: "12345678901234567890123.5"))
    #expect(dictionary["nothing"] is NSNull)
    #expect(try JSONValue(foundationObject: object) == value)
  }
}

/// Random trees of Foundation objects, each built with the JSON value it must read as.
@Suite struct FoundationObjectPropertyTests {
  struct Generator {
    var random: SplitMix64

    static let texts = [
      "", "plain", "quote \" and \\ backslash", "tab\tnew\nline", "\u{0}\u{1F}", "é 日本 🎉",
      "\u{2028}\u{2029}", "</script>", "a/b", String(repeating: "long ", count: 40),
    ]

    mutating func text() -> String {
      Self.texts[random.below(Self.texts.count)] + String(random.below(100))
    }

    mutating func scalar() -> (Any, JSONValue) {
      switch random.below(11) {
      case 0: return (NSNull(), .null)
      case 1:
        let flag = random.below(2) == 0
        return (NSNumber(value: flag), .bool(flag))
      case 2:
        let value = Int64(bitPattern: random.next()) >> Int64(random.below(64))
        return (value, .number(JSONNumber(value)))
      case 3:
        let value = random.next()
        return (NSNumber(value: value), .number(JSONNumber(value)))
      case 4:
        let value = Double(bitPattern: random.next())
        guard value.isFinite else { return (0.5, 0.5) }
        return (value, .number(JSONNumber(value)))
      case 5:
        let value = Float(bitPattern: UInt32(truncatingIfNeeded: random.next()))
        guard value.isFinite, let number = JSONNumber(text: "\(value)") else { return (1, 1) }
        return (NSNumber(value: value), .number(number))
      case 6:
        // Digits beyond 64 bits, and within them with exponents of every size and sign.
        let sign = random.below(2) == 0 ? "-" : ""
        let digits =
          random.below(4) == 0
          ? "\(sign)\(random.next())\(random.next()).\(random.below(1000))"
          : "\(sign)\(random.next() >> UInt64(random.below(64)))e\(random.below(81) - 40)"
        return (
          NSDecimalNumber(string: digits),
          .number(JSONNumber(text: NSDecimalNumber(string: digits).description)!)
        )
      case 7:
        let value = Int(truncatingIfNeeded: random.next() >> 40)
        return (value, .number(JSONNumber(value)))
      case 8:
        let flag = random.below(2) == 0
        return (flag, .bool(flag))
      default:
        let text = text()
        return (random.below(2) == 0 ? text : NSString(string: text), .string(text))
      }
    }

    mutating func value(depth: Int) -> (Any, JSONValue) {
      guard depth < 5, random.below(3) == 0 else { return scalar() }
      let count = random.below(6)
      if random.below(2) == 0 {
        var objects: [Any] = []
        var values: [JSONValue] = []
        for _ in 0..<count {
          let (object, value) = self.value(depth: depth + 1)
          objects.append(object)
          values.append(value)
        }
        return (random.below(2) == 0 ? objects : NSArray(array: objects), .array(values))
      }
      var objects: [String: Any] = [:]
      var values: [String: JSONValue] = [:]
      for _ in 0..<count {
        let key = text()
        let (object, value) = self.value(depth: depth + 1)
        objects[key] = object
        values[key] = value
      }
      var object = JSONObject()
      for key in values.keys.sorted() { object[key] = values[key] }
      return (
        random.below(2) == 0 ? objects : NSDictionary(dictionary: objects), .object(object)
      )
    }
  }

  @Test func randomObjectsReadAsTheValuesTheyHold() throws {
    var generator = Generator(random: SplitMix64(seed: 0xF0_0D))
    for round in 0..<1000 {
      let (object, expected) = generator.value(depth: 0)
      let value = try JSONValue(foundationObject: object)
      #expect(value == expected, "round \(round)")
      // The objects the value gives back read as the same value again.
      #expect(try JSONValue(foundationObject: value.foundationObject) == expected, "round \(round)")
    }
  }
}

extension FoundationObjectPropertyTests {
  @Test func decimalsKeepTheirDigitsAndReadAsPlainNumbers() throws {
    let cases: [(String, String)] = [
      ("-65.613616999999977", "-65.613616999999977"), ("0.000125", "0.000125"),
      ("1.500", "1.5"), ("18446744073709551615", "18446744073709551615"), ("0", "0"),
      ("-0.0", "0"), ("25e3", "25000"), ("7e30", "7e30"), ("3e-40", "3e-40"),
    ]
    for (text, written) in cases {
      let value = try JSONValue(foundationObject: ["x": NSDecimalNumber(string: text)])
      #expect(value["x"]?.numberValue?.text == written, "\(text)")
    }
  }
}
