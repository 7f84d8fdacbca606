// Requests per second of ResourceClient against a JSON endpoint on 127.0.0.1, by transport,
// with the connections the server accepted. Release builds only:
//
//   swift run -c release --package-path Benchmarks remote [--requests N] [--rounds N]
//
// Transports: one URLSession per request (how URLSessionTransport worked before it kept a
// session, kept here as the baseline), URLSessionTransport, and AsyncHTTPClientTransport.
// Each round makes N requests one after another, then N at once; the table gives medians.
import Bindery
import BinderyAsyncHTTPClient
import BinderyRemote
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif
#if canImport(Glibc)
  import Glibc
#endif

var requests = 200
var rounds = 5
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
  switch argument {
  case "--requests": requests = arguments.next().flatMap(Int.init) ?? requests
  case "--rounds": rounds = arguments.next().flatMap(Int.init) ?? rounds
  default:
    FileHandle.standardError.write(Data("remote: unknown argument \(argument)\n".utf8))
    exit(2)
  }
}

/// A minimal HTTP/1.1 keep-alive server on 127.0.0.1: one thread per connection, each
/// response written with one `send` on a socket with `TCP_NODELAY`. (A server that writes the
/// head and the body in two sends meets the client's delayed acknowledgement on every reused
/// connection and adds 40 ms a request: that measures the server, not the client.)
final class KeepAliveServer: @unchecked Sendable {
  // @unchecked: `accepted` is read and written under `lock`; the sockets belong to threads.
  private let lock = NSLock()
  private var acceptedCount = 0
  private let listener: Int32
  let port: UInt16
  private let response: [UInt8]

  var accepted: Int { lock.withLock { acceptedCount } }

  init(body: [UInt8]) throws {
    response = Array(
      "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n"
        .utf8) + body
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    self.listener = listener
    var yes: Int32 = 1
    setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) }
    }
    guard bound == 0, listen(listener, 512) == 0 else {
      port = 0
      throw POSIXError(.EADDRINUSE)
    }
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
    }
    port = UInt16(bigEndian: address.sin_port)
    Thread.detachNewThread { [self] in acceptLoop() }
  }

  private func acceptLoop() {
    while true {
      let connection = accept(listener, nil, nil)
      guard connection >= 0 else { return }
      var yes: Int32 = 1
      setsockopt(connection, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
      lock.withLock { acceptedCount += 1 }
      Thread.detachNewThread { [self] in serve(connection) }
    }
  }

  /// Answers every request on a connection (requests without bodies) until the client closes.
  private func serve(_ connection: Int32) {
    var pending: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 16384)
    let end: [UInt8] = Array("\r\n\r\n".utf8)
    while true {
      let count = recv(connection, &buffer, buffer.count, 0)
      guard count > 0 else { break }
      pending += buffer[..<count]
      while let range = pending.firstRange(of: end) {
        pending.removeSubrange(..<range.upperBound)
        let sent = response.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, 0) }
        guard sent == response.count else {
          close(connection)
          return
        }
      }
    }
    close(connection)
  }
}

/// The baseline: a new URLSession, and so a new connection, for every request.
struct SessionPerRequestTransport: HTTPTransport {
  func send(_ request: BinderyRemote.HTTPRequest, limits: TransportLimits)
    async throws(RemoteError) -> BinderyRemote.HTTPResponse
  {
    var urlRequest = URLRequest(url: request.url)
    urlRequest.httpMethod = request.method.rawValue
    for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
    let session = URLSession(configuration: .ephemeral)
    defer { session.finishTasksAndInvalidate() }
    do {
      let (data, response) = try await session.data(for: urlRequest)
      let http = response as? HTTPURLResponse
      return BinderyRemote.HTTPResponse(
        status: http?.statusCode ?? 0, body: Array(data), url: request.url)
    } catch {
      throw RemoteError(.transport, url: request.url, underlying: "\(error)")
    }
  }
}

@JSONModel
struct Tag: Sendable {
  var id: Int
  var name: String
  var slug: String
}

let server = try KeepAliveServer(body: Array(#"{"id": 7, "name": "Sunset", "slug": "sunset"}"#.utf8))
let base = URL(string: "http://127.0.0.1:\(server.port)/")!

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

print("ResourceClient, \(requests) GETs of a 46-byte JSON object from 127.0.0.1, decoded;")
print("medians of \(rounds) rounds (one after another, then all at once).\n")
print("| transport | sequential req/s | connections | concurrent req/s | connections |")
print("| --- | ---: | ---: | ---: | ---: |")
let transports: [(String, any HTTPTransport)] = [
  ("one URLSession per request (before)", SessionPerRequestTransport()),
  ("URLSessionTransport", URLSessionTransport()),
  ("AsyncHTTPClientTransport", AsyncHTTPClientTransport.shared),
]
for (name, transport) in transports {
  let client = ResourceClient(
    baseURL: base, configuration: .init(retry: .none), transport: transport)
  _ = try await client.fetch(Tag.self, path: "tag/7")  // warm up
  var sequential: [Double] = []
  var concurrent: [Double] = []
  var sequentialConnections: [Double] = []
  var concurrentConnections: [Double] = []
  let clock = ContinuousClock()
  for _ in 0..<rounds {
    var before = server.accepted
    let one = try await clock.measure {
      for _ in 0..<requests { _ = try await client.fetch(Tag.self, path: "tag/7") }
    }
    sequential.append(Double(requests) / Double(one.components.seconds * 1_000_000_000 + one.components.attoseconds / 1_000_000_000) * 1e9)
    sequentialConnections.append(Double(server.accepted - before))
    before = server.accepted
    let all = try await clock.measure {
      try await withThrowingTaskGroup(of: Void.self) { group in
        for _ in 0..<requests {
          group.addTask { _ = try await client.fetch(Tag.self, path: "tag/7") }
        }
        try await group.waitForAll()
      }
    }
    concurrent.append(Double(requests) / Double(all.components.seconds * 1_000_000_000 + all.components.attoseconds / 1_000_000_000) * 1e9)
    concurrentConnections.append(Double(server.accepted - before))
  }
  print(
    String(
      format: "| %@ | %.0f | %.0f | %.0f | %.0f |", name, median(sequential),
      median(sequentialConnections), median(concurrent), median(concurrentConnections)))
}
