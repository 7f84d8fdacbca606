import BinderyJSON

/// Whether this optional property is written as `null` when `nil`, whatever the model's or
/// export's policy.
///
/// ```swift
/// @Nulls(.write) var middleName: String?
/// ```
///
/// - Parameter policy: `.write` or `.omit`.
@attached(peer)
public macro Nulls(_ policy: JSONNullEncoding) =
  #externalMacro(module: "BinderyMacros", type: "MarkerMacro")
