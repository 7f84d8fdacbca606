import Bindery
import BinderyTestSupport
import Foundation
import Testing

/// Random values through each union form and through flattening: written and read back by
/// the model path, by Foundation's coders and by Bindery's, always the same value.
@Suite struct UnionRoundTripTests {
  /// A random JSON value, `depth` levels at most.
  static func randomValue(_ random: inout SplitMix64, depth: Int = 3) -> JSONValue {
    switch random.below(depth > 0 ? 7 : 5) {
    case 0: return .null
    case 1: return .bool(random.below(2) == 0)
    case 2: return JSONValue(integerLiteral: random.below(2_000_000) - 1_000_000)
    case 3: return .string(randomText(&random))
    case 4: return JSONValue(floatLiteral: Double(random.below(10_000)) / 64)
    case 5:
      return .array((0..<random.below(4)).map { _ in randomValue(&random, depth: depth - 1) })
    default:
      var object: [(String, JSONValue)] = []
      for index in 0..<random.below(4) {
        object.append(("k\(index)_\(randomText(&random))", randomValue(&random, depth: depth - 1)))
      }
      return .object(JSONObject(object))
    }
  }

  static func randomText(_ random: inout SplitMix64) -> String {
    let pieces = ["a", "é", "\"", "\\", "/", "\n", "😀", "z", " ", "\u{1}"]
    return (0..<random.below(6)).map { _ in pieces[random.below(pieces.count)] }.joined()
  }

  static func randomSetting(_ random: inout SplitMix64) -> Setting {
    switch random.below(4) {
    case 0: .flag(random.below(2) == 0)
    case 1: .count(random.below(1_000) - 500)
    case 2: .shape(Circle(radius: Double(random.below(1_000)) / 8))
    default: .names((0..<random.below(3)).map { _ in randomText(&random) })
    }
  }

  static func randomNested(_ random: inout SplitMix64, depth: Int = 3) -> Nested {
    guard depth > 0, random.below(3) == 0 else { return .number(random.below(100)) }
    return .list((0..<random.below(4)).map { _ in randomNested(&random, depth: depth - 1) })
  }

  /// Decoded back by the model path, Foundation's coders and Bindery's.
  func expectRoundTrips<T: JSONModel & Codable & Equatable>(_ value: T) throws {
    #expect(try T(json: value.jsonString()) == value, "\(value)")
    let viaFoundation = try JSONDecoder().decode(T.self, from: JSONEncoder().encode(value))
    #expect(viaFoundation == value, "\(value)")
    let viaBindery = try BinderyDecoder().decode(T.self, from: BinderyEncoder().encode(value))
    #expect(viaBindery == value, "\(value)")
  }

  @Test func adjacentlyTaggedValues() throws {
    var random = SplitMix64(seed: 22)
    for _ in 0..<200 { try expectRoundTrips(Self.randomSetting(&random)) }
  }

  @Test func untaggedValues() throws {
    var random = SplitMix64(seed: 23)
    for _ in 0..<200 {
      let values = [Self.randomNested(&random), Self.randomNested(&random)]
      #expect(try [Nested](json: values.jsonString()) == values)
      #expect(try JSONDecoder().decode([Nested].self, from: JSONEncoder().encode(values)) == values)
      let figure: Figure =
        switch random.below(3) {
        case 0: .circle(Circle(radius: Double(random.below(100))))
        case 1: .list((0..<random.below(4)).map { _ in random.below(10) })
        default: .anything(Self.randomValue(&random))
        }
      // A kept value that another case can read comes back as that case.
      let read = try Figure(json: figure.jsonString())
      if case .anything = figure, read != figure {
        #expect(try read.jsonString() == figure.jsonString())
      } else {
        #expect(read == figure)
      }
    }
  }

  @Test func parentTaggedEventsWithUnknownPayloads() throws {
    var random = SplitMix64(seed: 24)
    let account = try GitHubAccount(
      json: #"{"id": 1, "login": "a", "avatar_url": "https://a.example/a"}"#)
    let repo = try GitHubRepo(json: #"{"id": 2, "name": "a/b", "url": "https://a.example/r"}"#)
    for index in 0..<200 {
      let payload: GitHubEventPayload =
        switch random.below(3) {
        case 0: .watch(GitHubWatchPayload(action: Self.randomText(&random)))
        case 1:
          .delete(GitHubDeletePayload(ref: Self.randomText(&random), refType: "branch"))
        default: .other("Custom\(random.below(50))Event", Self.randomValue(&random))
        }
      let event = GitHubEvent(
        id: "\(index)", actor: account, repo: repo, payload: payload, public: index % 2 == 0,
        createdAt: Date(timeIntervalSince1970: Double(random.below(2_000_000_000))),
        org: random.below(2) == 0 ? nil : account)
      #expect(try GitHubEvent(json: event.jsonString()) == event, "\(event)")
      let foundation = JSONEncoder()
      foundation.dateEncodingStrategy = .iso8601
      let decoder = JSONDecoder()
      decoder.dateDecodingStrategy = .iso8601
      #expect(try decoder.decode(GitHubEvent.self, from: foundation.encode(event)) == event)
    }
  }

  @Test func flattenedRecords() throws {
    var random = SplitMix64(seed: 25)
    for index in 0..<200 {
      var rest: [String: JSONValue] = [:]
      for key in 0..<random.below(3) { rest["extra\(key)"] = Self.randomValue(&random) }
      let record = FlatRecord(
        id: index,
        audit: FlatAudit(
          createdAt: Date(timeIntervalSince1970: Double(random.below(2_000_000_000))),
          updatedAt: random.below(2) == 0
            ? nil : Date(timeIntervalSince1970: Double(random.below(2_000_000_000)))),
        owner: FlatOwner(
          ownerId: random.below(1_000), contact: FlatContact(email: Self.randomText(&random))),
        rest: rest)
      #expect(try FlatRecord(json: record.jsonString()) == record, "\(record)")
      #expect(
        try JSONDecoder().decode(FlatRecord.self, from: JSONEncoder().encode(record)) == record)
    }
  }
}
