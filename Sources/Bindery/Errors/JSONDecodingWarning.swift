public import BinderyJSON

/// Something a decode did that was not strictly by the book, reported after it succeeded: a
/// value coerced from another type, an element a lossy collection skipped, a default used for a
/// bad value.
public struct JSONDecodingWarning: Sendable, Hashable, CustomStringConvertible {
  /// The category of a warning.
  ///
  /// Kinds are compared with `==` against the static members; new kinds may be added in later
  /// versions, so a `switch` over them needs a default branch.
  public struct Kind: Sendable, Hashable, CustomStringConvertible {
    enum Code: UInt8, Sendable {
      case coerced, skippedElement, defaultUsed, repeatedKey, unknownCase, severalCasesMatched
    }
    let code: Code

    /// A value of another JSON type was converted (`"3"` read as `3`).
    public static let coerced = Kind(code: .coerced)
    /// A lossy collection skipped an element that failed to decode.
    public static let skippedElement = Kind(code: .skippedElement)
    /// A property's default replaced a null or bad value.
    public static let defaultUsed = Kind(code: .defaultUsed)
    /// An object had a key more than once, and the duplicate-key policy chose which value to
    /// read (`JSONReadingOptions.duplicateKeys`).
    public static let repeatedKey = Kind(code: .repeatedKey)
    /// A union met a tag none of its cases names, and its fallback case kept the value as it
    /// was.
    public static let unknownCase = Kind(code: .unknownCase)
    /// More than one case of an untagged union could read the value; the first was taken.
    public static let severalCasesMatched = Kind(code: .severalCasesMatched)

    /// The kind's name, as spelled by its static member.
    public var description: String { String(describing: code) }
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
    var text = "\(path.placeDescription): \(message)"
    for problem in problems { text += "\n    " + problem.description }
    return text
  }
}
