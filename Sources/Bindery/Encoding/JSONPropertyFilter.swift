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
  /// Whether a value is an instance of that model (or of a subclass).
  let admits: @Sendable (Any) -> Bool

  /// Writes only the properties named by `keyPaths`.
  ///
  /// - Parameter keyPaths: Key paths of stored properties, such as `[\User.email]`.
  /// - Returns: The filter.
  /// - Throws: ``JSONWriteError`` (``JSONWriteError/Kind/unknownProperty``) for a key path that
  ///   is not a stored property of the model.
  public static func including<Model: JSONModel>(_ keyPaths: [PartialKeyPath<Model>])
    throws(JSONWriteError) -> JSONPropertyFilter
  {
    try including(Set(keyPaths.map { $0 as AnyKeyPath }), of: Model.self)
  }

  /// Writes only the properties named by a set of key paths, such as the set
  /// ``JSONUpdatable/update(json:options:)`` returns.
  ///
  /// - Parameters:
  ///   - keyPaths: Key paths of stored properties.
  ///   - model: The model they belong to.
  /// - Returns: The filter.
  /// - Throws: ``JSONWriteError`` (``JSONWriteError/Kind/unknownProperty``) for a key path that
  ///   is not a stored property of the model.
  public static func including<Model: JSONModel>(
    _ keyPaths: Set<AnyKeyPath>, of model: Model.Type
  ) throws(JSONWriteError) -> JSONPropertyFilter {
    JSONPropertyFilter(
      included: try names(keyPaths, of: Model.self), excluded: [], model: "\(Model.self)",
      admits: { $0 is Model })
  }

  /// Writes every property but those named by `keyPaths`.
  ///
  /// - Parameter keyPaths: Key paths of stored properties, such as `[\Photo.views]`.
  /// - Returns: The filter.
  /// - Throws: ``JSONWriteError`` (``JSONWriteError/Kind/unknownProperty``) for a key path that
  ///   is not a stored property of the model.
  public static func excluding<Model: JSONModel>(_ keyPaths: [PartialKeyPath<Model>])
    throws(JSONWriteError) -> JSONPropertyFilter
  {
    try excluding(Set(keyPaths.map { $0 as AnyKeyPath }), of: Model.self)
  }

  /// Writes every property but those named by a set of key paths.
  ///
  /// - Parameters:
  ///   - keyPaths: Key paths of stored properties.
  ///   - model: The model they belong to.
  /// - Returns: The filter.
  /// - Throws: ``JSONWriteError`` (``JSONWriteError/Kind/unknownProperty``) for a key path that
  ///   is not a stored property of the model.
  public static func excluding<Model: JSONModel>(
    _ keyPaths: Set<AnyKeyPath>, of model: Model.Type
  ) throws(JSONWriteError) -> JSONPropertyFilter {
    JSONPropertyFilter(
      included: nil, excluded: try names(keyPaths, of: Model.self), model: "\(Model.self)",
      admits: { $0 is Model })
  }

  /// Whether the export writes the property named `property`.
  func includes(_ property: String) -> Bool {
    if excluded.contains(property) { return false }
    return included?.contains(property) ?? true
  }

  /// The property names of key paths.
  private static func names<Model: JSONModel>(_ keyPaths: Set<AnyKeyPath>, of model: Model.Type)
    throws(JSONWriteError) -> Set<String>
  {
    var names: Set<String> = []
    for keyPath in keyPaths {
      guard let name = Model._propertyName(for: keyPath) else {
        throw JSONWriteError(
          kind: .unknownProperty,
          message: "\(keyPath) is not a stored property \(Model.self) writes")
      }
      names.insert(name)
    }
    return names
  }
}
