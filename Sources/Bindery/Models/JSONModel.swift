/// A model read from and written to JSON objects, with filters by key path on export: the
/// protocol `@JSONModel` adopts. Hand-written conformances work the same way.
public protocol JSONModel: JSONObjectDecodable, JSONObjectEncodable {
  /// For generated code: the Swift name of the stored property a key path refers to, for
  /// property filters (``JSONPropertyFilter``); `nil` for key paths that are not
  /// stored properties.
  ///
  /// - Parameter keyPath: A key path such as `\.views`.
  /// - Returns: The property's name.
  @_documentation(visibility: private)
  static func _propertyName(for keyPath: AnyKeyPath) -> String?
}

extension JSONModel {
  /// No key path names a property unless the conformance says so.
  @_documentation(visibility: private)
  public static func _propertyName(for keyPath: AnyKeyPath) -> String? { nil }
}
