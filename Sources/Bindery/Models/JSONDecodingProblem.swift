public import BinderyJSON

/// One problem met while decoding models: where it is in the input, what was expected, what was
/// found, and a hint when one helps.
///
/// ```
/// items[3].media.m (line 42, column 17): expected a URL, found number 12
///     "media": {"m": 12},
///                    ^
/// ```
public struct JSONDecodingProblem: Error, Sendable, Hashable, CustomStringConvertible {
  /// The category of a problem.
  public enum Kind: String, Sendable, Hashable {
    /// A required key is missing.
    case missingKey
    /// The value is of another JSON type than the property needs (a string for a number).
    case typeMismatch
    /// A required value is `null`.
    case nullValue
    /// A number does not fit the property's type (`300` into `UInt8`, `1.5` into `Int`).
    case numberOutOfRange
    /// The value has the right JSON type but not an accepted form (a bad date, URL or enum case).
    case invalidValue
    /// A lossy collection skipped every one of its elements.
    case everyElementFailed
    /// The model's `validate()` rejected it.
    case validationFailed
    /// The input is not JSON the reading options accept.
    case malformedJSON
    /// The path given for the result does not lead to a value.
    case resultNotFound
  }

  /// The category of the problem.
  public var kind: Kind
  /// The JSON path of the value (or of the missing key), such as `items[3].media.m`.
  public var path: JSONPath
  /// The byte offset in the input of the value concerned (for a missing key, of its object).
  public var offset: Int
  /// The 1-based line of ``offset``.
  public var line: Int
  /// The 1-based column of ``offset``, in Unicode scalars.
  public var column: Int
  /// The input's line around the problem, or empty.
  public var excerpt: String
  /// The column of the problem within ``excerpt``.
  public var excerptColumn: Int
  /// What the model needed, such as `a URL` or `an integer between 0 and 255`.
  public var expected: String
  /// What the input had, such as `string "abc"`, or empty for a missing key.
  public var found: String
  /// A suggestion, such as `did you mean 'published'?`, or empty.
  public var hint: String

  /// Creates a problem; decoders make these, tests and custom reports may too.
  ///
  /// - Parameters:
  ///   - kind: The category.
  ///   - path: The JSON path of the value.
  ///   - offset: The byte offset in the input.
  ///   - line: The 1-based line.
  ///   - column: The 1-based column.
  ///   - excerpt: The input's line around the problem.
  ///   - excerptColumn: The problem's column within `excerpt`.
  ///   - expected: What the model needed.
  ///   - found: What the input had.
  ///   - hint: A suggestion, or empty.
  public init(
    kind: Kind, path: JSONPath, offset: Int = 0, line: Int = 1, column: Int = 1,
    excerpt: String = "", excerptColumn: Int = 1, expected: String, found: String = "",
    hint: String = ""
  ) {
    self.kind = kind
    self.path = path
    self.offset = offset
    self.line = line
    self.column = column
    self.excerpt = excerpt
    self.excerptColumn = excerptColumn
    self.expected = expected
    self.found = found
    self.hint = hint
  }

  /// What went wrong, in one sentence: `no key 'publshed'`, `expected a URL, found number 12`.
  public var message: String {
    switch kind {
    case .missingKey:
      return "missing key '\(path.components.last.map(Self.name) ?? "")'"
        + (expected.isEmpty ? "" : " (\(expected))")
    case .nullValue: return "expected \(expected), found null"
    case .everyElementFailed, .validationFailed, .resultNotFound, .malformedJSON:
      return found.isEmpty ? expected : "\(expected): \(found)"
    default:
      return found.isEmpty ? "expected \(expected)" : "expected \(expected), found \(found)"
    }
  }

  private static func name(_ component: JSONPath.Component) -> String {
    switch component {
    case .key(let key): return key
    case .index(let index): return "[\(index)]"
    }
  }

  /// `PATH (line L, column C): message; hint` on one line. Problems past the first few hundred
  /// of one decode name their byte offset only (see ``hasLocation``).
  public var description: String {
    guard hasLocation else {
      return "byte \(offset): \(message)" + (hint.isEmpty ? "" : "; \(hint)")
    }
    let place = path.components.isEmpty ? "top level" : path.description
    return "\(place) (line \(line), column \(column)): \(message)"
      + (hint.isEmpty ? "" : "; \(hint)")
  }

  /// Whether ``path``, ``line``, ``column`` and ``excerpt`` were computed. A decode computes them
  /// for its first 200 problems and warnings: each costs a pass over the input.
  public var hasLocation: Bool { line > 0 }

  /// ``description`` followed by the excerpt and a caret under the problem, for terminals.
  public var detailedDescription: String {
    guard !excerpt.isEmpty else { return description }
    return description + "\n    " + excerpt + "\n    "
      + String(repeating: " ", count: max(0, excerptColumn - 1)) + "^"
  }
}

/// Something a decode did that was not strictly by the book, reported after it succeeded: a
/// value coerced from another type, an element a lossy collection skipped, a default used for a
/// bad value.
public struct JSONDecodingWarning: Sendable, Hashable, CustomStringConvertible {
  /// The category of a warning.
  public enum Kind: String, Sendable, Hashable {
    /// A value of another JSON type was converted (`"3"` read as `3`).
    case coerced
    /// A lossy collection skipped an element that failed to decode.
    case skippedElement
    /// A property's default replaced a null or bad value.
    case defaultUsed
  }

  /// The category.
  public var kind: Kind
  /// The JSON path of the value concerned.
  public var path: JSONPath
  /// What happened, such as `read string "3" as an integer`.
  public var message: String
  /// For a skipped element or a replaced value: the problems that caused it.
  public var problems: [JSONDecodingProblem]

  /// Creates a warning.
  ///
  /// - Parameters:
  ///   - kind: The category.
  ///   - path: The JSON path of the value.
  ///   - message: What happened.
  ///   - problems: The problems that caused it, if any.
  public init(kind: Kind, path: JSONPath, message: String, problems: [JSONDecodingProblem] = []) {
    self.kind = kind
    self.path = path
    self.message = message
    self.problems = problems
  }

  /// `PATH: message`, followed by the causes on indented lines.
  public var description: String {
    let place = path.components.isEmpty ? "top level" : path.description
    var text = "\(place): \(message)"
    for problem in problems { text += "\n    " + problem.description }
    return text
  }
}

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

extension String {
  fileprivate func replacingNewlines() -> String {
    split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n  ")
  }
}
