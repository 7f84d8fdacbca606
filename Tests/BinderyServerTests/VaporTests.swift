#if Vapor
  import Bindery
  import BinderyNIO
  import BinderyVapor
  import Foundation
  import NIOCore
  import Testing
  import Vapor
  import VaporTesting

  extension Signup: Content {}
  extension PlainSignup: Content {}

  /// Vapor's content coders switched to Bindery's. They are set on the global content
  /// configuration, as an application does, so these tests run one at a time.
  @Suite(.serialized) struct VaporTests {
    static func withBindery(_ test: (Application) async throws -> Void) async throws {
      let saved = ContentConfiguration.global
      defer { ContentConfiguration.global = saved }
      VaporReadme.readme()
      try await withApp { app in
        app.post("signups") { request async throws -> Signup in
          var signup = try request.content.decode(Signup.self)
          signup.age += 1
          return signup
        }
        app.post("plain") { request async throws -> PlainSignup in
          try request.content.decode(PlainSignup.self)
        }
        try await test(app)
      }
    }

    static let json: HTTPHeaders = ["Content-Type": "application/json"]

    @Test func modelsAndCodableTypesGoThroughBindery() async throws {
      try await Self.withBindery { app in
        let body = ByteBuffer(string: #"{"name": "Ada", "age": 36, "email": "ada@example.com"}"#)
        try await app.testing().test(.POST, "signups", headers: Self.json, body: body) { response in
          #expect(response.status == .ok)
          #expect(response.headers.contentType == .json)
          let signup = try Signup(json: response.body)
          #expect(signup.age == 37)
        }
        try await app.testing().test(.POST, "plain", headers: Self.json, body: body) { response in
          let plain = try BinderyDecoder().decode(PlainSignup.self, from: response.body)
          #expect(plain.name == "Ada")
        }
      }
    }

    @Test func aBadBodyIsA400WhoseReasonNamesEachProblem() async throws {
      try await Self.withBindery { app in
        let body = ByteBuffer(string: "{\"name\": 1,\n \"age\": \"x\"}")
        try await app.testing().test(.POST, "signups", headers: Self.json, body: body) { response in
          #expect(response.status == .badRequest)
          let reason = try JSONValue(parsing: Array(response.body.readableBytesView))["reason"]
          #expect(
            reason
              == """
              name (line 1, column 10): expected a string, found number 1
              age (line 2, column 9): expected an integer, found string "x"
              email (line 1, column 1): missing key 'email'
              """)
        }
        let cut = ByteBuffer(string: #"{"name": "Ada", "#)
        try await app.testing().test(.POST, "plain", headers: Self.json, body: cut) { response in
          #expect(response.status == .badRequest)
          #expect(String(buffer: response.body).contains("line 1, column 17"))
        }
        // Still serving.
        let good = ByteBuffer(string: #"{"name": "Ada", "age": 36, "email": "a@b"}"#)
        try await app.testing().test(.POST, "plain", headers: Self.json, body: good) { response in
          #expect(response.status == .ok)
        }
      }
    }

    @Test func aBodyThatBreaksConstraintsIsA422() async throws {
      let saved = ContentConfiguration.global
      defer { ContentConfiguration.global = saved }
      VaporReadme.readme()
      try await withApp { app in
        app.post("listings") { request async throws -> String in
          try request.content.decode(VaporListing.self).title
        }
        let bad = ByteBuffer(string: "{\"id\": 0,\n \"title\": \"\"}")
        try await app.testing().test(.POST, "listings", headers: Self.json, body: bad) { response in
          #expect(response.status == .unprocessableEntity)
          let reason = try JSONValue(parsing: Array(response.body.readableBytesView))["reason"]
          #expect(
            reason
              == """
              id (line 1, column 8): expected a number greater than 0, found number 0
              title (line 2, column 11): expected a string of at least 1 character, found 0 characters
              """)
        }
        let wrong = ByteBuffer(string: #"{"id": "x", "title": "a"}"#)
        try await app.testing().test(.POST, "listings", headers: Self.json, body: wrong) { response in
          #expect(response.status == .badRequest)
        }
      }
    }

    @Test func bodyCodingIsAContentCoderToo() throws {
      let coding: any ContentDecoder & ContentEncoder = JSONBodyCoding()
      var buffer = ByteBuffer()
      var headers = HTTPHeaders()
      try coding.encode(Signup(name: "Ada", age: 1, email: "a@b"), to: &buffer, headers: &headers)
      #expect(headers.contentType == .json)
      #expect(try coding.decode(Signup.self, from: buffer, headers: headers).name == "Ada")
    }
  }
  @JSONModel
  struct VaporListing: Content {
    @Constraint(.greaterThan(0)) var id: Int
    @Constraint(.minLength(1)) var title: String
  }
#endif
