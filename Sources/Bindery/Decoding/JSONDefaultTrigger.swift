/// When a property's ``Default(_:when:)`` value replaces what the input had.
public enum JSONDefaultTrigger: Sendable, Hashable {
  /// Only when the key is missing.
  case missing
  /// When the key is missing or its value is `null`.
  case missingOrNull
  /// When the key is missing, `null`, or its value fails to decode (recorded as a warning).
  case anyProblem
}
