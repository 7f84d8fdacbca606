public import Foundation

// The schemas of the standard types models hold, inline in the schema of each member.

extension String: JSONSchemaProviding {
  /// The schema of this type's values.
  public static func _jsonSchema(in schema: inout JSONSchemaBuilder) -> JSONValue {
    ["type": "string"]
  }
}

extension Bool: JSONSchemaProviding {
  /// The schema of this type's values.
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
  /// The schema of this type's values.
  public static func _jsonSchema(in schema: inout JSONSchemaBuilder) -> JSONValue {
    ["type": "number"]
  }
}

extension Float: JSONSchemaProviding {
  /// The schema of this type's values.
  public static func _jsonSchema(in schema: inout JSONSchemaBuilder) -> JSONValue {
    ["type": "number"]
  }
}

extension Decimal: JSONSchemaProviding {
  /// The schema of this type's values.
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
  /// The schema of this type's values.
  public static func _jsonSchema(in schema: inout JSONSchemaBuilder) -> JSONValue {
    ["type": "string", "format": "uri-reference"]
  }
}

extension UUID: JSONSchemaProviding {
  /// The schema of this type's values.
  public static func _jsonSchema(in schema: inout JSONSchemaBuilder) -> JSONValue {
    ["type": "string", "format": "uuid"]
  }
}

extension Data: JSONSchemaProviding {
  /// The schema of this type's values.
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
  /// The type of the values inside.
  public static var _elementType: Any.Type { Wrapped.self }
  /// The schema of values holding `element`s.
  public static func _wrap(_ element: JSONValue) -> JSONValue {
    JSONSchemaBuilder.nullable(element)
  }
}

extension Array: JSONSchemaProviding, _JSONSchemaContainer {
  /// The schema of this type's values.
  public static func _jsonSchema(in schema: inout JSONSchemaBuilder) -> JSONValue {
    _wrap(schema.schema(for: Element.self))
  }
  /// The type of the values inside.
  public static var _elementType: Any.Type { Element.self }
  /// The schema of values holding `element`s.
  public static func _wrap(_ element: JSONValue) -> JSONValue {
    element == true ? ["type": "array"] : ["type": "array", "items": element]
  }
}

extension Set: JSONSchemaProviding, _JSONSchemaContainer {
  /// The schema of this type's values.
  public static func _jsonSchema(in schema: inout JSONSchemaBuilder) -> JSONValue {
    _wrap(schema.schema(for: Element.self))
  }
  /// The type of the values inside.
  public static var _elementType: Any.Type { Element.self }
  /// The schema of values holding `element`s.
  public static func _wrap(_ element: JSONValue) -> JSONValue { [Element]._wrap(element) }
}

extension Dictionary: JSONSchemaProviding, _JSONSchemaContainer where Key == String {
  /// The schema of this type's values.
  public static func _jsonSchema(in schema: inout JSONSchemaBuilder) -> JSONValue {
    _wrap(schema.schema(for: Value.self))
  }
  /// The type of the values inside.
  public static var _elementType: Any.Type { Value.self }
  /// The schema of values holding `element`s.
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
    case .pattern(let pattern): ["type": "string", "pattern": .string(pattern.regularExpression)]
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

extension DatePattern {
  /// A regular expression (ECMA 262, anchored) that every text the pattern reads matches: a
  /// little wider than the pattern where reading is lenient (digit counts, name case).
  var regularExpression: String {
    var expression = "^"
    for field in fields {
      switch field {
      case .literal(let index):
        for scalar in String(decoding: literals[index], as: UTF8.self).unicodeScalars {
          if "\\^$.|?*+()[]{}/".unicodeScalars.contains(scalar) { expression += "\\" }
          expression.unicodeScalars.append(scalar)
        }
      case .year: expression += "[+-]?\\d+"
      case .month, .day, .hour, .minute, .second: expression += "\\d{1,2}"
      case .fraction: expression += "\\d+"
      case .monthName, .weekdayName: expression += "[A-Za-z]{3}"
      case .offsetBasic, .offsetExtended: expression += "(Z|z|[+-]\\d{2}:?\\d{2})"
      case .zoneName: expression += "[A-Za-z]{1,5}([+-]\\d{1,2}(:?\\d{2})?)?"
      }
    }
    return expression + "$"
  }
}
