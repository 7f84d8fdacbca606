import BinderyJSON
internal import BinderyNaming
import Foundation

/// The `Encoder` for one encode call, writing straight into a `JSONWriter`.
///
/// Containers are written in the order `encode(to:)` uses them: a container is finished when
/// its parent writes again, which is how synthesized conformances and nearly all hand-written
/// ones behave. Each container remembers its depth and the generation of the container opened
/// there; a write through a container that has been finished sets ``needsFallback`` (and
/// throws ``NeedsFallback``), and the whole value is encoded again by Foundation.
final class EncoderImpl: Encoder {
  let settings: EncodingSettings
  /// The mutable state, read and written without the run-time exclusivity check.
  private let state: UncheckedState<State>

  private struct State {
    var writer: JSONWriter
    var needsFallback = false
    /// The path of the value being encoded (`nil` at the top level).
    var node: CodingPathNode?
    /// `writer.valuesBegun` when the current value's slot was opened: equal means still empty.
    var slotStart = 0
    /// The writer depth of the current value's slot.
    var slotDepth = 0
    /// A counter per depth, bumped whenever a container opens there.
    var generations: [Int] = []
    /// Which value types met so far are collections written directly.
    var directTypes = TypeMemo<(any DirectEncodable.Type)?>()
  }

  /// True when keys are written as they are (the default): checked once per key, without
  /// switching over the strategy.
  private let usesDefaultKeys: Bool

  init(settings: EncodingSettings) {
    self.settings = settings
    if case .useDefaultKeys = settings.key {
      usesDefaultKeys = true
    } else {
      usesDefaultKeys = false
    }
    var options = settings.writingOptions
    options.maxDepth = 512
    state = UncheckedState(State(writer: JSONWriter(options: options)))
  }

  /// The writer (read-only view; writes go through ``write(_:)``).
  var writer: JSONWriter { state.pointee.writer }
  var needsFallback: Bool {
    get { state.pointee.needsFallback }
    set { state.pointee.needsFallback = newValue }
  }
  /// The path of the value being encoded: one reference for containers to carry.
  var node: CodingPathNode? {
    get { state.pointee.node }
    set { state.pointee.node = newValue }
  }
  private var slotStart: Int {
    get { state.pointee.slotStart }
    set { state.pointee.slotStart = newValue }
  }
  private var slotDepth: Int {
    get { state.pointee.slotDepth }
    set { state.pointee.slotDepth = newValue }
  }
  /// How many values the writer has begun.
  var valuesBegun: Int { state.pointee.writer.valuesBegun }
  /// How many containers are open.
  var depth: Int { state.pointee.writer.depth }

  /// The finished output.
  func finish() throws(JSONWriteError) -> [UInt8] { try state.pointee.writer.takeFinished() }

  var codingPath: [any CodingKey] { node?.path ?? [] }
  var userInfo: [CodingUserInfoKey: Any] { settings.userInfo.mapValues { $0 as Any } }

  // MARK: Slots

  private var slotIsEmpty: Bool { valuesBegun == slotStart }

  /// Closes containers deeper than `depth`, finishing nested containers whose parent writes again.
  func closeDeeper(than depth: Int) throws {
    while self.depth > depth {
      try write { try $0.closeInnermost() }
    }
  }

  /// Writes an integer through the writer's concrete `Int64`/`UInt64` paths.
  @inline(__always)
  func writeInteger<T: FixedWidthInteger>(_ value: T) throws {
    if T.isSigned {
      let wide = Int64(truncatingIfNeeded: value)
      try write { try $0.integer(wide) }
    } else {
      let wide = UInt64(truncatingIfNeeded: value)
      try write { try $0.integer(wide) }
    }
  }

  /// Runs a writer call, turning a `JSONWriteError` into an `EncodingError`.
  func write(_ body: (inout JSONWriter) throws -> Void) throws {
    do {
      try body(&state.pointee.writer)
    } catch let error as JSONWriteError {
      throw EncodingError.invalidValue(
        error.kind, EncodingError.Context(codingPath: codingPath, debugDescription: error.message))
    }
  }

  /// Checks that the container at `depth` opened with `generation` is still the innermost
  /// open one (after finishing deeper ones); otherwise the encode cannot stream.
  @inline(__always)
  func activate(depth: Int, generation: Int) throws {
    guard self.depth >= depth, state.pointee.generations.count >= depth,
      state.pointee.generations[depth - 1] == generation
    else {
      needsFallback = true
      throw NeedsFallback()
    }
    if self.depth > depth { try closeDeeper(than: depth) }
  }

  func openContainer(isObject: Bool) throws -> (depth: Int, generation: Int) {
    try write { isObject ? try $0.beginObject() : try $0.beginArray() }
    let depth = self.depth
    while state.pointee.generations.count < depth { state.pointee.generations.append(0) }
    state.pointee.generations[depth - 1] &+= 1
    return (depth, state.pointee.generations[depth - 1])
  }

  // MARK: Encoder

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    if needsFallback {
      return KeyedEncodingContainer(
        KeyedEncoder<Key>(impl: self, depth: -1, generation: -1, node: node))
    }
    // A second request for the same value shares the object already open there.
    if !slotIsEmpty, depth == slotDepth + 1, state.pointee.writer.isInnermostObject,
      state.pointee.generations.count > slotDepth
    {
      return KeyedEncodingContainer(
        KeyedEncoder<Key>(
          impl: self, depth: slotDepth + 1, generation: state.pointee.generations[slotDepth],
          node: node))
    }
    guard slotIsEmpty, depth == slotDepth, let opened = try? openContainer(isObject: true)
    else {
      needsFallback = true
      return KeyedEncodingContainer(
        KeyedEncoder<Key>(impl: self, depth: -1, generation: -1, node: node))
    }
    return KeyedEncodingContainer(
      KeyedEncoder<Key>(
        impl: self, depth: opened.depth, generation: opened.generation, node: node))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    if needsFallback {
      return UnkeyedEncoder(impl: self, depth: -1, generation: -1, node: node)
    }
    if !slotIsEmpty, depth == slotDepth + 1, !state.pointee.writer.isInnermostObject,
      state.pointee.generations.count > slotDepth
    {
      return UnkeyedEncoder(
        impl: self, depth: slotDepth + 1, generation: state.pointee.generations[slotDepth],
        node: node)
    }
    guard slotIsEmpty, depth == slotDepth, let opened = try? openContainer(isObject: false)
    else {
      needsFallback = true
      return UnkeyedEncoder(impl: self, depth: -1, generation: -1, node: node)
    }
    return UnkeyedEncoder(
      impl: self, depth: opened.depth, generation: opened.generation, node: node)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    SingleValueEncoder(impl: self, depth: slotDepth, slotStart: slotStart, node: node)
  }

  /// True when a single value may still be written into the current slot.
  func singleValueSlotIsFree(depth: Int, slotStart: Int) -> Bool {
    self.depth == depth && valuesBegun == slotStart
  }

  // MARK: Values

  /// Encodes a value into the next slot of the innermost container (or the top level).
  /// `fillEmpty` writes `{}` for a value that encodes nothing (not at the top level, where
  /// Foundation reports an error instead).
  func encodeValue<T: Encodable>(
    _ value: T, parent: CodingPathNode?, key: (any CodingKey)?, fillEmpty: Bool = true
  ) throws {
    if needsFallback { throw NeedsFallback() }
    if T.self == String.self {
      let string = identityCast(value, to: String.self)
      return try write { try $0.string(string) }
    }
    if T.self == Int.self {
      let number = Int64(identityCast(value, to: Int.self))
      return try write { try $0.integer(number) }
    }
    if T.self == Double.self {
      return try encodeDouble(identityCast(value, to: Double.self), parent: parent, key: key)
    }
    if T.self == Bool.self {
      let flag = identityCast(value, to: Bool.self)
      return try write { try $0.bool(flag) }
    }
    if T.self == Date.self {
      return try encodeDate(
        identityCast(value, to: Date.self), parent: parent, key: key, fillEmpty: fillEmpty)
    }
    if T.self == Data.self {
      let data = identityCast(value, to: Data.self)
      return try encodeData(data, parent: parent, key: key, fillEmpty: fillEmpty)
    }
    if T.self == URL.self {
      let url = identityCast(value, to: URL.self)
      return try write { try $0.string(url.absoluteString) }
    }
    if T.self == Decimal.self {
      let decimal = identityCast(value, to: Decimal.self)
      return try encodeDecimal(decimal, parent: parent, key: key)
    }
    if T.self == JSONValue.self {
      let json = identityCast(value, to: JSONValue.self)
      return try write { try $0.value(json) }
    }
    if let collection = directEncodable(T.self) {
      return try encodeCollection(collection, value, parent: parent, key: key)
    }
    try withSlot(parent: parent, key: key, fillEmpty: fillEmpty) { try value.encode(to: self) }
  }

  /// `type` as a directly written collection type, or nil.
  private func directEncodable<T>(_ type: T.Type) -> (any DirectEncodable.Type)? {
    state.pointee.directTypes.answer(for: type) { type as? any DirectEncodable.Type }
  }

  /// Opens the collection type so the value is used as it, without a dynamic cast.
  private func encodeCollection<C: DirectEncodable, T>(
    _ type: C.Type, _ value: T, parent: CodingPathNode?, key: (any CodingKey)?
  ) throws {
    // C is T: `encodeValue` found T to be this collection type.
    try identityCast(value, to: C.self).encodeDirectly(into: self, parent: parent, key: key)
  }

  /// Runs `body` with a fresh slot for one value; afterwards closes what it opened, and writes
  /// `{}` if it wrote nothing (when `fillEmpty`), as Foundation does.
  func withSlot(
    parent: CodingPathNode?, key: (any CodingKey)?, fillEmpty: Bool = true,
    _ body: () throws -> Void
  )
    throws
  {
    let saved = (node, slotStart, slotDepth)
    node = key.map { CodingPathNode(parent: parent, key: $0) } ?? parent
    slotStart = valuesBegun
    slotDepth = self.depth
    defer { (node, slotStart, slotDepth) = saved }
    try body()
    if needsFallback { throw NeedsFallback() }
    try closeDeeper(than: slotDepth)
    if fillEmpty, valuesBegun == slotStart {
      try write {
        try $0.beginObject()
        try $0.endObject()
      }
    }
  }

  func encodeDouble(_ value: Double, parent: CodingPathNode?, key: (any CodingKey)?) throws {
    guard value.isFinite else {
      return try encodeNonFinite(value, Double.self, parent: parent, key: key)
    }
    try write { try $0.double(value) }
  }

  func encodeFloat(_ value: Float, parent: CodingPathNode?, key: (any CodingKey)?) throws {
    guard value.isFinite else {
      return try encodeNonFinite(Double(value), Float.self, parent: parent, key: key)
    }
    try write { try $0.float(value) }
  }

  private func encodeNonFinite(
    _ value: Double, _ type: Any.Type, parent: CodingPathNode?, key: (any CodingKey)?
  )
    throws
  {
    guard case .convertToString(let positive, let negative, let nan) = settings.nonConformingFloat
    else {
      let name = value.isNaN ? "nan" : value < 0 ? "-infinity" : "infinity"
      throw EncodingError.invalidValue(
        value,
        EncodingError.Context(
          codingPath: makeCodingPath(parent, key),
          debugDescription: "Unable to encode \(type).\(name) directly in JSON."))
    }
    try write { try $0.string(value.isNaN ? nan : value < 0 ? negative : positive) }
  }

  private func encodeDate(
    _ date: Date, parent: CodingPathNode?, key: (any CodingKey)?, fillEmpty: Bool
  ) throws {
    switch settings.date {
    case .deferredToDate:
      try withSlot(parent: parent, key: key, fillEmpty: fillEmpty) { try date.encode(to: self) }
    case .secondsSince1970:
      try encodeDouble(date.timeIntervalSince1970, parent: parent, key: key)
    case .millisecondsSince1970:
      try encodeDouble(date.timeIntervalSince1970 * 1000, parent: parent, key: key)
    case .iso8601:
      guard let text = ISO8601.string(from: date) else {
        throw EncodingError.invalidValue(
          date,
          EncodingError.Context(
            codingPath: makeCodingPath(parent, key),
            debugDescription: "Unable to encode \(ISO8601.describe(date)) as an ISO 8601 date: "
              + "expected \(ISO8601.writableDescription)."))
      }
      try write { try $0.string(text) }
    case .formatted(let formatter):
      try write { try $0.string(formatter.string(from: date)) }
    case .custom(let closure):
      try withSlot(parent: parent, key: key, fillEmpty: fillEmpty) { try closure(date, self) }
    }
  }

  private func encodeData(
    _ data: Data, parent: CodingPathNode?, key: (any CodingKey)?, fillEmpty: Bool
  ) throws {
    switch settings.data {
    case .deferredToData:
      try withSlot(parent: parent, key: key, fillEmpty: fillEmpty) { try data.encode(to: self) }
    case .base64:
      try write { try $0.string(data.base64EncodedString()) }
    case .custom(let closure):
      try withSlot(parent: parent, key: key, fillEmpty: fillEmpty) { try closure(data, self) }
    }
  }

  private func encodeDecimal(_ decimal: Decimal, parent: CodingPathNode?, key: (any CodingKey)?)
    throws
  {
    guard let number = JSONNumber(text: decimal.description) else {
      throw EncodingError.invalidValue(
        decimal,
        EncodingError.Context(
          codingPath: makeCodingPath(parent, key),
          debugDescription: "Unable to encode \(decimal) in JSON."))
    }
    try write { try $0.number(number) }
  }

  /// The JSON key for a coding key under the key strategy.
  func jsonKey(_ key: any CodingKey, node: CodingPathNode?) -> String {
    if usesDefaultKeys { return key.stringValue }
    switch settings.key {
    case .useDefaultKeys: return key.stringValue
    case .convertToSnakeCase: return KeyCase.snakeCase(fromCamelCase: key.stringValue)
    case .custom(let closure): return closure((node?.path ?? []) + [key]).stringValue
    }
  }
}

/// Collections written directly instead of through `encode(to:)` and an existential
/// container: arrays (every element type, scalars without a path node), and `[String: Value]`
/// dictionaries, which Foundation also encodes without applying the key strategy.
protocol DirectEncodable {
  func encodeDirectly(into impl: EncoderImpl, parent: CodingPathNode?, key: (any CodingKey)?) throws
}

extension Dictionary: DirectEncodable where Key == String, Value: Encodable {
  func encodeDirectly(into impl: EncoderImpl, parent: CodingPathNode?, key: (any CodingKey)?) throws
  {
    let node = key.map { CodingPathNode(parent: parent, key: $0) } ?? parent
    try impl.write { try $0.beginObject() }
    for (name, value) in self {
      try impl.write { try $0.key(name) }
      try impl.encodeValue(value, parent: node, key: StringKey(name))
    }
    try impl.write { try $0.endObject() }
  }
}

extension Array: DirectEncodable where Element: Encodable {
  // Index loops on purpose: this runs unspecialised, and `enumerated()` or `for-in` would look up
  // iterator and tuple type metadata on every element (measured: a third of encoding time).
  func encodeDirectly(into impl: EncoderImpl, parent: CodingPathNode?, key: (any CodingKey)?) throws
  {
    try impl.write { try $0.beginArray() }
    let count = self.count
    var position = 0
    if Element.self == Double.self {
      while position < count {
        let value = identityCast(self[position], to: Double.self)
        if value.isFinite {
          try impl.write { try $0.double(value) }
        } else {
          let node = key.map { CodingPathNode(parent: parent, key: $0) } ?? parent
          try impl.encodeDouble(value, parent: node, key: IndexKey(position))
        }
        position += 1
      }
    } else if Element.self == Int.self {
      while position < count {
        try impl.writeInteger(identityCast(self[position], to: Int.self))
        position += 1
      }
    } else if Element.self == String.self {
      while position < count {
        let text = identityCast(self[position], to: String.self)
        try impl.write { try $0.string(text) }
        position += 1
      }
    } else {
      let node = key.map { CodingPathNode(parent: parent, key: $0) } ?? parent
      while position < count {
        try impl.encodeValue(self[position], parent: node, key: IndexKey(position))
        position += 1
      }
    }
    try impl.write { try $0.endArray() }
  }
}
