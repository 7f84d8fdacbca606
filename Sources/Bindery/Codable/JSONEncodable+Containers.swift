import BinderyJSON

// How each JSONEncodable type writes itself to another Codable encoder's containers, for the
// Codable `encode(to:)` `@JSONModel` writes. Scalars, collections and models write to the
// container directly, as synthesized conformances do; any other type writes the JSONValue its
// mapping makes.

extension JSONEncodable {
  /// Writes the value's `JSONValue`.
  @_documentation(visibility: private)
  public func _encode<Key: CodingKey>(
    to container: inout KeyedEncodingContainer<Key>, forKey key: Key
  ) throws {
    let value = try _JSONModelCoding.jsonValue(of: self, at: container.codingPath + [key])
    try container.encode(value, forKey: key)
  }

  /// Writes the value's `JSONValue` as the next element.
  @_documentation(visibility: private)
  public func _encodeElement(to container: inout any UnkeyedEncodingContainer) throws {
    let path = container.codingPath + [IndexKey(container.count)]
    try container.encode(try _JSONModelCoding.jsonValue(of: self, at: path))
  }
}

extension _JSONCodableScalar {
  /// Writes the value through its Codable conformance.
  @_documentation(visibility: private)
  @inlinable
  public func _encode<Key: CodingKey>(
    to container: inout KeyedEncodingContainer<Key>, forKey key: Key
  ) throws {
    try container.encode(self, forKey: key)
  }

  /// Writes the element through its Codable conformance.
  @_documentation(visibility: private)
  @inlinable
  public func _encodeElement(to container: inout any UnkeyedEncodingContainer) throws {
    try container.encode(self)
  }
}

// The commonest scalars call the containers' own overloads for their type (see the decoding
// side).

extension String {
  /// Writes the value with the container's overload for this type.
  @_documentation(visibility: private)
  @inlinable
  public func _encode<Key: CodingKey>(
    to container: inout KeyedEncodingContainer<Key>, forKey key: Key
  ) throws { try container.encode(self, forKey: key) }
  /// Writes the element with the container's overload for this type.
  @_documentation(visibility: private)
  @inlinable
  public func _encodeElement(to container: inout any UnkeyedEncodingContainer) throws {
    try container.encode(self)
  }
}

extension Bool {
  /// Writes the value with the container's overload for this type.
  @_documentation(visibility: private)
  @inlinable
  public func _encode<Key: CodingKey>(
    to container: inout KeyedEncodingContainer<Key>, forKey key: Key
  ) throws { try container.encode(self, forKey: key) }
  /// Writes the element with the container's overload for this type.
  @_documentation(visibility: private)
  @inlinable
  public func _encodeElement(to container: inout any UnkeyedEncodingContainer) throws {
    try container.encode(self)
  }
}

extension Double {
  /// Writes the value with the container's overload for this type.
  @_documentation(visibility: private)
  @inlinable
  public func _encode<Key: CodingKey>(
    to container: inout KeyedEncodingContainer<Key>, forKey key: Key
  ) throws { try container.encode(self, forKey: key) }
  /// Writes the element with the container's overload for this type.
  @_documentation(visibility: private)
  @inlinable
  public func _encodeElement(to container: inout any UnkeyedEncodingContainer) throws {
    try container.encode(self)
  }
}

extension Int {
  /// Writes the value with the container's overload for this type.
  @_documentation(visibility: private)
  @inlinable
  public func _encode<Key: CodingKey>(
    to container: inout KeyedEncodingContainer<Key>, forKey key: Key
  ) throws { try container.encode(self, forKey: key) }
  /// Writes the element with the container's overload for this type.
  @_documentation(visibility: private)
  @inlinable
  public func _encodeElement(to container: inout any UnkeyedEncodingContainer) throws {
    try container.encode(self)
  }
}

extension Int64 {
  /// Writes the value with the container's overload for this type.
  @_documentation(visibility: private)
  @inlinable
  public func _encode<Key: CodingKey>(
    to container: inout KeyedEncodingContainer<Key>, forKey key: Key
  ) throws { try container.encode(self, forKey: key) }
  /// Writes the element with the container's overload for this type.
  @_documentation(visibility: private)
  @inlinable
  public func _encodeElement(to container: inout any UnkeyedEncodingContainer) throws {
    try container.encode(self)
  }
}

extension _JSONValueModel where Self: Encodable {
  /// Writes the model through its Codable `encode(to:)`, which `@JSONModel` writes from the
  /// mapping.
  @_documentation(visibility: private)
  @inlinable
  public func _encode<Key: CodingKey>(
    to container: inout KeyedEncodingContainer<Key>, forKey key: Key
  ) throws {
    try container.encode(self, forKey: key)
  }

  /// Writes the element through the model's Codable `encode(to:)`.
  @_documentation(visibility: private)
  @inlinable
  public func _encodeElement(to container: inout any UnkeyedEncodingContainer) throws {
    try container.encode(self)
  }
}

extension Optional where Wrapped: JSONEncodable {
  /// Writes `nil` as `null`, anything else as the wrapped value.
  @_documentation(visibility: private)
  @inlinable
  public func _encode<Key: CodingKey>(
    to container: inout KeyedEncodingContainer<Key>, forKey key: Key
  ) throws {
    if let self {
      try self._encode(to: &container, forKey: key)
    } else {
      try container.encodeNil(forKey: key)
    }
  }

  /// Writes `nil` as `null`, anything else as the wrapped value.
  @_documentation(visibility: private)
  @inlinable
  public func _encodeElement(to container: inout any UnkeyedEncodingContainer) throws {
    if let self { try self._encodeElement(to: &container) } else { try container.encodeNil() }
  }
}

extension Array where Element: JSONEncodable {
  /// Writes a nested array element by element.
  @_documentation(visibility: private)
  @inlinable
  public func _encode<Key: CodingKey>(
    to container: inout KeyedEncodingContainer<Key>, forKey key: Key
  ) throws {
    var elements = container.nestedUnkeyedContainer(forKey: key)
    for element in self { try element._encodeElement(to: &elements) }
  }

  /// Writes a nested array element by element.
  @_documentation(visibility: private)
  @inlinable
  public func _encodeElement(to container: inout any UnkeyedEncodingContainer) throws {
    var elements = container.nestedUnkeyedContainer()
    for element in self { try element._encodeElement(to: &elements) }
  }
}

extension Dictionary where Key == String, Value: JSONEncodable {
  /// Writes a nested object, members in key order as the mapping writes them.
  @_documentation(visibility: private)
  public func _encode<ContainerKey: CodingKey>(
    to container: inout KeyedEncodingContainer<ContainerKey>, forKey key: ContainerKey
  ) throws {
    var object = container.nestedContainer(keyedBy: _JSONCodingKey.self, forKey: key)
    try _members(to: &object)
  }

  /// Writes a nested object, members in key order.
  @_documentation(visibility: private)
  public func _encodeElement(to container: inout any UnkeyedEncodingContainer) throws {
    var object = container.nestedContainer(keyedBy: _JSONCodingKey.self)
    try _members(to: &object)
  }

  func _members(to object: inout KeyedEncodingContainer<_JSONCodingKey>) throws {
    for key in sortedKeys {
      guard let value = self[key] else { continue }
      try value._encode(to: &object, forKey: _JSONCodingKey(stringValue: key))
    }
  }
}
