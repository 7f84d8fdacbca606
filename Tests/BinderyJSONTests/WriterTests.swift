import BinderyJSON
import BinderyTestSupport
import Testing

@Suite("Writer")
struct WriterTests {
  static let sample: JSONValue = [
    "b": [1, 2.5, "x"], "a": ["z": nil, "y": true, "x": [:]], "c": [], "url": "https://x/y",
  ]

  @Test func writesCompactAndPretty() throws {
    #expect(
      try Self.sample.jsonString()
        == #"{"b":[1,2.5,"x"],"a":{"z":null,"y":true,"x":{}},"c":[],"url":"https://x/y"}"#)
    let pretty = try Self.sample.jsonString(
      options: JSONWritingOptions(prettyPrinted: true, indentWidth: 4))
    #expect(
      pretty == """
        {
            "b": [
                1,
                2.5,
                "x"
            ],
            "a": {
                "z": null,
                "y": true,
                "x": {}
            },
            "c": [],
            "url": "https://x/y"
        }
        """)
  }

  @Test func sortsKeysAtEveryLevel() throws {
    let sorted = try Self.sample.jsonString(options: JSONWritingOptions(sortsKeys: true))
    #expect(
      sorted == #"{"a":{"x":{},"y":true,"z":null},"b":[1,2.5,"x"],"c":[],"url":"https://x/y"}"#)
    let prettySorted = try Self.sample.jsonString(
      options: JSONWritingOptions(prettyPrinted: true, sortsKeys: true))
    #expect(try JSONValue(parsing: prettySorted) == Self.sample)
    #expect(
      prettySorted.hasPrefix(
        "{\n  \"a\": {\n    \"x\": {},\n    \"y\": true,\n    \"z\": null\n  },\n  \"b\""))
  }

  @Test func escapesStrings() throws {
    let value: JSONValue = ["s": "quote\" back\\ slash/ nl\n tab\t ctl\u{01} é 😀"]
    #expect(try value.jsonString() == #"{"s":"quote\" back\\ slash/ nl\n tab\t ctl\u0001 é 😀"}"#)
    #expect(
      try value.jsonString(options: JSONWritingOptions(escapesSlashes: true, asciiOnly: true))
        == #"{"s":"quote\" back\\ slash\/ nl\n tab\t ctl\u0001 \u00e9 \ud83d\ude00"}"#)
    #expect(
      try JSONValue(parsing: value.jsonString(options: JSONWritingOptions(asciiOnly: true)))
        == value)
  }

  @Test func writesNumbersExactlyAndShortest() throws {
    var writer = JSONWriter()
    try writer.beginArray()
    try writer.integer(Int64.min)
    try writer.integer(UInt64.max)
    try writer.integer(Int8(-7))
    try writer.double(0.1)
    try writer.double(3.0)
    try writer.double(-0.0)
    try writer.double(1e300)
    try writer.double(.leastNonzeroMagnitude)
    try writer.number(JSONNumber(text: "1.000000000000000000001")!)
    try writer.endArray()
    #expect(
      String(decoding: try writer.finish(), as: UTF8.self)
        == "[-9223372036854775808,18446744073709551615,-7,0.1,3,-0,1e+300,5e-324,1.000000000000000000001]"
    )
  }

  @Test func nonFiniteNumbersFollowThePolicy() throws {
    let value: JSONValue = ["x": [.number(JSONNumber(Double.infinity))]]
    let error = try #require(throws: JSONWriteError.self) { try value.jsonString() }
    #expect(error.kind == .nonFiniteNumber)
    #expect(error.path.description == "x[0]")
    #expect(error.description == "at x[0]: Infinity cannot be written as JSON")
    #expect(
      try value.jsonString(options: JSONWritingOptions(nonFiniteNumbers: .literals))
        == #"{"x":[Infinity]}"#)
    let strings = JSONWritingOptions(
      nonFiniteNumbers: .strings(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan"))
    var writer = JSONWriter(options: strings)
    try writer.beginArray()
    try writer.double(.infinity)
    try writer.double(-.infinity)
    try writer.double(.nan)
    try writer.endArray()
    #expect(String(decoding: try writer.finish(), as: UTF8.self) == #"["+inf","-inf","nan"]"#)
  }

  @Test func depthIsLimited() throws {
    var deep: JSONValue = 1
    for _ in 0..<600 { deep = [deep] }
    let error = try #require(throws: JSONWriteError.self) { try deep.jsonBytes() }
    #expect(error.kind == .depthLimitExceeded)
    #expect(error.path.components.count == 512)
    var options = JSONWritingOptions()
    options.maxDepth = 1000
    #expect(
      try JSONValue(
        parsing: deep.jsonBytes(options: options), options: JSONReadingOptions(maxDepth: 1000))
        == deep)
  }

  @Test func rejectsCallsOutOfOrder() throws {
    var writer = JSONWriter()
    #expect(throws: JSONWriteError.self) { try writer.key("a") }
    #expect(throws: JSONWriteError.self) { try writer.endArray() }
    #expect(throws: JSONWriteError.self) { try writer.finish() }
    try writer.beginObject()
    #expect(throws: JSONWriteError.self) { try writer.integer(1) }
    try writer.key("list")
    #expect(throws: JSONWriteError.self) { try writer.key("again") }
    #expect(throws: JSONWriteError.self) { try writer.endObject() }
    try writer.beginArray()
    try writer.null()
    #expect(throws: JSONWriteError.self) { try writer.endObject() }
    let error = try #require(throws: JSONWriteError.self) { try writer.key("x") }
    #expect(error.path.description == "list[0]")
    try writer.endArray()
    #expect(throws: JSONWriteError.self) { try writer.finish() }
    try writer.endObject()
    #expect(String(decoding: try writer.finish(), as: UTF8.self) == #"{"list":[null]}"#)
    #expect(throws: JSONWriteError.self) { try writer.bool(true) }
  }
}

@Suite("Writer from a cursor")
struct WriterFromCursorTests {
  @Test(arguments: Fixtures.names(in: "pass"))
  func writesTheSameValueAsTheTree(_ name: String) throws {
    let document = try JSONDocument(parsing: Fixtures.bytes("pass/" + name))
    for options in [
      JSONWritingOptions.compact, JSONWritingOptions(prettyPrinted: true, sortsKeys: true),
    ] {
      var writer = JSONWriter(options: options)
      try writer.value(document.root)
      let streamed = try writer.finish()
      #expect(try JSONValue(parsing: streamed) == document.root.value(), "\(name)")
    }
  }

  @Test func writesSubtreesDuplicatesAndJSON5Numbers() throws {
    let document = try JSONDocument(
      parsing: "{a: [0x1F, .5, {}], b: {c: 'it\"s', c: +2}}", options: .json5)
    var writer = JSONWriter()
    try writer.value(document.root)
    // A repeated key is written once, with the value the policy picks (the first by default).
    #expect(
      String(decoding: try writer.finish(), as: UTF8.self)
        == #"{"a":[31,0.5,{}],"b":{"c":"it\"s"}}"#)
    var json5 = JSONReadingOptions.json5
    json5.duplicateKeys = .lastWins
    var last = JSONWriter()
    try last.value(
      JSONDocument(parsing: "{c: 1, a: [{k: 1, k: 2, j: 3}], c: 2}", options: json5).root)
    #expect(String(decoding: try last.finish(), as: UTF8.self) == #"{"c":2,"a":[{"k":2,"j":3}]}"#)
    var subtree = JSONWriter()
    try subtree.value(document.root.member("a"))
    #expect(String(decoding: try subtree.finish(), as: UTF8.self) == "[31,0.5,{}]")
  }

  @Test func writesAnyDepthWithoutRecursion() throws {
    let depth = 100_000
    let text = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
    let document = try JSONDocument(parsing: text, options: JSONReadingOptions(maxDepth: depth))
    var options = JSONWritingOptions()
    options.maxDepth = depth
    var writer = JSONWriter(options: options)
    try writer.value(document.root)
    #expect(try writer.finish() == Array(text.utf8))
    var limited = JSONWriter()
    let error = try #require(throws: JSONWriteError.self) { try limited.value(document.root) }
    #expect(error.kind == .depthLimitExceeded)
  }

  /// Writes a key through the unescaped path (the one generated encoders use).
  static func plainKey(_ key: StaticString, into writer: inout JSONWriter) throws(JSONWriteError) {
    try writer.plainKey(key.utf8Start, count: key.utf8CodeUnitCount)
  }

  @Test func plainKeysWriteLikeKeys() throws {
    for options in [JSONWritingOptions.compact, .pretty, JSONWritingOptions(sortsKeys: true)] {
      var plain = JSONWriter(options: options)
      var general = JSONWriter(options: options)
      try plain.beginObject()
      try general.beginObject()
      // Lengths around the eight-byte steps of the copy.
      for key in ["z", "profile_image", "exactly8", "sixteen_bytes_ok", "a_key_of_25_bytes_exactly"] {
        try general.key(key)
        try general.integer(Int64(key.utf8.count))
      }
      try Self.plainKey("z", into: &plain)
      try plain.integer(Int64(1))
      try Self.plainKey("profile_image", into: &plain)
      try plain.integer(Int64(13))
      try Self.plainKey("exactly8", into: &plain)
      try plain.integer(Int64(8))
      try Self.plainKey("sixteen_bytes_ok", into: &plain)
      try plain.integer(Int64(16))
      try Self.plainKey("a_key_of_25_bytes_exactly", into: &plain)
      try plain.integer(Int64(25))
      try plain.endObject()
      try general.endObject()
      let (left, right) = (try plain.finish(), try general.finish())
      #expect(left == right)
    }
  }

  @Test func plainKeyOutOfPlaceIsAnError() throws {
    var writer = JSONWriter()
    try writer.beginArray()
    let inArray = try #require(throws: JSONWriteError.self) {
      try Self.plainKey("id", into: &writer)
    }
    #expect(inArray.kind == .invalidState)
    var object = JSONWriter()
    try object.beginObject()
    try Self.plainKey("id", into: &object)
    let twice = try #require(throws: JSONWriteError.self) {
      try Self.plainKey("name", into: &object)
    }
    #expect(twice.kind == .invalidState)
  }
}

