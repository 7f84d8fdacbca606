import Bindery
import BinderyRemote
import BinderyTestSupport
import FlyingFox
import FlyingSocks
import Foundation
import Testing

@JSONModel
struct StreamedEvent: Equatable, Sendable {
  var id: Int
  var kind: String
}

/// Opened once by the test; the server's body waits on it.
actor Gate {
  private var isOpen = false
  private var waiters: [CheckedContinuation<Void, Never>] = []

  func open() {
    isOpen = true
    for waiter in waiters { waiter.resume() }
    waiters = []
  }

  func wait() async {
    if isOpen { return }
    await withCheckedContinuation { waiters.append($0) }
  }
}

/// A response body sent in parts; every part after the first waits for the gate.
struct GatedBody: AsyncBufferedSequence, Sendable {
  typealias Element = UInt8
  let parts: [[UInt8]]
  let gate: Gate

  func makeAsyncIterator() -> Iterator { Iterator(parts: parts, gate: gate) }

  struct Iterator: AsyncBufferedIteratorProtocol {
    typealias Buffer = [UInt8]
    let parts: [[UInt8]]
    let gate: Gate
    var part = 0
    var offset = 0

    mutating func next() async throws -> UInt8? {
      try await nextBuffer(suggested: 1)?.first
    }

    mutating func nextBuffer(suggested count: Int) async throws -> [UInt8]? {
      while part < parts.count, offset == parts[part].count {
        part += 1
        offset = 0
      }
      guard part < parts.count else { return nil }
      if part > 0, offset == 0 { await gate.wait() }
      let end = Swift.min(parts[part].count, offset + Swift.max(1, count))
      defer { offset = end }
      return Array(parts[part][offset..<end])
    }
  }
}

/// Fails the test instead of hanging when `body` does not finish in time.
func withinTenSeconds<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws
  -> T
{
  try await withThrowingTaskGroup(of: T?.self) { group in
    group.addTask { try await body() }
    group.addTask {
      try await Task.sleep(for: .seconds(10))
      return nil
    }
    guard let first = try await group.next(), let value = first else {
      group.cancelAll()
      throw CancellationError()
    }
    group.cancelAll()
    return value
  }
}

private func line(_ id: Int, _ kind: String = "push") -> String {
  #"{"id": \#(id), "kind": "\#(kind)"}"# + "\n"
}

@Suite(.serialized, .timeLimit(.minutes(1))) struct RemoteStreamingTests {
  // Generous: the whole suite may keep every core busy while the server answers.
  let quick = ResourceClient.Configuration(attemptTimeout: .seconds(20))

  @Test(arguments: TransportKind.allCases)
  func linesArriveBeforeTheBodyEnds(transport: TransportKind) async throws {
    let gate = Gate()
    let first = Array((line(1) + line(2)).utf8)
    let rest = Array((line(3) + line(4, "watch")).utf8)
    let server = try await LoopbackServer.start { server in
      await server.appendRoute("GET /events") { _ in
        FlyingFox.HTTPResponse(
          statusCode: .ok, headers: [.contentType: "application/x-ndjson"],
          body: HTTPBodySequence(from: GatedBody(parts: [first, rest], gate: gate)))
      }
    }
    defer { Task { await server.stop() } }
    let client = ResourceClient(
      baseURL: server.baseURL, configuration: quick, transport: transport.make())
    let ids = try await withinTenSeconds {
      var iterator = try await client.lines(of: StreamedEvent.self, path: "events")
        .makeAsyncIterator()
      // The first value comes while the server still holds back the rest of the body.
      var ids = [try await iterator.next()?.id]
      await gate.open()
      while let event = try await iterator.next() { ids.append(event.id) }
      return ids
    }
    #expect(ids == [1, 2, 3, 4])
  }

  @Test(arguments: TransportKind.allCases)
  func aBadLineIsADecodingErrorNamingItsLine(transport: TransportKind) async throws {
    let body = line(1) + line(2) + #"{"id": "three", "kind": "push"}"# + "\n" + line(4)
    let server = try await LoopbackServer.start { server in
      await server.appendRoute("GET /events") { _ in
        FlyingFox.HTTPResponse(statusCode: .ok, body: Data(body.utf8))
      }
    }
    defer { Task { await server.stop() } }
    let client = ResourceClient(
      baseURL: server.baseURL, configuration: quick, transport: transport.make())
    var ids: [Int] = []
    let error = await #expect(throws: RemoteError.self) {
      for try await event in try await client.lines(of: StreamedEvent.self, path: "events") {
        ids.append(event.id)
      }
    }
    #expect(ids == [1, 2])
    #expect(error?.kind == .decoding)
    #expect(error?.report?.problems.first?.location?.line == 3)
    #expect(error?.report?.problems.first?.path.description == "id")
  }

  @Test(arguments: TransportKind.allCases)
  func theBodyLimitAppliesToEachValue(transport: TransportKind) async throws {
    let many = (1...60).map { line($0) }.joined()
    let long = line(1) + #"{"id": 2, "kind": "\#(String(repeating: "x", count: 500))"}"# + "\n"
    let server = try await LoopbackServer.start { server in
      await server.appendRoute("GET /many") { _ in
        FlyingFox.HTTPResponse(statusCode: .ok, body: Data(many.utf8))
      }
      await server.appendRoute("GET /long") { _ in
        FlyingFox.HTTPResponse(statusCode: .ok, body: Data(long.utf8))
      }
    }
    defer { Task { await server.stop() } }
    var configuration = quick
    configuration.maxBodySize = 200
    let client = ResourceClient(
      baseURL: server.baseURL, configuration: configuration, transport: transport.make())
    var count = 0
    for try await _ in try await client.lines(of: StreamedEvent.self, path: "many") { count += 1 }
    #expect(count == 60)
    #expect(many.utf8.count > 200)
    let error = await #expect(throws: RemoteError.self) {
      for try await _ in try await client.lines(of: StreamedEvent.self, path: "long") {}
    }
    let cause = error?.report?.problems.first?.cause as? JSONReadError
    #expect(cause?.kind == .sizeLimitExceeded)
    #expect(cause?.location?.line == 2)
  }

  @Test(arguments: TransportKind.allCases)
  func elementsBelowAKeyAndErrorStatuses(transport: TransportKind) async throws {
    let body = #"{"total": 3, "data": [\#(line(1)), \#(line(2)), \#(line(3))], "next": null}"#
    let server = try await LoopbackServer.start { server in
      await server.appendRoute("GET /page") { _ in
        FlyingFox.HTTPResponse(statusCode: .ok, body: Data(body.utf8))
      }
      await server.appendRoute("GET /moved") { _ in
        let headers: HTTPHeaders = [.location: "/page"]
        return FlyingFox.HTTPResponse(statusCode: .movedPermanently, headers: headers)
      }
      await server.appendRoute("GET /broken") { _ in
        FlyingFox.HTTPResponse(statusCode: .serviceUnavailable, body: Data("try later".utf8))
      }
    }
    defer { Task { await server.stop() } }
    let client = ResourceClient(
      baseURL: server.baseURL, configuration: quick, transport: transport.make())
    var ids: [Int] = []
    for try await event in try await client.elements(
      of: StreamedEvent.self, path: "moved", at: "data")
    {
      ids.append(event.id)
    }
    #expect(ids == [1, 2, 3])
    let error = await #expect(throws: RemoteError.self) {
      _ = try await client.lines(of: StreamedEvent.self, path: "broken")
    }
    #expect(error?.kind == .httpStatus)
    #expect(error?.status == 503)
    #expect(error?.bodyExcerpt == "try later")
    let badPath = await #expect(throws: RemoteError.self) {
      _ = try await client.elements(of: StreamedEvent.self, path: "page", at: "data[")
    }
    #expect(badPath?.kind == .invalidRequest)
  }
}

