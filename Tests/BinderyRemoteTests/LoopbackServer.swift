import BinderyRemote
import FlyingFox
import FlyingSocks
import Foundation
import Testing

#if AsyncHTTPClient
  import BinderyAsyncHTTPClient
#endif

/// The transports the same tests run against: AsyncHTTPClient's with the package trait of that
/// name.
enum TransportKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case urlSession, asyncHTTPClient

  static var allCases: [TransportKind] {
    #if AsyncHTTPClient
      [.urlSession, .asyncHTTPClient]
    #else
      [.urlSession]
    #endif
  }

  /// A transport of this kind: a new URLSession transport (its own session and connections),
  /// or the process-wide AsyncHTTPClient one.
  func make() -> any HTTPTransport {
    switch self {
    case .urlSession: return URLSessionTransport()
    case .asyncHTTPClient:
      #if AsyncHTTPClient
        return AsyncHTTPClientTransport.shared
      #else
        preconditionFailure("AsyncHTTPClient's transport needs the package trait AsyncHTTPClient")
      #endif
    }
  }

  var testDescription: String { rawValue }
}

/// Counts the connections a server accepts, from the lines it logs.
final class ConnectionCounter: Logging, @unchecked Sendable {
  // @unchecked: `count` is read and written under `lock` only.
  private let lock = NSLock()
  private var count = 0

  var accepted: Int { lock.withLock { count } }

  func logInfo(_ info: @autoclosure () -> String) {
    if info().hasSuffix("open connection") { lock.withLock { count += 1 } }
  }
  func logDebug(_ debug: @autoclosure () -> String) {}
  func logWarning(_ warning: @autoclosure () -> String) {}
  func logError(_ error: @autoclosure () -> String) {}
  func logCritical(_ critical: @autoclosure () -> String) {}
}

/// An HTTP server on 127.0.0.1 with a port the system picks, run in-process for one test.
final class LoopbackServer: Sendable {
  let server: HTTPServer
  let task: Task<Void, any Error>
  let port: UInt16
  let connections: ConnectionCounter

  var baseURL: URL {
    // The literal address, so no name lookup is involved.
    URL(string: "http://127.0.0.1:\(port)/")!
  }

  private init(
    server: HTTPServer, task: Task<Void, any Error>, port: UInt16, connections: ConnectionCounter
  ) {
    self.server = server
    self.task = task
    self.port = port
    self.connections = connections
  }

  /// Starts a server and lets `routes` add its routes.
  static func start(_ routes: (HTTPServer) async -> Void) async throws -> LoopbackServer {
    let connections = ConnectionCounter()
    let server = HTTPServer(
      address: try .inet(ip4: "127.0.0.1", port: 0), timeout: 30, logger: connections)
    await routes(server)
    let task = Task { try await server.run() }
    try await server.waitUntilListening()
    guard case .ip4(_, let port) = await server.listeningAddress else {
      task.cancel()
      throw URLError(.cannotConnectToHost)
    }
    return LoopbackServer(server: server, task: task, port: port, connections: connections)
  }

  func stop() async {
    await server.stop(timeout: 1)
    task.cancel()
  }
}
