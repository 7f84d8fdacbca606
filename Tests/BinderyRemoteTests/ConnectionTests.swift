import Bindery
import BinderyRemote
import FlyingFox
import Foundation
import Testing

/// Connection reuse, redirects and deadlines, against a real server on 127.0.0.1.
@Suite(.serialized, .timeLimit(.minutes(1))) struct ConnectionTests {
  func json(_ text: String, status: HTTPStatusCode = .ok, headers: HTTPHeaders = [:])
    -> FlyingFox.HTTPResponse
  {
    var all = headers
    all[.contentType] = "application/json"
    return FlyingFox.HTTPResponse(statusCode: status, headers: all, body: Data(text.utf8))
  }

  func redirect(_ status: HTTPStatusCode, to location: String) -> FlyingFox.HTTPResponse {
    FlyingFox.HTTPResponse(statusCode: status, headers: [HTTPHeader("Location"): location])
  }

  @Test(arguments: TransportKind.allCases)
  func oneClientReusesItsConnections(transport: TransportKind) async throws {
    let server = try await LoopbackServer.start { server in
      await server.appendRoute("GET /ping") { _ in self.json(#"{"ok": true}"#) }
    }
    defer { Task { await server.stop() } }
    let client = ResourceClient(baseURL: server.baseURL, transport: transport.make())
    for _ in 0..<10 { _ = try await client.fetch(JSONValue.self, path: "ping") }
    // Ten requests in a row: one connection (a second one is allowed, should the server
    // close the first between requests).
    #expect(server.connections.accepted <= 2, "\(server.connections.accepted) connections")

    let before = server.connections.accepted
    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<100 {
        group.addTask { _ = try await client.fetch(JSONValue.self, path: "ping") }
      }
      try await group.waitForAll()
    }
    // A hundred at once: at most as many connections as the session allows per host (6 by
    // default), not one per request.
    let opened = server.connections.accepted - before
    #expect(opened <= 8, "\(opened) connections for 100 concurrent requests")
  }

  @Test(arguments: TransportKind.allCases)
  func aTastypieTrailingSlashRedirectIsFollowed(transport: TransportKind) async throws {
    let server = try await LoopbackServer.start { server in
      // Django and Tastypie answer a listing without its trailing slash with a relative
      // redirect that adds it, keeping the query.
      await server.appendRoute("GET /api/v1/*") { request in
        let path = request.target.path()
        guard path.hasSuffix("/") else {
          return self.redirect(.movedPermanently, to: path + "/?" + request.target.query())
        }
        #expect(request.query.first { $0.name == "limit" }?.value == "2")
        return self.json(#"{"objects": [{"name": "sky"}, {"name": "sea"}]}"#)
      }
    }
    defer { Task { await server.stop() } }
    let client = ResourceClient(
      baseURL: URL(string: "api/v1/", relativeTo: server.baseURL)!, transport: transport.make())
    let names = try await client.fetch(
      [[String: String]].self, path: "tag", query: [URLQueryItem(name: "limit", value: "2")],
      at: "objects")
    #expect(names == [["name": "sky"], ["name": "sea"]])
  }

  @Test(arguments: TransportKind.allCases)
  func redirectsChangeMethodsAsRFC9110Says(transport: TransportKind) async throws {
    let methods = MethodLog()
    let server = try await LoopbackServer.start { server in
      await server.appendRoute("POST /see-other") { _ in self.redirect(.seeOther, to: "/result") }
      await server.appendRoute("POST /temporary") { _ in
        self.redirect(.temporaryRedirect, to: "/echo")
      }
      await server.appendRoute("GET /result") { request in
        await methods.add("\(request.method.rawValue) /result")
        return self.json(#"{"done": true}"#)
      }
      await server.appendRoute("POST /echo") { request in
        await methods.add(
          "POST /echo \(String(decoding: try await request.bodyData, as: UTF8.self))")
        return self.json(#"{"done": true}"#)
      }
      await server.appendRoute("GET /loop") { _ in self.redirect(.found, to: "/loop") }
    }
    defer { Task { await server.stop() } }
    let client = ResourceClient(baseURL: server.baseURL, transport: transport.make())
    let body = ["name": "sky"]
    _ = try await client.send(body, path: "see-other")
    _ = try await client.send(body, path: "temporary")
    #expect(await methods.lines == ["GET /result", #"POST /echo {"name":"sky"}"#])

    // A loop stops at the limit with its own error.
    let error = await #expect(throws: RemoteError.self) {
      try await client.fetch(JSONValue.self, path: "loop")
    }
    #expect(error?.kind == .tooManyRedirects)
    #expect(error?.description.contains("more than 10 redirects") == true)
  }

  @Test(arguments: TransportKind.allCases)
  func credentialsStayWithTheirOrigin(transport: TransportKind) async throws {
    let seen = MethodLog()
    let other = try await LoopbackServer.start { server in
      await server.appendRoute("GET /landing") { request in
        await seen.add("other: " + (request.headers[HTTPHeader("Authorization")] ?? "none"))
        return self.json("{}")
      }
    }
    defer { Task { await other.stop() } }
    let landing = other.baseURL.appendingPathComponent("landing").absoluteString
    let server = try await LoopbackServer.start { server in
      await server.appendRoute("GET /same") { request in
        await seen.add("same: " + (request.headers[HTTPHeader("Authorization")] ?? "none"))
        return self.redirect(.found, to: "/away")
      }
      await server.appendRoute("GET /away") { request in
        await seen.add("away: " + (request.headers[HTTPHeader("Authorization")] ?? "none"))
        return self.redirect(.found, to: landing)
      }
    }
    defer { Task { await server.stop() } }
    let client = ResourceClient(
      baseURL: server.baseURL,
      configuration: .init(headers: ["Authorization": "Bearer secret"]), transport: transport.make()
    )
    _ = try await client.fetch(JSONValue.self, path: "same")
    // Kept on the same origin, dropped for another port.
    #expect(
      await seen.lines == ["same: Bearer secret", "away: Bearer secret", "other: none"])
  }

  @Test(arguments: TransportKind.allCases)
  func theDeadlineBoundsRetriesAndWaits(transport: TransportKind) async throws {
    let server = try await LoopbackServer.start { server in
      await server.appendRoute("GET /busy") { _ in
        try await Task.sleep(for: .milliseconds(300))
        return self.json(
          #"{"error": "busy"}"#, status: .serviceUnavailable,
          headers: [HTTPHeader("Retry-After"): "1"])
      }
    }
    defer { Task { await server.stop() } }
    let client = ResourceClient(
      baseURL: server.baseURL,
      configuration: .init(
        attemptTimeout: .seconds(5), deadline: .seconds(2),
        retry: RetryPolicy(maxAttempts: 10)), transport: transport.make())
    let started = ContinuousClock.now
    let error = await #expect(throws: RemoteError.self) {
      try await client.fetch(JSONValue.self, path: "busy")
    }
    let elapsed = ContinuousClock.now - started
    // 300 ms, a 1 s wait, 300 ms: the next wait would pass the deadline, so the 503 stands.
    #expect(elapsed < .seconds(2), "took \(elapsed)")
    #expect(error?.status == 503)
    #expect(error?.attempts == 2)
    #expect(error?.description.contains("would pass the call's deadline of 2 s") == true)

    // A deadline shorter than one slow attempt ends it, and says so.
    let short = ResourceClient(
      baseURL: server.baseURL,
      configuration: .init(attemptTimeout: .seconds(5), deadline: .milliseconds(200)),
      transport: transport.make())
    let timeout = await #expect(throws: RemoteError.self) {
      try await short.fetch(JSONValue.self, path: "busy")
    }
    #expect(timeout?.kind == .timeout)
    #expect(timeout?.description.contains("deadline of 0.2 s passed") == true)
  }

  @Test(arguments: TransportKind.allCases)
  func aRefusedConnectionSaysWhatToTry(transport: TransportKind) async throws {
    // A port nothing listens on: bind one, note it, close it.
    let server = try await LoopbackServer.start { _ in }
    let url = server.baseURL
    await server.stop()
    let client = ResourceClient(
      baseURL: url, configuration: .init(retry: .none), transport: transport.make())
    let error = await #expect(throws: RemoteError.self) {
      try await client.fetch(JSONValue.self, path: "x")
    }
    #expect(error?.kind == .transport)
    #expect(error?.description.contains("refused") == true, "\(error.map { "\($0)" } ?? "")")
    #expect(error?.description.contains("UserInfo") == false)
  }
}

extension ListingTests {
  @Test(arguments: TransportKind.allCases)
  func sendAndPatchTakeQueryItems(transport: TransportKind) async throws {
    let log = MethodLog()
    let server = try await LoopbackServer.start { server in
      await server.appendRoute("POST /tag") { request in
        await log.add("POST " + request.query.map { "\($0.name)=\($0.value)" }.joined())
        return FlyingFox.HTTPResponse(
          statusCode: .created, body: Data(#"{"id": 9, "name": "new"}"#.utf8))
      }
      await server.appendRoute("PATCH /tag/9") { request in
        await log.add("PATCH " + request.query.map { "\($0.name)=\($0.value)" }.joined())
        return FlyingFox.HTTPResponse(statusCode: .noContent)
      }
    }
    defer { Task { await server.stop() } }
    let client = ResourceClient(baseURL: server.baseURL, transport: transport.make())
    var tag = try await client.send(
      PagedTag(id: 0, name: "new"), path: "tag", query: [URLQueryItem(name: "draft", value: "1")],
      returning: PagedTag.self)
    let changed = try tag.update(json: #"{"name": "renamed"}"#)
    try await client.patch(
      tag, changed: changed, path: "tag/9", query: [URLQueryItem(name: "notify", value: "no")])
    #expect(await log.lines == ["POST draft=1", "PATCH notify=no"])
  }
}

/// Lines recorded by a server's handlers, in order.
actor MethodLog {
  var lines: [String] = []
  func add(_ line: String) { lines.append(line) }
}

/// A Tastypie resource that says everything about its listing.
@JSONModel
struct PagedTag: Equatable, Sendable {
  var id: Int
  var name: String
}

extension PagedTag: RemoteResource {
  static let resourcePath = "tag/"
  static let resultKeyPath: String? = "objects"
  static let pagination: Pagination? = .nextURL(at: "meta.next")
}

/// Listings described by their type, typed errors from pages, and response metadata.
@Suite(.serialized, .timeLimit(.minutes(1))) struct ListingTests {
  /// Seven tags, three per page, at `/api/v1/tag/`; `GET /api/v1/tag/<id>/` for one.
  static func tastypie() async throws -> LoopbackServer {
    try await LoopbackServer.start { server in
      await server.appendRoute("GET /api/v1/tag") { await handler($0) }
      await server.appendRoute("GET /api/v1/tag/*") { await handler($0) }
    }
  }

  @Sendable static func handler(_ request: FlyingFox.HTTPRequest) async -> FlyingFox.HTTPResponse {
    let path = request.target.path()
    let id = path.split(separator: "/").last.flatMap { Int($0) }
    if let id {
      guard path.hasSuffix("/") else {
        return FlyingFox.HTTPResponse(statusCode: .notFound)
      }
      return FlyingFox.HTTPResponse(
        statusCode: .ok, headers: [HTTPHeader("ETag"): "\"tag-\(id)\""],
        body: Data(#"{"id": \#(id), "name": "tag \#(id)"}"#.utf8))
    }
    let offset = Int(request.query.first { $0.name == "offset" }?.value ?? "0") ?? 0
    let ids = Array(offset..<min(offset + 3, 7))
    let objects = ids.map { #"{"id": \#($0), "name": "tag \#($0)"}"# }
    let next = offset + 3 < 7 ? "\"/api/v1/tag/?offset=\(offset + 3)\"" : "null"
    return FlyingFox.HTTPResponse(
      statusCode: .ok,
      body: Data(
        #"{"meta": {"next": \#(next)}, "objects": [\#(objects.joined(separator: ","))]}"#
          .utf8))
  }

  @Test(arguments: TransportKind.allCases)
  func fetchAllWalksEveryPageTheTypeDescribes(transport: TransportKind) async throws {
    let server = try await Self.tastypie()
    defer { Task { await server.stop() } }
    let client = ResourceClient(
      baseURL: URL(string: "api/v1/", relativeTo: server.baseURL)!, transport: transport.make())
    let tags = try await client.fetchAll(PagedTag.self)
    #expect(tags.map(\.id) == Array(0..<7))
    // More pages than allowed is an error, not a short list.
    let error = await #expect(throws: RemoteError.self) {
      try await client.fetchAll(PagedTag.self, maxPages: 2)
    }
    #expect(error?.kind == .tooManyPages)
    // The pages sequence takes the path, result key and pagination from the type too.
    var names: [String] = []
    for try await tag in try client.pages(PagedTag.self).elements { names.append(tag.name) }
    #expect(names.count == 7)
    // One tag, with the trailing slash the resource path asks for.
    #expect(try await client.fetch(PagedTag.self, id: "4") == PagedTag(id: 4, name: "tag 4"))
  }

  @Test(arguments: TransportKind.allCases)
  func pagesThrowRemoteErrorWithoutACast(transport: TransportKind) async throws {
    let client = ResourceClient(
      baseURL: URL(string: "http://127.0.0.1:9/")!, configuration: .init(retry: .none),
      transport: transport.make())
    // `catch` binds a RemoteError: this compiles only if iteration throws that type alone.
    var caught: RemoteError?
    do {
      for try await page in try client.pages(
        PagedTag.self, path: "tag/", at: "objects", pagination: .nextURL())
      {
        _ = page
      }
    } catch {
      caught = error
    }
    #expect(caught?.kind == .transport)
  }

  @Test(arguments: TransportKind.allCases)
  func fetchResponseHandsOverStatusAndHeaders(transport: TransportKind) async throws {
    let server = try await Self.tastypie()
    defer { Task { await server.stop() } }
    let client = ResourceClient(
      baseURL: URL(string: "api/v1/", relativeTo: server.baseURL)!, transport: transport.make())
    let answer = try await client.fetchResponse(PagedTag.self, path: "tag/3/")
    #expect(answer.value == PagedTag(id: 3, name: "tag 3"))
    #expect(answer.status == 200)
    #expect(answer.header("etag") == "\"tag-3\"")
  }
}

/// Conditional requests with a response cache.
@Suite(.serialized, .timeLimit(.minutes(1))) struct CacheTests {
  @Test(arguments: TransportKind.allCases)
  func aNotModifiedAnswerReturnsTheCachedModels(transport: TransportKind) async throws {
    let log = MethodLog()
    let server = try await LoopbackServer.start { server in
      await server.appendRoute("GET /tag/7") { request in
        let tag = request.headers[HTTPHeader("If-None-Match")]
        await log.add("etag: " + (tag ?? "none"))
        if tag == "\"v1\"" {
          return FlyingFox.HTTPResponse(
            statusCode: .notModified,
            headers: HTTPHeaders([HTTPHeader("X-RateLimit-Remaining"): "41"]))
        }
        return FlyingFox.HTTPResponse(
          statusCode: .ok,
          headers: HTTPHeaders([
            HTTPHeader("ETag"): "\"v1\"", HTTPHeader("X-RateLimit-Remaining"): "42",
          ]),
          body: Data(#"{"id": 7, "name": "tag 7"}"#.utf8))
      }
      await server.appendRoute("GET /dated") { request in
        let since = request.headers[HTTPHeader("If-Modified-Since")]
        await log.add("since: " + (since ?? "none"))
        if since != nil { return FlyingFox.HTTPResponse(statusCode: .notModified) }
        return FlyingFox.HTTPResponse(
          statusCode: .ok,
          headers: [HTTPHeader("Last-Modified"): "Sun, 06 Nov 1994 08:49:37 GMT"],
          body: Data(#"{"id": 8, "name": "tag 8"}"#.utf8))
      }
    }
    defer { Task { await server.stop() } }
    let cache = ResponseCache(maxEntries: 10)
    let client = ResourceClient(
      baseURL: server.baseURL, configuration: .init(cache: cache), transport: transport.make())
    let first = try await client.fetchResponse(PagedTag.self, path: "tag/7")
    let second = try await client.fetchResponse(PagedTag.self, path: "tag/7")
    #expect(first.value == second.value)
    #expect(!first.response.isFromCache)
    #expect(second.response.isFromCache)
    #expect(second.status == 200)
    // The 304's header fields update the cached ones.
    #expect(second.header("X-RateLimit-Remaining") == "41")
    #expect(try await client.fetch(PagedTag.self, path: "dated").id == 8)
    #expect(try await client.fetch(PagedTag.self, path: "dated").id == 8)
    #expect(
      await log.lines == [
        "etag: none", "etag: \"v1\"", "since: none", "since: Sun, 06 Nov 1994 08:49:37 GMT",
      ])
    #expect(cache.count == 2)

    // Without a cache, no validators are sent.
    let plain = ResourceClient(baseURL: server.baseURL, transport: transport.make())
    _ = try await plain.fetch(PagedTag.self, path: "tag/7")
    #expect(await log.lines.last == "etag: none")
  }
}
