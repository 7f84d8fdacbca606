import BinderyJSON
import Foundation

/// Where a container writes.
enum ContainerPlace {
  /// Into the output: the container the writer has open at `depth`, with `serial`.
  case stream(depth: Int, serial: Int)
  /// Into a node of the tree with that id (see ``EncodingTreeNode``); `since` orders the
  /// container's making among the writer's serials.
  case tree(EncodingTreeNode, tree: Int, since: Int)
  /// Nowhere: the container was asked for where a different value is; each write throws.
  case failed(any Error)

  /// Makes a streamed container the innermost open one; false when it is written as a tree.
  @inline(__always)
  func streams(in impl: EncoderImpl) throws -> Bool {
    guard case .stream(let depth, let serial) = self else { return false }
    return try impl.activate(depth: depth, serial: serial)
  }

  /// The container's tree node, taking the container out of the output if it is still
  /// there; the place becomes that node.
  mutating func treeNode(in impl: EncoderImpl, at node: CodingPathNode?, isObject: Bool) throws
    -> EncodingTreeNode
  {
    switch self {
    case .tree(let container, let tree, _) where tree == impl.treeID: return container
    case .failed(let error): throw error
    case .tree(_, _, let since), .stream(_, let since):
      let found = try impl.treeContainer(at: node, isObject: isObject, since: since)
      self = .tree(found.node, tree: found.tree, since: since)
      return found.node
    }
  }
}

/// Writes the members of one JSON object.
struct KeyedEncoder<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let impl: EncoderImpl
  private(set) var place: ContainerPlace
  /// This container's path.
  let node: CodingPathNode?
  /// The writer's key order for `Key` (see `JSONWriter.newKey(_:order:)`).
  private let order: Int

  init(impl: EncoderImpl, place: ContainerPlace, node: CodingPathNode?) {
    self.impl = impl
    self.place = place
    self.node = node
    self.order = impl.keyOrder(for: Key.self)
  }

  var codingPath: [any CodingKey] { node?.path ?? [] }

  /// Makes this object the innermost open container; false when it is written as a tree.
  @inline(__always)
  private func streams() throws -> Bool { try place.streams(in: impl) }

  /// This object's tree node, taking the object out of the output if it is still there.
  private mutating func treeNode() throws -> EncodingTreeNode {
    try place.treeNode(in: impl, at: node, isObject: true)
  }

  /// Writes the member `key`, whose value `write` writes: into the output while this object is
  /// streamed and has no such key yet, else into an encoder of the member's own, whose output
  /// the tree keeps. A `fallible` write that throws leaves the object as it was.
  @inline(__always)
  private mutating func member(
    _ key: Key, fallible: Bool, _ write: (EncoderImpl) throws -> Void
  ) throws {
    if try streams() {
      let name = impl.jsonKey(key, node: node)
      if !fallible {
        if try impl.newKey(name, order: order) { return try write(impl) }
      } else {
        let checkpoint = impl.checkpoint
        if try impl.newKey(name, order: order) {
          do {
            return try write(impl)
          } catch {
            impl.restore(checkpoint)
            throw error
          }
        }
      }
      // A key written before: Foundation keeps the last value, which a tree can.
    }
    try treeMember(key, write)
  }

  private mutating func treeMember(_ key: Key, _ write: (EncoderImpl) throws -> Void) throws {
    let object = try treeNode()
    let member = impl.memberEncoder(at: CodingPathNode(parent: node, key: key))
    try write(member)
    let name = impl.jsonKey(key, node: node)
    if object.contains(name) { impl.noteReplaced(name, in: node) }
    object.set(name, .encoder(MemberEncoder(member)))
  }

  mutating func encodeNil(forKey key: Key) throws {
    try member(key, fallible: false) { try $0.write { try $0.null() } }
  }

  mutating func encode(_ value: Bool, forKey key: Key) throws {
    try member(key, fallible: false) { try $0.write { try $0.bool(value) } }
  }

  mutating func encode(_ value: String, forKey key: Key) throws {
    try member(key, fallible: false) { try $0.write { try $0.string(value) } }
  }

  mutating func encode(_ value: Double, forKey key: Key) throws {
    let node = node
    try member(key, fallible: true) { try $0.encodeDouble(value, parent: node, key: key) }
  }

  mutating func encode(_ value: Float, forKey key: Key) throws {
    let node = node
    try member(key, fallible: true) { try $0.encodeFloat(value, parent: node, key: key) }
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

  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  mutating func encode(_ value: Int128, forKey key: Key) throws {
    try member(key, fallible: false) { try $0.writeInteger(value) }
  }
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  mutating func encode(_ value: UInt128, forKey key: Key) throws {
    try member(key, fallible: false) { try $0.writeInteger(value) }
  }

  private mutating func signed(_ value: Int64, _ key: Key) throws {
    try member(key, fallible: false) { try $0.write { try $0.integer(value) } }
  }

  private mutating func unsigned(_ value: UInt64, _ key: Key) throws {
    try member(key, fallible: false) { try $0.write { try $0.integer(value) } }
  }

  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    let node = node
    try member(key, fallible: true) { try $0.encodeValue(value, parent: node, key: key) }
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  )
    -> KeyedEncodingContainer<NestedKey>
  {
    let place = nested(key, isObject: true)
    return KeyedEncodingContainer(
      KeyedEncoder<NestedKey>(
        impl: impl, place: place, node: CodingPathNode(parent: node, key: key)))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let place = nested(key, isObject: false)
    return UnkeyedEncoder(impl: impl, place: place, node: CodingPathNode(parent: node, key: key))
  }

  /// Opens the container of member `key`, or, as Foundation does, goes back into the one
  /// already there; a misuse when the key holds another kind of value.
  private mutating func nested(_ key: Key, isObject: Bool) -> ContainerPlace {
    do {
      if try streams() {
        let checkpoint = impl.checkpoint
        if try impl.newKey(impl.jsonKey(key, node: node), order: order) {
          do {
            return try impl.openContainer(isObject: isObject)
          } catch {
            impl.restore(checkpoint)
            throw error
          }
        }
      }
      let object = try treeNode()
      let name = impl.jsonKey(key, node: node)
      guard let nested = object.nested(name, isObject: isObject) else {
        throw impl.misuse(
          "\(isObject ? "a keyed" : "an unkeyed") container was asked for at key '\(name)', "
            + "which already holds a different value",
          CodingPathNode(parent: node, key: key))
      }
      return .tree(nested, tree: impl.treeID, since: impl.takeSerial())
    } catch {
      impl.record(error)
      return .failed(error)
    }
  }

  mutating func superEncoder() -> any Encoder {
    superEncoder(at: StringKey.super)
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    superEncoder(at: key)
  }

  /// An encoder for the member `key`, which Foundation fills in whenever the encoder is used:
  /// so the object becomes a tree, which takes the member whenever it is written.
  private mutating func superEncoder(at key: any CodingKey) -> any Encoder {
    let member = impl.memberEncoder(at: CodingPathNode(parent: node, key: key))
    do {
      try treeNode().set(impl.jsonKey(key, node: node), .encoder(MemberEncoder(member)))
    } catch {
      impl.record(error)
    }
    return member
  }
}

/// Writes the elements of one JSON array.
struct UnkeyedEncoder: UnkeyedEncodingContainer {
  let impl: EncoderImpl
  private(set) var place: ContainerPlace
  /// This container's path.
  let node: CodingPathNode?
  private(set) var count: Int

  init(impl: EncoderImpl, place: ContainerPlace, node: CodingPathNode?) {
    self.impl = impl
    self.place = place
    self.node = node
    switch place {
    case .stream(let depth, _): count = impl.count(atDepth: depth)
    case .tree(let array, _, _): count = array.count
    case .failed: count = 0
    }
  }

  var codingPath: [any CodingKey] { node?.path ?? [] }

  @inline(__always)
  private func streams() throws -> Bool { try place.streams(in: impl) }

  private mutating func treeNode() throws -> EncodingTreeNode {
    try place.treeNode(in: impl, at: node, isObject: false)
  }

  /// Writes the next element, whose value `write` writes given its key (see
  /// `KeyedEncoder.member`).
  @inline(__always)
  private mutating func element(
    fallible: Bool, _ write: (EncoderImpl, IndexKey) throws -> Void
  ) throws {
    if try streams() {
      let key = IndexKey(count)
      if !fallible {
        try write(impl, key)
      } else {
        let checkpoint = impl.checkpoint
        do {
          try write(impl, key)
        } catch {
          impl.restore(checkpoint)
          throw error
        }
      }
      count += 1
      return
    }
    let array = try treeNode()
    let key = IndexKey(array.count)
    let member = impl.memberEncoder(at: CodingPathNode(parent: node, key: key))
    try write(member, key)
    array.append(.encoder(MemberEncoder(member)))
    count = array.count
  }

  mutating func encodeNil() throws {
    try element(fallible: false) { impl, _ in try impl.write { try $0.null() } }
  }

  mutating func encode(_ value: Bool) throws {
    try element(fallible: false) { impl, _ in try impl.write { try $0.bool(value) } }
  }

  mutating func encode(_ value: String) throws {
    try element(fallible: false) { impl, _ in try impl.write { try $0.string(value) } }
  }

  mutating func encode(_ value: Double) throws {
    let node = node
    try element(fallible: true) { try $0.encodeDouble(value, parent: node, key: $1) }
  }

  mutating func encode(_ value: Float) throws {
    let node = node
    try element(fallible: true) { try $0.encodeFloat(value, parent: node, key: $1) }
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
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  mutating func encode(_ value: Int128) throws { try integer(value) }
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  mutating func encode(_ value: UInt128) throws { try integer(value) }

  private mutating func integer(_ value: some FixedWidthInteger) throws {
    try element(fallible: false) { impl, _ in try impl.writeInteger(value) }
  }

  mutating func encode<T: Encodable>(_ value: T) throws {
    let node = node
    try element(fallible: true) { try $0.encodeValue(value, parent: node, key: $1) }
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
    -> KeyedEncodingContainer<NestedKey>
  {
    let (place, key) = nested(isObject: true)
    return KeyedEncodingContainer(
      KeyedEncoder<NestedKey>(
        impl: impl, place: place, node: CodingPathNode(parent: node, key: key)))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let (place, key) = nested(isObject: false)
    return UnkeyedEncoder(impl: impl, place: place, node: CodingPathNode(parent: node, key: key))
  }

  /// Opens a container as the next element.
  private mutating func nested(isObject: Bool) -> (ContainerPlace, IndexKey) {
    do {
      if try streams() {
        let key = IndexKey(count)
        let place = try impl.openContainer(isObject: isObject)
        count += 1
        return (place, key)
      }
      let array = try treeNode()
      let made = EncodingTreeNode(isObject: isObject)
      let key = IndexKey(array.count)
      array.append(.node(made))
      count = array.count
      return (.tree(made, tree: impl.treeID, since: impl.takeSerial()), key)
    } catch {
      impl.record(error)
      return (.failed(error), IndexKey(count))
    }
  }

  /// An encoder for the next element, filled in whenever it is used (see
  /// `KeyedEncoder.superEncoder(at:)`).
  mutating func superEncoder() -> any Encoder {
    do {
      let array = try treeNode()
      let member = impl.memberEncoder(at: CodingPathNode(parent: node, key: IndexKey(array.count)))
      array.append(.encoder(MemberEncoder(member)))
      count = array.count
      return member
    } catch {
      impl.record(error)
      return impl.memberEncoder(at: CodingPathNode(parent: node, key: IndexKey(count)))
    }
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
    guard impl.singleValueSlotIsFree(depth: depth, slotStart: slotStart) else {
      // Foundation stops the process with a precondition failure.
      throw impl.misuse("a value was already encoded here", node)
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
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  mutating func encode(_ value: Int128) throws { try integer(value) }
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  mutating func encode(_ value: UInt128) throws { try integer(value) }

  private func integer(_ value: some FixedWidthInteger) throws {
    try prepare()
    try impl.writeInteger(value)
  }

  mutating func encode<T: Encodable>(_ value: T) throws {
    try prepare()
    try impl.encodeValue(value, parent: node?.parent, key: node?.key)
  }
}
