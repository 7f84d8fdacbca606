/// What an export does with a `nil` optional property.
public enum JSONNullEncoding: Sendable, Hashable {
  /// Leave the key out.
  case omit
  /// Write the key with `null`.
  case write
}
