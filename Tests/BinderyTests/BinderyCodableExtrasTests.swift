import Bindery
import BinderyTestSupport
import Foundation
import Testing

/// What BinderyDecoder and BinderyEncoder add to Foundation's API.
@Suite("Codable extras")
struct BinderyCodableExtrasTests {
  struct FeedItem: Codable, Equatable {
    var title: String
    var media: Media
    var tags: String
    struct Media: Codable, Equatable { var m: URL }
  }

  struct SearchPhoto: Codable, Equatable {
    var id: String
    var title: String
  }

  @Test func decodesTheFlickrFeedWithItsEscapedApostrophes() throws {
    let data = try Data(Fixtures.bytes("flickr-public-feed.json", root: true))
    let decoder = BinderyDecoder()
    #expect(throws: DecodingError.self) {
      try decoder.decode([FeedItem].self, from: data, at: "items")
    }
    decoder.readingOptions.allowsEscapedApostrophe = true
    let items = try decoder.decode([FeedItem].self, from: data, at: "items")
    #expect(items.count == 4)
    #expect(items[0].title == "Sunset over the bay 'golden hour'")
    #expect(items[1].tags == "kyoto kitchen カフェ")
    #expect(items[3].media.m.absoluteString.hasSuffix("24238392001_77aa88bb99_m.jpg"))
  }

  @Test func decodesBelowAResultKeyPathWithFullCodingPaths() throws {
    let data = Data(
      #"{"photos": {"page": 1, "photo": [{"id": "1", "title": "a"}, {"id": 2, "title": "b"}]}}"#
        .utf8)
    let decoder = BinderyDecoder()
    let first = try decoder.decode(SearchPhoto.self, from: data, at: "photos.photo[0]")
    #expect(first == SearchPhoto(id: "1", title: "a"))
    let error = try #require(throws: DecodingError.self) {
      try decoder.decode([SearchPhoto].self, from: data, at: "photos.photo")
    }
    guard case .typeMismatch(_, let context) = error else {
      Issue.record("expected typeMismatch, got \(error)")
      return
    }
    #expect(
      context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue } == [
        "photos", "photo", "1", "id",
      ])
    #expect(context.debugDescription.hasSuffix("(line 1, column 68)"))
    let missing = try #require(throws: DecodingError.self) {
      try decoder.decode([SearchPhoto].self, from: data, at: "photos.photos")
    }
    guard case .keyNotFound(let key, _) = missing else {
      Issue.record("expected keyNotFound, got \(missing)")
      return
    }
    #expect(key.stringValue == "photos")
    #expect(throws: DecodingError.self) {
      try decoder.decode([SearchPhoto].self, from: data, at: "photos..x")
    }
  }

  @Test func numbersOutOfRangeNameTheirOwnPath() throws {
    struct Item: Decodable { var count: UInt8 }
    struct Page: Decodable { var items: [Item] }
    let json = Data(#"{"items": [{"count": 1}, {"count": 300}]}"#.utf8)
    let error = try #require(throws: DecodingError.self) {
      try BinderyDecoder().decode(Page.self, from: json)
    }
    guard case .dataCorrupted(let context) = error else {
      Issue.record("expected dataCorrupted, got \(error)")
      return
    }
    #expect(ErrorShape(error).path == ["items", "[1]", "count"])
    #expect(
      context.debugDescription
        == "Parsed JSON number <300> does not fit in UInt8. (line 1, column 36)")
  }

  /// Where Bindery departs from JSONDecoder on purpose: a number too small to be told from
  /// zero is not the integer 0 (JSONDecoder reads `-4E-7818` into an `Int64` as 0, yet
  /// rejects the same number in a `Double`).
  @Test func aNumberThatUnderflowsIsNotTheIntegerZero() throws {
    struct Record: Decodable { var wide: Int64 }
    let json = Data(#"{"wide": -4E-7818}"#.utf8)
    let error = try #require(throws: DecodingError.self) {
      try BinderyDecoder().decode(Record.self, from: json)
    }
    guard case .dataCorrupted(let context) = error else {
      Issue.record("expected dataCorrupted, got \(error)")
      return
    }
    #expect(ErrorShape(error).path == ["wide"])
    #expect(context.debugDescription.contains("<-4E-7818> does not fit in Int64"))
    #expect((try? JSONDecoder().decode(Record.self, from: json))?.wide == 0)
  }

  @Test func syntaxErrorsNameLineAndColumn() throws {
    let error = try #require(throws: DecodingError.self) {
      try BinderyDecoder().decode([Int].self, from: Data("[1,\n 2,\n}".utf8))
    }
    guard case .dataCorrupted(let context) = error else {
      Issue.record("expected dataCorrupted, got \(error)")
      return
    }
    #expect(context.debugDescription.contains("3:1: expected a value, found '}'"))
    #expect(context.underlyingError is JSONReadError)
  }

  struct Profile: Codable, Equatable {
    var name: String
    var age: Int
    var email: String
    var scores: [Int]
    var address: Address
    struct Address: Codable, Equatable {
      var city: String
      var zip: Int
    }
  }

  @Test func reportsEveryProblemWhenAsked() throws {
    let json = Data(
      #"{"name": 1, "age": "x", "scores": [1, "2", 3, null], "address": {"city": null, "zip": "9"}}"#
        .utf8)
    let decoder = BinderyDecoder()
    // By default, the first problem only, as Foundation does.
    #expect(throws: DecodingError.self) { try decoder.decode(Profile.self, from: json) }
    decoder.reportsAllErrors = true
    let report = try #require(throws: JSONDecodingError.self) {
      try decoder.decode(Profile.self, from: json)
    }
    #expect(
      report.problems.map(\.path.description) == [
        "name", "age", "email", "scores[1]", "scores[3]", "address.city", "address.zip",
      ])
    #expect(
      report.problems.map(\.kind) == [
        .typeMismatch, .typeMismatch, .missingKey, .typeMismatch, .nullValue, .nullValue,
        .typeMismatch,
      ])
    // Each problem is the one the decoder made (position and words), its DecodingError the
    // cause, in the same report a model's decode throws.
    let scores = report.problems[3]
    #expect(scores.location?.line == 1 && scores.location?.column == 39)
    #expect(scores.message == #"expected an integer, found string "2""#)
    #expect(scores.cause is DecodingError)
    #expect(report.problems[2].location?.column == 1)
    #expect(report.description.contains(#"scores[1] (line 1, column 39): expected an integer"#))
    #expect(
      try decoder.decode(
        Profile.self,
        from: Data(
          #"{"name": "n", "age": 3, "email": "e", "scores": [], "address": {"city": "c", "zip": 1}}"#
            .utf8)
      ).age == 3)
  }

  @Test func decodesJSONValueAndExactDecimals() throws {
    struct Envelope: Codable, Equatable {
      var kind: String
      var payload: JSONValue
      var amount: Decimal
    }
    let json =
      #"{"kind": "raw", "payload": {"b": [1, 2.50, null], "a": "x"}, "amount": 12345678901234567890.1234}"#
    let envelope = try BinderyDecoder().decode(Envelope.self, from: Data(json.utf8))
    #expect(envelope.payload == ["b": [1, 2.5, nil], "a": "x"])
    #expect(envelope.payload.objectValue?.keys == ["b", "a"])
    #expect(envelope.amount == Decimal(string: "12345678901234567890.1234"))
    let encoder = BinderyEncoder()
    encoder.outputFormatting = .sortedKeys
    #expect(
      String(decoding: try encoder.encode(envelope), as: UTF8.self)
        == #"{"amount":12345678901234567890.1234,"kind":"raw","payload":{"a":"x","b":[1,2.50,null]}}"#
    )
  }

  @Test func repeatedKeysInLargeObjectsFollowThePolicy() throws {
    struct Probe: Decodable {
      var k5: Int
      var k39: Int
    }
    // 40 members, then k5 again: same-length keys collide in the uniqueness check's fingerprints.
    let members = (0..<40).map { "\"k\($0)\": \($0)" } + [#""k5": 500"#]
    let json = Data(("{" + members.joined(separator: ", ") + "}").utf8)
    let decoder = BinderyDecoder()
    let first = try decoder.decode(Probe.self, from: json)
    #expect(first.k5 == 5 && first.k39 == 39)
    #expect(try JSONDecoder().decode(Probe.self, from: json).k5 == first.k5)
    decoder.readingOptions.duplicateKeys = .lastWins
    #expect(try decoder.decode(Probe.self, from: json).k5 == 500)
    decoder.readingOptions.duplicateKeys = .reject
    #expect(throws: DecodingError.self) { try decoder.decode(Probe.self, from: json) }
    let unique = Data(("{" + members.dropLast().joined(separator: ", ") + "}").utf8)
    #expect(try decoder.decode(Probe.self, from: unique).k39 == 39)
  }

  @Test func settingsChangedDuringADecodeDoNotAffectIt() async throws {
    struct Dated: Decodable { var date: Date }
    let decoder = BinderyDecoder()
    decoder.dateDecodingStrategy = .secondsSince1970
    let data = Data(#"{"date": 86400}"#.utf8)
    try await withThrowingTaskGroup(of: Void.self) { group in
      for task in 0..<8 {
        group.addTask {
          for _ in 0..<200 {
            if task == 0 {
              decoder.dateDecodingStrategy = .secondsSince1970
              decoder.keyDecodingStrategy = .useDefaultKeys
            } else {
              let value = try decoder.decode(Dated.self, from: data)
              #expect(value.date == Date(timeIntervalSince1970: 86_400))
            }
          }
        }
      }
      try await group.waitForAll()
    }
  }

  @Test func encoderAndDecoderAreSendable() {
    func requireSendable<T: Sendable>(_: T.Type) {}
    requireSendable(BinderyDecoder.self)
    requireSendable(BinderyEncoder.self)
    requireSendable(BinderyDecoder.DateDecodingStrategy.self)
    requireSendable(BinderyEncoder.OutputFormatting.self)
  }

  @Test func encodesToBytesWithEveryFormatting() throws {
    let item = SearchPhoto(id: "1/2", title: "é")
    let encoder = BinderyEncoder()
    #expect(
      String(decoding: try encoder.jsonBytes(item), as: UTF8.self)
        == #"{"id":"1\/2","title":"é"}"#)
    encoder.outputFormatting = [.prettyPrinted, .withoutEscapingSlashes]
    #expect(
      String(decoding: try encoder.jsonBytes(item), as: UTF8.self)
        == "{\n  \"id\" : \"1/2\",\n  \"title\" : \"é\"\n}")
  }

  @Test func deepNestingIsAnErrorNotACrash() throws {
    final class Node: Codable {
      var next: Node?
      init(next: Node?) { self.next = next }
    }
    var node: Node? = nil
    for _ in 0..<600 { node = Node(next: node) }
    #expect(throws: EncodingError.self) { try BinderyEncoder().encode(node) }
    let deep =
      String(repeating: #"{"next":"#, count: 600) + "null" + String(repeating: "}", count: 600)
    #expect(throws: DecodingError.self) {
      try BinderyDecoder().decode(Node.self, from: Data(deep.utf8))
    }
  }
}

/// One level of a value whose every level is a distinct type: `Nesting<Int>`,
/// `Nesting<Nesting<Int>>`, and so on.
struct Nesting<Inner: Codable & Equatable>: Codable, Equatable {
  var inner: Inner
  var items: [Int]
}

@Suite("Codable with many types")
struct ManyTypesTests {
  /// Wraps `value` in `remaining` more levels, then checks both directions against Foundation.
  func check<T: Codable & Equatable>(_ value: T, remaining: Int) throws {
    if remaining > 0 {
      return try check(
        Nesting(inner: value, items: [remaining, -remaining]), remaining: remaining - 1)
    }
    // An array first: a memo that confused types would treat the levels as arrays.
    let values = [value, value]
    expectSameEncoding(values)
    let data = try BinderyEncoder().encode(values)
    #expect(try BinderyDecoder().decode([T].self, from: data) == values)
    #expect(try JSONDecoder().decode([T].self, from: data) == values)
  }

  /// The encoder and decoder remember, per call, which of the first 64 types they meet are
  /// collections they handle directly; past 64 they ask the runtime each time. Both regimes in
  /// one value: 80 distinct types, each level holding an array.
  @Test func moreTypesThanTheMemoHoldsStillEncodeAndDecodeLikeFoundation() throws {
    try check(7, remaining: 80)
  }
}
