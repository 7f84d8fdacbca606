import FlyingFox
import FlyingSocks
import Foundation

/// An HTTP server on 127.0.0.1 with a port the system picks, run in-process for one test.
final class LoopbackServer: Sendable {
  let server: HTTPServer
  let task: Task<Void, any Error>
  let port: UInt16

  var baseURL: URL {
    // The literal address, so no name lookup is involved.
    URL(string: "http://127.0.0.1:\(port)/")!
  }

  private init(server: HTTPServer, task: Task<Void, any Error>, port: UInt16) {
    self.server = server
    self.task = task
    self.port = port
  }

  /// Starts a server and lets `routes` add its routes.
  static func start(_ routes: (HTTPServer) async -> Void) async throws -> LoopbackServer {
    let server = HTTPServer(
      address: try .inet(ip4: "127.0.0.1", port: 0), timeout: 30, logger: .disabled)
    await routes(server)
    let task = Task { try await server.run() }
    try await server.waitUntilListening()
    guard case .ip4(_, let port) = await server.listeningAddress else {
      task.cancel()
      throw URLError(.cannotConnectToHost)
    }
    return LoopbackServer(server: server, task: task, port: port)
  }

  func stop() async {
    await server.stop(timeout: 1)
    task.cancel()
  }
}
