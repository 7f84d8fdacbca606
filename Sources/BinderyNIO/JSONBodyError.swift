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
    /// The problems, in the order they were met, each with its JSON path and, for a body of
    /// text, its line, column and excerpt.
    public var problems: [JSONDecodingProblem]

    /// The most problems ``responseBody`` lists; ``problems`` has them all.
    public static let listedProblems = 20

    /// Creates an error from its problems.
    ///
    /// - Parameter problems: The problems.
    public init(problems: [JSONDecodingProblem]) {
      self.problems = problems
    }

    /// Whether the body is JSON of the shape the endpoint reads whose values break the model's
    /// constraints or rules (every problem's `kind.isConstraint`):
    /// the server adapters answer it with 422 Unprocessable Content, any other bad body with
    /// 400 Bad Request.
    public var isUnprocessable: Bool {
      !problems.isEmpty && problems.allSatisfy(\.kind.isConstraint)
    }

    /// The problems of a model's decode.
    ///
    /// - Parameter error: The report.
    public init(_ error: JSONDecodingError) {
      problems = error.problems
    }

    /// The problems a Codable decode reported: those Bindery's decoder attached to the error,
    /// or one at the error's coding path.
    ///
    /// - Parameter error: The error.
    public init(_ error: DecodingError) {
      problems = JSONDecodingError(error).problems
    }

    /// What the client is told about a problem: its `JSONDecodingProblem.message` and hint,
    /// without the names of the server's own Swift types (a missing key is named, not the
    /// type it would have held).
    ///
    /// - Parameter problem: The problem.
    /// - Returns: One sentence.
    public static func message(for problem: JSONDecodingProblem) -> String {
      switch problem.kind {
      case .missingKey:
        // The problem's own words without what was expected, which names a Swift type.
        var bare = problem
        bare.expected = ""
        return bare.message
      case .malformedJSON: return "invalid JSON: \(problem.found)"
      default: return problem.message + (problem.hint.isEmpty ? "" : "; \(problem.hint)")
      }
    }

    /// One line per problem: `PATH (line L, column C): message`.
    public var description: String {
      problems.map { problem in
        var place = problem.path.placeDescription
        if let location = problem.location { place += " (\(location))" }
        return "\(place): \(Self.message(for: problem))"
      }.joined(separator: "\n")
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
        if let location = problem.location {
          try? writer.key("line")
          try? writer.integer(location.line)
          try? writer.key("column")
          try? writer.integer(location.column)
        }
        try? writer.key("message")
        try? writer.string(Self.message(for: problem))
        try? writer.endObject()
      }
      try? writer.endArray()
      try? writer.endObject()
      return (try? writer.finish()) ?? []
    }
  }

#endif
