/// Keeps the members the model does not map, so a decode → encode round trip loses nothing.
/// The property's type is `[String: JSONValue]`.
///
/// ```swift
/// @UnknownKeys var extra: [String: JSONValue] = [:]
/// ```
@attached(peer)
public macro UnknownKeys() = #externalMacro(module: "BinderyMacros", type: "MarkerMacro")
