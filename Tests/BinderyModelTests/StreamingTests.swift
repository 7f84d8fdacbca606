import Bindery
import BinderyTestSupport
import Foundation
import Testing

/// A GitHub event as plain Codable, for the `BinderyDecoder` streams.
private struct CodableEvent: Codable, Equatable, Sendable {
  struct Actor: Codable, Equatable, Sendable { var login: String }
  var id: String
  var type: String
  var actor: Actor
}

/// A GitHub event's plain members: a model every member of which reads in one pass, so that a
/// stream of them takes the fast path.
@JSONModel
struct PlainStreamedEvent: Equatable, Sendable {
  var id: String
  var type: String
  var actor: PlainStreamedActor
  var `public`: Bool
}

@JSONModel
struct PlainStreamedActor: Equatable, Sendable {
  var id: Int
  var login: String
}

/// Collects what a stream skipped, from whichever task reports it.
private final class SkipLog: Sendable {
  private let lock = NSLock()
  nonisolated(unsafe) private var entries: [JSONSkippedValue] = []
  func add(_ entry: JSONSkippedValue) { lock.withLock { entries.append(entry) } }
  var all: [JSONSkippedValue] { lock.withLock { entries } }
}

/// The events fixture as JSON Lines: each event compact on its own line.
private func eventLines() throws -> (lines: [String], events: [GitHubEvent]) {
  let bytes = try Fixtures.bytes("github-events.json")
  let document = try JSONDocument(parsing: bytes)
  let lines = try document.root.elements().map { String(describing: $0.value()) }
  return (lines, try [GitHubEvent](json: bytes))
}

private func collect<S: AsyncSequence>(_ stream: S) async throws -> [S.Element] {
  var values: [S.Element] = []
  for try await value in stream { values.append(value) }
  return values
}

private func temporaryFile(_ bytes: [UInt8], name: String) throws -> URL {
  let url = FileManager.default.temporaryDirectory
    .appendingPathComponent("bindery-stream-\(UUID().uuidString)-\(name)")
  try Data(bytes).write(to: url)
  return url
}

@Suite("Streams of models")
struct StreamingTests {
  @Test("GitHub events as JSON Lines decode to the same models as the array, from bytes and a file")
  func linesMatchTheArray() async throws {
    let (lines, events) = try eventLines()
    let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
    #expect(try await collect(GitHubEvent.lines(from: bytes)) == events)
    let file = try temporaryFile(bytes, name: "events.jsonl")
    defer { try? FileManager.default.removeItem(at: file) }
    let small = JSONStreamOptions(chunkSize: 100)
    #expect(try await collect(GitHubEvent.lines(from: file, streaming: small)) == events)
  }

  @Test(
    "A model that reads in one pass streams through it: values as the document path, bad lines still named",
    arguments: [1, 3])
  func onePassStreams(parallelism: Int) async throws {
    #expect(PlainStreamedEvent._decodesInOnePass)
    var (lines, _) = try eventLines()
    let events = try lines.map { try PlainStreamedEvent(json: JSONDocument(parsing: Array($0.utf8))) }
    // The fast path makes a good line's value from its bytes and gives up on a bad one.
    let make = try #require(PlainStreamedEvent.madeInOnePass)
    let made = Array(lines[0].utf8).withUnsafeBufferPointer { make($0, .strict) }
    #expect(made == events[0])
    let streamed = try await collect(
      PlainStreamedEvent.lines(
        from: Array(lines.joined(separator: "\n").utf8),
        streaming: JSONStreamOptions(chunkSize: 700, parallelism: parallelism)))
    #expect(streamed == events)
    let elements = try await collect(
      PlainStreamedEvent.elements(
        from: Array(("[" + lines.joined(separator: ",\n") + "]").utf8),
        streaming: JSONStreamOptions(chunkSize: 700)))
    #expect(elements == events)

    lines[4] = lines[4].replacingOccurrences(of: #""public":true"#, with: #""public":"yes""#)
    let bad = Array(lines[4].utf8).withUnsafeBufferPointer { make($0, .strict) }
    #expect(bad == nil)
    let bytes = Array(lines.joined(separator: "\n").utf8)
    await #expect {
      _ = try await collect(
        PlainStreamedEvent.lines(from: bytes, streaming: .init(parallelism: parallelism)))
    } throws: { error in
      let problem = (error as? JSONDecodingError)?.problems.first
      return problem?.location?.line == 5 && problem?.path.description == "public"
    }
    let log = SkipLog()
    let skip = JSONStreamOptions(
      parallelism: parallelism, invalidValues: .skip(report: { log.add($0) }))
    var expected = events
    expected.remove(at: 4)
    #expect(try await collect(PlainStreamedEvent.lines(from: bytes, streaming: skip)) == expected)
    #expect(log.all.map(\.position.line) == [5])
  }

  @Test("The parallel mode gives the values in input order")
  func parallelKeepsOrder() async throws {
    let (lines, events) = try eventLines()
    // 20 copies, in batches of about 64 KiB: many batches in flight at once.
    let text = Array(repeating: lines.joined(separator: "\n"), count: 20).joined(separator: "\n")
    let parallel = JSONStreamOptions(chunkSize: 1, parallelism: 4)
    let decoded = try await collect(GitHubEvent.lines(from: Array(text.utf8), streaming: parallel))
    #expect(decoded == Array(repeating: events, count: 20).flatMap { $0 })
  }

  @Test("A line that does not decode names its line; skipping reports it and goes on", arguments: [1, 3])
  func badLine(parallelism: Int) async throws {
    var (lines, events) = try eventLines()
    lines[4] = lines[4].replacingOccurrences(of: #""public":true"#, with: #""public":"yes""#)
    lines[9] = String(lines[9].dropLast())
    let bytes = Array(lines.joined(separator: "\r\n").utf8)
    let stop = JSONStreamOptions(chunkSize: 1000, parallelism: parallelism)
    var seen = 0
    do {
      for try await _ in GitHubEvent.lines(from: bytes, streaming: stop) { seen += 1 }
      Issue.record("the stream did not stop")
    } catch let error as JSONDecodingError {
      #expect(seen == 4)
      #expect(error.problems.first?.location?.line == 5)
      #expect(error.problems.first?.path.description == "public")
    }
    let log = SkipLog()
    let skip = JSONStreamOptions(
      chunkSize: 1000, parallelism: parallelism, invalidValues: .skip(report: { log.add($0) }))
    let decoded = try await collect(GitHubEvent.lines(from: bytes, streaming: skip))
    events.remove(at: 9)
    events.remove(at: 4)
    #expect(decoded == events)
    #expect(log.all.map(\.position.line) == [5, 10])
    #expect(log.all.allSatisfy { $0.error is JSONDecodingError })
  }

  @Test("In parallel, a line over the limit is reported with its line and the rest decode")
  func parallelOversizedAndBadLines() async throws {
    let (lines, events) = try eventLines()
    var text: [String] = []
    for copy in 0..<30 {
      text += lines
      if copy == 7 { text.append("[" + String(repeating: "1,", count: 60_000) + "1]") }
      if copy == 19 { text.append("{\"id\": tru}") }
    }
    let log = SkipLog()
    let options = JSONStreamOptions(
      maxValueSize: 100_000, chunkSize: 1, parallelism: 3,
      invalidValues: .skip(report: { log.add($0) }))
    let decoded = try await collect(GitHubEvent.lines(from: Array(text.joined(separator: "\n").utf8), streaming: options))
    #expect(decoded == Array(repeating: events, count: 30).flatMap { $0 })
    #expect(log.all.map(\.position.line) == [8 * 14 + 1, 20 * 14 + 2])
    let kinds = log.all.compactMap { ($0.error as? JSONDecodingError)?.problems.first?.kind }
    #expect(kinds == [.malformedJSON, .malformedJSON])
  }

  @Test("The elements of a wrapped array decode one at a time")
  func elementsAtPath() async throws {
    let (lines, events) = try eventLines()
    let body = #"{"total": 14, "data": [\#(lines.joined(separator: ",\n"))], "next": null}"#
    let decoded = try await collect(
      GitHubEvent.elements(from: Array(body.utf8), at: "data", streaming: .init(chunkSize: 512)))
    #expect(decoded == events)
    let file = try temporaryFile(try Fixtures.bytes("github-events.json"), name: "events.json")
    defer { try? FileManager.default.removeItem(at: file) }
    #expect(try await collect(GitHubEvent.elements(from: file)) == events)
  }

  @Test("A cut-off array and a bad path are typed errors")
  func elementErrors() async throws {
    let (lines, _) = try eventLines()
    let cut = "[" + lines[0] + ",\n" + lines[1].prefix(40)
    await #expect {
      _ = try await collect(GitHubEvent.elements(from: Array(cut.utf8)))
    } throws: { error in
      let problem = (error as? JSONDecodingError)?.problems.first
      return problem?.kind == .malformedJSON && problem?.location?.line == 2
    }
    await #expect(throws: JSONDecodingError.self) {
      _ = try await collect(GitHubEvent.elements(from: Array("[]".utf8), at: "data["))
    }
    await #expect(throws: (any Error).self) {
      _ = try await collect(
        GitHubEvent.lines(from: URL(fileURLWithPath: "/nonexistent/bindery/events.jsonl")))
    }
  }

  @Test("BinderyDecoder streams Codable types, with DecodingError naming the line")
  func codableStreams() async throws {
    let (lines, events) = try eventLines()
    let file = try temporaryFile(Array(lines.joined(separator: "\n").utf8), name: "codable.jsonl")
    defer { try? FileManager.default.removeItem(at: file) }
    let decoder = BinderyDecoder()
    let decoded = try await collect(decoder.lines(of: CodableEvent.self, from: file))
    #expect(decoded.map(\.id) == events.map(\.id))
    #expect(decoded.map(\.actor.login) == events.map(\.actor.login))
    let array = try temporaryFile(try Fixtures.bytes("github-events.json"), name: "codable.json")
    defer { try? FileManager.default.removeItem(at: array) }
    #expect(try await collect(decoder.elements(of: CodableEvent.self, from: array)) == decoded)
    let bad = Array((lines[0] + "\n{\"id\": 1}\n").utf8)
    await #expect {
      _ = try await collect(
        decoder.values(of: CodableEvent.self, from: JSONByteChunks(bad), framing: .lines))
    } throws: { error in
      guard case DecodingError.typeMismatch = error else { return false }
      return "\(error)".contains("line 2, column 8")
    }
  }

  @Test("Models written as JSON Lines and as an array read back unchanged")
  func writeAndReadBack() async throws {
    let (_, events) = try eventLines()
    for layout in [JSONStreamWriter.Layout.lines, .array] {
      let file = FileManager.default.temporaryDirectory
        .appendingPathComponent("bindery-write-\(UUID().uuidString).json")
      defer { try? FileManager.default.removeItem(at: file) }
      var writer = try JSONStreamWriter(file: file, layout: layout, bufferSize: 4096)
      for event in events {
        try writer.write(event, options: JSONEncodingOptions(writing: .pretty))
      }
      try writer.finish()
      let read =
        layout == .lines
        ? try await collect(GitHubEvent.lines(from: file))
        : try await collect(GitHubEvent.elements(from: file))
      #expect(read == events)
    }
    var output: [UInt8] = []
    var writer = JSONStreamWriter(layout: .lines) { output += $0 }
    for event in try eventLines().lines.prefix(2) {
      let codable = try BinderyDecoder().decode(CodableEvent.self, from: Array(event.utf8))
      try writer.write(codable, with: BinderyEncoder())
    }
    try writer.finish()
    #expect(output.filter { $0 == UInt8(ascii: "\n") }.count == 2)
  }
}
