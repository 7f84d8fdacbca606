/// A type that can write itself as a JSON value.
public protocol JSONEncodable {
  /// Writes the value.
  ///
  /// - Parameter json: Where to write it.
  /// - Throws: `JSONWriteError` for values JSON cannot hold.
  func encode(to json: JSONValueEncoder) throws

  /// Writes the value at `key` of a Codable container, for a `@JSONModel` type encoded by
  /// another Codable encoder. The default writes the value's `JSONValue`; scalars,
  /// collections and models write to the container directly.
  @_documentation(visibility: private)
  func _encode<Key: CodingKey>(to container: inout KeyedEncodingContainer<Key>, forKey key: Key)
    throws

  /// Writes the value as the next element of a Codable container; see
  /// ``_encode(to:forKey:)``.
  @_documentation(visibility: private)
  func _encodeElement(to container: inout any UnkeyedEncodingContainer) throws
}
