// Property filters named by key path: each key path is resolved to the name of the stored
// property it refers to through the model's generated `_propertyName(for:)`.

extension JSONPropertyFilter {
  /// Writes only the properties named by `keyPaths`.
  ///
  /// - Parameter keyPaths: Key paths of stored properties, such as `[\User.email]`.
  /// - Returns: The filter.
  /// - Throws: `JSONWriteError` (`JSONWriteError.Kind.unknownProperty`) for a key path that
  ///   is not a stored property of the model.
  public static func including<Model: JSONModel>(_ keyPaths: [PartialKeyPath<Model>])
    throws(JSONWriteError) -> JSONPropertyFilter
  {
    try including(Set(keyPaths.map { $0 as AnyKeyPath }), of: Model.self)
  }

  /// Writes only the properties named by a set of key paths, such as the set
  /// ``JSONUpdatable/update(json:options:)-1wbhp`` returns.
  ///
  /// - Parameters:
  ///   - keyPaths: Key paths of stored properties.
  ///   - model: The model they belong to.
  /// - Returns: The filter.
  /// - Throws: `JSONWriteError` (`JSONWriteError.Kind.unknownProperty`) for a key path that
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
  /// - Throws: `JSONWriteError` (`JSONWriteError.Kind.unknownProperty`) for a key path that
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
  /// - Throws: `JSONWriteError` (`JSONWriteError.Kind.unknownProperty`) for a key path that
  ///   is not a stored property of the model.
  public static func excluding<Model: JSONModel>(
    _ keyPaths: Set<AnyKeyPath>, of model: Model.Type
  ) throws(JSONWriteError) -> JSONPropertyFilter {
    JSONPropertyFilter(
      included: nil, excluded: try names(keyPaths, of: Model.self), model: "\(Model.self)",
      admits: { $0 is Model })
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
