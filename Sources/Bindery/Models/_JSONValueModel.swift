/// A type read from and written as a single JSON value: what `@JSONModel` adopts for enums
/// whose cases are JSON strings (or raw values).
@_documentation(visibility: private)
public protocol _JSONValueModel: JSONDecodable, JSONEncodable {}
