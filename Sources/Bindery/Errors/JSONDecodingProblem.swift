public import BinderyJSON

/// One problem met while decoding models: where it is (JSON path, and the position in the text
/// when there is text), what was expected, what was found, a hint when one helps, and the error
/// behind it when it has one.
///
/// ```
/// items[3].media.m (line 42, column 17): expected a URL, found number 12
///     "media": {"m": 12},
///                    ^
/// ```
///
/// A decode collects problems into a ``JSONDecodingError``; custom types and transformers throw
/// one from `JSONValueDecoder.problem(expected:kind:)`.
public struct JSONDecodingProblem: Error, Sendable, Hashable, CustomStringConvertible {
  /// The category of a problem.
  ///
  /// Kinds are compared with `==` against the static members; new kinds may be added in later
  /// versions, so a `switch` over them needs a default branch.
  public struct Kind: Sendable, Hashable, CustomStringConvertible {
    enum Code: UInt8, Sendable {
      case missingKey, typeMismatch, nullValue, numberOutOfRange, invalidValue
      case everyElementFailed, validationFailed, malformedJSON, resultNotFound
      case greaterThan, greaterThanOrEqual, lessThan, lessThanOrEqual, multipleOf
      case stringTooShort, stringTooLong, patternMismatch, tooFewElements, tooManyElements
      case notAllowed, missingTimeZone, notInPast, notInFuture, ruleFailed
    }
    let code: Code

    /// A required key is missing.
    public static let missingKey = Kind(code: .missingKey)
    /// The value is of another JSON type than the property needs (a string for a number).
    public static let typeMismatch = Kind(code: .typeMismatch)
    /// A required value is `null`.
    public static let nullValue = Kind(code: .nullValue)
    /// A number does not fit the property's type (`300` into `UInt8`, `1.5` into `Int`).
    public static let numberOutOfRange = Kind(code: .numberOutOfRange)
    /// The value has the right JSON type but not an accepted form (a bad date, URL or enum
    /// case), or is a value JSON cannot hold (an object of another class, NaN).
    public static let invalidValue = Kind(code: .invalidValue)
    /// A lossy collection skipped every one of its elements.
    public static let everyElementFailed = Kind(code: .everyElementFailed)
    /// The model's `validate()` rejected it.
    public static let validationFailed = Kind(code: .validationFailed)
    /// The input is not JSON the reading options accept.
    public static let malformedJSON = Kind(code: .malformedJSON)
    /// The path given for the result does not lead to a value.
    public static let resultNotFound = Kind(code: .resultNotFound)

    // Constraints (`@Constraint`): one kind per constraint; ``JSONDecodingProblem/parameters``
    // holds its bound (`limit`), what was found (`found`) and, for a pattern, the pattern.

    /// A number (or date) is not greater than its exclusive lower bound.
    public static let greaterThan = Kind(code: .greaterThan)
    /// A number (or date) is below its inclusive lower bound.
    public static let greaterThanOrEqual = Kind(code: .greaterThanOrEqual)
    /// A number (or date) is not less than its exclusive upper bound.
    public static let lessThan = Kind(code: .lessThan)
    /// A number (or date) is above its inclusive upper bound.
    public static let lessThanOrEqual = Kind(code: .lessThanOrEqual)
    /// A number is not a multiple of the constraint's number.
    public static let multipleOf = Kind(code: .multipleOf)
    /// A string has fewer Unicode scalars than its minimum length.
    public static let stringTooShort = Kind(code: .stringTooShort)
    /// A string has more Unicode scalars than its maximum length.
    public static let stringTooLong = Kind(code: .stringTooLong)
    /// A string does not match its pattern.
    public static let patternMismatch = Kind(code: .patternMismatch)
    /// An array, set or dictionary has fewer elements than its minimum count.
    public static let tooFewElements = Kind(code: .tooFewElements)
    /// An array, set or dictionary has more elements than its maximum count.
    public static let tooManyElements = Kind(code: .tooManyElements)
    /// A value is not one of the values allowed.
    public static let notAllowed = Kind(code: .notAllowed)
    /// A date's text has no time zone (no `Z` or offset).
    public static let missingTimeZone = Kind(code: .missingTimeZone)
    /// A date is not in the past.
    public static let notInPast = Kind(code: .notInPast)
    /// A date is not in the future.
    public static let notInFuture = Kind(code: .notInFuture)
    /// A model's rule across its properties (``JSONRules``) failed.
    public static let ruleFailed = Kind(code: .ruleFailed)

    /// The kind's name, as spelled by its static member.
    public var description: String { String(describing: code) }

    /// Whether the problem is about a value of the shape the model reads that breaks one of
    /// the model's own rules: a `@Constraint`, a rule across properties
    /// (``ruleFailed``), or `validate()` (``validationFailed``). A server answers a body whose
    /// every problem is of such a kind with 422 Unprocessable Content rather than 400.
    public var isConstraint: Bool {
      switch code {
      case .greaterThan, .greaterThanOrEqual, .lessThan, .lessThanOrEqual, .multipleOf,
        .stringTooShort, .stringTooLong, .patternMismatch, .tooFewElements, .tooManyElements,
        .notAllowed, .missingTimeZone, .notInPast, .notInFuture, .ruleFailed, .validationFailed:
        true
      default: false
      }
    }
  }

  /// The category of the problem.
  public var kind: Kind
  /// The JSON path of the value (or of the missing key), such as `items[3].media.m`; empty for
  /// the top-level value, and for problems past the first 200 of a decode (see ``location``).
  public var path: JSONPath
  /// Where the value (for a missing key, its object) stands in the text. `nil` when there is no
  /// text of the user's (a decode from Foundation objects or a `JSONValue`), and for problems
  /// past the first 200 of a decode, whose position and path would each cost a pass over the
  /// input.
  public var location: JSONSourceLocation?
  /// What the model needed, such as `a URL` or `an integer between 0 and 255`.
  public var expected: String
  /// What the input had, such as `string "abc"`, or empty for a missing key.
  public var found: String
  /// A suggestion, such as `did you mean 'published'?`, or empty.
  public var hint: String
  /// The error behind the problem, when there is one: the `JSONReadError` of malformed
  /// input, what a model's `validate()` or a custom type or transformer threw.
  public var cause: (any Error)?
  /// What a constraint's problem is about, by name, for messages and for programs: `limit`
  /// (the bound: a number, a count, or a date's text), `found` (the value, length or count
  /// found), `pattern`, `allowed` (the values allowed), `rule` (a rule's description). Empty
  /// for the other kinds.
  public var parameters: [String: JSONValue] = [:]

  /// Creates a problem; decoders make these, tests and custom reports may too.
  ///
  /// - Parameters:
  ///   - kind: The category.
  ///   - path: The JSON path of the value.
  ///   - location: Where the value stands in the text, if there is text.
  ///   - expected: What the model needed.
  ///   - found: What the input had.
  ///   - hint: A suggestion, or empty.
  ///   - cause: The error behind the problem, if any.
  public init(
    kind: Kind, path: JSONPath, location: JSONSourceLocation? = nil, expected: String,
    found: String = "", hint: String = "", cause: (any Error)? = nil
  ) {
    self.kind = kind
    self.path = path
    self.location = location
    self.expected = expected
    self.found = found
    self.hint = hint
    self.cause = cause
  }

  /// What went wrong, in one sentence: `missing key 'published'`, `expected a URL, found
  /// number 12`; from the message table in force (``JSONProblemMessages/current``).
  public var message: String { JSONProblemMessages.current.message(for: self) }

  /// The message of the standard table: built from ``expected``, ``found`` and ``kind``.
  var standardMessage: String {
    switch kind {
    case .missingKey:
      return "missing key '\(path.components.last.map(Self.name) ?? "")'"
        + (expected.isEmpty ? "" : " (\(expected))")
    case .nullValue: return "expected \(expected), found null"
    case .resultNotFound: return "expected \(expected)" + (found.isEmpty ? "" : ": \(found)")
    case .everyElementFailed, .validationFailed, .malformedJSON, .ruleFailed:
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

  /// `PATH (line L, column C): message; hint` on one line; without a position,
  /// `PATH: message; hint` (`top level` for the top-level value).
  public var description: String {
    var place = path.placeDescription
    if let location { place += " (\(location))" }
    return "\(place): \(message)" + (hint.isEmpty ? "" : "; \(hint)")
  }

  /// ``description`` followed by the excerpt and a caret under the problem, for terminals.
  public var detailedDescription: String {
    guard let caret = location?.caretLines, !caret.isEmpty else { return description }
    return description + "\n" + caret
  }

  /// Problems are equal when everything but their cause is.
  ///
  /// - Parameters:
  ///   - lhs: A problem.
  ///   - rhs: Another problem.
  /// - Returns: Whether they report the same thing at the same place.
  public static func == (lhs: JSONDecodingProblem, rhs: JSONDecodingProblem) -> Bool {
    lhs.kind == rhs.kind && lhs.path == rhs.path && lhs.location == rhs.location
      && lhs.expected == rhs.expected && lhs.found == rhs.found && lhs.hint == rhs.hint
      && lhs.parameters == rhs.parameters
  }

  /// Hashes everything but the cause.
  ///
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(kind)
    hasher.combine(path)
    hasher.combine(location)
    hasher.combine(expected)
    hasher.combine(found)
    hasher.combine(hint)
    hasher.combine(parameters)
  }
}

extension String {
  func replacingNewlines() -> String {
    split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n  ")
  }
}

extension JSONDecodingProblem {
  /// The problem a decode reports for input the reader rejected: kind
  /// ``Kind-swift.struct/malformedJSON`` with the reader's position and message for text;
  /// for input that was not text (a `JSONValue` holding NaN), ``Kind-swift.struct/invalidValue``
  /// at the error's path. The read error is the cause.
  ///
  /// - Parameter error: The reader's error.
  public init(readError error: JSONReadError) {
    self.init(
      kind: error.location == nil ? .invalidValue : .malformedJSON,
      path: error.path ?? JSONPath(), location: error.location,
      expected: error.location == nil ? "a value JSON can hold" : "valid JSON",
      found: error.message, cause: error)
  }
}
