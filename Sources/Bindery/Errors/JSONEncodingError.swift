public import BinderyJSON

/// Why an export failed: a value JSON cannot hold (an infinite `Double` under the default
/// policy), nesting past the limit, or a custom encoder's error, with the path of the value.
public struct JSONEncodingError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong.
  public var message: String
  /// The JSON path of the value, such as `items[3].rating`.
  public var path: JSONPath

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - message: What went wrong.
  ///   - path: The JSON path of the value.
  public init(message: String, path: JSONPath = JSONPath()) {
    self.message = message
    self.path = path
  }

  /// `PATH: message`.
  public var description: String {
    (path.components.isEmpty ? "top level" : path.description) + ": " + message
  }

  func prefixed(by component: JSONPath.Component) -> JSONEncodingError {
    JSONEncodingError(message: message, path: JSONPath([component] + path.components))
  }

  /// An element's error with the element's position prepended (other errors pass unchanged).
  @usableFromInline
  static func prefixing(_ error: any Error, with component: JSONPath.Component) -> any Error {
    (error as? JSONEncodingError)?.prefixed(by: component) ?? error
  }
}
