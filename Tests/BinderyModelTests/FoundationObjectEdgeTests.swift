import Bindery
import Foundation
import Testing

/// A model with a date, read from objects whose date may be one no text can hold.
@JSONModel
struct Reminder: Equatable {
  var title: String
  var due: Date
}

/// The same shape through Codable.
struct ReminderTwin: Codable, Equatable {
  var title: String
  var due: Date
}

/// Foundation values at the edges: dates no text can hold, values boxed as `AnyHashable`, and
/// what a report says about objects that have no text of their own.
@Suite struct FoundationObjectEdgeTests {
  /// Seconds from 1970 that are not finite or lie outside the years 0000 to 9999. (Seconds,
  /// not dates: Foundation's own `Date.description` traps on an infinite date.)
  static let unwritableSeconds: [Double] = [
    .infinity, -.infinity, .nan, 1e19, -1e19, 253_402_300_800, -62_167_219_201,
  ]

  @Test(arguments: unwritableSeconds)
  func aDateNoTextCanHoldIsAProblemAtItsPath(seconds: Double) throws {
    let date = Date(timeIntervalSince1970: seconds)
    let object: [String: Any] = ["items": [["title": "Pay rent", "due": date]]]
    let error = try #require(throws: JSONDecodingError.self) {
      try [Reminder](foundationObject: object, at: "items")
    }
    #expect(error.problems.count == 1)
    #expect(error.problems.first?.path.description == "items[0].due")
    #expect(error.problems.first?.expected == "a date in the years 0000 to 9999")
    // The same through every entry point that reads objects.
    #expect(throws: JSONDecodingError.self) { try JSONValue(foundationObject: object) }
    #expect(throws: DecodingError.self) {
      try BinderyDecoder().decode(
        [ReminderTwin].self, fromFoundationObject: ["title": "x", "due": date])
    }
  }

  @Test func theLastDatesTextCanHoldStillRead() throws {
    let first = Date(timeIntervalSince1970: -62_167_219_200)  // 0000-01-01T00:00:00Z
    let last = Date(timeIntervalSince1970: 253_402_300_799.999)  // 9999-12-31T23:59:59.999Z
    for date in [first, last, Date.distantPast, Date.distantFuture] {
      let reminder = try Reminder(foundationObject: ["title": "t", "due": date])
      #expect(reminder.due == date)
    }
    let text = try String(foundationObject: last)
    #expect(text == "9999-12-31T23:59:59.999Z")
  }

  @Test(arguments: unwritableSeconds)
  func aDateNoTextCanHoldIsAnEncodingErrorNotATrap(seconds: Double) throws {
    let date = Date(timeIntervalSince1970: seconds)
    let reminder = Reminder(title: "Pay rent", due: date)
    let error = try #require(throws: JSONWriteError.self) { try reminder.jsonBytes() }
    #expect(error.path.description == "due")
    // Seconds since 1970 hold a finite date whatever its year.
    if date.timeIntervalSince1970.isFinite {
      let seconds = try reminder.jsonString(options: .init(dates: .unixSeconds))
      #expect(try Reminder(json: seconds, options: .init(dates: .unixSeconds)) == reminder)
    }
    #expect(throws: JSONWriteError.self) {
      try [reminder].jsonBytes(options: .init(dates: .dateFormat("yyyy-MM-dd")))
    }
    // Codable's ISO 8601 strategy names the coding path.
    let encoder = BinderyEncoder()
    encoder.dateEncodingStrategy = .iso8601
    do {
      _ = try encoder.encode(ReminderTwin(title: "Pay rent", due: date))
      Issue.record("encoded \(seconds) as ISO 8601")
    } catch EncodingError.invalidValue(_, let context) {
      #expect(context.codingPath.map(\.stringValue) == ["due"])
    }
  }

  @Test func valuesBoxedAsAnyHashableReadAsWhatTheyHold() throws {
    #expect(try [String: Int](foundationObject: ["n": 5] as [String: AnyHashable]) == ["n": 5])
    let boxed: [AnyHashable: AnyHashable] = ["title": "Pay rent", "count": 2, "done": false]
    #expect(
      try [String: JSONValue](foundationObject: boxed)
        == ["title": "Pay rent", "count": 2, "done": false])
    #expect(try Int(foundationObject: AnyHashable(42)) == 42)
    #expect(try Bool(foundationObject: AnyHashable(NSNumber(value: true))) == true)
    #expect(try [String](foundationObject: ["a", "b"] as [AnyHashable]) == ["a", "b"])
    let nested: [String: AnyHashable] = [
      "title": "Pay rent", "due": AnyHashable(Date(timeIntervalSince1970: 0)),
    ]
    #expect(
      try Reminder(foundationObject: nested)
        == Reminder(title: "Pay rent", due: Date(timeIntervalSince1970: 0)))
    let decoder = BinderyDecoder()
    #expect(
      try decoder.decode([String: Int].self, fromFoundationObject: AnyHashable(["n": 5])) == [
        "n": 5
      ])
    #expect(
      try decoder.decode(ReminderTwin.self, fromFoundationObject: nested)
        == ReminderTwin(title: "Pay rent", due: Date(timeIntervalSince1970: 0)))
    // What JSONSerialization accepts, Bindery reads.
    #expect(JSONSerialization.isValidJSONObject(boxed))
    // A boxed value JSON cannot hold is still a problem at its path.
    struct Token: Hashable {}
    let error = try #require(throws: JSONDecodingError.self) {
      try [String: JSONValue](foundationObject: ["token": AnyHashable(Token())])
    }
    #expect(error.problems.map(\.path.description) == ["token"])
  }

  @Test func problemsWithObjectsNameTheirPathNeverAPosition() throws {
    let feed: [String: Any] = [
      "title": "Uploads", "items": [["title": "a", "due": 5], ["title": 7, "due": Date()]],
    ]
    func descriptions(_ body: () throws(JSONDecodingError) -> Void) -> [String] {
      do {
        try body()
        return []
      } catch {
        #expect(error.problems.allSatisfy { $0.location == nil })
        return error.problems.map(\.description)
      }
    }
    // A result key path that leads nowhere.
    let missing = descriptions { () throws(JSONDecodingError) in
      _ = try [Reminder](foundationObject: feed, at: "entries")
    }
    #expect(missing.count == 1)
    #expect(
      missing.first == "top level: expected a value at 'entries': no key 'entries' in object")
    // The whole value of the wrong kind is at the top level.
    #expect(
      descriptions { () throws(JSONDecodingError) in _ = try [Reminder](foundationObject: feed) }
        == ["top level: expected an array, found an object"])
    // Nested problems by path.
    #expect(
      descriptions { () throws(JSONDecodingError) in
        _ = try [Reminder](foundationObject: feed, at: "items")
      }
        == [
          "items[0].due: expected an RFC 3339 date-time such as 2016-01-22T10:22:48Z, found number 5",
          "items[1].title: expected a string, found number 7",
        ])
    // Nothing in any report speaks of lines, columns or bytes.
    for text in missing {
      #expect(!text.contains("line") && !text.contains("column") && !text.contains("byte"))
    }
    // Codable's errors from objects carry coding paths and no position either.
    do {
      _ = try BinderyDecoder().decode([ReminderTwin].self, fromFoundationObject: feed)
      Issue.record("decoded an object as an array")
    } catch let error as DecodingError {
      #expect(!"\(error)".contains("line "))
    }
  }
}
