/// An error thrown while writing JSON: by ``JSONWriter``, and by every export of a model
/// (`jsonBytes()`, `jsonData()`, … in `Bindery`): a value JSON cannot hold, nesting past the
/// limit, a call out of order, or a value an encoder refused, with the JSON path of the value.
///
/// ```swift
/// do {
///     _ = try photo.jsonBytes()
/// } catch {
///     print(error)  // at items[3].rating: infinity is not a JSON number …
/// }
/// ```
public struct JSONWriteError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The category of a ``JSONWriteError``.
  ///
  /// Kinds are compared with `==` against the static members; new kinds may be added in later
  /// versions, so a `switch` over them needs a default branch.
  public struct Kind: Sendable, Hashable, CustomStringConvertible {
    enum Code: UInt8, Sendable {
      case nonFiniteNumber, depthLimitExceeded, invalidState, invalidValue, unknownProperty
    }
    let code: Code
    /// An infinity or NaN, with ``JSONWritingOptions/NonFiniteNumberPolicy/reject``.
    public static let nonFiniteNumber = Kind(code: .nonFiniteNumber)
    /// Nesting deeper than ``JSONWritingOptions/maxDepth``.
    public static let depthLimitExceeded = Kind(code: .depthLimitExceeded)
    /// A call out of order: a value where a key is due, a key outside an object, an unbalanced
    /// end, or output taken before the value is complete.
    public static let invalidState = Kind(code: .invalidState)
    /// A value an encoder refused: a date no text format can hold, a transformer's or a custom
    /// `encode(to:)`'s own error (kept as ``JSONWriteError/cause``).
    public static let invalidValue = Kind(code: .invalidValue)
    /// An export filter named a key path that is not a stored property the model writes.
    public static let unknownProperty = Kind(code: .unknownProperty)
    /// The kind's name.
    public var description: String { String(describing: code) }
  }

  /// What went wrong.
  public let kind: Kind
  /// What was written, or attempted, and why it failed.
  public let message: String
  /// The JSON path of the value being written (empty at the top level).
  public let path: JSONPath
  /// The error an encoder or transformer of your own threw, when that is what failed.
  public let cause: (any Error)?

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - kind: What went wrong.
  ///   - message: What was written, or attempted, and why it failed.
  ///   - path: The JSON path of the value.
  ///   - cause: The error behind it, if any.
  public init(kind: Kind, message: String, path: JSONPath = JSONPath(), cause: (any Error)? = nil) {
    self.kind = kind
    self.message = message
    self.path = path
    self.cause = cause
  }

  /// `at PATH: message`.
  public var description: String { "at \(path.placeDescription): \(message)" }

  /// Errors are equal when kind, message and path are; the cause is not compared.
  ///
  /// - Parameters:
  ///   - lhs: An error.
  ///   - rhs: Another error.
  /// - Returns: Whether they report the same failure.
  public static func == (lhs: JSONWriteError, rhs: JSONWriteError) -> Bool {
    lhs.kind == rhs.kind && lhs.message == rhs.message && lhs.path == rhs.path
  }

  /// Hashes kind, message and path.
  ///
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(kind)
    hasher.combine(message)
    hasher.combine(path)
  }
}
