import Bindery
import Foundation
import Testing

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

// Each thread's model decodes reuse one generation cell and one member buffer. These tests pin
// what that reuse must keep: a decode inside a decode gets its own, a decode on a thread that
// then ends leaves nothing behind for the next, and many decodes in turn never see members
// found by an earlier one.

/// A reading sent as JSON text inside a string, read by a second decode inside the first.
struct EmbeddedReading: JSONDecodable, JSONEncodable {
  var reading: SensorReading
  init(json: JSONValueDecoder) throws {
    reading = try SensorReading(json: try json.string())
  }
  func encode(to json: JSONValueEncoder) throws {
    try json.string(try reading.jsonString())
  }
}

@JSONModel
struct SensorEnvelope {
  var before: String
  var payload: EmbeddedReading
  var after: Int
  var tail: String
  var count: Int?
}

@Suite struct ThreadScratchTests {
  private static let reading =
    #"{"sensor": "inner", "celsius": 4.5, "ok": true, "location": {"city": "Oslo", "alt": 12}, "samples": [{"t": 1, "v": 0.5}, {"t": 2, "v": 1.5}]}"#

  private static func envelope(_ index: Int) throws -> String {
    let text = "\"" + reading.replacingOccurrences(of: "\"", with: "\\\"") + "\""
    return #"{"before": "b\#(index)", "payload": \#(text), "after": \#(index), "#
      + #""tail": "t\#(index)"}"#
  }

  @Test("A decode inside a decode has its own members: the outer one reads its keys after it")
  func nestedDecode() throws {
    for index in 0..<50 {
      let envelope = try SensorEnvelope(json: try Self.envelope(index))
      #expect(envelope.before == "b\(index)")
      #expect(envelope.after == index)
      #expect(envelope.tail == "t\(index)")
      #expect(envelope.count == nil)
      #expect(envelope.payload.reading.sensor == "inner")
      #expect(envelope.payload.reading.city == "Oslo")
      #expect(envelope.payload.reading.altitude == 12)
      #expect(envelope.payload.reading.samples.map(\.t) == [1, 2])
    }
  }

  @Test("Decodes in turn on one thread, of different shapes, each find their own members")
  func decodesInTurn() throws {
    for index in 0..<200 {
      // Objects whose keys sit at different tape positions each time: a member left by an
      // earlier decode would give a wrong value or read past the tape.
      let padding = String(repeating: #""p": [1, 2, 3], "#, count: index % 7)
      let json =
        #"{\#(padding)"sensor": "s\#(index)", "celsius": \#(index), "#
        + #""ok": \#(index % 2 == 0), "location": {"city": "c\#(index)"}}"#
      let reading = try SensorReading(json: json)
      #expect(reading.sensor == "s\(index)")
      #expect(reading.celsius == Double(index))
      #expect(reading.ok == (index % 2 == 0))
      #expect(reading.city == "c\(index)")
      #expect(reading.altitude == nil)
      // A short document with none of the keys: every one missing, none found from before.
      #expect(throws: JSONDecodingError.self) { try SensorReading(json: #"{"x": 1}"#) }
    }
  }

  @Test("Threads that decode and end leave nothing that later decodes on other threads see")
  func threadsThatEnd() async throws {
    for round in 0..<20 {
      let results = ResultBox()
      // Joined: the thread's scratch is freed by its exit destructor before the next decode.
      runToItsEnd {
        results.set(try? SensorEnvelope(json: try Self.envelope(round)).after)
      }
      #expect(results.value == round)
      let here = try SensorEnvelope(json: try Self.envelope(round + 100))
      #expect(here.after == round + 100)
    }
  }
}

/// Runs `body` on a thread of its own and returns once that thread has ended, its thread-exit
/// destructors included (`pthread_join` waits for them).
private func runToItsEnd(_ body: @escaping @Sendable () -> Void) {
  let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
  #if canImport(Darwin)
    var thread: pthread_t?
    let created = pthread_create(
      &thread, nil,
      { raw in
        Unmanaged<ThreadBody>.fromOpaque(raw).takeRetainedValue().body()
        return nil
      }, context)
  #else
    var thread = pthread_t()
    let created = pthread_create(
      &thread, nil,
      { raw in
        guard let raw else { return nil }
        Unmanaged<ThreadBody>.fromOpaque(raw).takeRetainedValue().body()
        return nil
      }, context)
  #endif
  precondition(created == 0, "pthread_create failed: \(created)")
  #if canImport(Darwin)
    guard let thread else { return }
  #endif
  pthread_join(thread, nil)
}

/// The work of a thread started by ``runToItsEnd(_:)``.
private final class ThreadBody: Sendable {
  let body: @Sendable () -> Void
  init(_ body: @escaping @Sendable () -> Void) { self.body = body }
}

/// A result handed from a thread.
private final class ResultBox: @unchecked Sendable {
  // @unchecked: written once by the thread, read after it is joined.
  private var stored: Int?
  func set(_ value: Int?) { stored = value }
  var value: Int? { stored }
}

@JSONModel
struct SizedPage: Equatable {
  var title: String
  var lines: [String]
}

@Suite struct OutputSizeTests {
  /// The text `page` should come to, written member by member with the writer.
  private func expected(_ page: SizedPage) throws -> [UInt8] {
    var writer = JSONWriter()
    try writer.beginObject()
    try writer.key("title")
    try writer.string(page.title)
    try writer.key("lines")
    try writer.beginArray()
    for line in page.lines { try writer.string(line) }
    try writer.endArray()
    try writer.endObject()
    return try writer.finish()
  }

  @Test("Exports of one type at sizes that rise and fall write the same text as the writer")
  func risingAndFallingSizes() throws {
    for count in [0, 3, 400, 2, 5_000, 1, 60, 61, 59, 0, 10_000, 10] {
      let page = SizedPage(
        title: "page of \(count)", lines: (0..<count).map { "line \($0) of the page" })
      let output = try page.jsonBytes()
      #expect(output == (try expected(page)))
      #expect(try SizedPage(json: output) == page)
      // Room made for an earlier, far larger page is not handed out with a small one.
      #expect(output.capacity <= 2 * output.count + 4096 + 64)
    }
  }
}

@JSONModel
struct KeyedCounts: Equatable {
  var counts: [String: Int]
  var nested: [String: [String: String]]
}

@Suite struct DictionaryOrderTests {
  @Test("Dictionary members are written in key order, at every level, whatever the insertion order")
  func membersInKeyOrder() throws {
    var counts: [String: Int] = [:]
    // Numeric-string ids as in an event catalog, then keys that sort by more than their bytes'
    // first differences: case, digits against letters, non-ASCII text.
    let keys = (0..<300).map { "1\(($0 * 7919) % 1000)" } + ["b", "B", "a", "Z", "é", "e", "ü", "10", "9"]
    for (position, key) in keys.enumerated() { counts[key] = position }
    let value = KeyedCounts(counts: counts, nested: ["z": ["y": "1", "x": "2"], "a": ["c": "3"]])
    let output = try value.jsonBytes()
    let document = try JSONDocument(parsing: output)
    let written = try document.root.member("counts").members().map(\.key)
    #expect(written == counts.keys.sorted())
    let nested = try document.root.member("nested").members().map(\.key)
    #expect(nested == ["a", "z"])
    let inner = try document.root.member("nested").member("z").members().map(\.key)
    #expect(inner == ["x", "y"])
    #expect(try KeyedCounts(json: output) == value)
  }
}
