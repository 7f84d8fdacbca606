/// The type of a JSON value.
public enum JSONKind: String, Sendable, Hashable, CaseIterable {
  /// `null`
  case null
  /// `true` or `false`
  case bool
  /// A number.
  case number
  /// A string.
  case string
  /// An array.
  case array
  /// An object.
  case object
}
