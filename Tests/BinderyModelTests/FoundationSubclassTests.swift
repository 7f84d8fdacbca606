import Bindery
import BinderyTestSupport
import Foundation
import OpenAPIRuntime
import Testing

/// A plain Codable type with the shapes strategies act on.
private struct SubclassAccount: Codable, Equatable, Sendable {
  var userName: String
  var createdAt: Date
  var avatar: Data
  var score: Double
  var tags: [String]
  var manager: Manager?

  struct Manager: Codable, Equatable, Sendable {
    var displayName: String
  }
}

/// A Codable type that reads what the decoder's `userInfo` says.
private struct SubclassScaled: Decodable, Equatable {
  static let factor = CodingUserInfoKey(rawValue: "factor")!
  var value: Int

  init(from decoder: any Decoder) throws {
    let raw = try decoder.singleValueContainer().decode(Int.self)
    value = raw * (decoder.userInfo[Self.factor] as? Int ?? 1)
  }
}

/// A GitHub event as a JSON Lines API would stream it, mapped by the macro.
@JSONModel(keyStrategy: .snakeCase)
private struct StreamedEvent: Equatable, Sendable {
  var id: String
  var type: String
  @Key("actor.login") var login: String
  @Key("repo.name") var repository: String
  var createdAt: Date
}

@Suite struct FoundationSubclassTests {
  static let account = """
    {"user_name": "ada", "created_at": 1795554785, "avatar": "AQID", "score": "NaN",
     "tags": ["a", "b"], "manager": {"display_name": "Grace"}}
    """

  static func configure(_ decoder: JSONDecoder) {
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    decoder.dateDecodingStrategy = .secondsSince1970
    decoder.nonConformingFloatDecodingStrategy = .convertFromString(
      positiveInfinity: "Inf", negativeInfinity: "-Inf", nan: "NaN")
  }

  @Test func aBinderyJSONDecoderIsAJSONDecoderThatReadsWithItsStrategies() throws {
    let bindery: JSONDecoder = BinderyJSONDecoder()
    let foundation = JSONDecoder()
    Self.configure(bindery)
    Self.configure(foundation)
    let data = Data(Self.account.utf8)
    let ours = try bindery.decode(SubclassAccount.self, from: data)
    let theirs = try foundation.decode(SubclassAccount.self, from: data)
    #expect(ours.userName == "ada")
    #expect(ours.createdAt == Date(timeIntervalSince1970: 1_795_554_785))
    #expect(ours.avatar == Data([1, 2, 3]))
    #expect(ours.score.isNaN && theirs.score.isNaN)
    #expect(ours.manager == theirs.manager)
    #expect(ours.tags == theirs.tags)
    // A strategy changed after the decoder was made counts from the next call.
    bindery.keyDecodingStrategy = .useDefaultKeys
    #expect(throws: DecodingError.self) { try bindery.decode(SubclassAccount.self, from: data) }
  }

  @Test func userInfoReachesTheValuesInitializers() throws {
    let decoder = BinderyJSONDecoder()
    decoder.userInfo = [SubclassScaled.factor: 3]
    #expect(try decoder.decode([SubclassScaled].self, from: Data("[1, 2]".utf8)) == [SubclassScaled(3), SubclassScaled(6)])
  }

  @Test(arguments: [
    #"{"user_name": 5}"#, #"{"user_name": "a", "created_at": null}"#, #"[1]"#, #"{"a": }"#,
    #"{"user_name": "a", "created_at": 1, "avatar": "!!", "score": 1, "tags": []}"#, "",
  ])
  func badInputThrowsTheErrorJSONDecoderThrows(_ json: String) throws {
    let bindery = BinderyJSONDecoder()
    let foundation = JSONDecoder()
    Self.configure(bindery)
    Self.configure(foundation)
    let data = Data(json.utf8)
    let ours = #expect(throws: DecodingError.self) { try bindery.decode(SubclassAccount.self, from: data) }
    let theirs = #expect(throws: DecodingError.self) {
      try foundation.decode(SubclassAccount.self, from: data)
    }
    if let ours, let theirs {
      #expect(Self.shape(ours).kind == Self.shape(theirs).kind, "\(ours)")
    }
  }

  @Test func aModelIsReadByItsOwnCodeAndItsErrorIsADecodingError() throws {
    let lines = try Self.eventLines()
    let decoder = BinderyJSONDecoder()
    let event = try decoder.decode(StreamedEvent.self, from: Data(lines[0]))
    #expect(event == (try StreamedEvent(json: lines[0])))
    #expect(event.login == "mirela-dev")
    let bad = #"{"id": "1", "type": "PushEvent", "actor": {"login": 7}, "repo": {"name": "r"},"#
      + #" "created_at": "2026-11-24T21:13:05Z"}"#
    let error = #expect(throws: DecodingError.self) {
      try decoder.decode(StreamedEvent.self, from: Data(bad.utf8))
    }
    guard case .typeMismatch(_, let context)? = error else {
      Issue.record("expected a type mismatch, got \(String(describing: error))")
      return
    }
    #expect(context.codingPath.map(\.stringValue) == ["actor", "login"])
    #expect(context.debugDescription.contains("line 1, column"))
    let report = try #require(context.underlyingError as? JSONDecodingError)
    #expect(report.problems.first?.path.description == "actor.login")
  }

  @Test func aBinderyJSONEncoderWritesWhatJSONEncoderWrites() throws {
    let value = SubclassAccount(
      userName: "ada/lovelace", createdAt: Date(timeIntervalSince1970: 1_795_554_785),
      avatar: Data([1, 2, 3]), score: 0.1, tags: ["x"],
      manager: SubclassAccount.Manager(displayName: "Grace"))
    for formatting: JSONEncoder.OutputFormatting in [
      [.sortedKeys], [.sortedKeys, .prettyPrinted], [.sortedKeys, .withoutEscapingSlashes],
    ] {
      let bindery: JSONEncoder = BinderyJSONEncoder()
      let foundation = JSONEncoder()
      for encoder in [bindery, foundation] {
        encoder.outputFormatting = formatting
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.dateEncodingStrategy = .iso8601
      }
      let ours = try bindery.encode(value)
      let theirs = try foundation.encode(value)
      #expect(
        String(decoding: ours, as: UTF8.self) == String(decoding: theirs, as: UTF8.self),
        "\(formatting)")
    }
  }

  @Test func aModelIsWrittenByItsOwnCodeWithTheFormatting() throws {
    let events = try Self.eventLines().map { try StreamedEvent(json: $0) }
    let encoder = BinderyJSONEncoder()
    // Slashes escaped, as JSONEncoder writes them by default.
    var escaping = JSONWritingOptions()
    escaping.escapesSlashes = true
    #expect(try encoder.encode(events) == (try events.jsonData(options: .init(writing: escaping))))
    encoder.outputFormatting = [.withoutEscapingSlashes]
    #expect(try encoder.encode(events) == (try events.jsonData()))
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
    let pretty = String(decoding: try encoder.encode(events[0]), as: UTF8.self)
    let foundation = JSONEncoder()
    foundation.outputFormatting = [.sortedKeys, .prettyPrinted]
    #expect(pretty == String(decoding: try foundation.encode(events[0]), as: UTF8.self))
  }

  @Test func nonFiniteNumbersAreInvalidValuesUnlessAStrategySaysOtherwise() throws {
    let encoder = BinderyJSONEncoder()
    let plain = #expect(throws: EncodingError.self) { try encoder.encode([1.0, .infinity]) }
    #expect(plain != nil)
    let model = #expect(throws: EncodingError.self) { try encoder.encode(SubclassMeasured(value: .nan)) }
    if case .invalidValue(_, let context)? = model {
      #expect(context.codingPath.map(\.stringValue) == ["value"])
    } else {
      Issue.record("expected an invalid value, got \(String(describing: model))")
    }
    encoder.nonConformingFloatEncodingStrategy = .convertToString(
      positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
    #expect(String(decoding: try encoder.encode([1.0, .infinity]), as: UTF8.self) == #"[1,"+inf"]"#)
    #expect(
      String(decoding: try encoder.encode(SubclassMeasured(value: .nan)), as: UTF8.self)
        == #"{"value":"nan"}"#)
  }

  @Test func openAPIRuntimesJSONLinesHelpersTakeTheSubclasses() async throws {
    let lines = try Self.eventLines()
    let body = lines.flatMap { $0 + [UInt8(ascii: "\n")] }
    // The body arrives in chunks that split lines anywhere, as a network delivers it.
    let chunks = stride(from: 0, to: body.count, by: 777).map {
      ArraySlice(body[$0..<min($0 + 777, body.count)])
    }
    let decoder = BinderyJSONDecoder()
    var decoded: [StreamedEvent] = []
    for try await event in chunks.async.asDecodedJSONLines(of: StreamedEvent.self, decoder: decoder)
    {
      decoded.append(event)
    }
    #expect(decoded == (try lines.map { try StreamedEvent(json: $0) }))
    #expect(decoded.count == 14)

    var written: [UInt8] = []
    for try await chunk in decoded.async.asEncodedJSONLines(encoder: BinderyJSONEncoder()) {
      written += chunk
    }
    let rereadLines = written.split(separator: UInt8(ascii: "\n"))
    #expect(try rereadLines.map { try StreamedEvent(json: Array($0)) } == decoded)

    // A bad line ends the sequence with the decoder's error.
    let broken = [ArraySlice(lines[0] + [UInt8(ascii: "\n")] + Array(#"{"id": 1}"#.utf8) + [10])]
    await #expect(throws: DecodingError.self) {
      for try await _ in broken.async.asDecodedJSONLines(of: StreamedEvent.self, decoder: decoder)
      {}
    }
  }

  /// The GitHub events fixture, one compact line per event.
  static func eventLines() throws -> [[UInt8]] {
    let events = try JSONValue(parsing: try Fixtures.bytes("github-events.json"))
    guard case .array(let elements) = events else { return [] }
    return try elements.map { try $0.jsonBytes() }
  }

  static func shape(_ error: DecodingError) -> (kind: String, path: [String]) {
    switch error {
    case .typeMismatch(_, let context): ("typeMismatch", context.codingPath.map(\.stringValue))
    case .valueNotFound(_, let context): ("valueNotFound", context.codingPath.map(\.stringValue))
    case .keyNotFound(_, let context): ("keyNotFound", context.codingPath.map(\.stringValue))
    case .dataCorrupted(let context): ("dataCorrupted", context.codingPath.map(\.stringValue))
    @unknown default: ("other", [])
    }
  }
}

@JSONModel
private struct SubclassMeasured: Equatable {
  var value: Double
}

extension SubclassScaled {
  init(_ value: Int) { self.value = value }
}

/// A sequence's elements delivered one at a time, as an async sequence.
extension Sequence where Self: Sendable, Element: Sendable {
  fileprivate var async: AsyncStream<Element> {
    AsyncStream { continuation in
      for element in self { continuation.yield(element) }
      continuation.finish()
    }
  }
}
