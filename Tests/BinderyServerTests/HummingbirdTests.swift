#if Hummingbird
  @testable import BinderyServerAPI
  import Bindery
  import BinderyHummingbird
  import BinderyNIO
  import Foundation
  #if canImport(Glibc)
    import Glibc
  #endif
  import Hummingbird
  import HummingbirdTesting
  import NIOCore
  import Testing

  #if canImport(Glibc)
  /// A TCP connection on loopback that sends what it is told, when it is told.
  final class SlowClient {
    let socket: Int32

    init(port: Int) throws {
      socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_port = in_port_t(UInt16(port).bigEndian)
      address.sin_addr.s_addr = inet_addr("127.0.0.1")
      let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
      guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
    }

    func send(_ text: String) throws {
      let sent = Array(text.utf8).withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, 0) }
      guard sent == text.utf8.count else { throw POSIXError(.EPIPE) }
    }

    func close() { _ = Glibc.close(socket) }
  }
  #endif

  /// The example server's endpoints, through Hummingbird's router, with each kind of coders.
  @Suite struct HummingbirdTests {
    let status = try! Data(contentsOf: Api.defaultStatusesFile.deletingLastPathComponent()
      .appendingPathComponent("twitter_status.json"))

    static func app(_ coders: Coders) throws -> any ApplicationProtocol {
      let configuration = ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0))
      return try Api.application(coders, statuses: Api.defaultStatusesFile, configuration)
    }

    @Test(arguments: Coders.allCases)
    func everyCoderServesTheSameAPI(_ coders: Coders) async throws {
      let body = ByteBuffer(bytes: status)
      try await Self.app(coders).test(.router) { client in
        try await client.execute(uri: "/statuses", method: .post, body: body) { response in
          #expect(response.status == .created)
          let answer = try JSONDocument(parsing: Array(response.body.readableBytesView))
          #expect(try answer.root.member("id").integer(Int64.self) == 505_874_922_023_837_696)
        }
        try await client.execute(uri: "/statuses/echo", method: .post, body: body) { response in
          #expect(response.status == .ok)
          let echoed = try JSONValue(parsing: Array(response.body.readableBytesView))
          // What the models map of the status, written back.
          let mapped = try JSONValue(parsing: try Status(json: Array(status)).jsonBytes())
          #expect(echoed["status"] == mapped)
          #expect(echoed["status"]?["user"]?["screen_name"] == "yuttari1998")
        }
        try await client.execute(uri: "/timeline?page=2", method: .get) { response in
          let page = try JSONDocument(parsing: Array(response.body.readableBytesView))
          #expect(try page.root.member("statuses").elements().count == 50)
          #expect(try page.root.member("page").integer(Int.self) == 2)
        }
        try await client.execute(uri: "/timeline?page=3", method: .get) { response in
          #expect(response.status == .notFound)
        }
      }
    }

    @Test func pagesAreTheSameJSONWithEveryCoder() async throws {
      var pages: [JSONValue] = []
      for coders in Coders.allCases {
        let page = try await Self.app(coders).test(.router) { client in
          try await client.execute(uri: "/timeline?page=1", method: .get) { response in
            try JSONValue(parsing: Array(response.body.readableBytesView))
          }
        }
        pages.append(page)
      }
      #expect(pages.allSatisfy { $0 == pages[0] })
      #expect(pages[0]["statuses"]?[49]?["user"]?["screen_name"] != nil)
    }

    @Test func aBadBodyIsA400NamingEachProblemAndTheServerGoesOn() async throws {
      try await Self.app(.bindery).test(.router) { client in
        let wrong = ByteBuffer(string: "{\"id\": \"x\",\n \"text\": 5}")
        try await client.execute(uri: "/statuses", method: .post, body: wrong) { response in
          #expect(response.status == .badRequest)
          #expect(response.headers[.contentType] == "application/json; charset=utf-8")
          let body = try JSONDocument(parsing: Array(response.body.readableBytesView))
          let problems = try body.root.member("problems")
          let id = try problems.element(at: 2)
          #expect(try id.member("pointer").string() == "/id")
          #expect(try id.member("line").integer(Int.self) == 1)
          #expect(try id.member("column").integer(Int.self) == 8)
          let text = try problems.element(at: 4)
          #expect(try text.member("path").string() == "text")
          #expect(try text.member("line").integer(Int.self) == 2)
          let all = String(buffer: response.body)
          #expect(!all.contains("Status") && !all.contains("Bindery") && !all.contains(".swift"))
        }
        let cut = ByteBuffer(bytes: status.prefix(4000))
        try await client.execute(uri: "/statuses", method: .post, body: cut) { response in
          #expect(response.status == .badRequest)
          #expect(String(buffer: response.body).contains("invalid JSON"))
        }
        let deep = ByteBuffer(string: String(repeating: "[", count: 600) + String(repeating: "]", count: 600))
        try await client.execute(uri: "/statuses", method: .post, body: deep) { response in
          #expect(response.status == .badRequest)
          #expect(String(buffer: response.body).contains("deeper than 512"))
        }
        let huge = ByteBuffer(repeating: UInt8(ascii: " "), count: 3 << 20)
        try await client.execute(uri: "/statuses", method: .post, body: huge) { response in
          #expect(response.status == .contentTooLarge)
        }
        var invalid = Array(status)
        invalid[200] = 0xFF
        try await client.execute(uri: "/statuses", method: .post, body: ByteBuffer(bytes: invalid)) { response in
          #expect(response.status == .badRequest)
        }
        // Still serving.
        try await client.execute(uri: "/statuses", method: .post, body: ByteBuffer(bytes: status)) { response in
          #expect(response.status == .created)
        }
      }
    }

    #if canImport(Glibc)
    @Test func aSlowClientDoesNotHoldUpTheOthers() async throws {
      try await Self.app(.bindery).test(.live) { client in
        let port = try #require(client.port)
        // A client that sends its headers and then a body one byte at a time, slowly.
        let slow = try SlowClient(port: port)
        defer { slow.close() }
        try slow.send("POST /statuses HTTP/1.1\r\nHost: x\r\nContent-Length: 9000\r\n\r\n{")
        for _ in 0..<5 {
          try await client.execute(uri: "/statuses", method: .post, body: ByteBuffer(bytes: status)) {
            response in
            #expect(response.status == .created)
          }
          try slow.send(" ")
        }
      }
    }
    #endif

    @Test func aValidBodyThatFailsValidationIsA422() async throws {
      var model = try Status(json: Array(status))
      model.text = ""
      let body = ByteBuffer(bytes: try model.jsonBytes())
      try await Self.app(.bindery).test(.router) { client in
        try await client.execute(uri: "/statuses", method: .post, body: body) { response in
          #expect(response.status == .unprocessableContent)
        }
      }
    }

    @Test func aBodyThatBreaksConstraintsIsA422NamingEachProblem() async throws {
      let router = Router(context: BinderyRequestContext.self)
      router.post("listings") { request, context -> Response in
        let listing = try await request.decode(as: ConstrainedListing.self, context: context)
        return Response(status: .created, body: .init(byteBuffer: ByteBuffer(string: listing.title)))
      }
      try await Application(router: router).test(.router) { client in
        let good = ByteBuffer(string: #"{"id": 1, "title": "Lamp", "tags": ["home"]}"#)
        try await client.execute(uri: "/listings", method: .post, body: good) { response in
          #expect(response.status == .created)
        }
        let bad = ByteBuffer(string: "{\"id\": 0,\n \"title\": \"\",\n \"tags\": [\"a\", \"\"]}")
        try await client.execute(uri: "/listings", method: .post, body: bad) { response in
          #expect(response.status == .unprocessableContent)
          let body = try JSONValue(parsing: Array(response.body.readableBytesView))
          guard case .array(let problems)? = body["problems"] else {
            Issue.record("no problems in \(body)")
            return
          }
          #expect(
            problems.map { "\($0["path"] ?? nil) \($0["line"] ?? nil):\($0["column"] ?? nil)" }
              == ["\"id\" 1:8", "\"title\" 2:11", "\"tags[1]\" 3:16"])
          #expect(problems[0]["message"] == "expected a number greater than 0, found number 0")
        }
        // A body of another shape is still a 400.
        let wrong = ByteBuffer(string: #"{"id": "x", "title": "", "tags": []}"#)
        try await client.execute(uri: "/listings", method: .post, body: wrong) { response in
          #expect(response.status == .badRequest)
        }
      }
    }

    @Test func patchAnswersWithTheChangedProperties() async throws {
      try await Self.app(.bindery).test(.router) { client in
        let patch = ByteBuffer(string: #"{"screen_name": "renamed", "followers_count": 7}"#)
        try await client.execute(uri: "/users/1186275104", method: .patch, body: patch) { response in
          #expect(response.status == .ok)
          let changed = try JSONValue(parsing: Array(response.body.readableBytesView))
          #expect(changed == ["screen_name": "renamed", "followers_count": 7])
        }
        // The same patch again changes nothing.
        try await client.execute(uri: "/users/1186275104", method: .patch, body: patch) { response in
          #expect(String(buffer: response.body) == "{}")
        }
        let bad = ByteBuffer(string: #"{"followers_count": "many"}"#)
        try await client.execute(uri: "/users/1186275104", method: .patch, body: bad) { response in
          #expect(response.status == .badRequest)
          #expect(String(buffer: response.body).contains("/followers_count"))
        }
        try await client.execute(uri: "/users/1", method: .patch, body: patch) { response in
          #expect(response.status == .notFound)
        }
      }
    }

    @Test func theTimelineStreamsAsJSONLines() async throws {
      try await Self.app(.foundation).test(.router) { client in
        try await client.execute(uri: "/timeline.jsonl", method: .get) { response in
          #expect(response.headers[.contentType] == "application/jsonl")
          var ids: [Int64] = []
          for try await status in Status.lines(from: Array(response.body.readableBytesView)) {
            ids.append(status.id)
          }
          #expect(ids.count == 100)
          #expect(ids.first == 505_874_924_095_815_681)
        }
      }
    }
  }
  @JSONModel
  struct ConstrainedListing: Sendable {
    @Constraint(.greaterThan(0)) var id: Int
    @Constraint(.minLength(1)) var title: String
    @Constraint(.each(.minLength(1))) var tags: [String]
  }
#endif
