/// The pieces generated `@JSONModel` code assembles schemas from.
extension JSONSchemaBuilder {
  /// For generated code: an object schema built member by member.
  @_documentation(visibility: private)
  public struct _Object: Sendable {
    private var root = Node()
    private var allOf: [JSONValue] = []
    private var keepsUnknownKeys = false

    /// A level of nested key paths: its members in order, which are required.
    private struct Node: Sendable {
      var keys: [String] = []
      var leaves: [String: JSONValue] = [:]
      var children: [String: Node] = [:]
      var required: [String] = []

      mutating func insert(_ path: ArraySlice<String>, _ schema: JSONValue, required: Bool) {
        guard let key = path.first else { return }
        if !keys.contains(key) { keys.append(key) }
        if required && !self.required.contains(key) { self.required.append(key) }
        if path.count == 1 {
          leaves[key] = schema
        } else {
          children[key, default: Node()].insert(path.dropFirst(), schema, required: required)
        }
      }

      var schema: JSONValue {
        var properties = JSONObject()
        for key in keys {
          properties[key] = children[key]?.schema ?? leaves[key] ?? true
        }
        var object: JSONObject = ["type": "object"]
        if !properties.isEmpty { object["properties"] = .object(properties) }
        if !required.isEmpty { object["required"] = .array(required.map(JSONValue.string)) }
        return .object(object)
      }
    }

    /// An object with no members yet.
    public init() {}

    /// A member read from `paths` (the first, then the fallbacks).
    public mutating func member(
      _ paths: [[String]], _ schema: JSONValue, required: Bool, default value: JSONValue? = nil
    ) {
      var schema = schema
      if let value, case .object(var object) = schema {
        object["default"] = value
        schema = .object(object)
      }
      for path in paths {
        root.insert(path[...], schema, required: required && paths.count == 1)
      }
      if required && paths.count > 1 {
        allOf.append(["anyOf": .array(paths.map { JSONSchemaBuilder.requiring($0) })])
      }
    }

    /// The members of a model read from this object's own keys (`@Flatten`).
    public mutating func flattened(_ schema: JSONValue) {
      allOf.append(schema)
    }

    /// A union whose case `tag` names, with its content at `content` (`@TaggedBy`).
    public mutating func tagged(
      tag: [String], content: [String], cases: [(tag: String, content: JSONValue)],
      keepsUnknownTags: Bool, required: Bool
    ) {
      let tags = cases.map { JSONValue.string($0.tag) }
      root.insert(
        tag[...], keepsUnknownTags ? ["type": "string"] : ["enum": .array(tags)], required: required
      )
      root.insert(content[...], true, required: required)
      var branches: [JSONValue] = cases.map { item in
        [
          "allOf": [
            JSONSchemaBuilder.at(tag, ["const": .string(item.tag)]),
            JSONSchemaBuilder.at(content, item.content),
            JSONSchemaBuilder.requiring(tag),
          ]
        ]
      }
      if keepsUnknownTags {
        branches.append(
          [
            "allOf": [
              JSONSchemaBuilder.at(tag, ["not": ["enum": .array(tags)]]),
              JSONSchemaBuilder.requiring(tag),
            ]
          ])
      }
      let union: JSONValue = ["oneOf": .array(branches)]
      allOf.append(
        required ? union : ["anyOf": [["not": JSONSchemaBuilder.requiring(content)], union]])
    }

    /// Keys no member reads are kept (`@UnknownKeys`).
    public mutating func keepsUnknown() { keepsUnknownKeys = true }

    /// The object's schema.
    public var schema: JSONValue {
      guard case .object(var object) = root.schema else { return root.schema }
      if keepsUnknownKeys { object["additionalProperties"] = true }
      if !allOf.isEmpty { object["allOf"] = .array(allOf) }
      return .object(object)
    }
  }

  /// A schema that requires the member at `path`.
  static func requiring(_ path: [String]) -> JSONValue {
    guard let key = path.first else { return true }
    var object: JSONObject = ["required": [.string(key)]]
    if path.count > 1 { object["properties"] = [key: requiring(Array(path.dropFirst()))] }
    return .object(object)
  }

  /// A schema that applies `schema` to the member at `path`, when present.
  static func at(_ path: [String], _ schema: JSONValue) -> JSONValue {
    guard let key = path.first else { return schema }
    return ["properties": [key: at(Array(path.dropFirst()), schema)]]
  }

  // MARK: Members

  /// For generated code: the JSON a default value is written as, for the member's `default`.
  @_documentation(visibility: private)
  public static func _encoded<T>(_ type: T.Type, _ value: T) -> JSONValue? {
    guard let encodable = value as? any JSONEncodable else { return nil }
    return try? encodable.jsonValue()
  }

  /// For generated code: a member whose value is read leniently (`@Lossy`, `@Coerce`).
  @_documentation(visibility: private)
  public static func _lenient(_ schema: JSONValue, lossy: Bool, coerced: Bool) -> JSONValue {
    if lossy {
      // Elements that fail are dropped; a value that fails is nil.
      guard case .object(let object) = schema, object["type"] == "array" else { return true }
      return ["type": "array"]
    }
    if coerced {
      return ["anyOf": [schema, ["type": ["string", "number", "boolean"]]]]
    }
    return schema
  }

  /// For generated code: the schema of a model's members, with those of its superclass.
  @_documentation(visibility: private)
  public static func _inheriting(_ superclass: JSONValue, _ own: JSONValue) -> JSONValue {
    ["allOf": [superclass, own]]
  }

  // MARK: Enums

  /// For generated code: the type a case carries, from the case's constructor.
  @_documentation(visibility: private)
  public static func _payload<Payload, Enum>(_ make: (Payload) -> Enum) -> Payload.Type {
    Payload.self
  }

  /// For generated code: the schema of an enum of values (strings, raw values), with
  /// `keepsOthers` when a case keeps strings no other case names.
  @_documentation(visibility: private)
  public static func _values(_ cases: [any JSONEncodable], keepsOthers: Bool) -> JSONValue {
    let values = cases.compactMap { try? $0.jsonValue() }
    let closed: JSONValue = ["enum": .array(values)]
    return keepsOthers ? ["anyOf": [closed, ["type": "string"]]] : closed
  }

  /// For generated code: a union chosen by a tag inside each case's object.
  @_documentation(visibility: private)
  public static func _internallyTagged(
    tag: String, cases: [(tag: String, content: JSONValue)], keepsUnknown: Bool
  ) -> JSONValue {
    let tags = cases.map { JSONValue.string($0.tag) }
    var branches: [JSONValue] = cases.map { item in
      [
        "allOf": [
          [
            "type": "object", "properties": [tag: ["const": .string(item.tag)]],
            "required": [.string(tag)],
          ],
          item.content,
        ]
      ]
    }
    if keepsUnknown {
      branches.append(
        [
          "type": "object", "properties": [tag: ["not": ["enum": .array(tags)]]],
          "required": [.string(tag)],
        ])
    }
    return ["oneOf": .array(branches), "discriminator": ["propertyName": .string(tag)]]
  }

  /// For generated code: a union chosen by a tag beside its content, as an object of its own.
  @_documentation(visibility: private)
  public static func _adjacentlyTagged(
    tag: String, content: String, cases: [(tag: String, content: JSONValue)], keepsUnknown: Bool
  ) -> JSONValue {
    var object = _Object()
    object.tagged(
      tag: [tag], content: [content], cases: cases, keepsUnknownTags: keepsUnknown, required: true)
    return object.schema
  }

  /// For generated code: a union whose first case that reads the value is taken.
  @_documentation(visibility: private)
  public static func _untagged(_ cases: [JSONValue]) -> JSONValue {
    ["anyOf": .array(cases)]
  }
}
