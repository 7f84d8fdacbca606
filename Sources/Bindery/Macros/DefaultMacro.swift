import BinderyJSON

/// A value used when the key is missing (and, when asked, when it is `null` or bad).
///
/// ```swift
/// @Default(0) var views: Int
/// @Default("unknown", when: .anyProblem) var license: String
/// ```
///
/// - Parameters:
///   - value: The default; any expression of the property's type.
///   - trigger: When the default applies: `.missing` (default), `.missingOrNull`, `.anyProblem`.
@attached(peer)
public macro Default<T>(_ value: T, when trigger: JSONDefaultTrigger = .missing) =
  #externalMacro(module: "BinderyMacros", type: "MarkerMacro")
