#if Hummingbird
  import Bindery
  import BinderyHummingbird
  import BinderyNIO
  import Foundation
  import Hummingbird
  import HummingbirdTesting
  import NIOCore
  import Testing

  // The README's server blocks, verbatim, in the context they need (CodeBlockTests checks that
  // they are here), and a test that the error the README shows is the one a server answers.

  enum ServerReadme {
    @JSONModel
    struct Status: Sendable {
      var id: Int64
      var text: String
    }

    @JSONModel
    struct Accepted: ResponseEncodable {
      var id: Int64
      var accepted: Bool
    }

    static func hummingbird() -> Router<BinderyRequestContext> {
let router = Router(context: BinderyRequestContext.self)                  // Hummingbird
router.post("statuses") { request, context -> Accepted in
    let status = try await request.decode(as: Status.self, context: context)
    return Accepted(id: status.id, accepted: true)
}
      return router
    }

    // Documentation/Server.md
    static func hummingbirdContext() -> Router<BinderyRequestContext> {
let router = Router(context: BinderyRequestContext.self)
      return router
    }

struct AppContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    init(source: ApplicationRequestContextSource) { coreContext = .init(source: source) }
    var requestDecoder: BinderyRequestDecoder { BinderyRequestDecoder() }
    var responseEncoder: BinderyResponseEncoder { BinderyResponseEncoder() }
}
  }

  struct ServerReadmeTests {
    /// The README's ```json block.
    static func readmeErrorBody() throws -> JSONValue {
      let readme = try String(
        contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
          .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md"),
        encoding: .utf8)
      let start = try #require(readme.ranges(of: "```json\n").first).upperBound
      let end = try #require(readme[start...].ranges(of: "```").first).lowerBound
      return try JSONValue(parsing: String(readme[start..<end]))
    }

    @Test func theHummingbirdExampleAnswersAndTheREADMEShowsItsErrorBody() async throws {
      let app = Application(router: ServerReadme.hummingbird())
      let shown = try Self.readmeErrorBody()
      try await app.test(.router) { client in
        let good = ByteBuffer(string: #"{"id": 7, "text": "hi", "lang": "en"}"#)
        try await client.execute(uri: "/statuses", method: .post, body: good) { response in
          #expect(String(buffer: response.body) == #"{"id":7,"accepted":true}"#)
        }
        let bad = ByteBuffer(string: #"{"id": "x", "text": 5}"#)
        try await client.execute(uri: "/statuses", method: .post, body: bad) { response in
          #expect(response.status == .badRequest)
          let body = try JSONValue(parsing: Array(response.body.readableBytesView))
          #expect(body == shown)
        }
      }
      // The same through a context of the application's own.
      let router = Router(context: ServerReadme.AppContext.self)
      router.post("statuses") { request, context -> ServerReadme.Accepted in
        let status = try await request.decode(as: ServerReadme.Status.self, context: context)
        return ServerReadme.Accepted(id: status.id, accepted: true)
      }
      try await Application(router: router).test(.router) { client in
        let bad = ByteBuffer(string: #"{"id": "x", "text": 5}"#)
        try await client.execute(uri: "/statuses", method: .post, body: bad) { response in
          let body = try JSONValue(parsing: Array(response.body.readableBytesView))
          #expect(body == shown)
        }
      }
    }
  }
#endif
