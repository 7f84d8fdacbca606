import BinderyJSON

/// Reads and writes a model's members at the level of the enclosing object rather than in an
/// object of their own (serde's `flatten`).
///
/// ```swift
/// @JSONModel(keyStrategy: .snakeCase)
/// struct Audit {
///     var createdAt: Date
///     var updatedAt: Date
/// }
///
/// @JSONModel
/// struct Document {
///     var id: Int
///     @Flatten var audit: Audit          // {"id": 1, "created_at": …, "updated_at": …}
///     @UnknownKeys var other: [String: JSONValue]
/// }
/// ```
///
/// A type may flatten several models, and a flattened model may flatten others. Keys a
/// flattened model reads are not unknown to the model that flattens it. On a
/// `[String: JSONValue]` property, `@Flatten` keeps the members no other property reads, as
/// `@UnknownKeys` does. Property filters on export apply to the top-level model's own
/// properties: a flattened model is written whole or not at all.
@attached(peer)
public macro Flatten() = #externalMacro(module: "BinderyMacros", type: "MarkerMacro")
