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
import FlyingFox
import FlyingSocks
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
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

/// Counts the connections the server accepts, from the lines it logs.
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

let body = Data(#"{"id": 7, "name": "Sunset", "slug": "sunset"}"#.utf8)
let counter = ConnectionCounter()
let server = HTTPServer(
  address: try .inet(ip4: "127.0.0.1", port: 0), timeout: 30, logger: counter)
await server.appendRoute("GET /tag/7") { _ in
  FlyingFox.HTTPResponse(
    statusCode: .ok, headers: [.contentType: "application/json"], body: body)
}
let serverTask = Task { try await server.run() }
try await server.waitUntilListening()
guard case .ip4(_, let port) = await server.listeningAddress else { exit(1) }
let base = URL(string: "http://127.0.0.1:\(port)/")!

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
    var before = counter.accepted
    let one = try await clock.measure {
      for _ in 0..<requests { _ = try await client.fetch(Tag.self, path: "tag/7") }
    }
    sequential.append(Double(requests) / Double(one.components.seconds * 1_000_000_000 + one.components.attoseconds / 1_000_000_000) * 1e9)
    sequentialConnections.append(Double(counter.accepted - before))
    before = counter.accepted
    let all = try await clock.measure {
      try await withThrowingTaskGroup(of: Void.self) { group in
        for _ in 0..<requests {
          group.addTask { _ = try await client.fetch(Tag.self, path: "tag/7") }
        }
        try await group.waitForAll()
      }
    }
    concurrent.append(Double(requests) / Double(all.components.seconds * 1_000_000_000 + all.components.attoseconds / 1_000_000_000) * 1e9)
    concurrentConnections.append(Double(counter.accepted - before))
  }
  print(
    String(
      format: "| %@ | %.0f | %.0f | %.0f | %.0f |", name, median(sequential),
      median(sequentialConnections), median(concurrent), median(concurrentConnections)))
}
await server.stop(timeout: 1)
serverTask.cancel()
