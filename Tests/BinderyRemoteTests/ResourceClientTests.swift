import Bindery
import BinderyRemote
import BinderyTestSupport
import FlyingFox
import Foundation
import Testing

@JSONModel
struct FeedPhotoItem {
  var title: String
  @Key("media.m") var image: URL
}

@JSONModel
struct PhotoFeed {
  var title: String
  var modified: Date
  var items: [FeedPhotoItem]
}

@JSONModel(keyStrategy: .snakeCase)
struct RemoteTag: Equatable, Sendable {
  @Key("id") var remoteId: Int
  var name: String
  var resourceUri: String
  var slug: String
}

extension RemoteTag: RemoteResource {
  static let resourcePath = "tag"
  static let resultKeyPath: String? = "objects"
}

/// A counter shared between a test and its server's handlers.
actor Counter {
  var value = 0
  func next() -> Int {
    value += 1
    return value
  }
}

@Suite(.serialized, .timeLimit(.minutes(1))) struct ResourceClientTests {
  // A generous timeout: the whole suite may keep every core busy while the server answers.
  let quick = ResourceClient.Configuration(
    attemptTimeout: .seconds(20),
    retry: RetryPolicy(maxAttempts: 3, initialDelay: .milliseconds(10)))

  func json(_ text: String, status: HTTPStatusCode = .ok, headers: HTTPHeaders = [:])
    -> FlyingFox.HTTPResponse
  {
    var all = headers
    all[.contentType] = "application/json"
    return FlyingFox.HTTPResponse(statusCode: status, headers: all, body: Data(text.utf8))
  }

  @Test(arguments: TransportKind.allCases)
  func fetchesTheFlickrFeedWithEscapedApostrophes(transport: TransportKind) async throws {
    let feed = try Fixtures.bytes("flickr-public-feed.json")
    let server = try await LoopbackServer.start { server in
      await server.appendRoute("GET /services/feeds/photos_public.gne") { request in
        #expect(request.query.first { $0.name == "format" }?.value == "json")
        return FlyingFox.HTTPResponse(statusCode: .ok, body: Data(feed))
      }
    }
    defer { Task { await server.stop() } }
    var configuration = quick
    configuration.decoding = JSONDecodingOptions(reading: .allowEscapedApostrophe)
    let client = ResourceClient(
      baseURL: server.baseURL, configuration: configuration, transport: transport.make())
    let photos = try await client.fetch(
      PhotoFeed.self, path: "services/feeds/photos_public.gne",
      query: [URLQueryItem(name: "format", value: "json")])
    #expect(photos.items.count == 4)
    #expect(photos.items[0].title == "Sunset over the bay 'golden hour'")
    // Without the reading option the same body is a decoding error with the report.
    let strict = ResourceClient(
      baseURL: server.baseURL, configuration: quick, transport: transport.make())
    let error = await #expect(throws: RemoteError.self) {
      try await strict.fetch(
        PhotoFeed.self, path: "services/feeds/photos_public.gne",
        query: [URLQueryItem(name: "format", value: "json")])
    }
    #expect(error?.kind == .decoding)
    #expect(error?.report?.problems.first?.kind == .malformedJSON)
    #expect(error?.url?.path == "/services/feeds/photos_public.gne")
  }

  @Test(arguments: TransportKind.allCases)
  func fetchesTagListingsAndOneTag(transport: TransportKind) async throws {
    let listing = try Fixtures.bytes("tag-listing.json")
    let server = try await LoopbackServer.start { server in
      await server.appendRoute("GET /api/tag") { _ in
        FlyingFox.HTTPResponse(statusCode: .ok, body: Data(listing))
      }
      await server.appendRoute("GET /api/tag/2") { _ in
        FlyingFox.HTTPResponse(
          statusCode: .ok,
          body: Data(#"{"id": 2, "name": "カフェ", "resource_uri": "/api/tag/2", "slug": "カフェ"}"#.utf8)
        )
      }
    }
    defer { Task { await server.stop() } }
    let client = ResourceClient(
      baseURL: server.baseURL.appendingPathComponent("api/"), configuration: quick,
      transport: transport.make())
    let tags = try await client.fetchAll(RemoteTag.self)
    #expect(tags.map(\.name) == ["カフェ", "ラーメン", "Tokyo"])
    let one = try await client.fetch(RemoteTag.self, id: "2")
    #expect(one.slug == "カフェ")
  }

  @Test func percentEncodesQueryItems() throws {
    let client = ResourceClient(
      baseURL: URL(string: "https://example.com/api/")!,
      configuration: .init(queryItems: [URLQueryItem(name: "api_key", value: "k")]))
    let url = try client.url(
      for: "search", query: [URLQueryItem(name: "text", value: "a+b & c=d/カフェ")])
    #expect(
      url.absoluteString
        == "https://example.com/api/search?api_key=k&text=a%2Bb%20%26%20c%3Dd%2F%E3%82%AB%E3%83%95%E3%82%A7"
    )
  }

  @Test(arguments: [
    (Pagination.offset(limit: 2), "offset"), (.nextURL(), "next"), (.linkHeader, "link"),
    (.cursor(), "cursor"),
  ])
  func walksEveryPaginationStyle(pagination: Pagination, style: String) async throws {
    // Five tags served two per page.
    let names = ["a", "b", "c", "d", "e"]
    @Sendable func page(_ start: Int) -> [String] {
      Array(names[start..<min(start + 2, names.count)])
    }
    @Sendable func body(_ start: Int, next: String?, cursor: String?) -> String {
      let objects = page(start).enumerated().map {
        #"{"id": \#(start + $0.offset), "name": "\#($0.element)", "resource_uri": "/t", "slug": "s"}"#
      }
      let nextText = next.map { "\"\($0)\"" } ?? "null"
      let cursorText = cursor.map { "\"\($0)\"" } ?? "null"
      return
        #"{"meta": {"total_count": 5, "next": \#(nextText), "next_cursor": \#(cursorText)}, "objects": [\#(objects.joined(separator: ","))]}"#
    }
    let server = try await LoopbackServer.start { server in
      await server.appendRoute("GET /tag") { request in
        let query = Dictionary(
          request.query.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })
        let start: Int
        switch style {
        case "offset": start = Int(query["offset"] ?? "0") ?? 0
        case "cursor": start = Int(query["cursor"] ?? "0") ?? 0
        default: start = Int(query["page"] ?? "0") ?? 0
        }
        let more = start + 2 < names.count
        var headers = HTTPHeaders()
        if style == "link", more {
          headers[HTTPHeader("Link")] =
            #"</tag?page=\#(start + 2)>; rel="next", </tag?page=0>; rel="first""#
        }
        return self.json(
          body(
            start, next: style == "next" && more ? "/tag?page=\(start + 2)" : nil,
            cursor: style == "cursor" && more ? String(start + 2) : nil),
          headers: headers)
      }
    }
    defer { Task { await server.stop() } }
    let client = ResourceClient(baseURL: server.baseURL, configuration: quick)
    var seen: [String] = []
    for try await tag in try client.pages(
      RemoteTag.self, path: "tag", at: "objects", pagination: pagination
    ).elements {
      seen.append(tag.name)
    }
    #expect(seen == names)
    var pages = 0
    for try await page in try client.pages(
      RemoteTag.self, path: "tag", at: "objects", pagination: pagination, maxPages: 2)
    {
      pages += 1
      #expect(page.number == pages)
    }
    #expect(pages == 2)
  }

  @Test(arguments: TransportKind.allCases)
  func statusErrorsCarryStatusHeadersAndBody(transport: TransportKind) async throws {
    let server = try await LoopbackServer.start { server in
      await server.appendRoute("GET /missing") { _ in
        self.json(#"{"error": "no such tag"}"#, status: .notFound)
      }
      await server.appendRoute("GET /broken") { _ in self.json("oops", status: .internalServerError)
      }
    }
    defer { Task { await server.stop() } }
    let client = ResourceClient(
      baseURL: server.baseURL, configuration: quick, transport: transport.make())
    let notFound = await #expect(throws: RemoteError.self) {
      try await client.fetch(RemoteTag.self, id: "99")
    }
    #expect(notFound?.status == 404)  // `tag/99` is not routed: the server answers 404
    let missing = await #expect(throws: RemoteError.self) {
      try await client.fetch(RemoteTag.self, path: "missing")
    }
    #expect(missing?.kind == .httpStatus)
    #expect(missing?.status == 404)
    #expect(missing?.bodyExcerpt == #"{"error": "no such tag"}"#)
    #expect(missing?.headers["content-type"] == "application/json")
    #expect(missing?.attempts == 1)
    let broken = await #expect(throws: RemoteError.self) {
      try await client.fetch(RemoteTag.self, path: "broken")
    }
    #expect(broken?.status == 500)
    #expect(broken?.attempts == 3)  // 500 is retried for GET
  }

  @Test(arguments: TransportKind.allCases)
  func tooManyRequestsIsRetriedAfterTheServersDelay(transport: TransportKind) async throws {
    let counter = Counter()
    let server = try await LoopbackServer.start { server in
      await server.appendRoute("GET /tag") { _ in
        if await counter.next() < 3 {
          var headers = HTTPHeaders()
          headers[HTTPHeader("Retry-After")] = "0"
          return self.json("slow down", status: .tooManyRequests, headers: headers)
        }
        return self.json(#"{"objects": []}"#)
      }
      await server.appendRoute("POST /tag") { _ in
        _ = await counter.next()
        return self.json("busy", status: .serviceUnavailable)
      }
    }
    defer { Task { await server.stop() } }
    let client = ResourceClient(
      baseURL: server.baseURL, configuration: quick, transport: transport.make())
    let tags = try await client.fetchAll(RemoteTag.self)
    #expect(tags.isEmpty)
    #expect(await counter.value == 3)
    // POST is not idempotent: one attempt only.
    let tag = RemoteTag(remoteId: 1, name: "n", resourceUri: "/t", slug: "s")
    let error = await #expect(throws: RemoteError.self) { try await client.send(tag, path: "tag") }
    #expect(error?.status == 503)
    #expect(error?.attempts == 1)
    #expect(await counter.value == 4)
  }

  @Test(arguments: TransportKind.allCases)
  func aSlowServerTimesOut(transport: TransportKind) async throws {
    let server = try await LoopbackServer.start { server in
      await server.appendRoute("GET /slow") { _ in
        try await Task.sleep(for: .seconds(3))
        return self.json("{}")
      }
    }
    defer { Task { await server.stop() } }
    let client = ResourceClient(
      baseURL: server.baseURL,
      configuration: .init(attemptTimeout: .milliseconds(300), retry: .none),
      transport: transport.make())
    let started = ContinuousClock.now
    let error = await #expect(throws: RemoteError.self) {
      try await client.fetch(JSONValue.self, path: "slow")
    }
    #expect(error?.kind == .timeout)
    let elapsed = ContinuousClock.now - started
    #expect(elapsed >= .milliseconds(250) && elapsed < .seconds(2), "took \(elapsed)")
  }

  @Test(arguments: TransportKind.allCases)
  func aBodyOverTheLimitIsRejected(transport: TransportKind) async throws {
    let big = "[" + Array(repeating: "1", count: 50_000).joined(separator: ",") + "]"
    let server = try await LoopbackServer.start { server in
      await server.appendRoute("GET /big") { _ in self.json(big) }
    }
    defer { Task { await server.stop() } }
    let client = ResourceClient(
      baseURL: server.baseURL, configuration: .init(maxBodySize: 10_000, retry: .none),
      transport: transport.make())
    let error = await #expect(throws: RemoteError.self) {
      try await client.fetch([Int].self, path: "big")
    }
    #expect(error?.kind == .bodyTooLarge)
    let roomy = ResourceClient(
      baseURL: server.baseURL, configuration: .init(retry: .none), transport: transport.make())
    #expect(try await roomy.fetch([Int].self, path: "big").count == 50_000)
  }

  @Test(arguments: TransportKind.allCases)
  func invalidJSONIsADecodingErrorWithTheReport(transport: TransportKind) async throws {
    let server = try await LoopbackServer.start { server in
      await server.appendRoute("GET /bad") { _ in self.json(#"{"objects": [1, 2,]}"#) }
      await server.appendRoute("GET /wrong") { _ in self.json(#"{"objects": [{"id": "x"}]}"#) }
    }
    defer { Task { await server.stop() } }
    let client = ResourceClient(
      baseURL: server.baseURL, configuration: quick, transport: transport.make())
    let bad = await #expect(throws: RemoteError.self) {
      try await client.fetch([RemoteTag].self, path: "bad", at: "objects")
    }
    #expect(bad?.kind == .decoding)
    #expect(bad?.report?.problems.first?.location?.column == 19)
    let wrong = await #expect(throws: RemoteError.self) {
      try await client.fetch([RemoteTag].self, path: "wrong", at: "objects")
    }
    #expect(
      wrong?.report?.problems.map(\.path.description) == [
        "objects[0].id", "objects[0].name", "objects[0].resource_uri", "objects[0].slug",
      ])
    #expect(wrong?.description.contains("/wrong") == true)
  }

  @Test(arguments: TransportKind.allCases)
  func cancellingARunningFetchEndsIt(transport: TransportKind) async throws {
    let server = try await LoopbackServer.start { server in
      await server.appendRoute("GET /slow") { _ in
        try await Task.sleep(for: .seconds(5))
        return self.json("{}")
      }
    }
    defer { Task { await server.stop() } }
    let client = ResourceClient(
      baseURL: server.baseURL, configuration: .init(attemptTimeout: .seconds(10)),
      transport: transport.make())
    let started = ContinuousClock.now
    let task = Task { try await client.fetch(JSONValue.self, path: "slow") }
    try await Task.sleep(for: .milliseconds(200))
    task.cancel()
    let result = await task.result
    guard case .failure(let error) = result, let remote = error as? RemoteError else {
      Issue.record("expected a RemoteError, got \(result)")
      return
    }
    #expect(remote.kind == .cancelled)
    #expect(ContinuousClock.now - started < .seconds(3))
  }

  @Test(arguments: TransportKind.allCases)
  func patchSendsOnlyTheChangedKeys(transport: TransportKind) async throws {
    let received = ReceivedBodies()
    let server = try await LoopbackServer.start { server in
      await server.appendRoute("PATCH /tag/2") { request in
        await received.add(try await request.bodyData)
        return self.json("{}")
      }
    }
    defer { Task { await server.stop() } }
    let client = ResourceClient(
      baseURL: server.baseURL, configuration: quick, transport: transport.make())
    var tag = RemoteTag(remoteId: 2, name: "カフェ", resourceUri: "/api/tag/2", slug: "cafe")
    let changed = try tag.update(json: #"{"name": "喫茶店", "slug": "cafe"}"#)
    try await client.patch(tag, changed: changed, path: "tag/2")
    let body = try #require(await received.bodies.first)
    #expect(try JSONValue(parsing: Array(body)) == ["name": "喫茶店"])
  }
}

extension ResourceClientTests {
  @Test(arguments: TransportKind.allCases)
  func sendsModelsWithDefaultHeadersAndQueryItemsAndDecodesTheAnswer(transport: TransportKind)
    async throws
  {
    let received = ReceivedBodies()
    let server = try await LoopbackServer.start { server in
      await server.appendRoute("PUT /tag/5") { request in
        await received.add(try await request.bodyData)
        #expect(request.headers[HTTPHeader("X-Api-Key")] == "secret")
        #expect(request.headers[.contentType] == "application/json")
        #expect(request.query.first { $0.name == "lang" }?.value == "ja")
        return self.json(
          #"{"saved": {"id": 5, "name": "ラーメン", "resource_uri": "/api/tag/5", "slug": "ramen"}}"#)
      }
    }
    defer { Task { await server.stop() } }
    let client = ResourceClient(
      baseURL: server.baseURL,
      configuration: .init(
        headers: ["X-Api-Key": "secret"], queryItems: [URLQueryItem(name: "lang", value: "ja")],
        attemptTimeout: .seconds(20)), transport: transport.make())
    let tag = RemoteTag(remoteId: 5, name: "ラーメン", resourceUri: "/api/tag/5", slug: "ramen")
    let saved = try await client.send(
      tag, .put, path: "tag/5", returning: RemoteTag.self, at: "saved")
    #expect(saved == tag)
    let body = try #require(await received.bodies.first)
    #expect(
      try JSONValue(parsing: Array(body))
        == ["id": 5, "name": "ラーメン", "resource_uri": "/api/tag/5", "slug": "ramen"])
  }
}

extension ResourceClientTests {
  @Test(arguments: TransportKind.allCases)
  func aPageOfInvalidJSONEndsTheWalkWithTheReport(transport: TransportKind) async throws {
    let server = try await LoopbackServer.start { server in
      await server.appendRoute("GET /tag") { request in
        request.query.contains { $0.name == "cursor" }
          ? self.json(#"{"objects": [1,,]}"#)
          : self.json(#"{"meta": {"next_cursor": "2"}, "objects": []}"#)
      }
    }
    defer { Task { await server.stop() } }
    let client = ResourceClient(
      baseURL: server.baseURL, configuration: quick, transport: transport.make())
    var pages = 0
    let error = await #expect(throws: RemoteError.self) {
      for try await _ in try client.pages(
        RemoteTag.self, path: "tag", at: "objects", pagination: .cursor())
      {
        pages += 1
      }
    }
    #expect(pages == 1)
    #expect(error?.kind == .decoding)
    #expect(error?.report?.problems.first?.kind == .malformedJSON)
    #expect(error?.report?.problems.first?.location?.column == 16)
    #expect(error?.url?.query == "cursor=2")
  }
}

actor ReceivedBodies {
  var bodies: [Data] = []
  func add(_ body: Data) { bodies.append(body) }
}
