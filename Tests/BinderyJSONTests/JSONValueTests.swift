import BinderyJSON
import Foundation
import Testing

@Suite("JSONValue")
struct JSONValueTests {
  static let photo: JSONValue = [
    "title": "Sunset", "media": ["m": "https://x/a.jpg"], "tags": ["sky", "sea"],
    "views": 12, "ratio": 0.5, "author": nil, "public": true,
    "a.b": ["[0]": "odd key"], "a/b~c": 1,
  ]

  @Test func subscriptsByKeyIndexPathAndPointer() {
    let value = Self.photo
    #expect(value["title"] == "Sunset")
    #expect(value["tags"]?[1] == "sea")
    #expect(value[path: "media.m"]?.stringValue == "https://x/a.jpg")
    #expect(value[path: "tags[0]"] == "sky")
    #expect(value[path: "tags.1"] == "sea")
    #expect(value[path: #"["a.b"]["[0]"]"#] == "odd key")
    #expect(value[path: #"a\.b.\[0\]"#] == "odd key")
    #expect(value[path: ""] == value)
    #expect(value[path: "tags[2]"] == nil)
    #expect(value[path: "media..m"] == nil)
    #expect(value[pointer: "/media/m"] == "https://x/a.jpg")
    #expect(value[pointer: "/tags/0"] == "sky")
    #expect(value[pointer: "/a~1b~0c"] == 1)
    #expect(value[pointer: "/tags/01"] == nil)
    #expect(value[pointer: "/tags/-"] == nil)
    #expect(value[pointer: "media"] == nil)
    #expect(value["missing"] == nil)
    #expect(value[0] == nil)
  }

  @Test func rfc6901Examples() throws {
    let document = try JSONValue(
      parsing:
        #"{"foo": ["bar", "baz"], "": 0, "a/b": 1, "c%d": 2, "e^f": 3, "g|h": 4, "i\\j": 5, "k\"l": 6, " ": 7, "m~n": 8}"#
    )
    let cases: [(String, JSONValue)] = [
      ("", document), ("/foo", ["bar", "baz"]), ("/foo/0", "bar"), ("/", 0), ("/a~1b", 1),
      ("/c%d", 2), ("/e^f", 3), ("/g|h", 4), ("/i\\j", 5), ("/k\"l", 6), ("/ ", 7), ("/m~0n", 8),
    ]
    for (pointer, expected) in cases {
      #expect(document[pointer: pointer] == expected, "\(pointer)")
      // The pointer form of a parsed pointer reads the same value.
      let path = try JSONPath(pointer: pointer)
      #expect(document[path: path] == expected)
      #expect(try JSONPath(pointer: path.pointer) == path)
    }
    #expect(throws: JSONReadError.self) { try JSONPath(pointer: "/a~2") }
    #expect(throws: JSONReadError.self) { try JSONPath(pointer: "a") }
  }

  @Test func accessorsAndKinds() {
    #expect(JSONValue.null.isNull)
    #expect(Self.photo["public"]?.boolValue == true)
    #expect(Self.photo["views"]?.intValue == 12)
    #expect(Self.photo["ratio"]?.doubleValue == 0.5)
    #expect(Self.photo["tags"]?.arrayValue?.count == 2)
    #expect(Self.photo["media"]?.objectValue?.keys == ["m"])
    #expect(Self.photo["title"]?.kind == .string)
    #expect(Self.photo.kind == .object)
    #expect(JSONValue.string("x").intValue == nil)
  }

  @Test func numbersCompareByDecimalValue() {
    #expect(JSONNumber(1) == JSONNumber(text: "1.0"))
    #expect(JSONNumber(text: "10e-1") == JSONNumber(text: "1E0"))
    #expect(JSONNumber(text: "-0") == JSONNumber(0))
    // The whole text is one number: nothing around it, nothing JSON does not write.
    for text in [" 1", "1 ", "\n1", "01", "-", "+1", "1.", ".5", "1e", "0x10", "NaN", "", "1 2"] {
      #expect(JSONNumber(text: text) == nil, "\(text)")
    }
    #expect(JSONNumber(text: "-1.5e+3")?.double == -1500)
    #expect(JSONNumber(text: "12")?.integer(Int.self) == 12)
    #expect(JSONNumber(text: "0.1") != JSONNumber(text: "0.10000000000000001"))
    #expect(JSONNumber(text: "100") == JSONNumber(text: "1e2"))
    #expect(Set([JSONNumber(1), JSONNumber(text: "1.00")!, JSONNumber(text: "1e0")!]).count == 1)
    // Exponents with more digits than any integer type holds compare exactly.
    let huge = "99999999999999999999"
    #expect(JSONNumber(text: "1e\(huge)") != JSONNumber(1))
    #expect(JSONNumber(text: "1e-\(huge)") != JSONNumber(1))
    #expect(JSONNumber(text: "1e\(huge)") != JSONNumber(text: "1e\(huge.dropLast())8"))
    #expect(JSONNumber(text: "10e\(huge.dropLast())8") == JSONNumber(text: "1e\(huge)"))
    #expect(JSONNumber(text: "0.1e-\(huge)") == JSONNumber(text: "1e-100000000000000000000"))
    #expect(JSONNumber(text: "1e+0\(huge)") == JSONNumber(text: "1e\(huge)"))
    #expect(
      Set([JSONNumber(text: "10e\(huge)")!, JSONNumber(text: "1e100000000000000000000")!]).count
        == 1)
    #expect(JSONNumber(text: "01") == nil)
    #expect(JSONNumber(text: "abc") == nil)
    #expect(JSONNumber(3.0).text == "3")
    #expect(JSONNumber(0.1).text == "0.1")
    #expect(JSONNumber(-0.0).text == "-0")
    #expect(JSONNumber(1e300).text == "1e+300")
    #expect(JSONNumber(Double.infinity).isFinite == false)
    #expect(JSONNumber(text: "123456789012345678901234567890")?.integer(Int64.self) == nil)
    #expect(JSONNumber(UInt64.max).integer(UInt64.self) == .max)
  }

  @Test func objectsKeepOrderAndCompareWithoutIt() {
    var object: JSONObject = ["b": 1, "a": 2]
    object["c"] = 3
    object["b"] = 4
    #expect(object.keys == ["b", "a", "c"])
    #expect(object == ["a": 2, "c": 3, "b": 4])
    #expect(object.hashValue == (["c": 3, "a": 2, "b": 4] as JSONObject).hashValue)
    object["a"] = nil
    #expect(object.keys == ["b", "c"])
    #expect(object != ["b": 4, "c": 3, "a": 2])
    // Large objects use an index; behaviour is the same.
    var large = JSONObject()
    for i in 0..<100 { large["k\(i)"] = .number(JSONNumber(i)) }
    large["k50"] = nil
    large["k99"] = "last"
    #expect(large.count == 99)
    #expect(large["k99"] == "last")
    #expect(large["k50"] == nil)
    #expect(large.position(of: "k51") == 50)
    #expect(JSONObject([("a", 1), ("a", 2)]) == ["a": 2])
  }

  @Test func codableThroughFoundation() throws {
    let data = try JSONEncoder().encode(Self.photo)
    let decoded = try JSONDecoder().decode(JSONValue.self, from: data)
    #expect(decoded == Self.photo)
    let big = try JSONDecoder().decode(
      JSONValue.self, from: Data("[18446744073709551615, -5, 2.5]".utf8))
    #expect(big == [.number(JSONNumber(UInt64.max)), -5, 2.5])
    // Written back through JSONEncoder, as elements and as members: each number keeps its kind.
    let nested: JSONValue = ["list": big, "max": .number(JSONNumber(UInt64.max)), "half": 0.5]
    let written = try JSONEncoder().encode(nested)
    #expect(try JSONDecoder().decode(JSONValue.self, from: written) == nested)
    #expect(
      String(decoding: try JSONEncoder().encode(big), as: UTF8.self)
        == "[18446744073709551615,-5,2.5]")
    // Negative zero keeps its sign, as a `Double` written by JSONEncoder does; zero stays whole.
    let zeros = try JSONValue(parsing: "[-0, -0.0, 0, 0.0, -0e5]")
    #expect(String(decoding: try JSONEncoder().encode(zeros), as: UTF8.self) == "[-0,-0,0,0,-0]")
    #expect(
      String(decoding: try JSONEncoder().encode([-0.0, 0.0]), as: UTF8.self) == "[-0,0]")
  }

  @Test func descriptionIsCompactJSON() {
    #expect(Self.photo["tags"]?.description == #"["sky","sea"]"#)
    #expect(JSONValue.number(JSONNumber(Double.nan)).description == "NaN")
  }

  @Test func json5NumbersAreNormalised() throws {
    let value = try JSONValue(parsing: "[0x1F, .5, 5., +1, -0x10, 0x0]", options: .json5)
    #expect(
      value.arrayValue?.compactMap(\.numberValue?.text) == ["31", "0.5", "5.0", "1", "-16", "0"])
    #expect(try JSONValue(parsing: value.jsonString()) == value)
  }
}

@Suite("JSONPath")
struct JSONPathTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var text: String
    var components: [JSONPath.Component]
    var canonical: String
    var testDescription: String { text }
  }

  static let valid: [Case] = [
    Case(text: "", components: [], canonical: ""),
    Case(text: "media.m", components: [.key("media"), .key("m")], canonical: "media.m"),
    Case(
      text: "items[0].title", components: [.key("items"), .index(0), .key("title")],
      canonical: "items[0].title"),
    Case(text: "[3][4]", components: [.index(3), .index(4)], canonical: "[3][4]"),
    Case(text: #"["a.b"].c"#, components: [.key("a.b"), .key("c")], canonical: #"["a.b"].c"#),
    Case(text: #"a\.b"#, components: [.key("a.b")], canonical: #"["a.b"]"#),
    Case(text: #"[""]"#, components: [.key("")], canonical: #"[""]"#),
    Case(text: #"["q\"\u00e9"]"#, components: [.key("q\"é")], canonical: #"["q\"é"]"#),
    Case(text: "写真.タイトル", components: [.key("写真"), .key("タイトル")], canonical: "写真.タイトル"),
    Case(text: "0.a", components: [.key("0"), .key("a")], canonical: #"["0"].a"#),
  ]

  @Test(arguments: valid)
  func parsesAndPrints(_ testCase: Case) throws {
    let path = try JSONPath(parsing: testCase.text)
    #expect(path.components == testCase.components)
    #expect(path.description == testCase.canonical)
    #expect(try JSONPath(parsing: path.description) == path)
  }

  @Test(arguments: [
    ("a..b", 3), (".a", 1), ("a.", 3), ("a[", 2), ("a[x]", 3), ("a[1", 4), (#"a["x]"#, 3),
    ("a]b", 2), ("a[0]b", 5), ("a.[0]", 3), (#"a\"#, 2), (#"a["\q"]"#, 4),
  ])
  func rejectsMalformedPaths(_ text: String, _ column: Int) throws {
    let error = try #require(throws: JSONReadError.self) { try JSONPath(parsing: text) }
    #expect(error.kind == .invalidPath)
    #expect(error.location?.column == column, "\(text): \(error)")
  }
}
