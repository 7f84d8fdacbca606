import BinderyJSON
internal import BinderyNaming
import Foundation

/// The keyed container over one JSON object.
///
/// Its member search state lives in the decoder's slot for its depth (the protocol's methods
/// are not `mutating`), so decoding a nested value does not reset the parent's search.
struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let impl: DecoderImpl
  let object: Int
  /// This object's path: one reference, cheap to copy into the container box.
  let node: CodingPathNode?
  let slot: Int
  /// JSON keys converted by a non-default key strategy; `nil` for default keys. One optional
  /// reference keeps the container small: it is copied into a box for every object.
  private let converted: ConvertedKeys?

  init(impl: DecoderImpl, object: Int, node: CodingPathNode?, slot: Int) {
    self.impl = impl
    self.object = object
    self.node = node
    self.slot = slot
    impl.claim(slot: slot, object: object)
    switch impl.settings.key {
    case .useDefaultKeys:
      converted = nil
    case .convertFromSnakeCase, .custom:
      var map: [String: Int] = [:]
      var order: [String] = []
      // Keys that convert to one name repeat it: the document's policy picks, as for keys
      // repeated as written.
      let laterWins = impl.document.options.duplicateKeys.laterMemberWins
      let path = node?.path ?? []
      let reader = impl.reader
      reader.forEachDistinctMember(of: object) { keyIndex, valueIndex in
        let raw = reader.string(reader.tape[keyIndex])
        let name: String
        if case .custom(let closure) = impl.settings.key {
          name = closure(path + [StringKey(raw)]).stringValue
        } else {
          name = KeyCase.camelCase(fromSnakeCase: raw)
        }
        if map[name] == nil {
          order.append(name)
          map[name] = valueIndex
        } else if laterWins {
          map[name] = valueIndex
        }
      }
      converted = ConvertedKeys(indices: map, order: order)
    }
  }

  var codingPath: [any CodingKey] { node?.path ?? [] }

  var allKeys: [Key] {
    if let converted { return converted.order.compactMap { Key(stringValue: $0) } }
    var keys: [Key] = []
    let reader = impl.reader
    reader.forEachDistinctMember(of: object) { keyIndex, _ in
      if let key = Key(stringValue: reader.string(reader.tape[keyIndex])) { keys.append(key) }
    }
    return keys
  }

  func contains(_ key: Key) -> Bool { find(key) != nil }

  private func find(_ key: Key) -> Int? {
    if let converted { return converted.indices[key.stringValue] }
    return impl.lookUp(key.stringValue, in: object, slot: slot)
  }

  private func value(for key: Key) throws -> Int {
    if let index = find(key) { return index }
    throw DecodingError.keyNotFound(
      key,
      impl.missingContext(
        codingPath, key, "No value associated with key \(key) (\"\(key.stringValue)\").",
        in: object))
  }

  /// Reads a scalar member; its error path is built only if it fails.
  @inline(__always)
  private func scalar<T>(
    _ key: Key, _ placeholder: T, _ read: (Int, () -> [any CodingKey]) throws -> T
  )
    throws -> T
  {
    try impl.recovering(placeholder) { try read(try value(for: key)) { codingPath + [key] } }
  }

  func decodeNil(forKey key: Key) throws -> Bool {
    impl.tape[try value(for: key)].kind == .null
  }

  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
    try scalar(key, false) { try impl.bool(at: $0, path: $1) }
  }

  func decode(_ type: String.Type, forKey key: Key) throws -> String {
    try scalar(key, "") { try impl.string(at: $0, path: $1) }
  }

  func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
    try scalar(key, 0) { try impl.floating(Double.self, at: $0, path: $1) }
  }

  func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
    try scalar(key, 0) { try impl.floating(Float.self, at: $0, path: $1) }
  }

  func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try integer(key) }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(key) }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(key) }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(key) }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(key) }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(key) }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(key) }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(key) }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(key) }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(key) }
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 { try integer(key) }
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 { try integer(key) }

  private func integer<T: FixedWidthInteger>(_ key: Key) throws -> T {
    try scalar(key, 0) { try impl.integer(T.self, at: $0, path: $1) }
  }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    let index: Int
    do {
      index = try value(for: key)
    } catch let error as DecodingError {
      throw try impl.reporting { throw error }
    }
    return try impl.collecting(type, at: index, parent: node, key: key)
  }

  /// One lookup for an optional scalar (the protocol's default asks three times).
  @inline(__always)
  private func optionalScalar<T>(_ key: Key, _ read: (Int, () -> [any CodingKey]) throws -> T)
    throws -> T?
  {
    guard let index = find(key), impl.tape[index].kind != .null else { return nil }
    return try impl.recovering(nil) { try read(index) { codingPath + [key] } }
  }

  func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
    try optionalScalar(key) { try impl.bool(at: $0, path: $1) }
  }
  func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
    try optionalScalar(key) { try impl.string(at: $0, path: $1) }
  }
  func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
    try optionalScalar(key) { try impl.floating(Double.self, at: $0, path: $1) }
  }
  func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
    try optionalScalar(key) { try impl.floating(Float.self, at: $0, path: $1) }
  }
  func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
    try optionalInteger(key)
  }
  func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? {
    try optionalInteger(key)
  }
  func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? {
    try optionalInteger(key)
  }
  func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
    try optionalInteger(key)
  }
  func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
    try optionalInteger(key)
  }
  func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? {
    try optionalInteger(key)
  }
  func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? {
    try optionalInteger(key)
  }
  func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
    try optionalInteger(key)
  }
  func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
    try optionalInteger(key)
  }
  func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
    try optionalInteger(key)
  }
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  func decodeIfPresent(_ type: Int128.Type, forKey key: Key) throws -> Int128? {
    try optionalInteger(key)
  }
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  func decodeIfPresent(_ type: UInt128.Type, forKey key: Key) throws -> UInt128? {
    try optionalInteger(key)
  }

  private func optionalInteger<T: FixedWidthInteger>(_ key: Key) throws -> T? {
    try optionalScalar(key) { try impl.integer(T.self, at: $0, path: $1) }
  }

  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    guard let index = find(key), impl.tape[index].kind != .null else { return nil }
    let parent = node
    return try impl.reporting { try impl.unwrap(type, at: index, parent: parent, key: key) }
  }

  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    try impl.keyedContainer(
      at: try value(for: key), node: CodingPathNode(parent: node, key: key), slot: slot + 1)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try impl.unkeyedContainer(at: try value(for: key), node: CodingPathNode(parent: node, key: key))
  }

  func superDecoder() throws -> any Decoder {
    try superDecoder(named: StringKey.super)
  }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    try superDecoder(named: key)
  }

  private func superDecoder(named key: any CodingKey) throws -> any Decoder {
    let parent = node
    guard
      let index = converted?.indices[key.stringValue]
        ?? impl.lookUp(key.stringValue, in: object, slot: slot)
    else {
      // Foundation hands out a decoder at `null` for a missing key.
      let impl = DecoderImpl(document: try JSONDocument(parsing: "null"), settings: impl.settings)
      impl.node = CodingPathNode(parent: parent, key: key)
      return impl
    }
    return DecoderImpl(sharing: impl, current: index, parent: parent, key: key)
  }
}

/// An object's keys under a non-default key strategy: converted key to value index, and the
/// converted keys in document order.
final class ConvertedKeys {
  let indices: [String: Int]
  let order: [String]

  init(indices: [String: Int], order: [String]) {
    self.indices = indices
    self.order = order
  }
}

/// The unkeyed container over one JSON array.
struct UnkeyedContainer: UnkeyedDecodingContainer {
  let impl: DecoderImpl
  /// This array's path.
  let node: CodingPathNode?
  /// The array's tape index.
  private let array: Int
  private var position: Int
  let count: Int?
  private(set) var currentIndex = 0

  init(impl: DecoderImpl, array: Int, node: CodingPathNode?) {
    self.impl = impl
    self.node = node
    self.array = array
    self.position = array + 1
    self.count = impl.tape[array].count
  }

  var codingPath: [any CodingKey] { node?.path ?? [] }
  var isAtEnd: Bool { currentIndex >= (count ?? 0) }

  private mutating func advance() {
    position = impl.reader.next(after: position)
    currentIndex += 1
  }

  private func atEnd(_ type: Any.Type) -> DecodingError {
    .valueNotFound(
      type,
      impl.missingContext(
        codingPath, IndexKey(currentIndex), "Unkeyed container is at end.", in: array))
  }

  mutating func decodeNil() throws -> Bool {
    guard !isAtEnd else { throw atEnd(Any?.self) }
    if impl.tape[position].kind == .null {
      advance()
      return true
    }
    return false
  }

  /// Reads a scalar element; its error path is built only if it fails.
  @inline(__always)
  private mutating func scalar<T>(
    _ placeholder: T, _ read: (DecoderImpl, Int, () -> [any CodingKey]) throws -> T
  ) throws -> T {
    guard !isAtEnd else { throw atEnd(T.self) }
    let (impl, position, node, index) = (impl, position, node, currentIndex)
    let value = try impl.recovering(placeholder) {
      try read(impl, position) { (node?.path ?? []) + [IndexKey(index)] }
    }
    advance()
    return value
  }

  mutating func decode(_ type: Bool.Type) throws -> Bool {
    try scalar(false) { try $0.bool(at: $1, path: $2) }
  }
  mutating func decode(_ type: String.Type) throws -> String {
    try scalar("") { try $0.string(at: $1, path: $2) }
  }
  mutating func decode(_ type: Double.Type) throws -> Double {
    try scalar(0) { try $0.floating(Double.self, at: $1, path: $2) }
  }
  mutating func decode(_ type: Float.Type) throws -> Float {
    try scalar(0) { try $0.floating(Float.self, at: $1, path: $2) }
  }
  mutating func decode(_ type: Int.Type) throws -> Int { try integer() }
  mutating func decode(_ type: Int8.Type) throws -> Int8 { try integer() }
  mutating func decode(_ type: Int16.Type) throws -> Int16 { try integer() }
  mutating func decode(_ type: Int32.Type) throws -> Int32 { try integer() }
  mutating func decode(_ type: Int64.Type) throws -> Int64 { try integer() }
  mutating func decode(_ type: UInt.Type) throws -> UInt { try integer() }
  mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try integer() }
  mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try integer() }
  mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try integer() }
  mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try integer() }
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  mutating func decode(_ type: Int128.Type) throws -> Int128 { try integer() }
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  mutating func decode(_ type: UInt128.Type) throws -> UInt128 { try integer() }

  private mutating func integer<T: FixedWidthInteger>() throws -> T {
    try scalar(0) { try $0.integer(T.self, at: $1, path: $2) }
  }

  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    guard !isAtEnd else { throw try impl.reporting { throw atEnd(T.self) } }
    let value = try impl.collecting(
      type, at: position, parent: node, key: IndexKey(currentIndex))
    advance()
    return value
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    guard !isAtEnd else { throw atEnd(KeyedDecodingContainer<NestedKey>.self) }
    let container: KeyedDecodingContainer<NestedKey> = try impl.keyedContainer(
      at: position, node: CodingPathNode(parent: node, key: IndexKey(currentIndex)),
      slot: impl.depth + 1)
    advance()
    return container
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard !isAtEnd else { throw atEnd((any UnkeyedDecodingContainer).self) }
    let container = try impl.unkeyedContainer(
      at: position, node: CodingPathNode(parent: node, key: IndexKey(currentIndex)))
    advance()
    return container
  }

  mutating func superDecoder() throws -> any Decoder {
    guard !isAtEnd else { throw atEnd((any Decoder).self) }
    let decoder = DecoderImpl(
      sharing: impl, current: position, parent: node, key: IndexKey(currentIndex))
    advance()
    return decoder
  }
}

/// The single-value container at one JSON value.
struct SingleValueContainer: SingleValueDecodingContainer {
  let impl: DecoderImpl
  let index: Int
  /// The value's path.
  let node: CodingPathNode?

  var codingPath: [any CodingKey] { node?.path ?? [] }
  private func path() -> [any CodingKey] { codingPath }

  func decodeNil() -> Bool { impl.tape[index].kind == .null }
  func decode(_ type: Bool.Type) throws -> Bool { try impl.bool(at: index, path: path) }
  func decode(_ type: String.Type) throws -> String { try impl.string(at: index, path: path) }
  func decode(_ type: Double.Type) throws -> Double {
    try impl.floating(Double.self, at: index, path: path)
  }
  func decode(_ type: Float.Type) throws -> Float {
    try impl.floating(Float.self, at: index, path: path)
  }
  func decode(_ type: Int.Type) throws -> Int { try impl.integer(Int.self, at: index, path: path) }
  func decode(_ type: Int8.Type) throws -> Int8 {
    try impl.integer(Int8.self, at: index, path: path)
  }
  func decode(_ type: Int16.Type) throws -> Int16 {
    try impl.integer(Int16.self, at: index, path: path)
  }
  func decode(_ type: Int32.Type) throws -> Int32 {
    try impl.integer(Int32.self, at: index, path: path)
  }
  func decode(_ type: Int64.Type) throws -> Int64 {
    try impl.integer(Int64.self, at: index, path: path)
  }
  func decode(_ type: UInt.Type) throws -> UInt {
    try impl.integer(UInt.self, at: index, path: path)
  }
  func decode(_ type: UInt8.Type) throws -> UInt8 {
    try impl.integer(UInt8.self, at: index, path: path)
  }
  func decode(_ type: UInt16.Type) throws -> UInt16 {
    try impl.integer(UInt16.self, at: index, path: path)
  }
  func decode(_ type: UInt32.Type) throws -> UInt32 {
    try impl.integer(UInt32.self, at: index, path: path)
  }
  func decode(_ type: UInt64.Type) throws -> UInt64 {
    try impl.integer(UInt64.self, at: index, path: path)
  }
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  func decode(_ type: Int128.Type) throws -> Int128 {
    try impl.integer(Int128.self, at: index, path: path)
  }
  @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
  func decode(_ type: UInt128.Type) throws -> UInt128 {
    try impl.integer(UInt128.self, at: index, path: path)
  }
  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    // The value keeps its own path: its parent, its key.
    try impl.unwrap(type, at: index, parent: node?.parent, key: node?.key)
  }
}
