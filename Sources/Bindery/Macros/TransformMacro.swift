import BinderyJSON

/// Converts the property through a transformer in both directions.
///
/// ```swift
/// @Transform(.separated(by: " ")) var tags: [String]
/// @Transform(.dateFormat("yyyy-MM-dd HH:mm:ss")) var taken: Date
/// @Transform(.unixMilliseconds) var updated: Date?
/// ```
///
/// - Parameter transformer: Any ``JSONTransformer`` whose value type is the property's (or,
///   for an optional property, its wrapped type).
@attached(peer)
public macro Transform<T: JSONTransformer>(_ transformer: T) =
  #externalMacro(module: "BinderyMacros", type: "MarkerMacro")
