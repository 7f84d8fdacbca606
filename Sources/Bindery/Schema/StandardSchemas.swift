public import Foundation

// The schemas of the standard types models hold, inline in the schema of each member.

extension String: JSONSchemaProviding {
  public static func _jsonSchema(in schema: inout JSONSchemaBuilder) -> JSONValue {
    ["type": "string"]
  }
}

extension Bool: JSONSchemaProviding {
  public static func _jsonSchema(in schema: inout JSONSchemaBuilder) -> JSONValue {
    ["type": "boolean"]
  }
}

extension _JSONInteger {
  /// An integer within the type's range.
  public static func _jsonSchema(in schema: inout JSONSchemaBuilder) -> JSONValue {
    ["type": "integer", "minimum": .number(JSONNumber(min)), "maximum": .number(JSONNumber(max))]
  }
}

extension Int: JSONSchemaProviding {}
extension Int8: JSONSchemaProviding {}
extension Int16: JSONSchemaProviding {}
extension Int32: JSONSchemaProviding {}
extension Int64: JSONSchemaProviding {}
extension UInt: JSONSchemaProviding {}
extension UInt8: JSONSchemaProviding {}
extension UInt16: JSONSchemaProviding {}
extension UInt32: JSONSchemaProviding {}
extension UInt64: JSONSchemaProviding {}

extension Double: JSONSchemaProviding {
  public static func _jsonSchema(in schema: inout JSONSchemaBuilder) -> JSONValue {
    ["type": "number"]
  }
}

extension Float: JSONSchemaProviding {
  public static func _jsonSchema(in schema: inout JSONSchemaBuilder) -> JSONValue {
    ["type": "number"]
  }
}

extension Decimal: JSONSchemaProviding {
  public static func _jsonSchema(in schema: inout JSONSchemaBuilder) -> JSONValue {
    ["type": "number"]
  }
}

extension Date: JSONSchemaProviding {
  /// A date in the format in force: the member's transformer, or its model's `dates:`.
  public static func _jsonSchema(in schema: inout JSONSchemaBuilder) -> JSONValue {
    schema.dateSchema()
  }
}

extension URL: JSONSchemaProviding {
  public static func _jsonSchema(in schema: inout JSONSchemaBuilder) -> JSONValue {
    ["type": "string", "format": "uri-reference"]
  }
}

extension UUID: JSONSchemaProviding {
  public static func _jsonSchema(in schema: inout JSONSchemaBuilder) -> JSONValue {
    ["type": "string", "format": "uuid"]
  }
}

extension Data: JSONSchemaProviding {
  public static func _jsonSchema(in schema: inout JSONSchemaBuilder) -> JSONValue {
    ["type": "string", "contentEncoding": "base64"]
  }
}

extension JSONValue: JSONSchemaProviding {
  /// Any JSON value.
  public static func _jsonSchema(in schema: inout JSONSchemaBuilder) -> JSONValue { true }
}

extension Optional: JSONSchemaProviding, _JSONSchemaContainer {
  /// The wrapped type's values, or `null`.
  public static func _jsonSchema(in schema: inout JSONSchemaBuilder) -> JSONValue {
    _wrap(schema.schema(for: Wrapped.self))
  }
  public static var _elementType: Any.Type { Wrapped.self }
  public static func _wrap(_ element: JSONValue) -> JSONValue {
    JSONSchemaBuilder.nullable(element)
  }
}

extension Array: JSONSchemaProviding, _JSONSchemaContainer {
  public static func _jsonSchema(in schema: inout JSONSchemaBuilder) -> JSONValue {
    _wrap(schema.schema(for: Element.self))
  }
  public static var _elementType: Any.Type { Element.self }
  public static func _wrap(_ element: JSONValue) -> JSONValue {
    element == true ? ["type": "array"] : ["type": "array", "items": element]
  }
}

extension Set: JSONSchemaProviding, _JSONSchemaContainer {
  public static func _jsonSchema(in schema: inout JSONSchemaBuilder) -> JSONValue {
    _wrap(schema.schema(for: Element.self))
  }
  public static var _elementType: Any.Type { Element.self }
  public static func _wrap(_ element: JSONValue) -> JSONValue {
    element == true ? ["type": "array"] : ["type": "array", "items": element]
  }
}

extension Dictionary: JSONSchemaProviding, _JSONSchemaContainer where Key == String {
  public static func _jsonSchema(in schema: inout JSONSchemaBuilder) -> JSONValue {
    _wrap(schema.schema(for: Value.self))
  }
  public static var _elementType: Any.Type { Value.self }
  public static func _wrap(_ element: JSONValue) -> JSONValue {
    element == true
      ? ["type": "object"] : ["type": "object", "additionalProperties": element]
  }
}

// MARK: Transformers

extension JSONDateFormat: JSONSchemaDescribingTransformer {
  /// RFC 3339 strings, numbers since 1970, or strings of a pattern.
  public var jsonSchema: JSONValue {
    switch style {
    case .iso8601: ["type": "string", "format": "date-time"]
    case .unixSeconds, .unixMilliseconds: ["type": "number"]
    case .pattern: ["type": "string"]
    case .firstOf(let formats): ["anyOf": .array(formats.map(\.jsonSchema))]
    }
  }
}

extension JSONSeparatedTransformer: JSONSchemaDescribingTransformer {
  /// A string of separated parts.
  public var jsonSchema: JSONValue { ["type": "string"] }
}

extension JSONNumberStringTransformer: JSONSchemaDescribingTransformer {
  /// A string holding a number.
  public var jsonSchema: JSONValue { ["type": "string"] }
}

extension JSONBase64Transformer: JSONSchemaDescribingTransformer {
  /// Base64 text.
  public var jsonSchema: JSONValue { ["type": "string", "contentEncoding": "base64"] }
}

extension JSONURLTransformer: JSONSchemaDescribingTransformer {
  /// A URI reference.
  public var jsonSchema: JSONValue { ["type": "string", "format": "uri-reference"] }
}

extension JSONConformanceTransformer: JSONSchemaDescribingTransformer {
  /// The schema of the value's own type, when it describes one.
  public var jsonSchema: JSONValue {
    var builder = JSONSchemaBuilder()
    return builder.schema(for: Value.self)
  }
}
