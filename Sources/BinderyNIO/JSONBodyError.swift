#if NIO
  public import Bindery
  import Foundation

  /// A request body that is not the JSON an endpoint accepts: every problem, each with where it
  /// is in the body, and the response that tells the client.
  ///
  /// ``responseBody`` is JSON that names what the client sent and what was expected, and nothing
  /// of the server (no type names of its own, no stack):
  ///
  /// ```json
  /// {"error":"The request body is not valid.","count":1,
  ///  "problems":[{"path":"user.id","pointer":"/user/id","line":1,"column":19,
  ///               "message":"expected an integer, found string \"x\""}]}
  /// ```
  public struct JSONBodyError: Error, Sendable, Hashable, CustomStringConvertible {
    /// One problem of a body.
    public struct Problem: Sendable, Hashable, CustomStringConvertible {
      /// Where, as text (`items[3].media.m`); empty for the whole body.
      public var path: JSONPath
      /// The line of the value, from 1, when the body is text the client wrote.
      public var line: Int?
      /// The column of the value, from 1, in bytes.
      public var column: Int?
      /// What is wrong, in one sentence.
      public var message: String

      /// Creates a problem.
      ///
      /// - Parameters:
      ///   - path: Where.
      ///   - line: The line, from 1.
      ///   - column: The column, from 1.
      ///   - message: What is wrong.
      public init(path: JSONPath, line: Int? = nil, column: Int? = nil, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
      }

      /// `PATH (line L, column C): message`.
      public var description: String {
        var place = path.placeDescription
        if let line, let column { place += " (line \(line), column \(column))" }
        return "\(place): \(message)"
      }
    }

    /// The problems, in the order they were met.
    public var problems: [Problem]

    /// The most problems ``responseBody`` lists; ``problems`` has them all.
    public static let listedProblems = 20

    /// Creates an error from its problems.
    ///
    /// - Parameter problems: The problems.
    public init(problems: [Problem]) {
      self.problems = problems
    }

    /// The problems of a model's decode.
    ///
    /// - Parameter error: The report.
    public init(_ error: JSONDecodingError) {
      problems = error.problems.map { problem in
        let message: String
        switch problem.kind {
        // Without the Swift type the model expected, which is the server's business.
        case .missingKey: message = "missing key '\(Self.lastKey(of: problem.path))'"
        case .malformedJSON: message = "invalid JSON: \(problem.found)"
        default: message = problem.message + (problem.hint.isEmpty ? "" : "; \(problem.hint)")
        }
        return Problem(
          path: problem.path, line: problem.location?.line, column: problem.location?.column,
          message: message)
      }
    }

    private static func lastKey(of path: JSONPath) -> String {
      switch path.components.last {
      case .key(let key): key
      case .index(let index): "[\(index)]"
      case nil: ""
      }
    }

    /// One line per problem.
    public var description: String {
      problems.map(\.description).joined(separator: "\n")
    }

    /// The JSON a 400 response carries: a sentence, the number of problems and the first
    /// ``listedProblems`` of them, each with `path`, `pointer` (RFC 6901), `line`, `column` and
    /// `message`.
    public var responseBody: [UInt8] {
      var writer = JSONWriter()
      // Only strings and integers: nothing here can fail to write.
      try? writer.beginObject()
      try? writer.key("error")
      try? writer.string("The request body is not valid.")
      try? writer.key("count")
      try? writer.integer(problems.count)
      try? writer.key("problems")
      try? writer.beginArray()
      for problem in problems.prefix(Self.listedProblems) {
        try? writer.beginObject()
        try? writer.key("path")
        try? writer.string(problem.path.description)
        try? writer.key("pointer")
        try? writer.string(problem.path.pointer)
        if let line = problem.line, let column = problem.column {
          try? writer.key("line")
          try? writer.integer(line)
          try? writer.key("column")
          try? writer.integer(column)
        }
        try? writer.key("message")
        try? writer.string(problem.message)
        try? writer.endObject()
      }
      try? writer.endArray()
      try? writer.endObject()
      return (try? writer.finish()) ?? []
    }
  }

  extension JSONBodyError.Problem {
    /// The problem a Codable decode reported.
    ///
    /// - Parameter error: The error.
    init(_ error: DecodingError) {
      let context: DecodingError.Context
      switch error {
      case .typeMismatch(_, let c), .valueNotFound(_, let c), .keyNotFound(_, let c),
        .dataCorrupted(let c):
        context = c
      @unknown default:
        self.init(path: JSONPath(), message: "the value is not valid")
        return
      }
      let path = JSONPath(context.codingPath.map(Self.component))
      if let read = context.underlyingError as? JSONReadError {
        self.init(
          path: path, line: read.location?.line, column: read.location?.column,
          message: read.message)
        return
      }
      let (message, line, column) = context.messageAndPlace
      if case .keyNotFound(let key, _) = error {
        // Foundation's words name the coding key's Swift type; the key is what the client needs.
        self.init(
          path: JSONPath(path.components + [.key(key.stringValue)]), line: line, column: column,
          message: "missing key '\(key.stringValue)'")
        return
      }
      self.init(path: path, line: line, column: column, message: message)
    }

    /// A coding key as a path step: an index for the keys of unkeyed containers.
    private static func component(_ key: any CodingKey) -> JSONPath.Component {
      if let index = key.intValue, key.stringValue == "Index \(index)" { return .index(index) }
      return .key(key.stringValue)
    }
  }
#endif
