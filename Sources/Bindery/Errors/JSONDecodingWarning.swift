public import BinderyJSON

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
    /// An object had a key more than once, and the duplicate-key policy chose which value to
    /// read (``JSONReadingOptions/duplicateKeys``).
    case repeatedKey
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
