import Bindery
import Foundation
import Testing

@JSONModel
struct Timestamps: Equatable {
  var iso: Date
  @Transform(.unixSeconds) var seconds: Date
  @Transform(.unixMilliseconds) var millis: Date
  @Transform(.rfc1123) var http: Date
  @Transform(.dateFormat("dd/MM/yyyy HH:mm Z")) var local: Date
  @Transform(.firstOf(.iso8601, .unixSeconds)) var either: Date
  @Transform(.unixSeconds) var optional: Date?
}

@JSONModel(dates: .unixSeconds)
struct UnixModel: Equatable {
  var created: Date
  @Transform(.iso8601) var updated: Date
}

@JSONModel
struct Scalars: Equatable {
  var id: UUID
  var price: Decimal
  @Transform(.base64) var payload: Data
  var color: RGBAColor
  @Transform(.intAsString) var count: Int
  @Transform(.separated(by: ",")) var words: [String]
  var link: URL
  @Transform(
    JSONClosureTransformer(
      decode: { try $0.string().uppercased() }, encode: { try $1.string($0.lowercased()) }))
  var code: String
}

@Suite struct TransformerTests {
  let instant = Date(timeIntervalSince1970: 1_453_458_168)

  @Test func everyDateFormatReadsTheSameInstant() throws {
    let json = #"""
      {"iso": "2016-01-22T02:22:48-08:00", "seconds": 1453458168, "millis": 1453458168000,
       "http": "Fri, 22 Jan 2016 10:22:48 GMT", "local": "22/01/2016 11:22 +0100",
       "either": 1453458168}
      """#
    let value = try Timestamps(json: json)
    #expect(value.iso == instant)
    #expect(value.seconds == instant)
    #expect(value.millis == instant)
    #expect(value.http == instant)
    #expect(value.local == instant.addingTimeInterval(-48))
    #expect(value.either == instant)
    #expect(value.optional == nil)
    let written = try value.jsonValue()
    #expect(written["iso"] == "2016-01-22T10:22:48Z")
    #expect(written["seconds"] == 1_453_458_168)
    #expect(written["millis"] == 1_453_458_168_000)
    #expect(written["http"] == "Fri, 22 Jan 2016 10:22:48 GMT")
    #expect(written["local"] == "22/01/2016 10:22 +0000")
    #expect(
      try Timestamps(json: written)
        == Timestamps(
          iso: instant, seconds: instant, millis: instant, http: instant,
          local: instant.addingTimeInterval(-48), either: instant, optional: nil))
  }

  @Test func fractionalSecondsAndOffsetsInISO8601() throws {
    let value = try UnixModel(
      json: #"{"created": 1.5, "updated": "2016-01-22T10:22:48.250+00:00"}"#)
    #expect(value.created == Date(timeIntervalSince1970: 1.5))
    #expect(value.updated == instant.addingTimeInterval(0.25))
    let written = try value.jsonValue()
    #expect(written["created"] == 1.5)
    #expect(written["updated"] == "2016-01-22T10:22:48.250Z")
  }

  @Test(arguments: [
    #"{"iso": "2016-02-30T00:00:00Z"}"#, #"{"iso": "2016-01-22 10:22:48"}"#, #"{"iso": 5}"#,
  ])
  func badDatesAreProblems(json: String) throws {
    let error = #expect(throws: JSONDecodingError.self) {
      try UnixModel(json: json, options: .init(dates: .iso8601))
    }
    #expect(error?.problems.isEmpty == false)
    let model = #expect(throws: JSONDecodingError.self) {
      try Timestamps(json: json)
    }
    #expect(model?.problems.first?.path.description == "iso")
  }

  @Test func scalarTypesRoundTrip() throws {
    let json = #"""
      {"id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "price": 0.1, "payload": "aGVsbG8=",
       "color": "#FF8800", "count": "42", "words": "a,b,,c", "link": "https://example.com/x?y=1",
       "code": "abc"}
      """#
    let value = try Scalars(json: json)
    #expect(value.price == Decimal(string: "0.1"))
    #expect(value.payload == Data("hello".utf8))
    #expect(value.color == RGBAColor(red: 255, green: 136, blue: 0))
    #expect(value.count == 42)
    #expect(value.words == ["a", "b", "c"])
    #expect(value.code == "ABC")
    let written = try value.jsonValue()
    #expect(written["price"] == .number(JSONNumber(text: "0.1")!))
    #expect(written["count"] == "42")
    #expect(written["color"] == "#FF8800")
    #expect(written["words"] == "a,b,c")
    #expect(written["code"] == "abc")
    #expect(try Scalars(json: written) == value)
  }

  @Test func badScalarsAreEachReported() throws {
    let json = #"""
      {"id": "not-a-uuid", "price": "x", "payload": "***", "color": "#GG0000", "count": "4x",
       "words": 1, "link": "", "code": null}
      """#
    let error = #expect(throws: JSONDecodingError.self) { try Scalars(json: json) }
    #expect(
      error?.problems.map(\.path.description) == [
        "id", "price", "payload", "color", "count", "words", "link", "code",
      ])
  }

  @Test func doublesSentAsStrings() throws {
    struct Reading: JSONDecodable, JSONEncodable {
      var value: Double
      init(value: Double) { self.value = value }
      init(json: JSONValueDecoder) throws {
        value = try json.object().decode(forKey: "value", using: .doubleAsString)
      }
      func encode(to json: JSONValueEncoder) throws {
        try json.object { try $0.encode(value, forKey: "value", using: .doubleAsString) }
      }
    }
    #expect(try Reading(json: #"{"value": "3.5"}"#).value == 3.5)
    #expect(try Reading(value: 0.1).jsonString() == #"{"value":"0.1"}"#)
    let error = try #require(throws: JSONDecodingError.self) {
      try Reading(json: #"{"value": "3,5"}"#)
    }
    #expect(error.problems.map(\.path.description) == ["value"])
    #expect(throws: JSONDecodingError.self) { try Reading(json: #"{"value": 3.5}"#) }
  }

  @Test func hexColourForms() {
    #expect(RGBAColor(hex: "#abc") == RGBAColor(red: 0xAA, green: 0xBB, blue: 0xCC))
    #expect(RGBAColor(hex: "11223380")?.alpha == 0x80)
    #expect(RGBAColor(red: 1, green: 2, blue: 3, alpha: 4).hex == "#01020304")
    #expect(RGBAColor(hex: "#12345") == nil)
  }
}

@JSONModel
struct TwitterDates: Equatable {
  @Transform(.dateFormat("EEE MMM dd HH:mm:ss Z yyyy")) var created_at: Date
  @Transform(.dateFormat("EEE MMM dd HH:mm:ss Z yyyy")) var edited_at: Date?
}

@Suite struct DatePatternTests {
  @Test(arguments: [
    // Plain text, read from the input's bytes.
    (#""Sun Aug 31 00:29:15 +0000 2014""#, 1_409_444_955.0),
    // Escaped text (a `\/`-free escape of the space), read through an unescaped copy.
    (#""Sun Aug 31 00:29:15\u0020+0900 2014""#, 1_409_444_955.0 - 9 * 3600),
    (#""mon sep 01 12:00:00 -0130 2014""#, 1_409_572_800.0 + 5400),
  ])
  func twitterDatesAreReadFromTheirPattern(_ text: String, _ seconds: Double) throws {
    let model = try TwitterDates(json: #"{"created_at": \#(text)}"#)
    #expect(model.created_at == Date(timeIntervalSince1970: seconds))
    #expect(model.edited_at == nil)
  }

  @Test func aDateWrittenByThePatternReadsBackTheSame() throws {
    let model = try TwitterDates(
      json:
        #"{"created_at": "Sun Aug 31 00:29:15 +0000 2014", "edited_at": "Mon Sep 01 12:00:00 +0000 2014"}"#
    )
    #expect(
      try model.jsonString()
        == #"{"created_at":"Sun Aug 31 00:29:15 +0000 2014","edited_at":"Mon Sep 01 12:00:00 +0000 2014"}"#
    )
    #expect(try TwitterDates(json: try model.jsonString()) == model)
  }

  @Test(arguments: [
    #""Sun Aug 31 00:29:15 +0000""#,  // ends early
    #""Sun Aug 31 00:29:15 +0000 2014 ""#,  // trailing text
    #""Sun Aug 32 00:29:15 +0000 2014""#,  // no 32nd
    #""Sun Foo 31 00:29:15 +0000 2014""#,  // no such month
    #""Sun Aug 31 24:29:15 +0000 2014""#,  // hour out of range
    #""Sun Aug 31 00:29:15 +2400 2014""#,  // offset out of range
    "1409444955",  // not a string
  ])
  func textThatDoesNotFitThePatternIsAProblemAtItsPath(_ text: String) throws {
    let error = #expect(throws: JSONDecodingError.self) {
      try TwitterDates(json: #"{"created_at": \#(text)}"#)
    }
    let problem = try #require(error?.problems.first)
    #expect(problem.path.description == "created_at")
    #expect(problem.location?.column == 16)
  }
}
