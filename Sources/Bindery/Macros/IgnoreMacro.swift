import BinderyJSON

/// Leaves a property out of the JSON mapping.
///
/// ```swift
/// @Ignore var isFavorite = false            // neither read nor written
/// @Ignore(.encoding) var password: String   // read, never written
/// ```
///
/// - Parameter direction: `.both` (default), `.decoding` or `.encoding`. A property not read
///   needs an initial value or an optional type.
@attached(peer)
public macro Ignore(_ direction: JSONIgnoreDirection = .both) =
  #externalMacro(module: "BinderyMacros", type: "MarkerMacro")

/// Which directions `@Ignore` leaves a property out of.
public enum JSONIgnoreDirection: Sendable, Hashable {
  /// Neither read nor written; the property needs a default value (or is optional).
  case both
  /// Not read (keeps its default value), but written.
  case decoding
  /// Read, but not written.
  case encoding
}
