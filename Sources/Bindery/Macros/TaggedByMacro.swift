import BinderyJSON

/// Reads a union property with its tag in the enclosing object: the member `key` beside the
/// property's own key names the case, and is written back there, once, on encode.
///
/// ```swift
/// @JSONModel(tag: "type", content: "payload")
/// enum EventPayload {
///     @Key("PushEvent") case push(PushPayload)
///     @Key("WatchEvent") case watch(WatchPayload)
///     case other(String, JSONValue)       // any other type, kept as read
/// }
///
/// @JSONModel
/// struct Event {
///     var id: String
///     @TaggedBy("type") var payload: EventPayload   // {"id": …, "type": "PushEvent", "payload": {…}}
/// }
/// ```
///
/// The property's type is a ``JSONTaggedUnion`` (an enum with `@JSONModel(tag:content:)`; only
/// its cases' tags are used here, with the property's key for the content). An optional
/// property is `nil` when its content is missing or `null`. Another property may read the tag
/// too, but not write it.
///
/// - Parameter key: The key of the tag, or a dotted path.
@attached(peer)
public macro TaggedBy(_ key: String) =
  #externalMacro(module: "BinderyMacros", type: "MarkerMacro")
