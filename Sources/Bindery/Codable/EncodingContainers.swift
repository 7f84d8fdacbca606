import BinderyJSON
import Foundation

/// Writes the members of one JSON object.
struct KeyedEncoder<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let impl: EncoderImpl
  /// The writer depth of this object, and the generation it opened with; -1 for a container
  /// handed out after the encode had to fall back.
  let depth: Int
  let generation: Int
  /// This container's path.
  let node: CodingPathNode?

  init(
    impl: EncoderImpl, depth: Int, generation: Int, node: CodingPathNode?
  ) {
    self.impl = impl
    self.depth = depth
    self.generation = generation
    self.node = node
  }

  var codingPath: [any CodingKey] { node?.path ?? [] }

  /// Makes this object the innermost open container and writes `key`.
  private func prepare(_ key: Key) throws {
    guard depth > 0, !impl.needsFallback else { throw NeedsFallback() }
    try impl.activate(depth: depth, generation: generation)
    let name = impl.jsonKey(key, node: node)
    try impl.write { try $0.key(name) }
  }

  mutating func encodeNil(forKey key: Key) throws {
    try prepare(key)
    try impl.write { try $0.null() }
  }

  mutating func encode(_ value: Bool, forKey key: Key) throws {
    try prepare(key)
    try impl.write { try $0.bool(value) }
  }

  mutating func encode(_ value: String, forKey key: Key) throws {
    try prepare(key)
    try impl.write { try $0.string(value) }
  }

  mutating func encode(_ value: Double, forKey key: Key) throws {
    try prepare(key)
    try impl.encodeDouble(value, parent: node, key: key)
  }

  mutating func encode(_ value: Float, forKey key: Key) throws {
    try prepare(key)
    try impl.encodeFloat(value, parent: node, key: key)
  }

  // Concrete widenings: this type's methods run unspecialised (Key is generic), and a generic
  // integer helper would ask the witness table for `isSigned` and each conversion.
  mutating func encode(_ value: Int, forKey key: Key) throws { try signed(Int64(value), key) }
  mutating func encode(_ value: Int8, forKey key: Key) throws { try signed(Int64(value), key) }
  mutating func encode(_ value: Int16, forKey key: Key) throws { try signed(Int64(value), key) }
  mutating func encode(_ value: Int32, forKey key: Key) throws { try signed(Int64(value), key) }
  mutating func encode(_ value: Int64, forKey key: Key) throws { try signed(value, key) }
  mutating func encode(_ value: UInt, forKey key: Key) throws { try unsigned(UInt64(value), key) }
  mutating func encode(_ value: UInt8, forKey key: Key) throws { try unsigned(UInt64(value), key) }
  mutating func encode(_ value: UInt16, forKey key: Key) throws {
    try unsigned(UInt64(value), key)
  }
  mutating func encode(_ value: UInt32, forKey key: Key) throws {
    try unsigned(UInt64(value), key)
  }
  mutating func encode(_ value: UInt64, forKey key: Key) throws { try unsigned(value, key) }

  private func signed(_ value: Int64, _ key: Key) throws {
    try prepare(key)
    try impl.write { try $0.integer(value) }
  }

  private func unsigned(_ value: UInt64, _ key: Key) throws {
    try prepare(key)
    try impl.write { try $0.integer(value) }
  }

  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    try prepare(key)
    try impl.encodeValue(value, parent: node, key: key)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  )
    -> KeyedEncodingContainer<NestedKey>
  {
    let nested = CodingPathNode(parent: node, key: key)
    guard (try? prepare(key)) != nil, let opened = try? impl.openContainer(isObject: true) else {
      impl.needsFallback = true
      return KeyedEncodingContainer(
        KeyedEncoder<NestedKey>(impl: impl, depth: -1, generation: -1, node: nested))
    }
    return KeyedEncodingContainer(
      KeyedEncoder<NestedKey>(
        impl: impl, depth: opened.depth, generation: opened.generation, node: nested))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let nested = CodingPathNode(parent: node, key: key)
    guard (try? prepare(key)) != nil, let opened = try? impl.openContainer(isObject: false) else {
      impl.needsFallback = true
      return UnkeyedEncoder(impl: impl, depth: -1, generation: -1, node: nested)
    }
    return UnkeyedEncoder(
      impl: impl, depth: opened.depth, generation: opened.generation, node: nested)
  }

  mutating func superEncoder() -> any Encoder {
    // Foundation fills a super encoder's value later, when the encoder is released: that order
    // cannot be streamed, so the value is encoded by Foundation instead.
    impl.needsFallback = true
    return impl
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    impl.needsFallback = true
    return impl
  }
}

/// Writes the elements of one JSON array.
struct UnkeyedEncoder: UnkeyedEncodingContainer {
  let impl: EncoderImpl
  let depth: Int
  let generation: Int
  /// This container's path.
  let node: CodingPathNode?
  private(set) var count = 0

  init(
    impl: EncoderImpl, depth: Int, generation: Int, node: CodingPathNode?
  ) {
    self.impl = impl
    self.depth = depth
    self.generation = generation
    self.node = node
  }

  var codingPath: [any CodingKey] { node?.path ?? [] }

  private mutating func prepare() throws {
    guard depth > 0, !impl.needsFallback else { throw NeedsFallback() }
    try impl.activate(depth: depth, generation: generation)
    count += 1
  }

  mutating func encodeNil() throws {
    try prepare()
    try impl.write { try $0.null() }
  }

  mutating func encode(_ value: Bool) throws {
    try prepare()
    try impl.write { try $0.bool(value) }
  }

  mutating func encode(_ value: String) throws {
    try prepare()
    try impl.write { try $0.string(value) }
  }

  mutating func encode(_ value: Double) throws {
    try prepare()
    try impl.encodeDouble(value, parent: node, key: IndexKey(count - 1))
  }

  mutating func encode(_ value: Float) throws {
    try prepare()
    try impl.encodeFloat(value, parent: node, key: IndexKey(count - 1))
  }

  mutating func encode(_ value: Int) throws { try integer(value) }
  mutating func encode(_ value: Int8) throws { try integer(value) }
  mutating func encode(_ value: Int16) throws { try integer(value) }
  mutating func encode(_ value: Int32) throws { try integer(value) }
  mutating func encode(_ value: Int64) throws { try integer(value) }
  mutating func encode(_ value: UInt) throws { try integer(value) }
  mutating func encode(_ value: UInt8) throws { try integer(value) }
  mutating func encode(_ value: UInt16) throws { try integer(value) }
  mutating func encode(_ value: UInt32) throws { try integer(value) }
  mutating func encode(_ value: UInt64) throws { try integer(value) }

  private mutating func integer(_ value: some FixedWidthInteger) throws {
    try prepare()
    try impl.writeInteger(value)
  }

  mutating func encode<T: Encodable>(_ value: T) throws {
    try prepare()
    try impl.encodeValue(value, parent: node, key: IndexKey(count - 1))
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
    -> KeyedEncodingContainer<NestedKey>
  {
    let key = IndexKey(count)
    let nested = CodingPathNode(parent: node, key: key)
    guard (try? prepare()) != nil, let opened = try? impl.openContainer(isObject: true) else {
      impl.needsFallback = true
      return KeyedEncodingContainer(
        KeyedEncoder<NestedKey>(impl: impl, depth: -1, generation: -1, node: nested))
    }
    return KeyedEncodingContainer(
      KeyedEncoder<NestedKey>(
        impl: impl, depth: opened.depth, generation: opened.generation, node: nested))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let key = IndexKey(count)
    let nested = CodingPathNode(parent: node, key: key)
    guard (try? prepare()) != nil, let opened = try? impl.openContainer(isObject: false) else {
      impl.needsFallback = true
      return UnkeyedEncoder(impl: impl, depth: -1, generation: -1, node: nested)
    }
    return UnkeyedEncoder(
      impl: impl, depth: opened.depth, generation: opened.generation, node: nested)
  }

  mutating func superEncoder() -> any Encoder {
    impl.needsFallback = true
    return impl
  }
}

/// Writes the one value of the current slot.
struct SingleValueEncoder: SingleValueEncodingContainer {
  let impl: EncoderImpl
  let depth: Int
  let slotStart: Int
  /// The value's path.
  let node: CodingPathNode?

  var codingPath: [any CodingKey] { node?.path ?? [] }

  private func prepare() throws {
    guard !impl.needsFallback, impl.singleValueSlotIsFree(depth: depth, slotStart: slotStart) else {
      // A second value in one slot: Foundation stops with a precondition; Bindery lets
      // Foundation's encoder decide, by falling back.
      impl.needsFallback = true
      throw NeedsFallback()
    }
  }

  mutating func encodeNil() throws {
    try prepare()
    try impl.write { try $0.null() }
  }

  mutating func encode(_ value: Bool) throws {
    try prepare()
    try impl.write { try $0.bool(value) }
  }

  mutating func encode(_ value: String) throws {
    try prepare()
    try impl.write { try $0.string(value) }
  }

  mutating func encode(_ value: Double) throws {
    try prepare()
    try impl.encodeDouble(value, parent: node?.parent, key: node?.key)
  }

  mutating func encode(_ value: Float) throws {
    try prepare()
    try impl.encodeFloat(value, parent: node?.parent, key: node?.key)
  }

  mutating func encode(_ value: Int) throws { try integer(value) }
  mutating func encode(_ value: Int8) throws { try integer(value) }
  mutating func encode(_ value: Int16) throws { try integer(value) }
  mutating func encode(_ value: Int32) throws { try integer(value) }
  mutating func encode(_ value: Int64) throws { try integer(value) }
  mutating func encode(_ value: UInt) throws { try integer(value) }
  mutating func encode(_ value: UInt8) throws { try integer(value) }
  mutating func encode(_ value: UInt16) throws { try integer(value) }
  mutating func encode(_ value: UInt32) throws { try integer(value) }
  mutating func encode(_ value: UInt64) throws { try integer(value) }

  private func integer(_ value: some FixedWidthInteger) throws {
    try prepare()
    try impl.writeInteger(value)
  }

  mutating func encode<T: Encodable>(_ value: T) throws {
    try prepare()
    try impl.encodeValue(value, parent: node?.parent, key: node?.key)
  }
}
