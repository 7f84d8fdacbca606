public import BinderyJSON

// How each JSONDecodable type reads itself from another Codable decoder's containers, for the
// Codable initializers `@JSONModel` writes. Scalars, collections and models read the container
// directly, as synthesized conformances do; any other type (dates, URLs, transformers' values,
// hand-written conformances) reads the value as a JSONValue and then through its own mapping.

extension JSONDecodable {
  /// Reads the value as a `JSONValue`, then as this type through its mapping.
  @_documentation(visibility: private)
  public static func _decode<Key: CodingKey>(
    from container: KeyedDecodingContainer<Key>, forKey key: Key
  ) throws -> Self {
    let value = try container.decode(JSONValue.self, forKey: key)
    return try _JSONModelCoding.decode(Self.self, from: value, at: container.codingPath + [key])
  }

  /// `nil` when the key is missing or its value is `null`, else ``_decode(from:forKey:)``.
  @_documentation(visibility: private)
  @inlinable
  public static func _decodeIfPresent<Key: CodingKey>(
    from container: KeyedDecodingContainer<Key>, forKey key: Key
  ) throws -> Self? {
    guard container.contains(key), try !container.decodeNil(forKey: key) else { return nil }
    return try _decode(from: container, forKey: key)
  }

  /// Reads the element as a `JSONValue`, then as this type through its mapping.
  @_documentation(visibility: private)
  public static func _decodeElement(from container: inout any UnkeyedDecodingContainer) throws
    -> Self
  {
    let path = container.codingPath + [IndexKey(container.currentIndex)]
    let value = try container.decode(JSONValue.self)
    return try _JSONModelCoding.decode(Self.self, from: value, at: path)
  }
}

/// A type whose own Codable conformance reads and writes the same JSON as its mapping: it uses
/// Codable containers as they are.
@_documentation(visibility: private)
public protocol _JSONCodableScalar: JSONDecodable, JSONEncodable, Codable {}

extension _JSONCodableScalar {
  /// Reads the value through its Codable conformance.
  @_documentation(visibility: private)
  @inlinable
  public static func _decode<Key: CodingKey>(
    from container: KeyedDecodingContainer<Key>, forKey key: Key
  ) throws -> Self {
    try container.decode(Self.self, forKey: key)
  }

  /// Reads the value through its Codable conformance, in one look-up.
  @_documentation(visibility: private)
  @inlinable
  public static func _decodeIfPresent<Key: CodingKey>(
    from container: KeyedDecodingContainer<Key>, forKey key: Key
  ) throws -> Self? {
    try container.decodeIfPresent(Self.self, forKey: key)
  }

  /// Reads the element through its Codable conformance.
  @_documentation(visibility: private)
  @inlinable
  public static func _decodeElement(from container: inout any UnkeyedDecodingContainer) throws
    -> Self
  {
    try container.decode(Self.self)
  }
}

// The commonest scalars call the containers' own overloads for their type: the generic
// `decode(_:forKey:)`/`encode(_:forKey:)` a protocol extension reaches makes coders test the
// value's type at run time (JSONDecoder and JSONEncoder look for Date, URL, Data...).

extension String: _JSONCodableScalar {
  /// Reads the value with the container's overload for this type.
  @_documentation(visibility: private)
  @inlinable
  public static func _decode<Key: CodingKey>(
    from container: KeyedDecodingContainer<Key>, forKey key: Key
  ) throws -> String { try container.decode(String.self, forKey: key) }
  /// Reads the value, or `nil`, with the container's overload for this type.
  @_documentation(visibility: private)
  @inlinable
  public static func _decodeIfPresent<Key: CodingKey>(
    from container: KeyedDecodingContainer<Key>, forKey key: Key
  ) throws -> String? { try container.decodeIfPresent(String.self, forKey: key) }
  /// Reads the element with the container's overload for this type.
  @_documentation(visibility: private)
  @inlinable
  public static func _decodeElement(from container: inout any UnkeyedDecodingContainer) throws
    -> String
  { try container.decode(String.self) }
}

extension Bool: _JSONCodableScalar {
  /// Reads the value with the container's overload for this type.
  @_documentation(visibility: private)
  @inlinable
  public static func _decode<Key: CodingKey>(
    from container: KeyedDecodingContainer<Key>, forKey key: Key
  ) throws -> Bool { try container.decode(Bool.self, forKey: key) }
  /// Reads the value, or `nil`, with the container's overload for this type.
  @_documentation(visibility: private)
  @inlinable
  public static func _decodeIfPresent<Key: CodingKey>(
    from container: KeyedDecodingContainer<Key>, forKey key: Key
  ) throws -> Bool? { try container.decodeIfPresent(Bool.self, forKey: key) }
  /// Reads the element with the container's overload for this type.
  @_documentation(visibility: private)
  @inlinable
  public static func _decodeElement(from container: inout any UnkeyedDecodingContainer) throws
    -> Bool
  { try container.decode(Bool.self) }
}

extension Double: _JSONCodableScalar {
  /// Reads the value with the container's overload for this type.
  @_documentation(visibility: private)
  @inlinable
  public static func _decode<Key: CodingKey>(
    from container: KeyedDecodingContainer<Key>, forKey key: Key
  ) throws -> Double { try container.decode(Double.self, forKey: key) }
  /// Reads the value, or `nil`, with the container's overload for this type.
  @_documentation(visibility: private)
  @inlinable
  public static func _decodeIfPresent<Key: CodingKey>(
    from container: KeyedDecodingContainer<Key>, forKey key: Key
  ) throws -> Double? { try container.decodeIfPresent(Double.self, forKey: key) }
  /// Reads the element with the container's overload for this type.
  @_documentation(visibility: private)
  @inlinable
  public static func _decodeElement(from container: inout any UnkeyedDecodingContainer) throws
    -> Double
  { try container.decode(Double.self) }
}

extension Int: _JSONCodableScalar {
  /// Reads the value with the container's overload for this type.
  @_documentation(visibility: private)
  @inlinable
  public static func _decode<Key: CodingKey>(
    from container: KeyedDecodingContainer<Key>, forKey key: Key
  ) throws -> Int { try container.decode(Int.self, forKey: key) }
  /// Reads the value, or `nil`, with the container's overload for this type.
  @_documentation(visibility: private)
  @inlinable
  public static func _decodeIfPresent<Key: CodingKey>(
    from container: KeyedDecodingContainer<Key>, forKey key: Key
  ) throws -> Int? { try container.decodeIfPresent(Int.self, forKey: key) }
  /// Reads the element with the container's overload for this type.
  @_documentation(visibility: private)
  @inlinable
  public static func _decodeElement(from container: inout any UnkeyedDecodingContainer) throws
    -> Int
  { try container.decode(Int.self) }
}

extension Int64: _JSONCodableScalar {
  /// Reads the value with the container's overload for this type.
  @_documentation(visibility: private)
  @inlinable
  public static func _decode<Key: CodingKey>(
    from container: KeyedDecodingContainer<Key>, forKey key: Key
  ) throws -> Int64 { try container.decode(Int64.self, forKey: key) }
  /// Reads the value, or `nil`, with the container's overload for this type.
  @_documentation(visibility: private)
  @inlinable
  public static func _decodeIfPresent<Key: CodingKey>(
    from container: KeyedDecodingContainer<Key>, forKey key: Key
  ) throws -> Int64? { try container.decodeIfPresent(Int64.self, forKey: key) }
  /// Reads the element with the container's overload for this type.
  @_documentation(visibility: private)
  @inlinable
  public static func _decodeElement(from container: inout any UnkeyedDecodingContainer) throws
    -> Int64
  { try container.decode(Int64.self) }
}

extension Float: _JSONCodableScalar {}
extension Int8: _JSONCodableScalar {}
extension Int16: _JSONCodableScalar {}
extension Int32: _JSONCodableScalar {}
extension UInt: _JSONCodableScalar {}
extension UInt8: _JSONCodableScalar {}
extension UInt16: _JSONCodableScalar {}
extension UInt32: _JSONCodableScalar {}
extension UInt64: _JSONCodableScalar {}
extension JSONValue: _JSONCodableScalar {}

extension _JSONValueModel where Self: Decodable {
  /// Reads the model through its Codable initializer, which `@JSONModel` writes from the
  /// mapping.
  @_documentation(visibility: private)
  @inlinable
  public static func _decode<Key: CodingKey>(
    from container: KeyedDecodingContainer<Key>, forKey key: Key
  ) throws -> Self {
    try container.decode(Self.self, forKey: key)
  }

  /// Reads the model through its Codable initializer, in one look-up.
  @_documentation(visibility: private)
  @inlinable
  public static func _decodeIfPresent<Key: CodingKey>(
    from container: KeyedDecodingContainer<Key>, forKey key: Key
  ) throws -> Self? {
    try container.decodeIfPresent(Self.self, forKey: key)
  }

  /// Reads the element through the model's Codable initializer.
  @_documentation(visibility: private)
  @inlinable
  public static func _decodeElement(from container: inout any UnkeyedDecodingContainer) throws
    -> Self
  {
    try container.decode(Self.self)
  }
}

extension Optional where Wrapped: JSONDecodable {
  /// `nil` when the key is missing or its value is `null`, else the wrapped type's value (for
  /// a `T??`: `nil` when missing, `.some(nil)` for `null`).
  @_documentation(visibility: private)
  @inlinable
  public static func _decode<Key: CodingKey>(
    from container: KeyedDecodingContainer<Key>, forKey key: Key
  ) throws -> Self {
    try Wrapped._decodeIfPresent(from: container, forKey: key)
  }

  /// `nil` when the key is missing, the innermost `nil` for `null`, else the wrapped type's
  /// value: how a `T??` property tells a missing key from `null`.
  @_documentation(visibility: private)
  @inlinable
  public static func _decodeIfPresent<Key: CodingKey>(
    from container: KeyedDecodingContainer<Key>, forKey key: Key
  ) throws -> Self? {
    guard container.contains(key) else { return nil }
    return .some(try _decodeMember(from: container, forKey: key))
  }

  /// The innermost `nil` for `null`, else the wrapped type's value.
  @inlinable
  static func _decodeMember<Key: CodingKey>(
    from container: KeyedDecodingContainer<Key>, forKey key: Key
  ) throws -> Self {
    if Wrapped._valueForMissingKey != nil {
      return .some(try Wrapped._decode(from: container, forKey: key))
    }
    if try container.decodeNil(forKey: key) { return nil }
    return .some(try Wrapped._decode(from: container, forKey: key))
  }

  /// The innermost `nil` for a `null` element, else the wrapped type's value.
  @_documentation(visibility: private)
  @inlinable
  public static func _decodeElement(from container: inout any UnkeyedDecodingContainer) throws
    -> Self
  {
    if Wrapped._valueForMissingKey != nil {
      return .some(try Wrapped._decodeElement(from: &container))
    }
    if try container.decodeNil() { return nil }
    return try Wrapped._decodeElement(from: &container)
  }
}

extension Array where Element: JSONDecodable {
  /// Reads a nested array element by element.
  @_documentation(visibility: private)
  @inlinable
  public static func _decode<Key: CodingKey>(
    from container: KeyedDecodingContainer<Key>, forKey key: Key
  ) throws -> Self {
    var elements = try container.nestedUnkeyedContainer(forKey: key)
    return try _elements(of: &elements)
  }

  /// Reads a nested array element by element.
  @_documentation(visibility: private)
  @inlinable
  public static func _decodeElement(from container: inout any UnkeyedDecodingContainer) throws
    -> Self
  {
    var elements = try container.nestedUnkeyedContainer()
    return try _elements(of: &elements)
  }

  @inlinable
  static func _elements(of container: inout any UnkeyedDecodingContainer) throws -> Self {
    var result: [Element] = []
    if let count = container.count { result.reserveCapacity(count) }
    while !container.isAtEnd { result.append(try Element._decodeElement(from: &container)) }
    return result
  }
}

extension Dictionary where Key == String, Value: JSONDecodable {
  /// Reads a nested object member by member.
  @_documentation(visibility: private)
  public static func _decode<ContainerKey: CodingKey>(
    from container: KeyedDecodingContainer<ContainerKey>, forKey key: ContainerKey
  ) throws -> Self {
    try _members(of: container.nestedContainer(keyedBy: _JSONCodingKey.self, forKey: key))
  }

  /// Reads a nested object member by member.
  @_documentation(visibility: private)
  public static func _decodeElement(from container: inout any UnkeyedDecodingContainer) throws
    -> Self
  {
    try _members(of: container.nestedContainer(keyedBy: _JSONCodingKey.self))
  }

  static func _members(of object: KeyedDecodingContainer<_JSONCodingKey>) throws -> Self {
    var result: [String: Value] = [:]
    result.reserveCapacity(object.allKeys.count)
    for key in object.allKeys {
      result[key.stringValue] = try Value._decode(from: object, forKey: key)
    }
    return result
  }
}
