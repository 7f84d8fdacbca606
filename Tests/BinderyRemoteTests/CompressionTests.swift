import Bindery
import BinderyRemote
import BinderyTestSupport
import FlyingFox
import Foundation
import Testing

/// A caller that asks for compressed bodies (as a server saving bandwidth does) gets the same
/// models from every transport, and the body limit counts the inflated bytes.
@Suite(.serialized, .timeLimit(.minutes(1))) struct CompressionTests {
  /// A server that sends a gzip body, with `Content-Encoding: gzip` when the request accepts it.
  func server(serving fixture: String) async throws -> LoopbackServer {
    let compressed = try Fixtures.bytes(fixture)
    return try await LoopbackServer.start { server in
      await server.appendRoute("GET /feed") { request in
        let accepts = request.headers[HTTPHeader("Accept-Encoding")]?.contains("gzip") == true
        #expect(accepts)
        return FlyingFox.HTTPResponse(
          statusCode: .ok,
          headers: [.contentType: "application/json", HTTPHeader("Content-Encoding"): "gzip"],
          body: Data(compressed))
      }
    }
  }

  func client(_ server: LoopbackServer, _ transport: TransportKind, limit: Int = 10 << 20)
    -> ResourceClient
  {
    let configuration = ResourceClient.Configuration(
      headers: ["Accept": "application/json", "Accept-Encoding": "gzip"],
      // Generous: the whole suite may keep every core busy while this server answers.
      attemptTimeout: .seconds(20), maxBodySize: limit,
      decoding: JSONDecodingOptions(reading: .allowEscapedApostrophe), retry: .none)
    return ResourceClient(
      baseURL: server.baseURL, configuration: configuration, transport: transport.make())
  }

  @Test(arguments: TransportKind.allCases)
  func aGzipBodyIsInflatedBeforeItIsDecoded(transport: TransportKind) async throws {
    let server = try await server(serving: "flickr-public-feed.json.gz")
    defer { Task { await server.stop() } }
    let feed = try await client(server, transport).fetch(PhotoFeed.self, path: "feed")
    #expect(feed.items.count == 4)
    #expect(feed.items[0].title == "Sunset over the bay 'golden hour'")
    // The same models as the uncompressed fixture gives.
    let plain = try PhotoFeed(
      json: try Fixtures.bytes("flickr-public-feed.json"),
      options: .init(reading: .allowEscapedApostrophe))
    #expect(feed.items.map(\.title) == plain.items.map(\.title))
  }

  @Test(arguments: TransportKind.allCases)
  func theBodyLimitCountsInflatedBytes(transport: TransportKind) async throws {
    // 726 bytes on the wire, 2,080 inflated: over a limit of 1,500, under one of 2,100.
    let server = try await server(serving: "flickr-public-feed.json.gz")
    defer { Task { await server.stop() } }
    let error = await #expect(throws: RemoteError.self) {
      _ = try await client(server, transport, limit: 1500).fetch(PhotoFeed.self, path: "feed")
    }
    #expect(error?.kind == .bodyTooLarge)
    let feed = try await client(server, transport, limit: 2100).fetch(PhotoFeed.self, path: "feed")
    #expect(feed.items.count == 4)
  }

  @Test(arguments: TransportKind.allCases)
  func aDecompressionBombIsRefused(transport: TransportKind) async throws {
    // 8 KB on the wire, 8 MiB inflated.
    let server = try await server(serving: "inflating-8mib.json.gz")
    defer { Task { await server.stop() } }
    let error = await #expect(throws: RemoteError.self) {
      _ = try await client(server, transport, limit: 1 << 20).fetch(JSONValue.self, path: "feed")
    }
    #expect(error?.kind == .bodyTooLarge)
  }
}
