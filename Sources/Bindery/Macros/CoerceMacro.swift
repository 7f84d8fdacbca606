/// Converts values of another JSON type where the meaning is clear (`"3"` → 3, `1` → true)
/// for this property, recording each conversion as a warning.
@attached(peer)
public macro Coerce() = #externalMacro(module: "BinderyMacros", type: "MarkerMacro")
