import Bindery
import BinderyRemote
import FlyingSocks
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Servers that misbehave below HTTP: one that promises a body and closes the connection half
/// way, and a port where nobody listens.
@Suite(.timeLimit(.minutes(1))) struct BrokenServerTests {
  /// Accepts one connection on 127.0.0.1, reads the request, writes `response` and closes.
  func serveOnce(_ response: String) throws -> UInt16 {
    let listener = try Socket(domain: AF_INET, type: .stream)
    try listener.setValue(true, for: .localAddressReuse)
    try listener.bind(to: .inet(ip4: "127.0.0.1", port: 0))
    try listener.listen()
    guard case .ip4(_, let port) = try listener.sockname() else {
      throw URLError(.cannotConnectToHost)
    }
    let thread = Thread {
      defer { try? listener.close() }
      guard let (file, _) = try? listener.accept() else { return }
      let connection = Socket(file: file)
      _ = try? connection.read(atMost: 4096)
      _ = try? connection.write(Data(response.utf8))
      // Shut the connection down rather than only closing this descriptor: a child process
      // that another test starts meanwhile may hold a copy of it, which would keep the
      // connection open until the client's timeout.
      _ = shutdown(file.rawValue, Int32(SHUT_RDWR))
      try? connection.close()
    }
    thread.start()
    return port
  }

  @Test(arguments: TransportKind.allCases)
  func aBodyThatStopsMidwayIsATransportError(transport: TransportKind) async throws {
    let port = try serveOnce(
      "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n"
        + #"{"objects": [{"id": 1, "name": "#)
    let client = ResourceClient(
      baseURL: URL(string: "http://127.0.0.1:\(port)/")!,
      configuration: .init(attemptTimeout: .seconds(30), retry: .none), transport: transport.make())
    let started = ContinuousClock.now
    let error = await #expect(throws: RemoteError.self) {
      try await client.fetch([String: Int].self, path: "tag")
    }
    // A transport error, not a timeout: the cut is noticed when the connection closes. (The
    // bound is loose because tests that run processes can keep the cooperative pool busy.)
    #expect(error?.kind == .transport)
    #expect(ContinuousClock.now - started < .seconds(20))
  }

  @Test(arguments: TransportKind.allCases)
  func aStreamCutMidValueDeliversWhatCameThenATransportError(transport: TransportKind)
    async throws
  {
    let port = try serveOnce(
      "HTTP/1.1 200 OK\r\nContent-Type: application/x-ndjson\r\nContent-Length: 1000\r\n\r\n"
        + "{\"id\": 1}\n{\"id\": 2}\n{\"id\": ")
    let client = ResourceClient(
      baseURL: URL(string: "http://127.0.0.1:\(port)/")!,
      configuration: .init(attemptTimeout: .seconds(30), retry: .none), transport: transport.make())
    var ids: [Int] = []
    let error = await #expect(throws: RemoteError.self) {
      for try await value in try await client.lines(of: [String: Int].self, path: "events") {
        ids.append(value["id"] ?? 0)
      }
    }
    #expect(ids == [1, 2])
    #expect(error?.kind == .transport)
  }

  @Test(arguments: TransportKind.allCases)
  func nobodyListeningIsATransportErrorWithTheCause(transport: TransportKind) async throws {
    // Bind a port, then close it: nothing listens there.
    let socket = try Socket(domain: AF_INET, type: .stream)
    try socket.bind(to: .inet(ip4: "127.0.0.1", port: 0))
    guard case .ip4(_, let port) = try socket.sockname() else { return }
    try socket.close()
    let client = ResourceClient(
      baseURL: URL(string: "http://127.0.0.1:\(port)/")!,
      configuration: .init(
        attemptTimeout: .seconds(5),
        retry: RetryPolicy(maxAttempts: 2, initialDelay: .milliseconds(10))),
      transport: transport.make())
    let error = await #expect(throws: RemoteError.self) {
      try await client.fetch([Int].self, path: "x")
    }
    #expect(error?.kind == .transport)
    #expect(error?.underlying.isEmpty == false)
    #expect(error?.description.contains("refused") == true, "\(error.map { "\($0)" } ?? "")")
    if transport == .urlSession {
      #expect((error?.cause as? URLError)?.code == .cannotConnectToHost)
    }
    #expect(error?.attempts == 2)
  }
}
