import Bindery
import BinderyTestSupport
import Foundation
import Testing

// Generated encoders copy the bytes of keys that need no escaping as they are, and send every
// other key through the writer's escaping. These tests hold the two paths to the same output:
// the expected text is written member by member with `JSONWriter`, whose `key(_:)` escapes.

/// Keys of every kind: plain ones, and ones with a slash, a quote, a backslash, non-ASCII text
/// and a control character, which must be escaped (some only under some options).
@JSONModel
struct KeyedRecord: Equatable {
  var id: Int
  @Key("profile_background_image_url_https") var longKey: String
  @Key("a/b") var slash: String
  @Key("say \"hi\"") var quoted: Int
  // A backslash escapes the next character of a key path: two make one in the key.
  @Key("back\\\\slash") var backslash: Bool
  @Key("café") var accented: String?
  @Key("tab\there") var tab: Int
  var note: String?
  @Key("meta.count") var count: Int
  var last: Double
}

@Suite("Key writing")
struct KeyWritingTests {
  let record = KeyedRecord(
    id: 7, longKey: "https://example.com/a.png", slash: "x/y", quoted: 1, backslash: true,
    accented: "crème", tab: 2, note: nil, count: 3, last: 0.5)

  /// The record's members written one call at a time, the way a hand-written encoder would.
  func expected(_ options: JSONWritingOptions, nullNote: Bool = false) throws -> [UInt8] {
    var writer = JSONWriter(options: options)
    try writer.beginObject()
    try writer.key("id")
    try writer.integer(Int64(7))
    try writer.key("profile_background_image_url_https")
    try writer.string("https://example.com/a.png")
    try writer.key("a/b")
    try writer.string("x/y")
    try writer.key("say \"hi\"")
    try writer.integer(Int64(1))
    try writer.key("back\\slash")
    try writer.bool(true)
    try writer.key("café")
    try writer.string("crème")
    try writer.key("tab\there")
    try writer.integer(Int64(2))
    if nullNote {
      try writer.key("note")
      try writer.null()
    }
    try writer.key("meta")
    try writer.beginObject()
    try writer.key("count")
    try writer.integer(Int64(3))
    try writer.endObject()
    try writer.key("last")
    try writer.double(0.5)
    try writer.endObject()
    return try writer.finish()
  }

  static let layouts: [JSONWritingOptions] = [
    .compact,
    .pretty,
    JSONWritingOptions(sortsKeys: true),
    JSONWritingOptions(prettyPrinted: true, indentWidth: 4, sortsKeys: true),
    JSONWritingOptions(escapesSlashes: true),
    JSONWritingOptions(asciiOnly: true),
  ]

  @Test("every key reads the same through either path, in every layout", arguments: layouts)
  func everyLayout(_ options: JSONWritingOptions) throws {
    let written = try record.jsonBytes(options: JSONEncodingOptions(writing: options))
    let text = String(decoding: written, as: UTF8.self)
    let wanted = String(decoding: try expected(options), as: UTF8.self)
    #expect(text == wanted)
    #expect(try KeyedRecord(json: written) == record)
  }

  @Test("nil written as null at a plain key, after escaped keys")
  func nullsWritten() throws {
    let written = try record.jsonBytes(options: JSONEncodingOptions(nulls: .write))
    let text = String(decoding: written, as: UTF8.self)
    let wanted = String(decoding: try expected(.compact, nullNote: true), as: UTF8.self)
    #expect(text == wanted)
  }

  @Test("a plain key after a nested object closes the object first")
  func plainKeyAfterNestedPath() throws {
    let text = try record.jsonString()
    #expect(text.hasSuffix(#""meta":{"count":3},"last":0.5}"#))
  }

  @Test("a value that cannot be written names the plain key it was written at")
  func errorPathAtPlainKey() throws {
    var broken = record
    broken.last = .infinity
    let error = #expect(throws: JSONWriteError.self) { try broken.jsonBytes() }
    #expect(error?.kind == .nonFiniteNumber)
    #expect(error?.path == JSONPath([.key("last")]))
  }

  @Test("each scalar type, present and absent, writes as its own encode(to:) does")
  func scalarsAndOptionals() throws {
    let full = ScalarMembers(
      text: "a\"b", count: -12, big: Int64.min, flag: false, ratio: 2.0, maybeText: "é",
      maybeCount: 0, maybeBig: Int64.max, maybeFlag: true, maybeRatio: -0.0)
    let empty = ScalarMembers(
      text: "", count: 0, big: 0, flag: true, ratio: 1e300, maybeText: nil, maybeCount: nil,
      maybeBig: nil, maybeFlag: nil, maybeRatio: nil)
    // Text at the edges of the one-step path: 16 bytes, 17, 15 with a slash.
    let edges = ScalarMembers(
      text: "sixteen_bytes_ok", count: Int.max, big: -1, flag: true, ratio: 0.1,
      maybeText: "seventeen_bytes!!", maybeCount: Int.min, maybeBig: 10, maybeFlag: false,
      maybeRatio: 9_007_199_254_740_994)
    let slashed = ScalarMembers(
      text: "a/b/c/d/e/f/g/h", count: 5, big: 5, flag: true, ratio: -1.5, maybeText: "ok",
      maybeCount: nil, maybeBig: nil, maybeFlag: nil, maybeRatio: 1e-7)
    for value in [full, empty, edges, slashed] {
      for (nulls, layout) in [
        (JSONNullEncoding.omit, JSONWritingOptions.compact), (.write, .compact),
        (.omit, JSONWritingOptions(escapesSlashes: true)), (.write, .pretty),
      ] {
        let written = try value.jsonBytes(
          options: JSONEncodingOptions(writing: layout, nulls: nulls))
        // The same members through the generic path: each value's `JSONValue`.
        var writer = JSONWriter(options: layout)
        try writer.beginObject()
        let members: [(String, JSONValue?)] = [
          ("text", .string(value.text)), ("count", try JSONValue(parsing: "\(value.count)")),
          ("big", try JSONValue(parsing: "\(value.big)")), ("flag", .bool(value.flag)),
          ("ratio", try value.ratio.jsonValue()), ("maybeText", value.maybeText.map(JSONValue.string)),
          ("maybeCount", try value.maybeCount.map { try JSONValue(parsing: "\($0)") }),
          ("maybeBig", try value.maybeBig.map { try JSONValue(parsing: "\($0)") }),
          ("maybeFlag", value.maybeFlag.map(JSONValue.bool)),
          ("maybeRatio", try value.maybeRatio.map { try $0.jsonValue() }),
        ]
        for (key, member) in members {
          if let member {
            try writer.key(key)
            try writer.value(member)
          } else if nulls == .write {
            try writer.key(key)
            try writer.null()
          }
        }
        try writer.endObject()
        let text = String(decoding: written, as: UTF8.self)
        let wanted = String(decoding: try writer.finish(), as: UTF8.self)
        #expect(text == wanted)
        #expect(try ScalarMembers(json: written) == value)
      }
    }
  }

  @Test("GitHub events written back hold the input's members at their snake_case keys")
  func githubEvents() throws {
    let input = try JSONValue(parsing: try Fixtures.bytes("github-events.json"))
    let events = try [EventHead](json: try Fixtures.bytes("github-events.json"))
    #expect(events.count == 14)
    for (index, event) in events.enumerated() {
      let written = try JSONValue(parsing: try event.jsonBytes())
      for key in ["id", "type", "public", "created_at"] {
        #expect(written[key] == input[index]?[key], "event \(index), \(key)")
      }
      for key in ["id", "login", "display_login", "gravatar_id", "url", "avatar_url"] {
        #expect(written["actor"]?[key] == input[index]?["actor"]?[key], "event \(index), actor.\(key)")
      }
    }
  }
}

@JSONModel
struct EventActor: Equatable {
  var id: Int
  var login: String
  @Key("display_login") var displayLogin: String?
  @Key("gravatar_id") var gravatarID: String?
  var url: String
  @Key("avatar_url") var avatarURL: String
}

@JSONModel
struct EventHead: Equatable {
  var id: String
  var type: String
  var actor: EventActor
  var `public`: Bool
  @Key("created_at") var createdAt: String
}

@JSONModel
struct ScalarMembers: Equatable {
  var text: String
  var count: Int
  var big: Int64
  var flag: Bool
  var ratio: Double
  var maybeText: String?
  var maybeCount: Int?
  var maybeBig: Int64?
  var maybeFlag: Bool?
  var maybeRatio: Double?
}
