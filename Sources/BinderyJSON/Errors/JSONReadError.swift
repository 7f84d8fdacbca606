/// An error thrown while reading JSON: a syntax error found by the scanner, a limit that was
/// exceeded, or a value that could not be read as the requested type.
///
/// Every error names where it happened: its ``location`` in the text (byte offset, 1-based line
/// and column, the line as an excerpt) and — for errors raised while reading a value from a
/// ``JSONDocument`` — the JSON ``path`` of that value.
///
/// ```swift
/// do {
///   _ = try JSONDocument(parsing: #"{"a": 1 "b": 2}"#)
/// } catch {
///   print(error)  // 1:9: expected ',' or '}' after object member, found '"'
///   print(error.detailedDescription)
/// }
/// ```
public struct JSONReadError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong; compare it with the static members, for example
  /// `error.kind == .unexpectedCharacter`.
  public let kind: Kind
  /// A one-line message saying what was expected and what was found, without position.
  public let message: String
  /// Where in the text the problem is: byte offset, line, column and excerpt. `nil` when the
  /// document was not text the user gave (objects an app held, a ``JSONValue``), whose errors
  /// name their ``path`` alone.
  public let location: JSONSourceLocation?
  /// The JSON path of the value being read (`items[3].media.m`), when the error was raised
  /// while reading a value from a document; `nil` for syntax errors.
  public let path: JSONPath?

  /// Creates an error.
  ///
  /// Bindery itself creates errors through the scanner and cursor; this initializer exists for
  /// layers that report their own problems with the same shape.
  ///
  /// - Parameters:
  ///   - kind: What went wrong.
  ///   - message: What was expected and what was found.
  ///   - location: Where in the text, if there is text.
  ///   - path: The JSON path of the value, if known.
  public init(kind: Kind, message: String, location: JSONSourceLocation?, path: JSONPath? = nil) {
    self.kind = kind
    self.message = message
    self.location = location
    self.path = path
  }

  /// `LINE:COLUMN: message` (with `at PATH` when there is a path) on one line; without text,
  /// `PATH: message`.
  public var description: String {
    guard let location else {
      return (path ?? JSONPath()).placeDescription + ": " + message
    }
    let place = "\(location.line):\(location.column): "
    guard let path else { return place + message }
    return place + "at \(path.placeDescription): " + message
  }

  /// ``description`` followed by the excerpt and a caret under the problem, for terminals.
  public var detailedDescription: String {
    guard let caret = location?.caretLines, !caret.isEmpty else { return description }
    return description + "\n" + caret
  }

  /// Builds an error at `offset` in `bytes`, resolving line, column and excerpt.
  init(
    _ kind: Kind, _ message: String, at offset: Int, in bytes: UnsafeBufferPointer<UInt8>,
    path: JSONPath? = nil
  ) {
    self.init(
      kind: kind, message: message, location: JSONSourceLocation(offset: offset, in: bytes),
      path: path)
  }
}

extension JSONReadError {
  /// The category of a ``JSONReadError``.
  ///
  /// Kinds are compared with `==` against the static members; new kinds may be added in later
  /// versions, so a `switch` over them needs a default branch.
  public struct Kind: Sendable, Hashable, CustomStringConvertible {
    enum Code: UInt8, Sendable {
      case unexpectedEndOfInput, unexpectedCharacter, invalidNumber, invalidString
      case invalidEscape, invalidUnicodeEscape, invalidUTF8, controlCharacterInString
      case trailingContent, depthLimitExceeded, sizeLimitExceeded, duplicateKey
      case typeMismatch, keyNotFound, indexOutOfRange, numberOutOfRange, numberNotInteger
      case invalidPath, unsupportedValue
    }
    let code: Code

    /// The input ended inside a value, or held no value at all.
    public static let unexpectedEndOfInput = Kind(code: .unexpectedEndOfInput)
    /// A byte that the grammar does not allow at that place.
    public static let unexpectedCharacter = Kind(code: .unexpectedCharacter)
    /// A number that breaks the number grammar (leading zeros, `1.`, `-`, `1e`).
    public static let invalidNumber = Kind(code: .invalidNumber)
    /// A string that is not closed, or otherwise malformed.
    public static let invalidString = Kind(code: .invalidString)
    /// A backslash escape that is not allowed (`\x`, or `\'` without the option).
    public static let invalidEscape = Kind(code: .invalidEscape)
    /// A `\u` escape with bad hex digits or a lone surrogate.
    public static let invalidUnicodeEscape = Kind(code: .invalidUnicodeEscape)
    /// Bytes that are not valid UTF-8 (including overlong forms and encoded surrogates).
    public static let invalidUTF8 = Kind(code: .invalidUTF8)
    /// An unescaped control character (U+0000 to U+001F) inside a string.
    public static let controlCharacterInString = Kind(code: .controlCharacterInString)
    /// More content after the top-level value.
    public static let trailingContent = Kind(code: .trailingContent)
    /// Arrays and objects nested deeper than the configured limit.
    public static let depthLimitExceeded = Kind(code: .depthLimitExceeded)
    /// Input larger than the configured (or supported) size.
    public static let sizeLimitExceeded = Kind(code: .sizeLimitExceeded)
    /// The same key twice in one object, when duplicates are rejected.
    public static let duplicateKey = Kind(code: .duplicateKey)
    /// A value of another type than the one requested.
    public static let typeMismatch = Kind(code: .typeMismatch)
    /// An object has no member with the requested key.
    public static let keyNotFound = Kind(code: .keyNotFound)
    /// An array has no element at the requested index.
    public static let indexOutOfRange = Kind(code: .indexOutOfRange)
    /// A number too large or too small for the requested type.
    public static let numberOutOfRange = Kind(code: .numberOutOfRange)
    /// A number with a fractional part, requested as an integer.
    public static let numberNotInteger = Kind(code: .numberNotInteger)
    /// A JSON path or JSON Pointer that cannot be parsed.
    public static let invalidPath = Kind(code: .invalidPath)
    /// A value JSON cannot hold, in input that was not text: NaN in a ``JSONValue`` read
    /// without JSON5.
    public static let unsupportedValue = Kind(code: .unsupportedValue)

    /// The kind's name, as spelled by its static member.
    public var description: String { String(describing: code) }
  }
}
