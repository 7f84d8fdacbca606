import Bindery
import Foundation
import Testing

// Generated initializers find every member in one pass over the object (a key table per model
// type). These tests pin what that pass must keep from the per-key search it replaced: any key
// order, repeated keys by the document's policy, escaped keys, short keys at the very end of
// the input, nested models sharing the member regions, and subclasses with their own tables.

@JSONModel
struct SensorReading {
  var sensor: String
  var celsius: Double
  var ok: Bool
  @Key("location.city") var city: String
  @Key("location.alt") var altitude: Int?
  var note: String?
  var samples: [Sample] = []

  @JSONModel
  struct Sample {
    var t: Int
    var v: Double
  }
}

@JSONModel
struct LongKeys {
  var aKeyOfExactlySixteen: Int  // 20 bytes
  var exactly8: Int  // 8 bytes
  var nineBytes: Int  // 9 bytes
  var x: Int  // 1 byte
  var empty: String?
}

@JSONModel
class Vehicle {
  var wheels: Int
  var name: String

  init(wheels: Int, name: String) {
    self.wheels = wheels
    self.name = name
  }
}

@JSONModel(inheriting: Vehicle.self)
class Truck: Vehicle {
  var load: Double
  var name2: String?

  init(wheels: Int, name: String, load: Double) {
    self.load = load
    super.init(wheels: wheels, name: name)
  }
}

/// Hand-written code that keeps each element's prefetched decoder and reads them all after the
/// loop, when every element's members have been found into the same region in turn.
struct KeptDecoders: JSONDecodable {
  static let keys = _JSONModelKeys([["name"], ["info", "age"]])
  var names: [String]
  var ages: [Int]

  init(json: JSONValueDecoder) throws {
    var kept: [JSONObjectDecoder] = []
    for element in try json.array() { kept.append(try element.object()._prefetching(Self.keys)) }
    names = try kept.map { try $0.decode(forKey: Self.keys[0]) }
    ages = try kept.map { try $0.decode(forKey: Self.keys[1]) }
  }
}

/// Keys of a large table read through a decoder that prefetched a small one: positions past
/// the small table's end must never be read as its members.
struct ForeignKeys: JSONDecodable {
  static let small = _JSONModelKeys([["name"]])
  static let large = _JSONModelKeys((0..<200).map { ["k\($0)"] } + [["name"]])
  var name: String
  var k150: Int?

  init(json: JSONValueDecoder) throws {
    let object = try json.object()._prefetching(Self.small)
    name = try object.decode(forKey: Self.large[200])
    k150 = try object.decode(forKey: Self.large[150])
  }
}

@Suite struct MemberPrefetchTests {
  @Test func aDecoderKeptWhileItsSiblingsAreDecodedStillReadsItsOwnObject() throws {
    let people = try KeptDecoders(
      json: #"[{"name": "c0", "info": {"age": 30}}, {"name": "c1", "info": {"age": 31}},"#
        + #" {"info": {"age": 32}, "name": "c2"}]"#)
    #expect(people.names == ["c0", "c1", "c2"])
    #expect(people.ages == [30, 31, 32])
  }

  @Test func keysOfAnotherTableAreSearchedForNotReadByPosition() throws {
    let value = try ForeignKeys(json: #"{"k150": 7, "name": "Ada"}"#)
    #expect(value.name == "Ada")
    #expect(value.k150 == 7)
    let missing = try ForeignKeys(json: #"{"name": "Ada"}"#)
    #expect(missing.k150 == nil)
    // A key literal is searched for too, whatever the decoder prefetched.
    struct Literal: JSONDecodable {
      var name: String
      init(json: JSONValueDecoder) throws {
        name = try json.object()._prefetching(ForeignKeys.small).decode(forKey: "name")
      }
    }
    #expect(try Literal(json: #"{"x": 1, "name": "Ada"}"#).name == "Ada")
  }

  let reading = #"""
    {"sensor": "s1", "celsius": 21.5, "ok": true, "location": {"city": "Oslo", "alt": 12},
     "note": null, "samples": [{"t": 1, "v": 0.5}, {"v": 0.75, "t": 2}]}
    """#

  @Test func membersAreFoundInAnyOrder() throws {
    let inOrder = try SensorReading(json: reading)
    let reversed = try SensorReading(
      json: #"""
        {"samples": [{"v": 0.75, "t": 2}], "note": "n", "location": {"alt": 3, "city": "Rome"},
         "ok": false, "celsius": -4, "sensor": "s2"}
        """#)
    #expect(inOrder.sensor == "s1")
    #expect(inOrder.city == "Oslo")
    #expect(inOrder.altitude == 12)
    #expect(inOrder.note == nil)
    #expect(inOrder.samples.map(\.t) == [1, 2])
    #expect(inOrder.samples.map(\.v) == [0.5, 0.75])
    #expect(reversed.sensor == "s2")
    #expect(reversed.celsius == -4)
    #expect(reversed.ok == false)
    #expect(reversed.city == "Rome")
    #expect(reversed.altitude == 3)
    #expect(reversed.note == "n")
    #expect(reversed.samples.map(\.t) == [2])
  }

  @Test func unknownKeysBetweenKnownOnesAreSkipped() throws {
    let value = try SensorReading(
      json: #"""
        {"extra": {"sensor": "wrong"}, "sensor": "s3", "x": [1, {"celsius": 0}], "celsius": 1,
         "ok": true, "location": {"city": "Lima", "zzz": 1}}
        """#)
    #expect(value.sensor == "s3")
    #expect(value.celsius == 1)
    #expect(value.city == "Lima")
    #expect(value.altitude == nil)
    #expect(value.samples.isEmpty)
  }

  @Test func repeatedKeysFollowTheDocumentPolicy() throws {
    let json =
      #"{"sensor": "first", "celsius": 1, "ok": true, "location": {"city": "A"},"#
      + #" "sensor": "last", "celsius": 2}"#
    let lastWins = try SensorReading(
      json: json,
      options: JSONDecodingOptions(reading: JSONReadingOptions(duplicateKeys: .lastWins)))
    #expect(lastWins.sensor == "last")
    #expect(lastWins.celsius == 2)
    let firstWins = try SensorReading(json: json)
    #expect(firstWins.sensor == "first")
    #expect(firstWins.celsius == 1)
    #expect(throws: JSONDecodingError.self) {
      try SensorReading(
        json: json,
        options: JSONDecodingOptions(reading: JSONReadingOptions(duplicateKeys: .reject)))
    }
  }

  @Test func dictionariesFollowTheDocumentPolicyToo() throws {
    let json = #"{"a": 1, "b": 2, "a": 3}"#
    #expect(try [String: Int](json: json) == ["a": 1, "b": 2])
    let lastWins = try [String: Int](
      json: json,
      options: JSONDecodingOptions(reading: JSONReadingOptions(duplicateKeys: .lastWins)))
    #expect(lastWins == ["a": 3, "b": 2])
  }

  @Test func escapedKeysMatch() throws {
    let value = try SensorReading(
      json: #"""
        {"sen\u0073or": "esc", "celsius": 3, "\u006fk": true, "loc\u0061tion": {"city": "Q"}}
        """#)
    #expect(value.sensor == "esc")
    #expect(value.ok)
    #expect(value.city == "Q")
  }

  @Test func keysOfEveryLengthMatchOnlyThemselves() throws {
    let value = try LongKeys(
      json:
        #"{"x": 1, "nineBytes": 9, "exactly8": 8, "aKeyOfExactlySixteen": 16, "empty": "e"}"#)
    #expect(value.x == 1)
    #expect(value.exactly8 == 8)
    #expect(value.nineBytes == 9)
    #expect(value.aKeyOfExactlySixteen == 16)
    #expect(value.empty == "e")
    // Near misses differ in the first, a middle or the last byte, or only in length.
    let nearMisses = #"{"y": 1, "nineBytez": 9, "Exactly8": 8, "aKeyOfExactlySixteen_": 16}"#
    let error = try #require(throws: JSONDecodingError.self) {
      try LongKeys(json: nearMisses)
    }
    #expect(error.problems.map(\.kind) == Array(repeating: .missingKey, count: 4))
    #expect(
      Set(error.problems.map(\.path.description))
        == ["x", "nineBytes", "exactly8", "aKeyOfExactlySixteen"])
  }

  @Test func aShortKeyAtTheEndOfTheInputIsRead() throws {
    // The last key's eight bytes would run past the input: it is compared byte by byte.
    let value = try LongKeys(
      json: #"{"aKeyOfExactlySixteen":1,"exactly8":2,"nineBytes":3,"x":4}"#)
    #expect(value.x == 4)
    let sample = try SensorReading.Sample(json: #"{"v":1,"t":2}"#)
    #expect(sample.t == 2)
  }

  @Test func nestedModelsDoNotDisturbTheirParent() throws {
    // The parent reads `note` after the samples' objects reused the regions above its own.
    let value = try SensorReading(
      json: #"""
        {"sensor": "s", "celsius": 0, "ok": true, "location": {"city": "C"},
         "samples": [{"t": 1, "v": 1}, {"t": 2, "v": 2}, {"t": 3, "v": 3}], "note": "after"}
        """#)
    #expect(value.note == "after")
    #expect(value.samples.map(\.t) == [1, 2, 3])
  }

  @Test func subclassesReadTheirOwnAndInheritedKeys() throws {
    let truck = try Truck(json: #"{"load": 2.5, "name": "T", "wheels": 6}"#)
    #expect(truck.wheels == 6)
    #expect(truck.name == "T")
    #expect(truck.load == 2.5)
    #expect(truck.name2 == nil)
    let error = try #require(throws: JSONDecodingError.self) {
      try Truck(json: #"{"load": "heavy", "name": "T"}"#)
    }
    #expect(Set(error.problems.map(\.path.description)) == ["load", "wheels"])
  }

  @Test func modelKeysShareTheFirstKeyOfTheirPaths() {
    let keys = _JSONModelKeys([["a"], ["b", "c"], ["b", "d"], ["e"]])
    #expect(keys.count == 4)
    #expect(keys[1] == .path("b", "c"))
    #expect(keys[3] == "e")
  }

  @Test func aKeyTableFindsExactlyItsKeys() {
    let keys = ["", "a", "ab", "abc", "abcdefg", "abcdefgh", "abcdefghi", "id", "di", "ID"]
    let table = JSONKeyTable(keys)
    #expect(table.count == keys.count)
    for (index, key) in keys.enumerated() {
      #expect(table.index(of: key) == index)
    }
    for missing in ["b", "abcd", "abcdefgH", "abcdefghij", "i", "Id", "\u{00E9}"] {
      #expect(table.index(of: missing) == nil)
    }
    #expect(JSONKeyTable(["k", "k"]).index(of: "k") == 0)
  }
}
