/// Which stored properties of the top-level model an export writes: all of them, only some, or
/// all but some, named by key path.
///
/// A filter is part of the ``JSONEncodingOptions``, so every output shape takes it:
///
/// ```swift
/// let changed = try user.update(json: edits)
/// let patch = try user.jsonData(options: .init(properties: try .including(changed, of: User.self)))
/// let body = try user.jsonString(options: .init(properties: try .excluding([\User.email])))
/// ```
///
/// Key paths are resolved to property names when the filter is made, so a key path that is not
/// a stored property the model writes is an error at once. A class's inherited properties are
/// named from the class that declares them (`\Resource.id`). Nested models are written whole:
/// the filter applies to the members of the top-level model.
public struct JSONPropertyFilter: Sendable {
  /// The names of the properties written; `nil` for every one not excluded.
  let included: Set<String>?
  /// The names of the properties left out.
  let excluded: Set<String>
  /// The model the names belong to, for errors.
  let model: String
  /// Whether a value is an instance of that model (or of a subclass). Unchecked for sending:
  /// the closure only tests `value is Model`, which reads immutable type metadata and is safe
  /// from any thread, whatever the model's isolation.
  nonisolated(unsafe) let admits: (Any) -> Bool

  /// Whether the export writes the property named `property`.
  @usableFromInline func includes(_ property: String) -> Bool {
    if excluded.contains(property) { return false }
    return included?.contains(property) ?? true
  }

}
