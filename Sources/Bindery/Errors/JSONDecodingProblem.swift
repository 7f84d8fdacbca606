public import BinderyJSON
import Foundation

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
      // Past a decode's detail budget (no path either), or read through another Codable
      // decoder (a path, but no text of the user's to point into).
      let place = path.components.isEmpty ? "byte \(offset)" : path.description
      return "\(place): \(message)" + (hint.isEmpty ? "" : "; \(hint)")
    }
    let place = path.components.isEmpty ? "top level" : path.description
    return "\(place) (line \(line), column \(column)): \(message)"
      + (hint.isEmpty ? "" : "; \(hint)")
  }

  /// Whether ``line``, ``column`` and ``excerpt`` were computed. A decode computes them (and
  /// ``path``) for its first 200 problems and warnings, each costing a pass over the input; a
  /// model read through another Codable decoder has a path but no position.
  public var hasLocation: Bool { line > 0 }

  /// ``description`` followed by the excerpt and a caret under the problem, for terminals.
  public var detailedDescription: String {
    guard !excerpt.isEmpty else { return description }
    return description + "\n    " + excerpt + "\n    "
      + String(repeating: " ", count: max(0, excerptColumn - 1)) + "^"
  }
}

extension String {
  func replacingNewlines() -> String {
    split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n  ")
  }
}

extension JSONDecodingProblem {
  /// The problem a decode reports for input the reader rejected: kind
  /// ``Kind-swift.enum/malformedJSON``, with the reader's position, excerpt and message.
  ///
  /// - Parameter error: The reader's error.
  public init(readError error: JSONReadError) {
    let path = error.path.flatMap { try? JSONPath(parsing: $0) } ?? JSONPath()
    self.init(
      kind: .malformedJSON, path: path, offset: error.offset, line: error.line,
      column: error.column, excerpt: error.excerpt, excerptColumn: error.excerptColumn,
      expected: "valid JSON", found: error.message)
  }
}
