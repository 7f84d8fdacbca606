import BinderyJSON
internal import BinderyNaming
import Foundation

/// The `Encoder` for one encode call, writing straight into a `JSONWriter`.
///
/// Containers are written in the order `encode(to:)` uses them: a container is finished when
/// its parent writes again, which is how synthesized conformances and nearly all hand-written
/// ones behave. Each container remembers its depth and the writer's serial of the container
/// it writes to. When the encode writes out of that order — through a container already
/// finished, a key twice, a container reopened, a super encoder — the innermost open
/// container around the place written to is taken back out of the output and held as an
/// ``EncodingTreeNode`` with what it had, which takes any order as Foundation's encoder
/// does; the tree goes back into the output when the value holding it is finished.
final class EncoderImpl: Encoder {
  let settings: EncodingSettings
  /// The path of the value this encoder writes at its top level: nil for a whole encode, the
  /// member's path for an encoder writing one member of a tree.
  private let base: CodingPathNode?
  /// How many keys ``base`` has.
  private let baseCount: Int
  /// What the encoders of one encode share.
  let shared: SharedState
  /// The mutable state, read and written without the run-time exclusivity check.
  private let state: UncheckedState<State>

  private struct State {
    var writer: JSONWriter
    /// The path of the value being encoded (`nil` at the top level).
    var node: CodingPathNode?
    /// `writer.valuesBegun` when the current value's slot was opened: equal means still empty.
    var slotStart = 0
    /// The writer depth of the current value's slot.
    var slotDepth = 0
    /// The container held as a tree, if any, where it was taken out of the output.
    var tree: HeldTree?
    /// Members the tree replaced, with the serial taken when they were: a container made
    /// before then, at or under the path, writes to nothing, as in Foundation.
    var replaced: [(path: [JSONPath.Component], serial: Int)] = []
    /// Which value types met so far are collections written directly.
    var directTypes = TypeMemo<(any DirectEncodable.Type)?>()
    /// The writer's key order for each key type met so far, and how many names it started
    /// with.
    var keyOrders = TypeMemo<(order: Int, started: Int)>()
  }

  /// A container taken out of the output: the writer expects its value, at `depth - 1`.
  struct HeldTree {
    let root: EncodingTreeNode
    /// The writer depth the container had.
    let depth: Int
    /// Its path from this encoder's top level.
    let path: [JSONPath.Component]
    /// A number no other tree of the encode has, so containers can tell theirs is current.
    let id: Int
  }

  /// What every encoder of one encode shares.
  final class SharedState {
    /// The first misuse met where the API cannot throw (a container asked for where a
    /// different value was encoded), thrown when the encode ends.
    var misuse: (any Error)?
    /// How many trees the encode has made.
    var trees = 0
  }

  /// True when keys are written as they are (the default): checked once per key, without
  /// switching over the strategy.
  private let usesDefaultKeys: Bool

  init(settings: EncodingSettings, base: CodingPathNode? = nil, shared: SharedState? = nil) {
    self.settings = settings
    self.base = base
    self.baseCount = base?.path.count ?? 0
    self.shared = shared ?? SharedState()
    if case .useDefaultKeys = settings.key {
      usesDefaultKeys = true
    } else {
      usesDefaultKeys = false
    }
    var options = settings.writingOptions
    options.maxDepth = 512 - baseCount
    state = UncheckedState(State(writer: JSONWriter(options: options), node: base))
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
  /// How many members or elements the open container at `depth` has.
  func count(atDepth depth: Int) -> Int { state.pointee.writer.count(atDepth: depth) }
  /// How many values the writer has begun.
  var valuesBegun: Int { state.pointee.writer.valuesBegun }
  /// How many bytes of output are written so far.
  var outputLength: Int { state.pointee.writer.length }
  /// How many containers are open.
  var depth: Int { state.pointee.writer.depth }
  /// The id of the tree held, or -1.
  var treeID: Int { state.pointee.tree?.id ?? -1 }

  /// The finished output, taken from the writer, which makes a new buffer on
  /// ``restart(capacity:)``.
  func finish() throws -> [UInt8] {
    try flushTree()
    publishKeyOrders()
    return try state.pointee.writer.takeFinished()
  }

  /// Passes the finished output to `body`, for a caller that copies it; the buffer stays for
  /// the next output, after ``restart(capacity:)``.
  func finish<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) throws -> R {
    try flushTree()
    publishKeyOrders()
    return try state.pointee.writer.withFinished(body)
  }

  /// The output of an encoder writing one member of a tree: `{}` if it wrote nothing, as
  /// Foundation writes for a super encoder nobody used.
  func memberText() throws -> [UInt8] {
    try flushTree()
    try closeDeeper(than: 0)
    if valuesBegun == 0 {
      try write {
        try $0.beginObject()
        try $0.endObject()
      }
    }
    return try state.pointee.writer.takeFinished()
  }

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
    if T.bitWidth > 64 {
      // `Int128` and `UInt128`: every digit.
      try write { try $0.integer(value) }
    } else if T.isSigned {
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

  /// Writes a member's key into the innermost object, unless the object already has it.
  ///
  /// - Returns: false, having written nothing, for a key written before.
  @inline(__always)
  func newKey(_ name: String, order: Int) throws -> Bool {
    var written = false
    try write { written = try $0.newKey(name, order: order) }
    return written
  }

  /// The writer's key order for the objects of a key type, starting with the names the
  /// last encode learned for the type.
  func keyOrder(for type: any CodingKey.Type) -> Int {
    if let known = state.pointee.keyOrders.lookup(type) { return known.order }
    let learned = Self.learnedKeyOrders.withLock { $0[ObjectIdentifier(type)] } ?? []
    let order = state.pointee.writer.makeKeyOrder(startingWith: learned)
    state.pointee.keyOrders.remember((order, learned.count), for: type)
    return order
  }

  /// The key names each key type's objects were written with, in their order, as the encodes
  /// that wrote them left them: a later encode checks its keys against these first instead
  /// of learning them again (which costs most for a small document). Only a hint: any names
  /// give the same output. At most 64 names per type, one list per key type of the program.
  private static let learnedKeyOrders = Locked<[ObjectIdentifier: [String]]>([:])

  /// Keeps the names this encode's orders learned beyond those they started with.
  private func publishKeyOrders() {
    var grown: [(ObjectIdentifier, [String])] = []
    for entry in state.pointee.keyOrders.remembered {
      let names = state.pointee.writer.keyOrderNames(entry.answer.order)
      if names.count > entry.answer.started { grown.append((entry.type, names)) }
    }
    guard !grown.isEmpty else { return }
    Self.learnedKeyOrders.withLock { orders in
      for (type, names) in grown where names.count > orders[type]?.count ?? 0 {
        orders[type] = names
      }
    }
    // Published: an encoder used again publishes only what it learns after this.
    let counts = state.pointee.keyOrders.remembered.map {
      state.pointee.writer.keyOrderNames($0.answer.order).count
    }
    var index = 0
    state.pointee.keyOrders.updateEach { answer in
      answer.started = counts[index]
      index += 1
    }
  }

  /// Makes this encoder ready for another whole encode with the same settings, keeping what
  /// it learned of the types met (their key orders, which of them are collections): what
  /// `BinderyEncoder` keeps between calls, so that a small document does not pay for setting
  /// everything up again. Only for an encoder without a base, after ``finish()`` or
  /// ``finish(_:)``.
  ///
  /// - Parameter capacity: The size of the last output, to make room for at once.
  func restart(capacity: Int) {
    shared.misuse = nil
    shared.trees = 0
    state.pointee.node = nil
    state.pointee.slotStart = 0
    state.pointee.slotDepth = 0
    state.pointee.tree = nil
    state.pointee.replaced.removeAll(keepingCapacity: true)
    state.pointee.writer.restart(capacity: capacity)
  }

  /// The writer's state before a member, for ``restore(_:)``.
  var checkpoint: JSONWriter.Checkpoint { state.pointee.writer.checkpoint() }

  /// Takes back a member that failed, so that `try?` around it leaves the output as it was
  /// (Foundation's encoder adds a member only once its value is encoded).
  func restore(_ checkpoint: JSONWriter.Checkpoint) {
    if let tree = state.pointee.tree, tree.depth > checkpoint.depth { state.pointee.tree = nil }
    guard state.pointee.tree == nil else { return }
    _ = state.pointee.writer.restore(checkpoint)
  }

  /// Makes the streamed container at `depth` with `serial` the innermost open one, closing
  /// deeper ones.
  ///
  /// - Returns: false when that container is no longer open: it must be found by its path.
  @inline(__always)
  func activate(depth: Int, serial: Int) throws -> Bool {
    if state.pointee.tree == nil, self.depth == depth,
      state.pointee.writer.innermostSerial == serial
    {
      return true
    }
    return try activateSlowly(depth: depth, serial: serial)
  }

  private func activateSlowly(depth: Int, serial: Int) throws -> Bool {
    guard state.pointee.writer.serial(atDepth: depth) == serial else { return false }
    try flushTree(growingTo: depth)
    // A tree that could not go back has grown to hold the container.
    guard state.pointee.tree == nil else { return false }
    try closeDeeper(than: depth)
    return true
  }

  /// A serial no container has, ordering an event among the containers made.
  func takeSerial() -> Int { state.pointee.writer.takeSerial() }

  /// Notes that member `name` of the object at `node` is replaced: containers made inside the
  /// old value before now write to nothing.
  func noteReplaced(_ name: String, in node: CodingPathNode?) {
    state.pointee.replaced.append((jsonPath(of: node) + [.key(name)], takeSerial()))
  }

  func openContainer(isObject: Bool) throws -> ContainerPlace {
    try write { isObject ? try $0.beginObject() : try $0.beginArray() }
    return .stream(depth: depth, serial: state.pointee.writer.innermostSerial)
  }

  // MARK: Trees

  /// Writes the tree held back into the output, where it was taken from.
  ///
  /// - Parameter target: Given when the output moves on to the open container at that depth:
  ///   while a member encoder in the tree may still be written to, the tree cannot go back,
  ///   and instead grows to hold that container. Without it, member encoders are finished.
  /// - Throws: `EncodingError` when the writer refuses the tree (nesting too deep).
  func flushTree(growingTo target: Int? = nil) throws {
    guard let tree = state.pointee.tree else { return }
    if let target, target < tree.depth, tree.root.holdsLiveEncoder() {
      return try grow(tree, to: target)
    }
    state.pointee.tree = nil
    try tree.root.write(to: self)
  }

  /// Takes the open container at depth `target` out of the output as a tree, with `tree` as
  /// the value it was waiting for.
  private func grow(_ tree: HeldTree, to target: Int) throws {
    // The writer waits for the tree's value; null keeps its place in the text taken out.
    try write { try $0.null() }
    guard let root = try detachTree(atDepth: target) else { return }
    // The tree's path from the new root: a container at each step, the tree's place last.
    var parent = root
    for component in tree.path[(target - 1)..<(tree.path.count - 1)] {
      guard let next = parent.child(component) else { return }
      parent = next
    }
    if let place = tree.path.last { parent.replace(place, with: .node(tree.root)) }
    hold(root, depth: target, path: Array(tree.path[..<(target - 1)]))
  }

  /// Closes the containers deeper than `depth` and takes the one at `depth` out of the
  /// output, as a tree node.
  private func detachTree(atDepth depth: Int) throws -> EncodingTreeNode? {
    try closeDeeper(than: depth)
    var text: [UInt8] = []
    try write { text = try $0.detachInnermost() }
    // Bindery's own output: it parses, to an object or array (the container detached).
    guard let value = try? JSONValue(parsing: text) else { return nil }
    return EncodingTreeNode(value)
  }

  /// Makes `root` the tree held, for the container at `depth` whose path is `path`.
  @discardableResult
  private func hold(_ root: EncodingTreeNode, depth: Int, path: [JSONPath.Component]) -> HeldTree {
    shared.trees += 1
    let held = HeldTree(root: root, depth: depth, path: path, id: shared.trees)
    state.pointee.tree = held
    return held
  }

  /// The tree node of the object (or array) at `node`'s path, taking the innermost open
  /// container around that place out of the output first if no tree holds it.
  ///
  /// - Parameters:
  ///   - node: The container's path.
  ///   - isObject: Whether an object is wanted.
  ///   - creating: For a new container (`container(keyedBy:)` and the like): a missing one is
  ///     made, and another kind of value there is a misuse. Otherwise the container is one a
  ///     caller kept, and a value that has since replaced it leaves it writing to nothing, as
  ///     in Foundation.
  ///   - since: For a container a caller kept: the serial ordering its making.
  /// - Returns: The node, and the id of the tree it belongs to.
  /// - Throws: `EncodingError` for a misuse: a new container where another value is.
  func treeContainer(
    at node: CodingPathNode?, isObject: Bool, creating: Bool = false, since: Int = .max
  ) throws -> (node: EncodingTreeNode, tree: Int) {
    let path = jsonPath(of: node)
    if !creating,
      state.pointee.replaced.contains(where: { since < $0.serial && path.starts(with: $0.path) })
    {
      return (EncodingTreeNode(isObject: isObject), treeID)
    }
    var held = state.pointee.tree
    if held == nil || !path.starts(with: held.unsafelyUnwrapped.path) {
      held = try holdContainer(around: path)
    }
    let place = JSONPath(path).placeDescription
    guard let held else {
      // No container is open around the place: it is the top level, and holds a value.
      throw misuse("a different value was already encoded at \(place)", node)
    }
    var current = held.root
    var rest = path[held.path.count...]
    while let component = rest.first, let next = current.child(component) {
      current = next
      rest = rest.dropFirst()
    }
    if rest.isEmpty, current.isObject == isObject { return (current, held.id) }
    if creating, rest.count == 1, let component = rest.first {
      let made = EncodingTreeNode(isObject: isObject)
      switch component {
      case .key(let name) where current.isObject:
        if current.child(component) == nil, !current.names.contains(name) {
          current.set(name, .node(made))
          return (made, held.id)
        }
      case .index(let index) where !current.isObject && index == current.count:
        current.append(.node(made))
        return (made, held.id)
      default: break
      }
    }
    if creating {
      throw misuse("a different value was already encoded at \(place)", node)
    }
    return (EncodingTreeNode(isObject: isObject), held.id)
  }

  /// Takes the innermost open container whose path leads to `path` out of the output, as a tree.
  private func holdContainer(around path: [JSONPath.Component]) throws -> HeldTree? {
    guard depth > 0 else {
      try flushTree()
      return nil
    }
    let open = state.pointee.writer.openPath
    var level = 1
    while level < depth, path.starts(with: open[..<level]) { level += 1 }
    try flushTree(growingTo: level)
    if let grown = state.pointee.tree { return grown }
    guard let root = try detachTree(atDepth: level) else { return nil }
    return hold(root, depth: level, path: Array(open[..<(level - 1)]))
  }

  /// The JSON path of a coding path, from this encoder's top level: keys under the key
  /// strategy, indices as indices, and dictionary keys as they are.
  private func jsonPath(of node: CodingPathNode?) -> [JSONPath.Component] {
    var steps: [CodingPathNode] = []
    var current = node
    while let step = current {
      steps.append(step)
      current = step.parent
    }
    steps.reverse()
    return steps.dropFirst(baseCount).map { step in
      if let index = step.key as? IndexKey { return .index(index.intValue ?? 0) }
      if let key = step.key as? StringKey { return .key(key.stringValue) }
      return .key(jsonKey(step.key, node: step.parent))
    }
  }

  /// An encoder for one member of a tree, at `path`.
  func memberEncoder(at path: CodingPathNode?) -> EncoderImpl {
    EncoderImpl(settings: settings, base: path, shared: shared)
  }

  /// A misuse Foundation's encoder stops the process for: an `EncodingError` here.
  func misuse(_ message: String, _ node: CodingPathNode?) -> EncodingError {
    EncodingError.invalidValue(
      message, EncodingError.Context(codingPath: node?.path ?? [], debugDescription: message))
  }

  /// Notes a misuse met where the API cannot throw; the encode throws it when it ends.
  func record(_ error: any Error) {
    if shared.misuse == nil { shared.misuse = error }
  }

  // MARK: Encoder

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    KeyedEncodingContainer(
      KeyedEncoder<Key>(impl: self, place: slotContainer(isObject: true), node: node))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    UnkeyedEncoder(impl: self, place: slotContainer(isObject: false), node: node)
  }

  /// Where a container asked of the encoder for the current value writes: a new container
  /// in an empty slot, the container already there for a second request (as Foundation
  /// shares it), or a misuse when another kind of value is there.
  private func slotContainer(isObject: Bool) -> ContainerPlace {
    do {
      if let tree = state.pointee.tree, tree.depth > slotDepth + 1 {
        try flushTree(growingTo: slotDepth + 1)
      }
      if state.pointee.tree == nil {
        if slotIsEmpty, depth == slotDepth { return try openContainer(isObject: isObject) }
        let inner = slotDepth + 1
        if !slotIsEmpty, depth >= inner, state.pointee.writer.isObject(atDepth: inner) == isObject {
          return .stream(depth: inner, serial: state.pointee.writer.serial(atDepth: inner))
        }
      }
      let found = try treeContainer(at: node, isObject: isObject, creating: true)
      return .tree(found.node, tree: found.tree, since: takeSerial())
    } catch {
      record(error)
      return .failed(error)
    }
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    SingleValueEncoder(impl: self, depth: slotDepth, slotStart: slotStart, node: node)
  }

  /// True when a single value may still be written into the current slot.
  func singleValueSlotIsFree(depth: Int, slotStart: Int) -> Bool {
    state.pointee.tree == nil && self.depth == depth && valuesBegun == slotStart
  }

  // MARK: Values

  /// Encodes a value into the next slot of the innermost container (or the top level).
  /// `fillEmpty` writes `{}` for a value that encodes nothing (not at the top level, where
  /// Foundation reports an error instead).
  func encodeValue<T: Encodable>(
    _ value: T, parent: CodingPathNode?, key: (any CodingKey)?, fillEmpty: Bool = true
  ) throws {
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
    if let tree = state.pointee.tree {
      // A tree inside the value goes back into the output now the value is finished.
      guard tree.depth > slotDepth else {
        throw misuse(
          "a container around this value was written to while the value was being encoded", node)
      }
      try flushTree()
    }
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
      // Foundation writes `{}` for a closure that encodes nothing, at the top level too.
      try withSlot(parent: parent, key: key) { try closure(date, self) }
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
      try withSlot(parent: parent, key: key) { try closure(data, self) }
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

  /// The JSON key for a coding key under the key strategy. Generic so that a keyed
  /// container's concrete key is not boxed into `any CodingKey` for every key written.
  @inline(__always)
  func jsonKey<Key: CodingKey>(_ key: Key, node: CodingPathNode?) -> String {
    if usesDefaultKeys { return key.stringValue }
    return strategyKey(key, node: node)
  }

  /// ``jsonKey(_:node:)`` under a key strategy.
  private func strategyKey(_ key: any CodingKey, node: CodingPathNode?) -> String {
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
  // Index loops over `self` on purpose: this runs unspecialised, and `enumerated()` or `for-in`
  // would look up iterator and tuple type metadata on every element (measured: a third of
  // encoding time). An array cast to a concrete element type is iterated by specialised code.
  func encodeDirectly(into impl: EncoderImpl, parent: CodingPathNode?, key: (any CodingKey)?) throws
  {
    // Arrays of integers, and of doubles with nothing for the strategy to do, are one value to
    // the writer (see `JSONWriter.doubleArray(_:)`).
    if Element.self == Int.self {
      return try identityCast(self, toArrayOf: Int.self).withUnsafeBufferPointer { integers in
        try impl.write { try $0.integerArray(integers) }
      }
    }
    if Element.self == Double.self {
      let doubles = identityCast(self, toArrayOf: Double.self)
      if doubles.allSatisfy(\.isFinite) {
        return try doubles.withUnsafeBufferPointer { doubles in
          try impl.write { try $0.doubleArray(doubles) }
        }
      }
    }
    try impl.write { try $0.beginArray() }
    let count = self.count
    var position = 0
    // Doubles, arrays of doubles and strings are written from the array cast to its concrete
    // type, by specialised code; runs of finite doubles go to the writer whole.
    if Element.self == Double.self {
      try identityCast(self, toArrayOf: Double.self).withUnsafeBufferPointer { doubles in
        while position < count {
          // The finite values from `position` in one run; a non-finite one by the strategy.
          var stop = position
          while stop < count, doubles[stop].isFinite { stop += 1 }
          if stop > position {
            let run = UnsafeBufferPointer(rebasing: doubles[position..<stop])
            try impl.write { try $0.doubleElements(run) }
          }
          if stop < count {
            let node = key.map { CodingPathNode(parent: parent, key: $0) } ?? parent
            try impl.encodeDouble(doubles[stop], parent: node, key: IndexKey(stop))
            stop += 1
          }
          position = stop
        }
      }
    } else if Element.self == [Double].self {
      // Runs of arrays of finite doubles go to the writer whole; an array holding a non-finite
      // value goes through its own `encode(to:)`, where the strategy applies.
      try identityCast(self, toArrayOf: [Double].self).withUnsafeBufferPointer { arrays in
        while position < count {
          var stop = position
          while stop < count, arrays[stop].allSatisfy(\.isFinite) { stop += 1 }
          if stop > position {
            let run = UnsafeBufferPointer(rebasing: arrays[position..<stop])
            try impl.write { try $0.doubleArrayElements(run) }
          }
          if stop < count {
            let node = key.map { CodingPathNode(parent: parent, key: $0) } ?? parent
            try impl.encodeValue(arrays[stop], parent: node, key: IndexKey(stop))
            stop += 1
          }
          position = stop
        }
      }
    } else if Element.self == String.self {
      for text in identityCast(self, toArrayOf: String.self) {
        try impl.write { try $0.string(text) }
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
