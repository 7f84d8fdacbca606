import BinderyJSON
internal import BinderyNaming
import Foundation

/// Collects problems when ``BinderyDecoder/reportsAllErrors`` is set.
final class ErrorCollector {
  var errors: [DecodingError] = []
}

/// A problem already recorded by the collector, travelling up to the top-level call.
struct ReportedError: Error {
  let error: DecodingError
}

/// The `Decoder` for one decode call: a position on the tape and the path to it. Nested values
/// are decoded by moving the position and restoring it, so one instance serves the whole call.
final class DecoderImpl: Decoder {
  /// Reads the document: every value, member and description comes from it.
  let reader: TapeReader
  /// The document read.
  var document: JSONDocument { reader.document }
  /// The document's tape.
  @inline(__always) var tape: UnsafeBufferPointer<TapeEntry> { reader.tape }
  let settings: DecodingSettings
  let collector: ErrorCollector?
  /// The mutable state, read and written without the run-time exclusivity check.
  private let state: UncheckedState<State>

  private struct State {
    /// The tape index of the value being decoded.
    var current: Int
    /// The path of the current value (`nil` at the top level).
    var node: CodingPathNode?
    /// Search state of the keyed container at each nesting depth.
    var slots = MemberSearchSlots()
    /// How many `init(from:)` calls are under way: the slot of a new keyed container.
    var depth = 0
    /// Which value types met so far are read straight from the tape.
    var tapeTypes = TypeMemo<(any TapeDecodable.Type)?>()
  }

  /// The tape index of the value being decoded.
  var current: Int {
    get { state.pointee.current }
    set { state.pointee.current = newValue }
  }
  /// The path of the current value. Made once per nested value decoded through `init(from:)`,
  /// so that containers carry one reference rather than a parent and an existential key.
  var node: CodingPathNode? {
    get { state.pointee.node }
    set { state.pointee.node = newValue }
  }
  /// How many `init(from:)` calls are under way: the slot of a new keyed container.
  var depth: Int { state.pointee.depth }

  deinit {
    state.pointee.slots.deallocate()
  }

  init(document: JSONDocument, settings: DecodingSettings, current: Int = 0) {
    self.reader = TapeReader(document)
    self.settings = settings
    self.collector = settings.reportsAllErrors ? ErrorCollector() : nil
    self.state = UncheckedState(State(current: current, node: nil))
  }

  init(sharing other: DecoderImpl, current: Int, parent: CodingPathNode?, key: (any CodingKey)?) {
    self.reader = other.reader
    self.settings = other.settings
    self.collector = other.collector
    self.state = UncheckedState(
      State(current: current, node: key.map { CodingPathNode(parent: parent, key: $0) } ?? parent))
  }

  var codingPath: [any CodingKey] { node?.path ?? [] }

  var userInfo: [CodingUserInfoKey: Any] { settings.userInfo.mapValues { $0 as Any } }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    try keyedContainer(at: current, node: node, slot: depth)
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try unkeyedContainer(at: current, node: node)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    SingleValueContainer(impl: self, index: current, node: node)
  }

  // MARK: Containers

  func keyedContainer<Key: CodingKey>(at index: Int, node: CodingPathNode?, slot: Int) throws
    -> KeyedDecodingContainer<Key>
  {
    guard tape[index].kind == .object else {
      throw containerMismatch([String: Any].self, at: index, parent: node, key: nil)
    }
    return KeyedDecodingContainer(
      KeyedContainer<Key>(impl: self, object: index, node: node, slot: slot))
  }

  // MARK: Keyed search state

  /// Gives the slot to a container for `object`, starting its search afresh.
  func claim(slot: Int, object: Int) {
    state.pointee.slots.claim(slot, object: object, reader: reader)
  }

  /// Looks a key up in `object`, continuing the search state of its slot when the slot still
  /// belongs to it (a container used out of order starts the slot's search again).
  @inline(__always)
  func lookUp(_ key: String, in object: Int, slot: Int) -> Int? {
    state.pointee.slots.member(key, in: object, slot: slot, reader: reader)
  }

  func unkeyedContainer(at index: Int, node: CodingPathNode?) throws -> any UnkeyedDecodingContainer
  {
    guard tape[index].kind == .array else {
      throw containerMismatch([Any].self, at: index, parent: node, key: nil)
    }
    return UnkeyedContainer(impl: self, array: index, node: node)
  }

  func containerMismatch(
    _ type: Any.Type, at index: Int, parent: CodingPathNode?, key: (any CodingKey)?
  ) -> DecodingError {
    let path = makeCodingPath(parent, key)
    let expected = type == [Any].self ? "an array" : "an object"
    if tape[index].kind == .null {
      return .valueNotFound(
        type,
        context(
          path,
          "Cannot get \(type == [Any].self ? "unkeyed" : "keyed") decoding container -- found null value instead",
          at: index, .nullValue, expected: expected))
    }
    return .typeMismatch(
      type,
      context(
        path, "Expected to decode \(type) but found \(describe(index)) instead.", at: index,
        .typeMismatch, expected: expected))
  }

  // MARK: Values

  /// Decodes a value of any type at a tape index: scalars and Foundation's special types
  /// directly, everything else through its `init(from:)` with this decoder moved there.
  func unwrap<T: Decodable>(
    _ type: T.Type, at index: Int, parent: CodingPathNode?, key: (any CodingKey)?
  ) throws -> T {
    if T.self == String.self {
      return identityCast(try string(at: index) { makeCodingPath(parent, key) }, to: T.self)
    }
    if T.self == Int.self {
      return identityCast(
        try integer(Int.self, at: index) { makeCodingPath(parent, key) }, to: T.self)
    }
    if T.self == Double.self {
      return identityCast(
        try floating(Double.self, at: index) { makeCodingPath(parent, key) }, to: T.self)
    }
    if T.self == Bool.self {
      return identityCast(try bool(at: index) { makeCodingPath(parent, key) }, to: T.self)
    }
    if T.self == Int64.self {
      return identityCast(
        try integer(Int64.self, at: index) { makeCodingPath(parent, key) }, to: T.self)
    }
    if T.self == Date.self { return identityCast(try date(at: index, parent, key), to: T.self) }
    if T.self == URL.self { return identityCast(try url(at: index, parent, key), to: T.self) }
    if T.self == Data.self { return identityCast(try data(at: index, parent, key), to: T.self) }
    if T.self == Decimal.self {
      return identityCast(try decimal(at: index, parent, key), to: T.self)
    }
    if T.self == JSONValue.self {
      return identityCast(reader.value(at: index), to: T.self)
    }
    if let collection = tapeDecodable(T.self) {
      return try decodeCollection(collection, as: T.self, at: index, parent: parent, key: key)
    }
    // The metatype given, not `T`: `Employee.self as Person.Type` decodes an `Employee`.
    return try at(index, parent: parent, key: key) { try type.init(from: self) }
  }

  /// Runs `body`, an `init(from:)`, with this decoder moved to the value at `index`.
  func at<T>(
    _ index: Int, parent: CodingPathNode?, key: (any CodingKey)?, _ body: () throws -> T
  ) throws -> T {
    let saved = (current, node)
    current = index
    node = key.map { CodingPathNode(parent: parent, key: $0) } ?? parent
    state.pointee.depth += 1
    defer {
      (current, node) = saved
      state.pointee.depth -= 1
    }
    return try body()
  }

  /// `type` as a collection type read straight from the tape, or nil.
  private func tapeDecodable<T>(_ type: T.Type) -> (any TapeDecodable.Type)? {
    state.pointee.tapeTypes.answer(for: type) { type as? any TapeDecodable.Type }
  }

  /// Opens the collection type so its value comes back as `T` without a dynamic cast.
  private func decodeCollection<C: TapeDecodable, T>(
    _ type: C.Type, as _: T.Type, at index: Int, parent: CodingPathNode?, key: (any CodingKey)?
  ) throws -> T {
    let value = try C.decode(from: self, at: index, parent: parent, key: key)
    // C is T: `unwrap` found T to be this collection type.
    return identityCast(value, to: T.self)
  }

  /// A reader for scalar element types, or `nil` for others.
  func scalarReader<T>(for type: T.Type) -> ((Int, () -> [any CodingKey]) throws -> T)? {
    if T.self == Double.self {
      return { index, path in
        identityCast(try self.floating(Double.self, at: index, path: path), to: T.self)
      }
    }
    if T.self == Int.self {
      return { index, path in
        identityCast(try self.integer(Int.self, at: index, path: path), to: T.self)
      }
    }
    if T.self == String.self {
      return { index, path in identityCast(try self.string(at: index, path: path), to: T.self) }
    }
    if T.self == Bool.self {
      return { index, path in identityCast(try self.bool(at: index, path: path), to: T.self) }
    }
    if T.self == Int64.self {
      return { index, path in
        identityCast(try self.integer(Int64.self, at: index, path: path), to: T.self)
      }
    }
    return nil
  }

  // MARK: Scalars

  /// The elements of the array `entry` at tape index `index`, each read by `read` (given its
  /// tape index and, for an error, its coding path): for arrays of scalars, in code
  /// specialised for the element type.
  @inline(__always)
  func scalars<T>(
    of entry: TapeEntry, at index: Int, parent: CodingPathNode?, key: (any CodingKey)?,
    _ read: (Int, () -> [any CodingKey]) throws -> T
  ) throws -> [T] {
    var result: [T] = []
    result.reserveCapacity(entry.count)
    var child = index + 1
    var position = 0
    while child < entry.end {
      let at = position
      result.append(try read(child) { makeCodingPath(parent, key) + [IndexKey(at)] })
      child = reader.next(after: child)
      position += 1
    }
    return result
  }

  func bool(at index: Int, path: () -> [any CodingKey]) throws -> Bool {
    switch tape[index].kind {
    case .true: return true
    case .false: return false
    default: throw mismatch(Bool.self, at: index, path: path)
    }
  }

  func string(at index: Int, path: () -> [any CodingKey]) throws -> String {
    let entry = tape[index]
    guard entry.kind == .string else { throw mismatch(String.self, at: index, path: path) }
    return reader.string(entry)
  }

  func integer<T: FixedWidthInteger>(_ type: T.Type, at index: Int, path: () -> [any CodingKey])
    throws -> T
  {
    let entry = tape[index]
    guard entry.kind == .number else { throw mismatch(T.self, at: index, path: path) }
    // `Int` through `Int64` only where it is 64 bits wide (32-bit platforms such as arm64_32
    // take the exact generic path).
    if T.self == Int64.self || (T.self == Int.self && Int.bitWidth == 64) {
      guard case .value(let value) = reader.int64(entry) else {
        throw numberDoesNotFit(T.self, at: index, path: path)
      }
      if T.self == Int64.self { return identityCast(value, to: T.self) }
      // Exact: `Int` is 64 bits wide here.
      return identityCast(Int(truncatingIfNeeded: value), to: T.self)
    }
    return try otherInteger(T.self, entry, at: index, path: path)
  }

  /// Integers of other widths. Apart, so that `Int` and `Int64` in unspecialised code never ask
  /// the runtime for `IntegerResult<T>`'s metadata.
  @inline(never)
  private func otherInteger<T: FixedWidthInteger>(
    _ type: T.Type, _ entry: TapeEntry, at index: Int, path: () -> [any CodingKey]
  ) throws -> T {
    if case .value(let value) = reader.integer(entry, as: T.self) { return value }
    throw numberDoesNotFit(T.self, at: index, path: path)
  }

  func floating<T: BinaryFloatingPoint>(_ type: T.Type, at index: Int, path: () -> [any CodingKey])
    throws -> T
  {
    let entry = tape[index]
    switch entry.kind {
    case .number:
      // `Float` rounded once, from the text: `3.4028235e+38` is `Float`'s largest value.
      let read =
        T.self == Float.self ? reader.float(entry).map(T.init) : reader.double(entry).map(T.init)
      guard let value = read else { throw numberDoesNotFit(T.self, at: index, path: path) }
      // Like JSONDecoder, a number too small to be told from zero in the type (`1e-400`, or
      // `1e-50` as a `Float`) does not fit, rather than reading as 0.
      if value == 0, reader.roundsToZero(entry) {
        throw numberDoesNotFit(T.self, at: index, path: path)
      }
      return value
    case .string:
      if case .convertFromString(let positive, let negative, let nan) = settings.nonConformingFloat
      {
        let text = reader.string(entry)
        if text == positive { return .infinity }
        if text == negative { return -.infinity }
        if text == nan { return .nan }
      }
      throw mismatch(T.self, at: index, path: path)
    default:
      throw mismatch(T.self, at: index, path: path)
    }
  }

  private func numberDoesNotFit(_ type: Any.Type, at index: Int, path: () -> [any CodingKey])
    -> DecodingError
  {
    let text = reader.numberText(at: index) ?? "?"
    return .dataCorrupted(
      context(
        path(), "Parsed JSON number <\(text)> does not fit in \(type).", at: index,
        .numberOutOfRange, expected: "a number that fits in \(type)"))
  }

  // MARK: Foundation's special types

  func date(at index: Int, _ parent: CodingPathNode?, _ key: (any CodingKey)?) throws -> Date {
    if let date = document.sourceObject(at: index) as? Date { return date }
    switch settings.date {
    case .deferredToDate:
      return Date(
        timeIntervalSinceReferenceDate: try floating(Double.self, at: index) {
          makeCodingPath(parent, key)
        })
    case .secondsSince1970:
      return Date(
        timeIntervalSince1970: try floating(Double.self, at: index) { makeCodingPath(parent, key) })
    case .millisecondsSince1970:
      return Date(
        timeIntervalSince1970: try floating(Double.self, at: index) { makeCodingPath(parent, key) }
          / 1000)
    case .iso8601:
      let text = try string(at: index) { makeCodingPath(parent, key) }
      guard let date = ISO8601.date(from: text) else {
        throw DecodingError.dataCorrupted(
          context(
            makeCodingPath(parent, key), "Expected date string to be ISO8601-formatted.", at: index,
            .invalidValue, expected: "an ISO 8601 date"))
      }
      return date
    case .formatted(let formatter):
      let text = try string(at: index) { makeCodingPath(parent, key) }
      guard let date = formatter.date(from: text) else {
        throw DecodingError.dataCorrupted(
          context(
            makeCodingPath(parent, key), "Date string does not match format expected by formatter.",
            at: index, .invalidValue, expected: "a date in the formatter's format"))
      }
      return date
    case .custom(let closure):
      return try closure(DecoderImpl(sharing: self, current: index, parent: parent, key: key))
    }
  }

  func data(at index: Int, _ parent: CodingPathNode?, _ key: (any CodingKey)?) throws -> Data {
    if let data = document.sourceObject(at: index) as? Data { return data }
    switch settings.data {
    case .deferredToData:
      return try withMoved(to: index, parent, key) { try Data(from: self) }
    case .base64:
      let text = try string(at: index) { makeCodingPath(parent, key) }
      guard let data = Data(base64Encoded: text) else {
        throw DecodingError.dataCorrupted(
          context(
            makeCodingPath(parent, key), "Encountered Data is not valid Base64.", at: index,
            .invalidValue, expected: "Base64 data"))
      }
      return data
    case .custom(let closure):
      return try closure(DecoderImpl(sharing: self, current: index, parent: parent, key: key))
    }
  }

  func url(at index: Int, _ parent: CodingPathNode?, _ key: (any CodingKey)?) throws -> URL {
    let text = try string(at: index) { makeCodingPath(parent, key) }
    guard let url = URL(string: text) else {
      throw DecodingError.dataCorrupted(
        context(
          makeCodingPath(parent, key), "Invalid URL string.", at: index, .invalidValue,
          expected: "a URL"))
    }
    return url
  }

  func decimal(at index: Int, _ parent: CodingPathNode?, _ key: (any CodingKey)?) throws -> Decimal
  {
    let entry = tape[index]
    guard entry.kind == .number, !entry.isNonStandardNumber else {
      throw mismatch(Decimal.self, at: index) { makeCodingPath(parent, key) }
    }
    guard let text = reader.numberText(at: index), let value = Decimal(jsonNumberText: text) else {
      throw numberDoesNotFit(Decimal.self, at: index) { makeCodingPath(parent, key) }
    }
    return value
  }

  private func withMoved<T>(
    to index: Int, _ parent: CodingPathNode?, _ key: (any CodingKey)?, _ body: () throws -> T
  )
    rethrows -> T
  {
    let saved = (current, node)
    current = index
    node = key.map { CodingPathNode(parent: parent, key: $0) } ?? parent
    defer { (current, node) = saved }
    return try body()
  }

  // MARK: Errors

  func mismatch(_ type: Any.Type, at index: Int, path makePath: () -> [any CodingKey])
    -> DecodingError
  {
    let path = makePath()
    let expected = Self.expectation(of: type)
    if tape[index].kind == .null {
      return .valueNotFound(
        type,
        context(
          path, "Cannot get value of type \(type) -- found null value instead", at: index,
          .nullValue, expected: expected))
    }
    return .typeMismatch(
      type,
      context(
        path, "Expected to decode \(type) but found \(describe(index)) instead.", at: index,
        .typeMismatch, expected: expected))
  }

  /// What a value of a type is, in the words of every "expected …".
  private static func expectation(of type: Any.Type) -> String {
    switch type {
    case is String.Type: "a string"
    case is Bool.Type: "true or false"
    case is any FixedWidthInteger.Type: "an integer"
    case is any BinaryFloatingPoint.Type, is Decimal.Type: "a number"
    case is [String: Any].Type: "an object"
    default: "a value of type \(type)"
    }
  }

  /// Foundation's words for what was found.
  func describe(_ index: Int) -> String { reader.codableDescription(at: index) }

  /// A context for a problem with the value at a tape index: Foundation's `message`, followed by
  /// the value's line and column when there is text, and as its underlying error the
  /// ``JSONDecodingProblem`` it stands for (kind, path, position, what was expected and found),
  /// which ``JSONDecodingError/init(_:)`` reads back.
  func context(
    _ path: [any CodingKey], _ message: String, at index: Int, _ kind: JSONDecodingProblem.Kind,
    expected: String
  ) -> DecodingError.Context {
    // Text written from Foundation objects is not the user's: the path says where.
    let location = reader.location(of: index)
    let problem = JSONDecodingProblem(
      kind: kind, path: JSONPath(codingPath: path), location: location, expected: expected,
      found: kind == .nullValue ? "" : reader.describe(at: index))
    let description = location.map { "\(message) (\($0))" } ?? message
    return DecodingError.Context(
      codingPath: path, debugDescription: description, underlyingError: problem)
  }

  /// A context for a member or element an object or array (at tape index `container`) does
  /// not have: Foundation's `message`, and as its underlying error a
  /// ``JSONDecodingProblem/Kind-swift.struct/missingKey`` problem at the container's position.
  func missingContext(
    _ path: [any CodingKey], _ key: any CodingKey, _ message: String, in container: Int
  ) -> DecodingError.Context {
    let problem = JSONDecodingProblem(
      kind: .missingKey, path: JSONPath(codingPath: path + [key]),
      location: reader.location(of: container), expected: key is IndexKey ? "an element" : "")
    return DecodingError.Context(
      codingPath: key is IndexKey ? path + [key] : path, debugDescription: message,
      underlyingError: problem)
  }

  /// Runs `body`; with error collection on, records a failure and returns `placeholder`
  /// so decoding can go on to find the next problem.
  @inline(__always)
  func recovering<T>(_ placeholder: @autoclosure () -> T, _ body: () throws -> T) throws -> T {
    guard let collector else { return try body() }
    do {
      return try body()
    } catch let error as DecodingError {
      collector.errors.append(error)
      return placeholder()
    }
  }

  /// A stand-in for a scalar type whose value failed to decode, so that collecting errors can
  /// go on; `nil` for other types.
  func placeholder<T>(for type: T.Type) -> T? {
    if T.self == String.self { return identityCast("", to: T.self) }
    if T.self == Int.self { return identityCast(0 as Int, to: T.self) }
    if T.self == Double.self { return identityCast(0 as Double, to: T.self) }
    if T.self == Bool.self { return identityCast(false, to: T.self) }
    if T.self == Int64.self { return identityCast(0 as Int64, to: T.self) }
    return nil
  }

  /// Decodes a nested value; with error collection on, a failing scalar is recorded and
  /// replaced by a placeholder, and any other failure is recorded once and passed up.
  func collecting<T: Decodable>(
    _ type: T.Type, at index: Int, parent: CodingPathNode?, key: (any CodingKey)?
  )
    throws -> T
  {
    guard collector != nil else { return try unwrap(type, at: index, parent: parent, key: key) }
    return try collectingErrors(type, at: index, parent: parent, key: key)
  }

  /// ``collecting(_:at:parent:key:)`` with error collection on. Apart, so that the common path
  /// never asks the runtime for `Optional<T>`'s metadata (unspecialised code does, on entry,
  /// for every local of a type that depends on `T`).
  @inline(never)
  private func collectingErrors<T: Decodable>(
    _ type: T.Type, at index: Int, parent: CodingPathNode?, key: (any CodingKey)?
  )
    throws -> T
  {
    if let placeholder = placeholder(for: T.self) {
      return try recovering(placeholder) { try unwrap(type, at: index, parent: parent, key: key) }
    }
    return try reporting { try unwrap(type, at: index, parent: parent, key: key) }
  }

  /// Runs a nested decode; with error collection on, records a failure once and passes it up.
  @inline(__always)
  func reporting<T>(_ body: () throws -> T) throws -> T {
    guard let collector else { return try body() }
    do {
      return try body()
    } catch let error as DecodingError {
      collector.errors.append(error)
      throw ReportedError(error: error)
    }
  }

  /// Moves to the value at a result key path, building the coding path of its steps.
  func descend(_ path: JSONPath) throws -> (Int, CodingPathNode?) {
    var cursor = document.root
    var node: CodingPathNode?
    for component in path.components {
      let step = JSONPath([component])
      let key = step.codingPath[0]
      do {
        cursor = try cursor.cursor(at: step)
      } catch {
        let context = DecodingError.Context(
          codingPath: codingPathOf(node) + [key], debugDescription: error.description,
          underlyingError: error)
        if case .index = component { throw DecodingError.valueNotFound(Any.self, context) }
        throw DecodingError.keyNotFound(key, context)
      }
      node = CodingPathNode(parent: node, key: key)
    }
    return (cursor.index, node)
  }

  private func codingPathOf(_ node: CodingPathNode?) -> [any CodingKey] { node?.path ?? [] }
}

/// Collections decoded straight from the tape instead of through `init(from:)` and an
/// existential container: arrays (every element type) and `[String: Value]` dictionaries,
/// which Foundation also decodes without applying the key strategy. One conformance check per
/// nested value decides, the same check the dictionary case needs anyway.
protocol TapeDecodable {
  static func decode(
    from impl: DecoderImpl, at index: Int, parent: CodingPathNode?, key: (any CodingKey)?
  )
    throws -> Self
}

extension Dictionary: TapeDecodable where Key == String, Value: Decodable {
  static func decode(
    from impl: DecoderImpl, at index: Int, parent: CodingPathNode?, key: (any CodingKey)?
  )
    throws -> Self
  {
    let entry = impl.tape[index]
    guard entry.kind == .object else {
      throw impl.mismatch([String: Value].self, at: index) { makeCodingPath(parent, key) }
    }
    let node = key.map { CodingPathNode(parent: parent, key: $0) } ?? parent
    let reader = impl.reader
    var result = [String: Value](minimumCapacity: entry.count)
    try reader.forEachDistinctMember(of: index) { keyIndex, valueIndex in
      let name = reader.string(reader.tape[keyIndex])
      result[name] = try impl.collecting(
        Value.self, at: valueIndex, parent: node, key: StringKey(name))
    }
    return result
  }
}

extension Array: TapeDecodable where Element: Decodable {
  static func decode(
    from impl: DecoderImpl, at index: Int, parent: CodingPathNode?, key: (any CodingKey)?
  )
    throws -> Self
  {
    let entry = impl.tape[index]
    guard entry.kind == .array else {
      throw impl.containerMismatch([Any].self, at: index, parent: parent, key: key)
    }
    // This code runs unspecialised, and the runtime looks up the metadata of every type its
    // locals need (the array's storage, `Element?`): hundreds of instructions each, per array.
    // An empty array needs none of them, and arrays of the common scalars are read by code
    // specialised for their element (errors are collected on the general path below).
    if entry.count == 0 { return [] }
    if impl.collector == nil {
      if Element.self == Double.self {
        return identityCast(
          try impl.scalars(of: entry, at: index, parent: parent, key: key) {
            try impl.floating(Double.self, at: $0, path: $1)
          }, toArrayOf: Element.self)
      }
      if Element.self == Int.self {
        return identityCast(
          try impl.scalars(of: entry, at: index, parent: parent, key: key) {
            try impl.integer(Int.self, at: $0, path: $1)
          }, toArrayOf: Element.self)
      }
      if Element.self == String.self {
        return identityCast(
          try impl.scalars(of: entry, at: index, parent: parent, key: key) {
            try impl.string(at: $0, path: $1)
          }, toArrayOf: Element.self)
      }
      if Element.self == Int64.self {
        return identityCast(
          try impl.scalars(of: entry, at: index, parent: parent, key: key) {
            try impl.integer(Int64.self, at: $0, path: $1)
          }, toArrayOf: Element.self)
      }
      if Element.self == Bool.self {
        return identityCast(
          try impl.scalars(of: entry, at: index, parent: parent, key: key) {
            try impl.bool(at: $0, path: $1)
          }, toArrayOf: Element.self)
      }
    }
    return try decodeElements(entry, from: impl, at: index, parent: parent, key: key)
  }

  /// ``decode(from:at:parent:key:)`` for other elements, or with errors collected.
  @inline(never)
  private static func decodeElements(
    _ entry: TapeEntry, from impl: DecoderImpl, at index: Int, parent: CodingPathNode?,
    key: (any CodingKey)?
  ) throws -> Self {
    // Scalars need no path node unless one fails: read them directly.
    if let read = impl.scalarReader(for: Element.self),
      let placeholder = impl.placeholder(for: Element.self)
    {
      return try impl.scalars(of: entry, at: index, parent: parent, key: key) { child, path in
        try impl.recovering(placeholder) { try read(child, path) }
      }
    }
    var result: [Element] = []
    result.reserveCapacity(entry.count)
    var child = index + 1
    var position = 0
    let node = key.map { CodingPathNode(parent: parent, key: $0) } ?? parent
    while child < entry.end {
      result.append(
        try impl.collecting(Element.self, at: child, parent: node, key: IndexKey(position)))
      child = impl.reader.next(after: child)
      position += 1
    }
    return result
  }
}
