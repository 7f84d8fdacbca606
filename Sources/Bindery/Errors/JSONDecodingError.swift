/// The error a model decode throws: every problem it found (or only the first, in
/// ``JSONDecodingOptions/stopsAtFirstError`` mode), with the warnings gathered before.
///
/// ```swift
/// do {
///     let feed = try PublicPhotos(json: data)
/// } catch let error as JSONDecodingError {
///     print(error)          // one line per problem, with path, line and column
/// }
/// ```
public struct JSONDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
  /// Every problem found, in input order.
  public var problems: [JSONDecodingProblem]
  /// Warnings gathered before the decode failed.
  public var warnings: [JSONDecodingWarning]

  /// Creates an error from its problems.
  ///
  /// - Parameters:
  ///   - problems: The problems, at least one.
  ///   - warnings: Warnings gathered on the way.
  public init(problems: [JSONDecodingProblem], warnings: [JSONDecodingWarning] = []) {
    self.problems = problems
    self.warnings = warnings
  }

  /// A headline with the number of problems, then the first ``describedProblems`` with their
  /// excerpts and carets, and a count of the rest.
  public var description: String {
    let count = problems.count
    var text = count == 1 ? "1 problem decoding JSON:" : "\(count) problems decoding JSON:"
    for problem in problems.prefix(Self.describedProblems) {
      text += "\n  " + problem.detailedDescription.replacingNewlines()
    }
    if count > Self.describedProblems {
      text += "\n  … and \(count - Self.describedProblems) more"
    }
    return text
  }

  /// How many problems ``description`` shows.
  public static let describedProblems = 20
}
