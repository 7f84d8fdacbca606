#if NIO
  import Bindery
  import BinderyNIO
  import BinderyTestSupport
  import Foundation
  import NIOCore
  import Testing

  /// A model a body decodes into.
  @JSONModel(keyStrategy: .snakeCase)
  struct Signup: Sendable, Equatable {
    var name: String
    var age: Int
    var email: String
  }

  /// The same shape as a plain Codable type.
  struct PlainSignup: Codable, Sendable, Equatable {
    var name: String
    var age: Int
    var email: String
  }

  struct BinderyNIOTests {
    let status = try! Data(
      contentsOf: URL(fileURLWithPath: Fixtures.repositoryRoot())
        .appendingPathComponent("Benchmarks/Corpora/twitter_status.json"))

    @Test func aDocumentReadsTheBufferInPlaceAndOutlivesChangesToIt() throws {
      var buffer = ByteBuffer(bytes: status)
      let document = try buffer.jsonDocument(options: .strict)
      let start = buffer.withUnsafeReadableBytes { $0.baseAddress }
      // No copy: the document reads the buffer's own bytes.
      #expect(document.withInput { UnsafeRawPointer($0.baseAddress) } == start)
      let id = try document.root.member("id").integer(Int64.self)
      // A write through the buffer goes to new storage; the document's text stays.
      buffer.setBytes(Array(repeating: UInt8(ascii: "x"), count: 64), at: buffer.readerIndex)
      buffer = ByteBuffer()
      #expect(try document.root.member("id").integer(Int64.self) == id)
      #expect(try document.root.member("user").member("screen_name").string() == "yuttari1998")
    }

    @Test func badJSONInABufferNamesItsLineAndColumn() throws {
      let buffer = ByteBuffer(string: "{\n  \"name\": \"Ada\",\n  \"age\": 3x\n}")
      let error = #expect(throws: JSONReadError.self) { try buffer.jsonDocument(options: .strict) }
      #expect(error?.location?.line == 3)
      #expect(error?.location?.column == 11)
      let empty = #expect(throws: JSONReadError.self) {
        try ByteBuffer().jsonDocument(options: .strict)
      }
      #expect(empty?.kind == .unexpectedEndOfInput)
    }

    @Test func aBufferBehindItsReaderIndexIsNotRead() throws {
      var buffer = ByteBuffer(string: "garbage")
      buffer.moveReaderIndex(forwardBy: 7)
      buffer.writeString(#"{"name": "Ada", "age": 36, "email": "ada@example.com"}"#)
      #expect(try Signup(json: buffer) == Signup(name: "Ada", age: 36, email: "ada@example.com"))
      #expect(try BinderyDecoder().decode(PlainSignup.self, from: buffer).age == 36)
      // The readable bytes alone are what a model reads in one pass.
      #expect(Signup._decodesInOnePass)
      let readable = buffer._withContiguousUTF8 { Array($0) }
      #expect(readable == Array(#"{"name": "Ada", "age": 36, "email": "ada@example.com"}"#.utf8))
    }

    @Test func theDecoderKeepsItsSettingsOnBuffers() throws {
      let decoder = BinderyDecoder()
      decoder.assumesTopLevelDictionary = true
      let buffer = ByteBuffer(string: #""name": "Ada", "age": 36, "email": "a@b""#)
      #expect(try decoder.decode(PlainSignup.self, from: buffer).name == "Ada")
    }

    @Test func aModelBodyReportsEveryProblemWithoutTypeNames() throws {
      let body = ByteBuffer(string: "{\n  \"name\": 7,\n  \"age\": \"old\"\n}")
      let error = #expect(throws: JSONBodyError.self) {
        try JSONBodyCoding().decode(Signup.self, from: body)
      }
      let problems = try #require(error?.problems)
      #expect(problems.count == 3)
      #expect(problems.map(\.path.description) == ["name", "age", "email"])
      #expect(problems[0].location?.line == 2 && problems[0].location?.column == 11)
      #expect(problems[1].location?.line == 3 && problems[1].location?.column == 10)
      #expect(JSONBodyError.message(for: problems[2]) == "missing key 'email'")
      // The response names the problems in JSON, and nothing of the server's types.
      let response = try JSONDocument(parsing: try #require(error?.responseBody))
      #expect(try response.root.member("count").integer(Int.self) == 3)
      let first = try response.root.member("problems").element(at: 0)
      #expect(try first.member("pointer").string() == "/name")
      #expect(try first.member("line").integer(Int.self) == 2)
      #expect(try first.member("message").string() == "expected a string, found number 7")
      let text = String(decoding: try #require(error?.responseBody), as: UTF8.self)
      #expect(!text.contains("Signup") && !text.contains("String)"))
    }

    @Test func aCodableBodyReportsItsProblemsPlaces() throws {
      let coding = JSONBodyCoding()
      let error = #expect(throws: JSONBodyError.self) {
        try coding.decode(
          PlainSignup.self, from: ByteBuffer(string: #"{"name": "Ada", "age": true}"#))
      }
      // The decoder's problem itself, not its text read back: path, position, kind, words.
      let problem = try #require(error?.problems.first)
      #expect(problem.path.description == "age")
      #expect(problem.location?.line == 1 && problem.location?.column == 24)
      #expect(problem.kind == .typeMismatch)
      #expect(JSONBodyError.message(for: problem) == "expected an integer, found true")
      #expect(problem.cause is DecodingError)
      let missing = #expect(throws: JSONBodyError.self) {
        try coding.decode(PlainSignup.self, from: ByteBuffer(string: #"{"name": "Ada", "age": 3}"#))
      }
      #expect(missing?.problems.first?.path.description == "email")
      #expect(missing.flatMap { $0.problems.first.map(JSONBodyError.message) } == "missing key 'email'")
      #expect(missing?.problems.first?.location?.column == 1)
      let invalid = #expect(throws: JSONBodyError.self) {
        try coding.decode([PlainSignup].self, from: ByteBuffer(string: "[{]"))
      }
      #expect(invalid?.problems.first?.location?.column == 3)
      #expect(invalid?.problems.first?.kind == .malformedJSON)
    }

    @Test func modelsAndCodableTypesWriteTheSameBody() throws {
      let coding = JSONBodyCoding()
      var model = ByteBuffer()
      try coding.encode(Signup(name: "Ada", age: 36, email: "a@b"), into: &model)
      var plain = ByteBuffer()
      try coding.encode(PlainSignup(name: "Ada", age: 36, email: "a@b"), into: &plain)
      #expect(
        try JSONValue(parsing: Array(model.readableBytesView))
          == JSONValue(parsing: Array(plain.readableBytesView)))
      #expect(
        try coding.decode(Signup.self, from: model) == Signup(name: "Ada", age: 36, email: "a@b"))
    }

    @Test func jsonLinesAreOneCompactValueEach() throws {
      var coding = JSONBodyCoding()
      coding.modelEncoding.writing.prettyPrinted = true
      var buffer = ByteBuffer()
      try coding.encodeLine(Signup(name: "Ada", age: 36, email: "a@b"), into: &buffer)
      try coding.encodeLine(PlainSignup(name: "Bo", age: 2, email: "c@d"), into: &buffer)
      let lines = String(buffer: buffer).split(separator: "\n")
      #expect(lines.count == 2)
      #expect(
        try BinderyDecoder().decode(PlainSignup.self, from: Array(lines[1].utf8))
          == PlainSignup(name: "Bo", age: 2, email: "c@d"))
      coding.encoder.outputFormatting = .prettyPrinted
      #expect(throws: JSONWriteError.self) {
        try coding.encodeLine(PlainSignup(name: "Bo", age: 2, email: "c@d"), into: &buffer)
      }
    }
  }
#endif
