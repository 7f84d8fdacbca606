public import BinderyJSON

// How a `@JSONModel` type reads its JSON from another Codable decoder (`JSONDecoder`, say):
// its object is read into a `JSONValue` through the decoder's containers and then decoded by the
// model's own `init(json:)`, so its mapping holds under every coder. A container can only hand
// out a value as a type it is asked for, and asking for the wrong type costs a thrown error:
// `JSONValue(from:)`, which must guess, tries up to six types for each value. So each type
// asks for the JSON it reads: a string property asks for a `String`, an array asks for its
// elements' type, a model asks for the members its description names (see
// `JSONModelDescription.readObject`). Types without such a read (dates, URLs, enums,
// hand-written conformances) read a `JSONValue` as it comes.

extension JSONDecodable {
  /// Reads the value at `key` as a `JSONValue`, whatever it holds, or `nil` when the key is
  /// absent.
  @_documentation(visibility: private)
  public static func _jsonValue<Key: CodingKey>(
    from container: KeyedDecodingContainer<Key>, forKey key: Key
  ) throws -> JSONValue? {
    // Not `decodeIfPresent`, which reads `null` as absent: a `null` is kept.
    guard container.contains(key) else { return nil }
    return try container.decode(JSONValue.self, forKey: key)
  }

  /// Reads the value at `key` as this type's `_jsonValue(from:forKey:)` does, or `nil` when
  /// the key is absent or `null`.
  @_documentation(visibility: private)
  public static func _jsonValueIfPresent<Key: CodingKey>(
    from container: KeyedDecodingContainer<Key>, forKey key: Key
  ) throws -> JSONValue? {
    guard container.contains(key), try !container.decodeNil(forKey: key) else { return nil }
    return try _jsonValue(from: container, forKey: key)
  }

  /// Reads the next element as a `JSONValue`, whatever it holds.
  @_documentation(visibility: private)
  public static func _jsonValueElement(from container: inout any UnkeyedDecodingContainer) throws
    -> JSONValue
  {
    try container.decode(JSONValue.self)
  }
}

// Scalars ask for their own type, with the containers' overload for it: the generic
// `decode(_:forKey:)` makes coders test the type at run time (JSONDecoder looks for Date, URL,
// Data...). The value read is exactly the JSON this type's own decode accepts.

extension String {
  /// Reads a value of this type, or `nil` for an absent key or `null`, in one look-up.
  @_documentation(visibility: private)
  public static func _jsonValueIfPresent<Key: CodingKey>(
    from container: KeyedDecodingContainer<Key>, forKey key: Key
  ) throws -> JSONValue? {
    try container.decodeIfPresent(String.self, forKey: key).map { .string($0) }
  }

  /// Reads a string.
  @_documentation(visibility: private)
  public static func _jsonValue<Key: CodingKey>(
    from container: KeyedDecodingContainer<Key>, forKey key: Key
  ) throws -> JSONValue? { .string(try container.decode(String.self, forKey: key)) }

  /// Reads a string element.
  @_documentation(visibility: private)
  public static func _jsonValueElement(from container: inout any UnkeyedDecodingContainer) throws
    -> JSONValue
  { .string(try container.decode(String.self)) }
}

extension Bool {
  /// Reads a value of this type, or `nil` for an absent key or `null`, in one look-up.
  @_documentation(visibility: private)
  public static func _jsonValueIfPresent<Key: CodingKey>(
    from container: KeyedDecodingContainer<Key>, forKey key: Key
  ) throws -> JSONValue? {
    try container.decodeIfPresent(Bool.self, forKey: key).map { .bool($0) }
  }

  /// Reads a Boolean.
  @_documentation(visibility: private)
  public static func _jsonValue<Key: CodingKey>(
    from container: KeyedDecodingContainer<Key>, forKey key: Key
  ) throws -> JSONValue? { .bool(try container.decode(Bool.self, forKey: key)) }

  /// Reads a Boolean element.
  @_documentation(visibility: private)
  public static func _jsonValueElement(from container: inout any UnkeyedDecodingContainer) throws
    -> JSONValue
  { .bool(try container.decode(Bool.self)) }
}

extension Double {
  /// Reads a value of this type, or `nil` for an absent key or `null`, in one look-up.
  @_documentation(visibility: private)
  public static func _jsonValueIfPresent<Key: CodingKey>(
    from container: KeyedDecodingContainer<Key>, forKey key: Key
  ) throws -> JSONValue? {
    try container.decodeIfPresent(Double.self, forKey: key).map { .number(JSONNumber($0)) }
  }

  /// Reads a number as a `Double`, which is what this type keeps of it.
  @_documentation(visibility: private)
  public static func _jsonValue<Key: CodingKey>(
    from container: KeyedDecodingContainer<Key>, forKey key: Key
  ) throws -> JSONValue? { .number(JSONNumber(try container.decode(Double.self, forKey: key))) }

  /// Reads a number element as a `Double`.
  @_documentation(visibility: private)
  public static func _jsonValueElement(from container: inout any UnkeyedDecodingContainer) throws
    -> JSONValue
  { .number(JSONNumber(try container.decode(Double.self))) }
}

extension Int {
  /// Reads a value of this type, or `nil` for an absent key or `null`, in one look-up.
  @_documentation(visibility: private)
  public static func _jsonValueIfPresent<Key: CodingKey>(
    from container: KeyedDecodingContainer<Key>, forKey key: Key
  ) throws -> JSONValue? {
    try container.decodeIfPresent(Int.self, forKey: key).map { .number(JSONNumber($0)) }
  }

  /// Reads a number as an `Int`: one that is not a whole number in range is the decoder's error,
  /// as this type's own decode would make it one.
  @_documentation(visibility: private)
  public static func _jsonValue<Key: CodingKey>(
    from container: KeyedDecodingContainer<Key>, forKey key: Key
  ) throws -> JSONValue? { .number(JSONNumber(try container.decode(Int.self, forKey: key))) }

  /// Reads a number element as an `Int`.
  @_documentation(visibility: private)
  public static func _jsonValueElement(from container: inout any UnkeyedDecodingContainer) throws
    -> JSONValue
  { .number(JSONNumber(try container.decode(Int.self))) }
}

extension Int64 {
  /// Reads a value of this type, or `nil` for an absent key or `null`, in one look-up.
  @_documentation(visibility: private)
  public static func _jsonValueIfPresent<Key: CodingKey>(
    from container: KeyedDecodingContainer<Key>, forKey key: Key
  ) throws -> JSONValue? {
    try container.decodeIfPresent(Int64.self, forKey: key).map { .number(JSONNumber($0)) }
  }

  /// Reads a number as an `Int64`.
  @_documentation(visibility: private)
  public static func _jsonValue<Key: CodingKey>(
    from container: KeyedDecodingContainer<Key>, forKey key: Key
  ) throws -> JSONValue? { .number(JSONNumber(try container.decode(Int64.self, forKey: key))) }

  /// Reads a number element as an `Int64`.
  @_documentation(visibility: private)
  public static func _jsonValueElement(from container: inout any UnkeyedDecodingContainer) throws
    -> JSONValue
  { .number(JSONNumber(try container.decode(Int64.self))) }
}

extension Optional where Wrapped: JSONDecodable {
  /// Reads the wrapped type's value; `nil` when the key is absent or `null`, which this type
  /// reads alike. A `T??`, which tells them apart, reads `null` as such.
  @_documentation(visibility: private)
  public static func _jsonValue<Key: CodingKey>(
    from container: KeyedDecodingContainer<Key>, forKey key: Key
  ) throws -> JSONValue? {
    if Wrapped._valueForMissingKey != nil {
      guard container.contains(key) else { return nil }
      if try container.decodeNil(forKey: key) { return .null }
    }
    return try Wrapped._jsonValueIfPresent(from: container, forKey: key)
  }

  /// Reads a `null` element, or the wrapped type's.
  @_documentation(visibility: private)
  public static func _jsonValueElement(from container: inout any UnkeyedDecodingContainer) throws
    -> JSONValue
  {
    if try container.decodeNil() { return .null }
    return try Wrapped._jsonValueElement(from: &container)
  }
}

extension Array where Element: JSONDecodable {
  /// Reads an array, each element as the element type reads it.
  @_documentation(visibility: private)
  public static func _jsonValue<Key: CodingKey>(
    from container: KeyedDecodingContainer<Key>, forKey key: Key
  ) throws -> JSONValue? {
    var elements = try container.nestedUnkeyedContainer(forKey: key)
    return try _JSONGuidedRead.array(of: &elements, Element.self)
  }

  /// Reads an array element, each of its elements as the element type reads it.
  @_documentation(visibility: private)
  public static func _jsonValueElement(from container: inout any UnkeyedDecodingContainer) throws
    -> JSONValue
  {
    var elements = try container.nestedUnkeyedContainer()
    return try _JSONGuidedRead.array(of: &elements, Element.self)
  }
}

extension Dictionary where Key == String, Value: JSONDecodable {
  /// Reads an object, each member as the value type reads it.
  @_documentation(visibility: private)
  public static func _jsonValue<ContainerKey: CodingKey>(
    from container: KeyedDecodingContainer<ContainerKey>, forKey key: ContainerKey
  ) throws -> JSONValue? {
    try _JSONGuidedRead.object(
      of: container.nestedContainer(keyedBy: _JSONCodingKey.self, forKey: key), Value.self)
  }

  /// Reads an object element, each member as the value type reads it.
  @_documentation(visibility: private)
  public static func _jsonValueElement(from container: inout any UnkeyedDecodingContainer) throws
    -> JSONValue
  {
    try _JSONGuidedRead.object(
      of: container.nestedContainer(keyedBy: _JSONCodingKey.self), Value.self)
  }
}

extension JSONDescribedModel {
  /// Reads the members the model's description names, each as its type reads it.
  @_documentation(visibility: private)
  public static func _jsonValue<Key: CodingKey>(
    from container: KeyedDecodingContainer<Key>, forKey key: Key
  ) throws -> JSONValue? {
    guard jsonDescription.readsGuided else {
      return try container.decode(JSONValue.self, forKey: key)
    }
    return try jsonDescription.readObject(
      from: container.nestedContainer(keyedBy: _JSONCodingKey.self, forKey: key))
  }

  /// Reads the members of the element that the model's description names.
  @_documentation(visibility: private)
  public static func _jsonValueElement(from container: inout any UnkeyedDecodingContainer) throws
    -> JSONValue
  {
    guard jsonDescription.readsGuided else { return try container.decode(JSONValue.self) }
    return try jsonDescription.readObject(
      from: container.nestedContainer(keyedBy: _JSONCodingKey.self))
  }
}

/// The collections' guided reads, shared by their keyed and unkeyed forms.
enum _JSONGuidedRead {
  static func array<Element: JSONDecodable>(
    of container: inout any UnkeyedDecodingContainer, _: Element.Type
  ) throws -> JSONValue {
    var elements: [JSONValue] = []
    if let count = container.count { elements.reserveCapacity(count) }
    while !container.isAtEnd { elements.append(try Element._jsonValueElement(from: &container)) }
    return .array(elements)
  }

  static func object<Value: JSONDecodable>(
    of container: KeyedDecodingContainer<_JSONCodingKey>, _: Value.Type
  ) throws -> JSONValue {
    var object = JSONObject()
    for key in container.allKeys {
      object[key.stringValue] = try Value._jsonValue(from: container, forKey: key) ?? .null
    }
    return .object(object)
  }
}
