/// A type read from and written as a single JSON value: what `@JSONModel` adopts for enums
/// whose cases are JSON strings (or raw values).
@_documentation(visibility: private)
public protocol _JSONValueModel: JSONDecodable, JSONEncodable, JSONSchemaProviding {}

extension _JSONValueModel {
  /// A model's schema is a definition of its own, so that models that contain themselves
  /// refer to it.
  @_documentation(visibility: private)
  public static var _jsonSchemaIsDefinition: Bool { true }
}
