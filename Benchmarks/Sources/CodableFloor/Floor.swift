// The floor of a Codable coder: what `encode(to:)` and `init(from:)` cost through the
// standard library's containers when the coder itself does next to nothing. No JSON is read
// or written; each key's name is asked for (a JSON coder needs it), each scalar is touched.
// Whatever a real coder adds to this is its own; this much every Codable coder pays.
//
//   profile floor-encode FILE N   (a value encoded 3N times into nothing)
//   profile floor-decode FILE N   (a value decoded N times from a replay of its own encode)
//
// The replay records, while a value encodes, each keyed container's keys and each scalar,
// in order; the decoder hands them back in the same order, which is the order synthesized
// `init(from:)` asks for them. Only synthesized conformances are replayed faithfully.

/// One step of a recorded encode.
public enum FloorEvent {
  case keyed([String])
  /// A member's key, before its value.
  case key(String)
  case unkeyed(Int)
  case string(String)
  case integer(Int64)
  case double(Double)
  case bool(Bool)
  case null
}

/// An encoder that writes nothing; with `record`, it keeps the events for a replay.
public final class FloorEncoder: Encoder {
  public var codingPath: [any CodingKey] { [] }
  public var userInfo: [CodingUserInfoKey: Any] { [:] }
  /// A running sum of what was touched, so that nothing is optimised away.
  public var sink = 0
  let record: Bool
  public var events: [FloorEvent] = []
  /// For each keyed container being recorded, the index of its event.
  var openKeyed: [Int] = []

  public init(record: Bool) { self.record = record }

  public func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    var index = -1
    if record {
      index = events.count
      events.append(.keyed([]))
    }
    return KeyedEncodingContainer(FloorKeyedEncoder<Key>(encoder: self, index: index))
  }

  public func unkeyedContainer() -> any UnkeyedEncodingContainer {
    var index = -1
    if record {
      index = events.count
      events.append(.unkeyed(0))
    }
    return FloorUnkeyedEncoder(encoder: self, index: index)
  }

  public func singleValueContainer() -> any SingleValueEncodingContainer {
    FloorSingleEncoder(encoder: self)
  }

  func note(_ event: FloorEvent) {
    if record { events.append(event) }
  }

  func key(_ name: String, in index: Int) {
    sink &+= name.utf8.count
    guard record, case .keyed(var names) = events[index] else { return }
    names.append(name)
    events[index] = .keyed(names)
    events.append(.key(name))
  }
}

struct FloorKeyedEncoder<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let encoder: FloorEncoder
  let index: Int
  var codingPath: [any CodingKey] { [] }

  mutating func encodeNil(forKey key: Key) throws {
    encoder.key(key.stringValue, in: index)
    encoder.note(.null)
  }
  mutating func encode(_ value: Bool, forKey key: Key) throws {
    encoder.key(key.stringValue, in: index)
    encoder.note(.bool(value))
  }
  mutating func encode(_ value: String, forKey key: Key) throws {
    encoder.key(key.stringValue, in: index)
    encoder.sink &+= value.utf8.count
    encoder.note(.string(value))
  }
  mutating func encode(_ value: Double, forKey key: Key) throws {
    encoder.key(key.stringValue, in: index)
    encoder.note(.double(value))
  }
  mutating func encode(_ value: Float, forKey key: Key) throws {
    encoder.key(key.stringValue, in: index)
    encoder.note(.double(Double(value)))
  }
  mutating func encode(_ value: Int, forKey key: Key) throws { integer(Int64(value), key) }
  mutating func encode(_ value: Int8, forKey key: Key) throws { integer(Int64(value), key) }
  mutating func encode(_ value: Int16, forKey key: Key) throws { integer(Int64(value), key) }
  mutating func encode(_ value: Int32, forKey key: Key) throws { integer(Int64(value), key) }
  mutating func encode(_ value: Int64, forKey key: Key) throws { integer(value, key) }
  mutating func encode(_ value: UInt, forKey key: Key) throws { integer(Int64(value), key) }
  mutating func encode(_ value: UInt8, forKey key: Key) throws { integer(Int64(value), key) }
  mutating func encode(_ value: UInt16, forKey key: Key) throws { integer(Int64(value), key) }
  mutating func encode(_ value: UInt32, forKey key: Key) throws { integer(Int64(value), key) }
  mutating func encode(_ value: UInt64, forKey key: Key) throws { integer(Int64(value), key) }

  private func integer(_ value: Int64, _ key: Key) {
    encoder.key(key.stringValue, in: index)
    encoder.sink &+= Int(truncatingIfNeeded: value)
    encoder.note(.integer(value))
  }

  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    encoder.key(key.stringValue, in: index)
    try value.encode(to: encoder)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    encoder.key(key.stringValue, in: index)
    return encoder.container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    encoder.key(key.stringValue, in: index)
    return encoder.unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder { encoder }
  mutating func superEncoder(forKey key: Key) -> any Encoder { encoder }
}

struct FloorUnkeyedEncoder: UnkeyedEncodingContainer {
  let encoder: FloorEncoder
  let index: Int
  var count = 0
  var codingPath: [any CodingKey] { [] }

  private mutating func counted() {
    count += 1
    if index >= 0 { encoder.events[index] = .unkeyed(count) }
  }

  mutating func encodeNil() throws {
    counted()
    encoder.note(.null)
  }
  mutating func encode(_ value: Bool) throws {
    counted()
    encoder.note(.bool(value))
  }
  mutating func encode(_ value: String) throws {
    counted()
    encoder.sink &+= value.utf8.count
    encoder.note(.string(value))
  }
  mutating func encode(_ value: Double) throws {
    counted()
    encoder.note(.double(value))
  }
  mutating func encode(_ value: Float) throws {
    counted()
    encoder.note(.double(Double(value)))
  }
  mutating func encode(_ value: Int) throws { integer(Int64(value)) }
  mutating func encode(_ value: Int64) throws { integer(value) }
  mutating func encode(_ value: Int32) throws { integer(Int64(value)) }
  mutating func encode(_ value: UInt64) throws { integer(Int64(value)) }

  private mutating func integer(_ value: Int64) {
    counted()
    encoder.sink &+= Int(truncatingIfNeeded: value)
    encoder.note(.integer(value))
  }

  mutating func encode<T: Encodable>(_ value: T) throws {
    counted()
    try value.encode(to: encoder)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
    -> KeyedEncodingContainer<NestedKey>
  {
    counted()
    return encoder.container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    counted()
    return encoder.unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder { encoder }
}

struct FloorSingleEncoder: SingleValueEncodingContainer {
  let encoder: FloorEncoder
  var codingPath: [any CodingKey] { [] }

  mutating func encodeNil() throws { encoder.note(.null) }
  mutating func encode(_ value: Bool) throws { encoder.note(.bool(value)) }
  mutating func encode(_ value: String) throws {
    encoder.sink &+= value.utf8.count
    encoder.note(.string(value))
  }
  mutating func encode(_ value: Double) throws { encoder.note(.double(value)) }
  mutating func encode(_ value: Float) throws { encoder.note(.double(Double(value))) }
  mutating func encode(_ value: Int) throws { encoder.note(.integer(Int64(value))) }
  mutating func encode(_ value: Int64) throws { encoder.note(.integer(value)) }
  mutating func encode(_ value: UInt64) throws { encoder.note(.integer(Int64(value))) }
  mutating func encode<T: Encodable>(_ value: T) throws { try value.encode(to: encoder) }
}

/// A decoder that hands back a recorded encode's events in order.
public final class FloorDecoder: Decoder {
  public var codingPath: [any CodingKey] { [] }
  public var userInfo: [CodingUserInfoKey: Any] { [:] }
  let events: [FloorEvent]
  public var position = 0

  public init(events: [FloorEvent]) { self.events = events }

  public struct Mismatch: Error {}

  func next() throws -> FloorEvent {
    guard position < events.count else { throw Mismatch() }
    defer { position += 1 }
    return events[position]
  }

  public func container<Key: CodingKey>(keyedBy type: Key.Type) throws
    -> KeyedDecodingContainer<Key>
  {
    guard case .keyed(let names) = try next() else { throw Mismatch() }
    return KeyedDecodingContainer(FloorKeyedDecoder<Key>(decoder: self, names: names))
  }

  public func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard case .unkeyed(let count) = try next() else { throw Mismatch() }
    return FloorUnkeyedDecoder(decoder: self, count: count)
  }

  public func singleValueContainer() throws -> any SingleValueDecodingContainer {
    FloorSingleDecoder(decoder: self)
  }

  func string() throws -> String {
    guard case .string(let value) = try next() else { throw Mismatch() }
    return value
  }
  func integer() throws -> Int64 {
    guard case .integer(let value) = try next() else { throw Mismatch() }
    return value
  }
  func double() throws -> Double {
    switch try next() {
    case .double(let value): return value
    case .integer(let value): return Double(value)
    default: throw Mismatch()
    }
  }
  func bool() throws -> Bool {
    guard case .bool(let value) = try next() else { throw Mismatch() }
    return value
  }
  func isNull() -> Bool {
    guard position < events.count, case .null = events[position] else { return false }
    position += 1
    return true
  }
}

struct FloorKeyedDecoder<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let decoder: FloorDecoder
  let names: [String]
  var codingPath: [any CodingKey] { [] }
  var allKeys: [Key] { names.compactMap { Key(stringValue: $0) } }

  /// Whether the next event is `key`: keys are asked for in the order they were written.
  func contains(_ key: Key) -> Bool {
    let position = decoder.position
    guard position < decoder.events.count, case .key(let name) = decoder.events[position] else {
      return false
    }
    return name == key.stringValue
  }
  func take(_ key: Key) throws {
    guard contains(key) else { throw FloorDecoder.Mismatch() }
    decoder.position += 1
  }

  func decodeNil(forKey key: Key) throws -> Bool {
    guard contains(key) else { throw FloorDecoder.Mismatch() }
    let position = decoder.position + 1
    guard position < decoder.events.count, case .null = decoder.events[position] else {
      return false
    }
    decoder.position += 2
    return true
  }
  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
    try take(key)
    return try decoder.bool()
  }
  func decode(_ type: String.Type, forKey key: Key) throws -> String {
    try take(key)
    return try decoder.string()
  }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
    try take(key)
    return try decoder.double()
  }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
    try take(key)
    return Float(try decoder.double())
  }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
    try take(key)
    return Int(try decoder.integer())
  }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
    try take(key)
    return Int8(truncatingIfNeeded: try decoder.integer())
  }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
    try take(key)
    return Int16(truncatingIfNeeded: try decoder.integer())
  }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
    try take(key)
    return Int32(truncatingIfNeeded: try decoder.integer())
  }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
    try take(key)
    return try decoder.integer()
  }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
    try take(key)
    return UInt(truncatingIfNeeded: try decoder.integer())
  }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
    try take(key)
    return UInt8(truncatingIfNeeded: try decoder.integer())
  }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
    try take(key)
    return UInt16(truncatingIfNeeded: try decoder.integer())
  }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
    try take(key)
    return UInt32(truncatingIfNeeded: try decoder.integer())
  }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
    try take(key)
    return UInt64(truncatingIfNeeded: try decoder.integer())
  }
  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try take(key)
    return try T(from: decoder)
  }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    try take(key)
    return try decoder.container(keyedBy: type)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try take(key)
    return try decoder.unkeyedContainer()
  }

  func superDecoder() throws -> any Decoder { decoder }
  func superDecoder(forKey key: Key) throws -> any Decoder { decoder }
}

struct FloorUnkeyedDecoder: UnkeyedDecodingContainer {
  let decoder: FloorDecoder
  let count: Int?
  var currentIndex = 0
  var codingPath: [any CodingKey] { [] }
  var isAtEnd: Bool { currentIndex >= count ?? 0 }

  init(decoder: FloorDecoder, count: Int) {
    self.decoder = decoder
    self.count = count
  }

  mutating func decodeNil() throws -> Bool {
    if decoder.isNull() {
      currentIndex += 1
      return true
    }
    return false
  }
  mutating func decode(_ type: Bool.Type) throws -> Bool {
    currentIndex += 1
    return try decoder.bool()
  }
  mutating func decode(_ type: String.Type) throws -> String {
    currentIndex += 1
    return try decoder.string()
  }
  mutating func decode(_ type: Double.Type) throws -> Double {
    currentIndex += 1
    return try decoder.double()
  }
  mutating func decode(_ type: Float.Type) throws -> Float {
    currentIndex += 1
    return Float(try decoder.double())
  }
  mutating func decode(_ type: Int.Type) throws -> Int {
    currentIndex += 1
    return Int(try decoder.integer())
  }
  mutating func decode(_ type: Int64.Type) throws -> Int64 {
    currentIndex += 1
    return try decoder.integer()
  }
  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    currentIndex += 1
    return try T(from: decoder)
  }
  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    currentIndex += 1
    return try decoder.container(keyedBy: type)
  }
  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    currentIndex += 1
    return try decoder.unkeyedContainer()
  }
  mutating func superDecoder() throws -> any Decoder { decoder }
}

struct FloorSingleDecoder: SingleValueDecodingContainer {
  let decoder: FloorDecoder
  var codingPath: [any CodingKey] { [] }

  func decodeNil() -> Bool { decoder.isNull() }
  func decode(_ type: Bool.Type) throws -> Bool { try decoder.bool() }
  func decode(_ type: String.Type) throws -> String { try decoder.string() }
  func decode(_ type: Double.Type) throws -> Double { try decoder.double() }
  func decode(_ type: Float.Type) throws -> Float { Float(try decoder.double()) }
  func decode(_ type: Int.Type) throws -> Int { Int(try decoder.integer()) }
  func decode(_ type: Int64.Type) throws -> Int64 { try decoder.integer() }
  func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: decoder) }
}
