import Bindery
import BinderyTestSupport
import Testing

// Arrays of `Double` and `Int` go to the writer whole, in runs, and arrays of arrays of `Double`
// (coordinate pairs) in one step each. These tests hold those paths to the output and errors of
// writing each element in turn with `JSONWriter`.

/// A model with number arrays as members, nested arrays among them.
@JSONModel
struct Track: Equatable {
  var name: String
  var points: [Double]
  var rings: [[[Double]]]
  var counts: [Int]
}

/// A model whose number arrays are members on their own, optional ones among them.
@JSONModel
struct Samples: Equatable {
  var ids: [Int]
  var weights: [Double]
  var extra: [Int]?
  var spare: [Double]?
}

@Suite("arrays of numbers")
struct NumberArrayWritingTests {
  /// The writer's output for `values` written element by element, or its error.
  func elementByElement<T>(
    _ values: [T], options: JSONWritingOptions,
    _ write: (inout JSONWriter, T) throws(JSONWriteError) -> Void
  ) -> Result<String, JSONWriteError> {
    var writer = JSONWriter(options: options)
    do throws(JSONWriteError) {
      try writer.beginArray()
      for value in values { try write(&writer, value) }
      try writer.endArray()
      return .success(String(decoding: try writer.finish(), as: UTF8.self))
    } catch {
      return .failure(error)
    }
  }

  /// The export of `values` as `jsonBytes` writes it, or its error.
  func exported<T: JSONEncodable>(_ values: T, options: JSONWritingOptions)
    -> Result<String, JSONWriteError>
  {
    do throws(JSONWriteError) {
      let bytes = try values.jsonBytes(options: JSONEncodingOptions(writing: options))
      return .success(String(decoding: bytes, as: UTF8.self))
    } catch {
      return .failure(error)
    }
  }

  /// Doubles of every kind: whole, fractional, tiny, huge, negative zero, random bit patterns.
  func doubles(count: Int, seed: UInt64) -> [Double] {
    var random = SplitMix64(seed: seed)
    let fixed: [Double] = [
      0, -0.0, 1, -1, 0.1, 1e-7, .leastNonzeroMagnitude, .greatestFiniteMagnitude,
      9_007_199_254_740_994, -65.61361699999999, 1e22, 123_456.789, 0.000_1,
    ]
    var values = fixed
    while values.count < count {
      let value = Double(bitPattern: random.next())
      values.append(value.isFinite ? value : Double(random.next() % 1_000_000) / 1_000)
    }
    return values
  }

  /// The layouts the runs are and are not used for.
  let layouts: [JSONWritingOptions] = [
    .compact, .pretty, JSONWritingOptions(prettyPrinted: true, indentWidth: 0),
  ]

  @Test("doubles, in runs longer and shorter than one step, in every layout")
  func doublesMatchElementByElement() {
    for count in [0, 1, 2, 63, 64, 65, 200] {
      let values = doubles(count: count, seed: UInt64(count))
      for options in layouts {
        let wanted = elementByElement(values, options: options) { w, v throws(JSONWriteError) in
          try w.double(v)
        }
        #expect(exported(values, options: options) == wanted)
      }
    }
  }

  @Test("doubles in Foundation's layout, where 2^53 loses its fraction")
  func doublesInFoundationLayout() {
    var options = JSONWritingOptions()
    options.foundationLayout = true
    var values: [Double] = [0x1p53, -0x1p53, 16_777_216, 1.5, 1e300, 0.1, -0.0]
    values += doubles(count: 100, seed: 5)
    let wanted = elementByElement(values, options: options) { w, v throws(JSONWriteError) in
      try w.double(v)
    }
    #expect(exported(values, options: options) == wanted)
    #expect((try? wanted.get())?.hasPrefix("[9007199254740992,-9007199254740992,16777216,") == true)
  }

  @Test("integers of every length and sign, in every layout")
  func integersMatchElementByElement() {
    var random = SplitMix64(seed: 7)
    var values: [Int] = [0, 9, 10, -1, -10, Int.max, Int.min, 99, 100]
    while values.count < 150 {
      let bits = random.next()
      values.append(Int(truncatingIfNeeded: bits >> (bits % 64)))
    }
    for count in [0, 1, 64, 65, values.count] {
      let slice = Array(values.prefix(count))
      for options in layouts {
        let wanted = elementByElement(slice, options: options) { w, v throws(JSONWriteError) in
          try w.integer(Int64(v))
        }
        #expect(exported(slice, options: options) == wanted)
      }
    }
  }

  @Test("a non-finite double: rejected at its index, or written as the policy says")
  func nonFiniteDoubles() throws {
    var values = doubles(count: 100, seed: 3)
    values[70] = .nan
    values[71] = -.infinity
    values[99] = .infinity
    let policies: [JSONWritingOptions.NonFiniteNumberPolicy] = [
      .reject, .literals, .strings(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan"),
    ]
    for policy in policies {
      for pretty in [false, true] {
        let options = JSONWritingOptions(prettyPrinted: pretty, nonFiniteNumbers: policy)
        let wanted = elementByElement(values, options: options) { w, v throws(JSONWriteError) in
          try w.double(v)
        }
        #expect(exported(values, options: options) == wanted)
      }
    }
    let error = #expect(throws: JSONWriteError.self) { try values.jsonBytes() }
    #expect(error?.kind == .nonFiniteNumber)
    #expect(error?.path == JSONPath([.index(70)]))
  }

  @Test("number arrays as members and nested arrays: the same text, and read back equal")
  func membersRoundTrip() throws {
    let track = Track(
      name: "coast", points: doubles(count: 90, seed: 11),
      rings: [[[-65.61361699999999, 43.42027300000001], [-65.6, 43.4]], [], [[]]],
      counts: [3, -4, 0, Int.max])
    let text = try track.jsonString()
    var writer = JSONWriter()
    try writer.beginObject()
    try writer.key("name")
    try writer.string(track.name)
    try writer.key("points")
    try writer.beginArray()
    for point in track.points { try writer.double(point) }
    try writer.endArray()
    try writer.key("rings")
    try writer.beginArray()
    for ring in track.rings {
      try writer.beginArray()
      for pair in ring {
        try writer.beginArray()
        for value in pair { try writer.double(value) }
        try writer.endArray()
      }
      try writer.endArray()
    }
    try writer.endArray()
    try writer.key("counts")
    try writer.beginArray()
    for count in track.counts { try writer.integer(Int64(count)) }
    try writer.endArray()
    try writer.endObject()
    #expect(text == String(decoding: try writer.finish(), as: UTF8.self))
    #expect(try Track(json: text) == track)
  }

  @Test("a non-finite double inside a member names the member and the index")
  func nonFiniteInMember() {
    let track = Track(name: "x", points: [1, 2, .nan], rings: [], counts: [])
    let error = #expect(throws: JSONWriteError.self) { try track.jsonBytes() }
    #expect(error?.path == JSONPath([.key("points"), .index(2)]))
  }

  /// Arrays of doubles written as `beginArray`, each double, `endArray`, in turn.
  func pairByPair(_ arrays: [[Double]], options: JSONWritingOptions)
    -> Result<String, JSONWriteError>
  {
    elementByElement(arrays, options: options) { w, pair throws(JSONWriteError) in
      try w.beginArray()
      for value in pair { try w.double(value) }
      try w.endArray()
    }
  }

  @Test("arrays of doubles: empty, pairs and long ones, in every layout and in Foundation's")
  func arraysOfDoublesMatchPairByPair() {
    var foundation = JSONWritingOptions()
    foundation.foundationLayout = true
    let values = doubles(count: 120, seed: 13)
    for count in [0, 1, 2, 65] {
      var arrays: [[Double]] = (0..<count).map { [values[$0], values[$0 + 1]] }
      if count > 1 { arrays[1] = [] }
      if count > 2 { arrays[2] = Array(values.prefix(70)) + [0x1p53, -0x1p53] }
      for options in layouts + [foundation] {
        #expect(exported(arrays, options: options) == pairByPair(arrays, options: options))
      }
    }
  }

  @Test("a non-finite double in an array of arrays: at both indices, or as the policy says")
  func nonFiniteInArraysOfDoubles() {
    let arrays: [[Double]] = [[1.5, 2], [3, .infinity], [.nan], [-0.0, 4]]
    let policies: [JSONWritingOptions.NonFiniteNumberPolicy] = [
      .reject, .literals, .strings(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan"),
    ]
    for policy in policies {
      for pretty in [false, true] {
        let options = JSONWritingOptions(prettyPrinted: pretty, nonFiniteNumbers: policy)
        #expect(exported(arrays, options: options) == pairByPair(arrays, options: options))
      }
    }
    let error = #expect(throws: JSONWriteError.self) { try arrays.jsonBytes() }
    #expect(error?.kind == .nonFiniteNumber)
    #expect(error?.path == JSONPath([.index(1), .index(1)]))
    let track = Track(
      name: "x", points: [], rings: [[[0, 1]], [[2, 3], [4, .nan]]], counts: [])
    let inMember = #expect(throws: JSONWriteError.self) { try track.jsonBytes() }
    #expect(inMember?.path == JSONPath([.key("rings"), .index(1), .index(1), .index(1)]))
  }

  @Test("arrays of doubles one level past the depth limit fail as nested arrays do")
  func arraysOfDoublesAtTheDepthLimit() {
    for depth in [1, 2] {
      var options = JSONWritingOptions()
      options.maxDepth = depth
      let arrays: [[Double]] = [[1, 2], [3, 4]]
      let written = exported(arrays, options: options)
      #expect(written == pairByPair(arrays, options: options))
      #expect((try? written.get()) == (depth == 2 ? "[[1,2],[3,4]]" : nil))
    }
  }

  @Test("number arrays as members of an object whose keys are sorted, and past the depth limit")
  func membersSortedAndTooDeep() throws {
    let track = Track(name: "coast", points: [1.5, -2.25], rings: [[[0.5, 1.5]]], counts: [3, 4])
    var sorted = JSONWritingOptions()
    sorted.sortsKeys = true
    let bytes = try track.jsonBytes(options: JSONEncodingOptions(writing: sorted))
    #expect(
      String(decoding: bytes, as: UTF8.self)
        == #"{"counts":[3,4],"name":"coast","points":[1.5,-2.25],"rings":[[[0.5,1.5]]]}"#)
    for (depth, path) in [
      (1, JSONPath([.key("points")])), (2, JSONPath([.key("rings"), .index(0)])),
    ] {
      var limited = JSONWritingOptions()
      limited.maxDepth = depth
      let error = #expect(throws: JSONWriteError.self) {
        try track.jsonBytes(options: JSONEncodingOptions(writing: limited))
      }
      #expect(error?.kind == .depthLimitExceeded)
      #expect(error?.path == path)
    }
  }

  /// `samples` written member by member with `JSONWriter`, each number on its own.
  func memberByMember(_ samples: Samples, options: JSONWritingOptions, nulls: JSONNullEncoding)
    -> Result<String, JSONWriteError>
  {
    var writer = JSONWriter(options: options)
    func integers(_ key: String, _ values: [Int]?) throws(JSONWriteError) {
      guard let values else {
        if nulls == .write {
          try writer.key(key)
          try writer.null()
        }
        return
      }
      try writer.key(key)
      try writer.beginArray()
      for value in values { try writer.integer(Int64(value)) }
      try writer.endArray()
    }
    func doubles(_ key: String, _ values: [Double]?) throws(JSONWriteError) {
      guard let values else {
        if nulls == .write {
          try writer.key(key)
          try writer.null()
        }
        return
      }
      try writer.key(key)
      try writer.beginArray()
      for value in values { try writer.double(value) }
      try writer.endArray()
    }
    do throws(JSONWriteError) {
      try writer.beginObject()
      try integers("ids", samples.ids)
      try doubles("weights", samples.weights)
      try integers("extra", samples.extra)
      try doubles("spare", samples.spare)
      try writer.endObject()
      return .success(String(decoding: try writer.finish(), as: UTF8.self))
    } catch {
      return .failure(error)
    }
  }

  @Test("number arrays as members, optional or not, in every layout and null policy")
  func memberArraysMatchMemberByMember() throws {
    var foundation = JSONWritingOptions()
    foundation.foundationLayout = true
    var sorted = JSONWritingOptions()
    sorted.sortsKeys = true
    let values = doubles(count: 80, seed: 17) + [0x1p53, -0x1p53]
    for count in [0, 1, 2, 64, 65] {
      for present in [false, true] {
        let samples = Samples(
          ids: (0..<count).map { $0 &* 7_919 - 40_000 },
          weights: Array(values.suffix(count)),
          extra: present ? [Int.min, 0, Int.max] : nil,
          spare: present ? Array(values.prefix(count)) : nil)
        for options in layouts + [foundation, sorted] {
          for nulls in [JSONNullEncoding.omit, .write] {
            let encoding = JSONEncodingOptions(writing: options, nulls: nulls)
            let written = Result { () throws(JSONWriteError) in
              String(decoding: try samples.jsonBytes(options: encoding), as: UTF8.self)
            }
            var wanted = memberByMember(samples, options: options, nulls: nulls)
            if options.sortsKeys {
              // The writer sorts as each object ends: compare with the same members sorted.
              wanted = wanted.map { text in
                (try? JSONDocument(parsing: Array(text.utf8)).root.value()).map {
                  (try? String(decoding: $0.jsonBytes(options: encoding), as: UTF8.self)) ?? ""
                } ?? ""
              }
            }
            #expect(written == wanted, "\(count) \(present) \(nulls)")
          }
        }
        #expect(try Samples(json: try samples.jsonString()) == samples)
      }
    }
  }

  @Test("a member array with a non-finite double or past the depth limit fails at its path")
  func memberArrayErrors() {
    let samples = Samples(ids: [1], weights: [0.5, .infinity], extra: nil, spare: [.nan])
    let error = #expect(throws: JSONWriteError.self) { try samples.jsonBytes() }
    #expect(error?.kind == .nonFiniteNumber)
    #expect(error?.path == JSONPath([.key("weights"), .index(1)]))
    let literal = JSONWritingOptions(nonFiniteNumbers: .literals)
    #expect(
      (try? samples.jsonString(options: JSONEncodingOptions(writing: literal)))
        == #"{"ids":[1],"weights":[0.5,Infinity],"spare":[NaN]}"#)
    var limited = JSONWritingOptions()
    limited.maxDepth = 1
    let deep = #expect(throws: JSONWriteError.self) {
      try samples.jsonBytes(options: JSONEncodingOptions(writing: limited))
    }
    #expect(deep?.kind == .depthLimitExceeded)
    #expect(deep?.path == JSONPath([.key("ids")]))
  }
}
