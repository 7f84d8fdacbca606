import Bindery
import BinderyTestSupport
import Foundation
import Testing

/// A push notification's `userInfo`, read through nested key paths.
@JSONModel
struct BuildPush {
  @Key("aps.alert.title") var title: String
  @Key("aps.alert.body") var body: String
  @Key("aps.badge") var badge: Int
  var build: Int
  var sentAt: Date
  @Key("receipt") var receiptText: String?
  var signature: Data?
  var link: URL?
}

/// A push alert whose body may be cleared by a later payload.
@JSONModel
struct PushAlert: Equatable {
  @Key("aps.alert.title") var title: String
  @Key("aps.alert.body") var body: String?
  @Key("aps.badge") @Default(0) var badge: Int
}

/// A Firebase-like snapshot: strings for numbers, `NSNull` for absent values.
@JSONModel(keyStrategy: .snakeCase, coercesValues: true)
struct RoomSnapshot: Equatable {
  var name: String
  var memberCount: Int
  var rating: Double?
  var topic: String?
  @Lossy var members: [RoomMember]
}

@JSONModel
struct RoomMember: Equatable {
  var uid: String
  var online: Bool
}

/// An array whose one element is the array itself: a cycle built without Foundation's own
/// mutable containers, which on Linux cannot even be enumerated once they contain themselves.
final class MirrorArray: NSArray {
  override var count: Int { 1 }
  override func object(at index: Int) -> Any { self }
}

/// The same statistics through Codable.
struct StatisticsTwin: Codable, Equatable {
  var count: Int
  var sum: Double
  var average: Double
  var updated: Date?
  var flags: [Bool]?
}

/// Models decoded and updated from the Foundation objects apps already hold.
@Suite struct FoundationObjectDecodingTests {
  @Test(arguments: ["statistics.json", "statistics-mean.json", "statistics-median.json"])
  func statisticsDecodeFromTheDictionaryJSONSerializationMade(fixture: String) throws {
    let object = try JSONSerialization.jsonObject(with: Data(try Fixtures.bytes(fixture)))
    #expect(try Statistics(foundationObject: object) == Statistics(count: 3, sum: 9, average: 3))
  }

  @Test func statisticsDecodeFromDictionariesAppsBuild() throws {
    let plain: [String: Any] = ["count": 3, "sum": 9.0, "average": 3.0]
    #expect(try Statistics(foundationObject: plain) == Statistics(count: 3, sum: 9, average: 3))
    // The variant that says `mean` and adds a median, as Objective-C objects.
    let bridged = NSMutableDictionary()
    bridged["count"] = NSNumber(value: 4)
    bridged["sum"] = NSNumber(value: 10.0)
    bridged["mean"] = NSDecimalNumber(string: "2.5")
    bridged["median"] = NSNumber(value: 2.25)
    #expect(
      try Statistics(foundationObject: bridged) == Statistics(count: 4, sum: 10, average: 2.5))
  }

  @Test func badStatisticsNameEveryPathWithoutAPosition() throws {
    // A Boolean `NSNumber` stays a Boolean: it is not the count 1. A fraction is not an
    // integer, and a missing key is missing.
    let bad: [String: Any] = ["count": NSNumber(value: true), "sum": "9.5"]
    let error = try #require(throws: JSONDecodingError.self) {
      try Statistics(foundationObject: bad)
    }
    #expect(error.problems.map(\.path.description) == ["count", "sum", "average"])
    #expect(error.problems[0].kind == .typeMismatch)
    #expect(error.problems[0].found == "true")
    #expect(error.problems[1].found == "string \"9.5\"")
    #expect(error.problems[2].kind == .missingKey)
    // No text, so no line or column, and the report says where by path alone.
    #expect(error.problems.allSatisfy { $0.location == nil })
    #expect(!error.description.contains("line"))
    #expect(error.problems[0].description.hasPrefix("count: expected"))

    let fraction = try #require(throws: JSONDecodingError.self) {
      try Statistics(foundationObject: ["count": 3.5, "sum": 1, "mean": 1])
    }
    #expect(fraction.problems.map(\.path.description) == ["count"])
    let overflow = try #require(throws: JSONDecodingError.self) {
      try Statistics(foundationObject: ["count": UInt64.max, "sum": 1, "mean": 1])
    }
    #expect(overflow.problems.map(\.path.description) == ["count"])
  }

  @Test func aPushPayloadReadsThroughNestedKeyPaths() throws {
    // Sub-millisecond, so that a trip through text would change it.
    let sent = Date(timeIntervalSinceReferenceDate: 786_000_000.123_456_7)
    let alert = NSDictionary(dictionary: ["title": "Build finished", "body": "main is green"])
    let userInfo: [AnyHashable: Any] = [
      "aps": ["alert": alert, "badge": NSNumber(value: 2), "sound": "default"] as [String: Any],
      "build": 4711, "sentAt": sent, "receipt": sent, "signature": Data([0xCA, 0xFE]),
      "link": URL(string: "https://ci.example.com/builds/4711")!,
    ]
    let push = try BuildPush(foundationObject: userInfo)
    #expect(push.title == "Build finished")
    #expect(push.body == "main is green")
    #expect(push.badge == 2)
    #expect(push.build == 4711)
    // A `Date` object for a `Date` property is taken as it is; a `String` property reads it
    // as ISO 8601 text.
    #expect(push.sentAt == sent)
    #expect(push.receiptText == "2025-11-28T05:20:00.123Z")
    #expect(push.signature == Data([0xCA, 0xFE]))
    #expect(push.link?.absoluteString == "https://ci.example.com/builds/4711")
    // Below a result key, as for text.
    let alertOnly = try [String: String](foundationObject: userInfo, at: "aps.alert")
    #expect(alertOnly == ["title": "Build finished", "body": "main is green"])
  }

  @Test func aFirebaseSnapshotReadsWithCoercionAndSkipsBadMembers() throws {
    let snapshot: [String: Any] = [
      "name": "Lobby", "member_count": "42", "rating": "4.5", "topic": NSNull(),
      "members": [
        ["uid": "a1", "online": true],
        ["uid": "b2", "online": "maybe"],
        ["uid": NSNull(), "online": false],
      ],
    ]
    let decoded = try RoomSnapshot.decoded(foundationObject: snapshot)
    #expect(
      decoded.value
        == RoomSnapshot(
          name: "Lobby", memberCount: 42, rating: 4.5, topic: nil,
          members: [RoomMember(uid: "a1", online: true)]))
    // The coercions and the two skipped members are reported by path.
    let paths = Set(decoded.warnings.map(\.path.description))
    #expect(paths == ["member_count", "rating", "members[1]", "members[2]"])
  }

  @Test func anUpdateFromADictionaryHasPatchSemantics() throws {
    var room = try RoomSnapshot(
      json: #"{"name": "Lobby", "member_count": 3, "rating": 4, "topic": "Hi", "members": []}"#)
    let changed = try room.update(foundationObject: ["topic": NSNull(), "member_count": "4"])
    #expect(room.topic == nil)
    #expect(room.memberCount == 4)
    #expect(room.name == "Lobby")
    #expect(room.rating == 4)
    #expect(changed == [\RoomSnapshot.topic, \RoomSnapshot.memberCount])
    // A bad value leaves the value unchanged and names its path.
    let before = room
    let error = try #require(throws: JSONDecodingError.self) {
      try room.update(foundationObject: ["name": "Hall", "member_count": "many"])
    }
    #expect(room == before)
    #expect(error.problems.map(\.path.description) == ["member_count"])
  }

  @Test func aNestedNSNullClearsAnOptionalThroughItsKeyPath() throws {
    var alert = try PushAlert(
      foundationObject: ["aps": ["alert": ["title": "Build", "body": "green"], "badge": 2]])
    let changed = try alert.update(foundationObject: ["aps": ["alert": ["body": NSNull()]]])
    #expect(changed == [\PushAlert.body])
    #expect(alert == PushAlert(title: "Build", body: nil, badge: 2))
    // NSDictionary and NSArray bridged from Objective-C update the same way.
    let bridged = NSDictionary(dictionary: [
      "aps": NSDictionary(dictionary: ["badge": NSNumber(value: 7)])
    ])
    #expect(try alert.update(foundationObject: bridged) == [\PushAlert.badge])
    #expect(alert.badge == 7)
  }

  @Test func arraysScalarsDefaultsAndKeyStrategiesWorkAsForText() throws {
    #expect(try [Int](foundationObject: [1, NSNumber(value: 2), Int8(3)]) == [1, 2, 3])
    #expect(try Int(foundationObject: NSNumber(value: 42)) == 42)
    #expect(try String(foundationObject: NSString(string: "Ada")) == "Ada")
    #expect(try Bool(foundationObject: NSNumber(value: false)) == false)
    #expect(try UInt64(foundationObject: UInt64.max) == .max)
    // A missing key takes its default, below a result key.
    let alerts = try [PushAlert](
      foundationObject: ["data": ["items": [["aps": ["alert": ["title": "A"]]]]]],
      at: "data.items")
    #expect(alerts == [PushAlert(title: "A", body: nil, badge: 0)])
    // Codable's key strategy applies to the objects' keys.
    let decoder = BinderyDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    struct Account: Decodable, Equatable {
      var userName: String
      var isAdmin: Bool
    }
    #expect(
      try decoder.decode(
        Account.self, fromFoundationObject: ["user_name": "ada", "is_admin": NSNumber(value: true)])
        == Account(userName: "ada", isAdmin: true))
    // A Boolean NSNumber is not an integer to Codable either.
    #expect(throws: DecodingError.self) {
      try decoder.decode([Int].self, fromFoundationObject: [NSNumber(value: true)])
    }
  }

  @Test func classesUpdateInPlaceFromADictionary() throws {
    // A subclass decodes its superclass's properties too, with a Date object as it is.
    let created = Date(timeIntervalSince1970: 1_700_000_000.123_4)
    let comment = try Comment(
      foundationObject: [
        "id": 5, "createdAt": created, "body": "Nice",
        "author": NSDictionary(dictionary: ["name": "Ada"]),
      ] as [String: Any])
    #expect(comment.createdAt == created)
    #expect(comment.author == "Ada")
    // An instance is updated in place: every reference sees the change.
    let album = try Album(foundationObject: [
      "title": "Kyoto", "photoCount": 12, "cover": "https://e.com/c.jpg",
    ])
    let shared = album
    let changed = try album.update(foundationObject: ["photoCount": 13, "cover": NSNull()])
    #expect(shared.photoCount == 13)
    #expect(shared.cover == nil)
    #expect(changed == [\Album.photoCount, \Album.cover])
  }

  @Test func objectsJSONCannotHoldAreProblemsAtTheirPath() throws {
    func problems(_ object: Any, options: JSONDecodingOptions = .init()) -> [String] {
      let result = Result { () throws(JSONDecodingError) -> [String: JSONValue] in
        try [String: JSONValue](foundationObject: object, options: options)
      }
      guard case .failure(let error) = result else { return [] }
      return error.problems.map { "\($0.path): \($0.found)" }
    }
    final class Session {}
    #expect(problems(["user": ["session": Session()]]) == ["user.session: a Session"])
    let closure: @Sendable () -> Void = {}
    #expect(problems(["callback": closure]).first?.hasPrefix("callback: a ") == true)
    #expect(
      problems(["ids": [1: "one"] as [AnyHashable: Any]])
        == ["ids: the key 1 (a Int)"])
    // NaN and infinity: errors unless JSON5 reading accepts them.
    #expect(problems(["x": [1.0, Double.nan]]) == ["x[1]: number nan"])
    #expect(problems(["x": NSNumber(value: -Double.infinity)]) == ["x: number -inf"])
    let json5 = try [String: Double](
      foundationObject: ["x": Double.infinity, "y": Float.nan],
      options: .init(reading: .json5))
    #expect(json5["x"] == .infinity)
    #expect(json5["y"]?.isNaN == true)
    // Nesting past the reading limit.
    var deep: Any = 1
    for _ in 0..<20 { deep = [deep] }
    var shallow = JSONDecodingOptions()
    shallow.reading.maxDepth = 10
    let depth = problems(["a": deep], options: shallow)
    #expect(depth.count == 1)
    #expect(depth.first?.hasSuffix("deeper nesting") == true)
    #expect(problems(["a": deep]) == [])
    #if canImport(Darwin)
      // Not on Linux, where Foundation itself cannot read a container that contains itself.
      let loop = NSMutableDictionary()
      loop["self"] = loop
      let found = problems(["a": loop])
      loop.removeAllObjects()
      #expect(found == ["a.self: a container that contains itself"])
    #endif
    // An array that holds itself, one level down, which Foundation on every platform can
    // enumerate: the walk stops there instead of recursing until the stack overflows.
    let mirror = MirrorArray()
    let found = problems(["rows": [1, mirror]])
    #expect(found == ["rows[1][0]: a container that contains itself"])
  }

  @Test func binderyDecoderReadsFoundationObjectsAsJSONDecoderReadsText() throws {
    let updated = Date(timeIntervalSince1970: 1_700_000_000.25)
    let object: [String: Any] = [
      "count": NSNumber(value: 3), "sum": 9, "average": 3.0, "updated": updated,
      "flags": [NSNumber(value: true), false],
    ]
    let decoder = BinderyDecoder()
    let twin = try decoder.decode(StatisticsTwin.self, fromFoundationObject: object)
    #expect(
      twin
        == StatisticsTwin(count: 3, sum: 9, average: 3, updated: updated, flags: [true, false]))
    // The same value as JSONDecoder reading the objects' text, but for the date, which text
    // would have to carry in the decoder's date strategy.
    var withoutDate = object
    withoutDate["updated"] = nil
    let data = try JSONSerialization.data(withJSONObject: withoutDate)
    var expected = try JSONDecoder().decode(StatisticsTwin.self, from: data)
    expected.updated = updated
    #expect(twin == expected)

    // Errors carry the coding path and no position.
    let bad: [String: Any] = ["count": "3", "sum": 1, "average": 1]
    do {
      _ = try decoder.decode(StatisticsTwin.self, fromFoundationObject: bad)
      Issue.record("decoded a string as an Int")
    } catch DecodingError.typeMismatch(_, let context) {
      #expect(context.codingPath.map(\.stringValue) == ["count"])
      #expect(!context.debugDescription.contains("line"))
    }
    // NaN follows the non-conforming float strategy.
    let nan: [String: Any] = ["count": 1, "sum": Double.nan, "average": 1]
    do {
      _ = try decoder.decode(StatisticsTwin.self, fromFoundationObject: nan)
      Issue.record("decoded NaN without a strategy")
    } catch DecodingError.dataCorrupted(let context) {
      #expect(context.codingPath.map(\.stringValue) == ["sum"])
    }
    decoder.nonConformingFloatDecodingStrategy = .convertFromString(
      positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
    let converted = try decoder.decode(StatisticsTwin.self, fromFoundationObject: nan)
    #expect(converted.sum.isNaN)
  }
}
