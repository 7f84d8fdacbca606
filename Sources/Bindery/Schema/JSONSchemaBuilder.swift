/// A type that describes the JSON it reads as a JSON Schema: every `@JSONModel` type, and the
/// standard types models hold.
///
/// ```swift
/// let schema: JSONValue = Photo.jsonSchema      // {"$schema": …, "$ref": "#/$defs/Photo", …}
/// print(try schema.jsonString(options: .init(prettyPrinted: true)))
/// ```
public protocol JSONSchemaProviding {
  /// For generated code: the schema of this type's values, with the models it uses added to
  /// `schema`'s definitions.
  ///
  /// - Parameter schema: The document being built.
  /// - Returns: The schema, inline.
  @_documentation(visibility: private)
  static func _jsonSchema(in schema: inout JSONSchemaBuilder) -> JSONValue

  /// For generated code: whether the schema is a definition of its own, referred to by
  /// `$ref` (models), rather than written inline (standard types).
  @_documentation(visibility: private)
  static var _jsonSchemaIsDefinition: Bool { get }
}

extension JSONSchemaProviding {
  /// Standard types are written inline.
  @_documentation(visibility: private)
  public static var _jsonSchemaIsDefinition: Bool { false }
}

extension JSONSchemaProviding {
  /// The JSON Schema (draft 2020-12) of the JSON this type reads, derived from its mapping:
  /// keys after the key strategy, nested key paths as nested objects, required and optional
  /// members, defaults, integer ranges, formats, enums and unions, with every model it uses
  /// in `$defs`. Members whose type describes no schema accept any value and say why in a
  /// `$comment`; ``JSONSchemaBuilder/schema(for:)-type.method`` reports them as an error instead.
  public static var jsonSchema: JSONValue { JSONSchemaBuilder.document(for: Self.self).schema }
}

/// Why a type has no JSON Schema.
public struct JSONSchemaError: Error, Sendable, Hashable, CustomStringConvertible {
  /// Each type met without a schema, with the place in the schema where it was needed
  /// (`#/$defs/Photo/properties/owner`).
  public var missing: [String]

  /// Each missing schema, with its place.
  public var description: String {
    "no JSON Schema for " + missing.joined(separator: "; ")
  }
}

/// Builds a JSON Schema document: the definitions of the models met so far, and the formats in
/// force. Generated `@JSONModel` code calls it; use ``schema(for:)-type.method`` or a model's
/// ``JSONSchemaProviding/jsonSchema`` to get a whole document.
public struct JSONSchemaBuilder: Sendable {
  private var definitions: [String: JSONValue] = [:]
  private var order: [String] = []
  private var names: [ObjectIdentifier: String] = [:]
  private var missing: [String] = []
  /// Where in the document the schema being built goes, for messages.
  var place: [String] = ["#"]
  /// The format of `Date` values without a transformer, as the enclosing model declares.
  private var dates = JSONDateFormat.iso8601

  static let dialect: JSONValue = "https://json-schema.org/draft/2020-12/schema"

  /// The schema document of any type: a `@JSONModel` type, a standard type, or a collection of
  /// them.
  ///
  /// - Parameter type: The type.
  /// - Returns: The document.
  /// - Throws: ``JSONSchemaError`` naming each type on the way that describes no schema (a
  ///   `Codable` type that is not a `@JSONModel`, a transformer without a schema).
  public static func schema(for type: Any.Type) throws(JSONSchemaError) -> JSONValue {
    let (schema, missing) = document(for: type)
    if !missing.isEmpty { throw JSONSchemaError(missing: missing) }
    return schema
  }

  static func document(for type: Any.Type) -> (schema: JSONValue, missing: [String]) {
    var builder = JSONSchemaBuilder()
    let root = builder.schema(for: type)
    var document = JSONObject()
    document["$schema"] = dialect
    if case .object(let object) = root {
      for (key, value) in object { document[key] = value }
    } else if root == true {
      document["$comment"] = "any JSON value"
    } else {
      document["not"] = [:]
    }
    if !builder.order.isEmpty {
      document["$defs"] = .object(
        JSONObject(builder.order.map { ($0, builder.definitions[$0] ?? true) }))
    }
    return (.object(document), builder.missing)
  }

  // MARK: Types

  /// The schema of a type's values: a `$ref` to its definition for a model, the schema itself
  /// for other types.
  ///
  /// - Parameter type: The type.
  /// - Returns: The schema.
  public mutating func schema(for type: Any.Type) -> JSONValue {
    guard let described = type as? any JSONSchemaProviding.Type else {
      return noSchema("\(type) is not a @JSONModel type and describes no JSON Schema")
    }
    guard described._jsonSchemaIsDefinition else { return described._jsonSchema(in: &self) }
    let identifier = ObjectIdentifier(type)
    if let name = names[identifier] { return ["$ref": .string("#/$defs/" + name)] }
    let name = definitionName(for: type)
    names[identifier] = name
    order.append(name)
    definitions[name] = true  // reserved, for models that contain themselves
    let saved = (place, dates)
    place = ["#", "$defs", name]
    dates = .iso8601
    definitions[name] = described._jsonSchema(in: &self)
    (place, dates) = saved
    return ["$ref": .string("#/$defs/" + name)]
  }

  /// For generated code: the schema of a member, read with a transformer, or with the model's
  /// date format when it has none.
  @_documentation(visibility: private)
  public mutating func _member(
    _ type: Any.Type, key: String, using transformer: (any JSONTransformer)? = nil,
    dates: JSONDateFormat? = nil
  ) -> JSONValue {
    place.append(contentsOf: ["properties", key])
    let saved = self.dates
    if let dates { self.dates = dates }
    defer {
      place.removeLast(2)
      self.dates = saved
    }
    guard let transformer else { return schema(for: type) }
    return transformed(type, by: transformer)
  }

  /// For generated code: the schema of a member read with a transformer.
  @_documentation(visibility: private)
  public mutating func _member<Transformer: JSONTransformer>(
    _ type: Any.Type, key: String, using transformer: Transformer, dates: JSONDateFormat? = nil
  ) -> JSONValue {
    _member(type, key: key, using: transformer as any JSONTransformer, dates: dates)
  }

  private mutating func transformed(_ type: Any.Type, by transformer: any JSONTransformer)
    -> JSONValue
  {
    if type == Self.value(of: transformer) {
      guard let described = transformer as? any JSONSchemaDescribingTransformer else {
        return noSchema("the transformer \(Swift.type(of: transformer)) describes no JSON Schema")
      }
      return described.jsonSchema
    }
    guard let container = type as? any _JSONSchemaContainer.Type else {
      return noSchema("the transformer \(Swift.type(of: transformer)) does not read \(type)")
    }
    return container._wrap(transformed(container._elementType, by: transformer))
  }

  private static func value<T: JSONTransformer>(of transformer: T) -> Any.Type { T.Value.self }

  /// The schema of a `Date` under the format in force.
  mutating func dateSchema() -> JSONValue { dates.jsonSchema }

  mutating func noSchema(_ reason: String) -> JSONValue {
    missing.append(place.joined(separator: "/") + ": " + reason)
    return ["$comment": .string(reason)]
  }

  /// A definition name from the type's name, unique in the document and safe in a URI.
  private func definitionName(for type: Any.Type) -> String {
    let base = String(String(describing: type).map { $0.isLetter || $0.isNumber ? $0 : "_" })
    var name = base
    var number = 2
    while definitions[name] != nil {
      name = base + String(number)
      number += 1
    }
    return name
  }
}

/// A transformer that knows the JSON it reads, for the schema of the properties it transforms.
public protocol JSONSchemaDescribingTransformer {
  /// The schema of the JSON the transformer reads.
  var jsonSchema: JSONValue { get }
}

/// Collections and optionals: their schema wraps their element's.
@_documentation(visibility: private)
public protocol _JSONSchemaContainer {
  static var _elementType: Any.Type { get }
  static func _wrap(_ element: JSONValue) -> JSONValue
}

// MARK: Schema pieces

extension JSONSchemaBuilder {
  /// The schema of a value that may also be `null`.
  static func nullable(_ schema: JSONValue) -> JSONValue {
    guard case .object(var object) = schema else { return schema }
    if case .string(let type) = object["type"], object.count == 1 || object["$ref"] == nil {
      object["type"] = [.string(type), "null"]
      return .object(object)
    }
    if case .array(var types) = object["type"] {
      if !types.contains("null") { types.append("null") }
      object["type"] = .array(types)
      return .object(object)
    }
    if object.isEmpty { return schema }
    return ["anyOf": [schema, ["type": "null"]]]
  }
}
