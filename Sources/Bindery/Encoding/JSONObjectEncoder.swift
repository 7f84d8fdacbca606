public import BinderyJSON

/// Writes the members of one JSON object: the argument of a model's `encode(to:)`.
///
/// Members given a nested path (`.path("personInfo", "firstName")`) open the objects on the way;
/// consecutive members sharing a prefix share its objects, so `personInfo.firstName` and
/// `personInfo.lastName` are written into one `personInfo`. Generated code orders members so that
/// siblings are adjacent; hand-written code should do the same.
///
/// An encoder is valid only while the export that handed it to you runs, like
/// ``JSONValueEncoder``: do not store it or let a closure that outlives the call capture it;
/// an encoder used after its export stops the program with a message saying so.
public struct JSONObjectEncoder {
  /// The export's state, borrowed (see `JSONValueEncoder.contextReference`).
  @usableFromInline let contextReference: ContextReference<JSONEncodingContext>
  @usableFromInline var context: JSONEncodingContext { contextReference.context }
  @usableFromInline let filter: JSONPropertyFilter?
  /// The index of the date format in force in the context's `dateFormats`.
  @usableFromInline var dates: Int
  /// What nested key paths, kept `null`s and union tags need while writing (see ``Nesting``):
  /// nil until one of them is used, so that the encoder of a plain object is made and
  /// destroyed with no reference counting for these fields.
  var nesting: Nesting?

  /// The state of nested key paths, kept `null`s and union tags.
  struct Nesting {
    /// The nested objects currently open below this one, outermost first.
    var open: [String] = []
    /// The members a model that keeps unknown keys read as `null`: a `nil` property at one of
    /// these keys is written as `null` again whatever the null policy, so that decode → encode
    /// keeps both an absent key and a `null` as they were.
    var keptNulls: [String: JSONValue]?
    /// The key of a union's tag, written before the case's members: kept members leave it out.
    var tagKey: String?
    /// An object the input held as `null` (such as `meta` of `meta.note`) whose properties are
    /// all `nil` so far: written as `null` before the next member, unless that member is inside
    /// it.
    var pendingNull: String?
  }

  // The fields of `nesting`, read as empty while it is nil.
  var open: [String] {
    get { nesting?.open ?? [] }
    set { updateNesting { $0.open = newValue } }
  }
  var keptNulls: [String: JSONValue]? {
    get { nesting?.keptNulls }
    set { updateNesting { $0.keptNulls = newValue } }
  }
  var tagKey: String? {
    get { nesting?.tagKey }
    set { updateNesting { $0.tagKey = newValue } }
  }
  var pendingNull: String? {
    get { nesting?.pendingNull }
    set { updateNesting { $0.pendingNull = newValue } }
  }
  private mutating func updateNesting(_ change: (inout Nesting) -> Void) {
    var state = nesting.take() ?? Nesting()
    change(&state)
    nesting = state
  }

  init(reference: ContextReference<JSONEncodingContext>, filter: JSONPropertyFilter?, dates: Int) {
    self.contextReference = reference
    self.filter = filter
    self.dates = dates
  }

  /// The options of the export under way.
  public var options: JSONEncodingOptions { context.options }

  /// Whether the export writes the property named `property` (include/exclude filters apply to
  /// the top-level model only).
  ///
  /// - Parameter property: The Swift property name.
  /// - Returns: True unless a filter leaves it out.
  @inlinable
  public func includes(_ property: String) -> Bool {
    guard let filter else { return true }
    return filter.includes(property)
  }

  /// The same encoder with another default date format for what it writes next.
  ///
  /// - Parameter format: The format `Date` values use unless a transformer says otherwise.
  public mutating func setDateFormat(_ format: JSONDateFormat) {
    dates = context.dateFormatIndex(format)
  }

  mutating func closeNested(keeping count: Int) throws(JSONWriteError) {
    guard nesting != nil else { return }
    while open.count > count {
      open.removeLast()
      try contextReference.write { w throws(JSONWriteError) in try w.endObject() }
    }
  }

  /// Positions the writer for the member at `key`'s first path: opens and closes nested
  /// objects, then writes the last key.
  @usableFromInline
  mutating func beginMember(_ key: JSONKey) throws(JSONWriteError) {
    if nesting?.pendingNull != nil { try settlePendingNull(before: key) }
    let path: [String]
    switch key.storage {
    case .single(let name):
      if nesting?.open.isEmpty == false { try closeNested(keeping: 0) }
      try contextReference.write { w throws(JSONWriteError) in try w.key(name) }
      return
    case .paths(let paths):
      path = paths.first ?? []
    }
    guard let last = path.last else {
      throw context.error(.invalidState, "a property has an empty key path")
    }
    let parents = path.dropLast()
    var shared = 0
    while shared < open.count, shared < parents.count, open[shared] == parents[shared] {
      shared += 1
    }
    try closeNested(keeping: shared)
    for parent in parents.dropFirst(shared) {
      try contextReference.write { w throws(JSONWriteError) in
        try w.key(parent)
        try w.beginObject()
      }
      open.append(parent)
    }
    try contextReference.write { w throws(JSONWriteError) in try w.key(last) }
  }

  @usableFromInline
  var valueEncoder: JSONValueEncoder { JSONValueEncoder(reference: contextReference, dates: dates) }

  @usableFromInline
  mutating func writeNull(forKey key: JSONKey, nulls: JSONNullEncoding?) throws {
    if (nulls ?? contextReference.withContext { $0.options.nulls }) != .write {
      // Omitted, unless the input had a `null` here (see ``_keepNulls(of:)``).
      guard let keptNulls, let path = key.paths.first, let first = path.first,
        keptNulls[first] == .null
      else { return }
      if path.count > 1 {
        // The input had `null` for the object around this key: write that `null` once, and
        // only if no sibling inside it has a value to write.
        if pendingNull != first {
          try settlePendingNull(before: nil)
          pendingNull = first
        }
        return
      }
    }
    try beginMember(key)
    try contextReference.write { w throws(JSONWriteError) in try w.null() }
  }

  /// Writes the pending `null` object unless `key` (the next member) is inside it.
  mutating func settlePendingNull(before key: JSONKey?) throws(JSONWriteError) {
    guard let pending = pendingNull else { return }
    pendingNull = nil
    if let key, key.paths.first?.first == pending { return }
    try closeNested(keeping: 0)
    try contextReference.write { w throws(JSONWriteError) in
      try w.key(pending)
      try w.null()
    }
  }

  /// Writes a member.
  ///
  /// - Parameters:
  ///   - value: The value.
  ///   - key: The key or nested path (for fallbacks, the first is written).
  /// - Throws: `JSONWriteError` naming the member's path; an error of the value's own becomes
  ///   its `JSONWriteError.cause`.
  @inlinable
  public mutating func encode<T: JSONEncodable>(_ value: T, forKey key: JSONKey) throws {
    try beginMember(key)
    do {
      try value.encode(to: valueEncoder)
    } catch {
      throw context.located(error)
    }
  }

  /// Writes a member at a key that needs no escaping: for generated code, whose macro checked
  /// the key (printable ASCII without `"`, `\\` or `/`), so that its bytes are copied as they are.
  ///
  /// - Parameters:
  ///   - value: The value.
  ///   - key: The key, printable ASCII other than `"`, `\\` and `/`.
  /// - Throws: `JSONWriteError` naming the member's path; an error of the value's own becomes
  ///   its `JSONWriteError.cause`.
  @_documentation(visibility: private)
  @inlinable
  public mutating func _encode<T: JSONEncodable>(_ value: T, plainKey key: StaticString) throws {
    try beginPlainMember(key)
    do {
      try value.encode(to: valueEncoder)
    } catch {
      throw context.located(error)
    }
  }

  /// Writes an optional member at a key that needs no escaping; see ``_encode(_:plainKey:)``.
  ///
  /// - Parameters:
  ///   - value: The value.
  ///   - key: The key, printable ASCII other than `"`, `\\` and `/`.
  ///   - nulls: What to do with `nil`; the export options decide when left out.
  /// - Throws: `JSONWriteError` naming the member's path; an error of the value's own becomes
  ///   its `JSONWriteError.cause`.
  @_documentation(visibility: private)
  @inlinable
  public mutating func _encodeIfPresent<T: JSONEncodable>(
    _ value: T?, plainKey key: StaticString, nulls: JSONNullEncoding? = nil
  ) throws {
    if let value { return try _encode(value, plainKey: key) }
    try writeNull(plainKey: key, nulls: nulls)
  }

  // The types most members have, written key and value in one call to the writer: chosen
  // over the generic methods above by overload resolution in generated code. Each writes what
  // the type's `encode(to:)` writes.

  /// ``_encode(_:plainKey:)`` for a `String`.
  @_documentation(visibility: private)
  public mutating func _encode(_ value: String, plainKey key: StaticString) throws {
    guard writesPlainly else {
      return try encode(value, forKey: JSONKey(key.description))
    }
    try contextReference.writer.pointee.plainMember(
      key.utf8Start, count: key.utf8CodeUnitCount, string: value)
  }

  /// ``_encode(_:plainKey:)`` for an `Int`.
  @_documentation(visibility: private)
  public mutating func _encode(_ value: Int, plainKey key: StaticString) throws {
    guard writesPlainly else {
      return try encode(value, forKey: JSONKey(key.description))
    }
    try contextReference.writer.pointee.plainMember(
      key.utf8Start, count: key.utf8CodeUnitCount, integer: Int64(value))
  }

  /// ``_encode(_:plainKey:)`` for an `Int64`.
  @_documentation(visibility: private)
  public mutating func _encode(_ value: Int64, plainKey key: StaticString) throws {
    guard writesPlainly else {
      return try encode(value, forKey: JSONKey(key.description))
    }
    try contextReference.writer.pointee.plainMember(
      key.utf8Start, count: key.utf8CodeUnitCount, integer: value)
  }

  /// ``_encode(_:plainKey:)`` for a `Bool`.
  @_documentation(visibility: private)
  public mutating func _encode(_ value: Bool, plainKey key: StaticString) throws {
    guard writesPlainly else {
      return try encode(value, forKey: JSONKey(key.description))
    }
    try contextReference.writer.pointee.plainMember(
      key.utf8Start, count: key.utf8CodeUnitCount, bool: value)
  }

  /// ``_encode(_:plainKey:)`` for a `Double`.
  @_documentation(visibility: private)
  public mutating func _encode(_ value: Double, plainKey key: StaticString) throws {
    guard writesPlainly else {
      return try encode(value, forKey: JSONKey(key.description))
    }
    try contextReference.writer.pointee.plainMember(
      key.utf8Start, count: key.utf8CodeUnitCount, double: value)
  }

  /// ``_encode(_:plainKey:)`` for an `[Int]`.
  @_documentation(visibility: private)
  public mutating func _encode(_ value: [Int], plainKey key: StaticString) throws {
    guard writesPlainly else {
      return try encode(value, forKey: JSONKey(key.description))
    }
    let writer = contextReference.writer
    try value.withUnsafeBufferPointer { values throws(JSONWriteError) in
      try writer.pointee.plainMember(key.utf8Start, count: key.utf8CodeUnitCount, integers: values)
    }
  }

  /// ``_encode(_:plainKey:)`` for a `[Double]`.
  @_documentation(visibility: private)
  public mutating func _encode(_ value: [Double], plainKey key: StaticString) throws {
    guard writesPlainly else {
      return try encode(value, forKey: JSONKey(key.description))
    }
    let writer = contextReference.writer
    try value.withUnsafeBufferPointer { values throws(JSONWriteError) in
      try writer.pointee.plainMember(key.utf8Start, count: key.utf8CodeUnitCount, doubles: values)
    }
  }

  /// ``_encodeIfPresent(_:plainKey:nulls:)`` for an `[Int]`.
  @_documentation(visibility: private)
  public mutating func _encodeIfPresent(
    _ value: [Int]?, plainKey key: StaticString, nulls: JSONNullEncoding? = nil
  ) throws {
    if let value { return try _encode(value, plainKey: key) }
    try writeNull(plainKey: key, nulls: nulls)
  }

  /// ``_encodeIfPresent(_:plainKey:nulls:)`` for a `[Double]`.
  @_documentation(visibility: private)
  public mutating func _encodeIfPresent(
    _ value: [Double]?, plainKey key: StaticString, nulls: JSONNullEncoding? = nil
  ) throws {
    if let value { return try _encode(value, plainKey: key) }
    try writeNull(plainKey: key, nulls: nulls)
  }

  /// ``_encodeIfPresent(_:plainKey:nulls:)`` for a `String`.
  @_documentation(visibility: private)
  public mutating func _encodeIfPresent(
    _ value: String?, plainKey key: StaticString, nulls: JSONNullEncoding? = nil
  ) throws {
    if let value { return try _encode(value, plainKey: key) }
    try writeNull(plainKey: key, nulls: nulls)
  }

  /// ``_encodeIfPresent(_:plainKey:nulls:)`` for an `Int`.
  @_documentation(visibility: private)
  public mutating func _encodeIfPresent(
    _ value: Int?, plainKey key: StaticString, nulls: JSONNullEncoding? = nil
  ) throws {
    if let value { return try _encode(value, plainKey: key) }
    try writeNull(plainKey: key, nulls: nulls)
  }

  /// ``_encodeIfPresent(_:plainKey:nulls:)`` for an `Int64`.
  @_documentation(visibility: private)
  public mutating func _encodeIfPresent(
    _ value: Int64?, plainKey key: StaticString, nulls: JSONNullEncoding? = nil
  ) throws {
    if let value { return try _encode(value, plainKey: key) }
    try writeNull(plainKey: key, nulls: nulls)
  }

  /// ``_encodeIfPresent(_:plainKey:nulls:)`` for a `Bool`.
  @_documentation(visibility: private)
  public mutating func _encodeIfPresent(
    _ value: Bool?, plainKey key: StaticString, nulls: JSONNullEncoding? = nil
  ) throws {
    if let value { return try _encode(value, plainKey: key) }
    try writeNull(plainKey: key, nulls: nulls)
  }

  /// ``_encodeIfPresent(_:plainKey:nulls:)`` for a `Double`.
  @_documentation(visibility: private)
  public mutating func _encodeIfPresent(
    _ value: Double?, plainKey key: StaticString, nulls: JSONNullEncoding? = nil
  ) throws {
    if let value { return try _encode(value, plainKey: key) }
    try writeNull(plainKey: key, nulls: nulls)
  }

  /// Whether a plain key's member can go straight to the writer: no nested object is open and
  /// no `null` object is pending, either of which the general path settles first.
  @usableFromInline
  var writesPlainly: Bool {
    guard let nesting else { return true }
    return nesting.pendingNull == nil && nesting.open.isEmpty
  }

  /// Positions the writer for the member at a plain key: its bytes go out as they are unless
  /// nested objects are open or a `null` object is pending, which the general path settles.
  @usableFromInline
  mutating func beginPlainMember(_ key: StaticString) throws(JSONWriteError) {
    guard writesPlainly else {
      return try beginMember(JSONKey(key.description))
    }
    try contextReference.writer.pointee.plainKey(key.utf8Start, count: key.utf8CodeUnitCount)
  }

  @usableFromInline
  mutating func writeNull(plainKey key: StaticString, nulls: JSONNullEncoding?) throws {
    if (nulls ?? contextReference.withContext { $0.options.nulls }) == .write {
      try beginPlainMember(key)
      try contextReference.write { w throws(JSONWriteError) in try w.null() }
    } else if nesting?.keptNulls != nil {
      // The input may have held `null` here: the general rule decides.
      try writeNull(forKey: JSONKey(key.description), nulls: nulls)
    }
  }

  /// Writes an optional member: `nil` is left out or written as `null`.
  ///
  /// - Parameters:
  ///   - value: The value.
  ///   - key: The key or nested path.
  ///   - nulls: What to do with `nil`; the export options decide when left out.
  /// - Throws: `JSONWriteError` naming the member's path; an error of the value's own becomes
  ///   its `JSONWriteError.cause`.
  @inlinable
  public mutating func encodeIfPresent<T: JSONEncodable>(
    _ value: T?, forKey key: JSONKey, nulls: JSONNullEncoding? = nil
  ) throws {
    if let value { return try encode(value, forKey: key) }
    try writeNull(forKey: key, nulls: nulls)
  }

  /// Writes members kept from the input by a model that preserves unknown keys, in key order,
  /// leaving out keys the model writes itself and the tag of an enclosing union.
  ///
  /// - Parameters:
  ///   - members: The kept members.
  ///   - known: The first keys of the paths the model writes.
  /// - Throws: `JSONWriteError` for values the writer rejects.
  public mutating func encodeUnknown(_ members: [String: JSONValue], excluding known: Set<String>)
    throws
  {
    try settlePendingNull(before: nil)
    try closeNested(keeping: 0)
    for key in members.keys.sorted() where !known.contains(key) && key != tagKey {
      guard let value = members[key] else { continue }
      try encode(value, forKey: JSONKey(key))
    }
  }

  /// Tells the encoder which of the model's own keys the input held as `null`, from the
  /// members a model keeps (``JSONObjectDecoder/unknownMembers(excluding:)`` keeps those
  /// `null`s): a `nil` property at such a key is written as `null`, one that was absent stays
  /// absent. Models with `@UnknownKeys` call this before writing their members.
  ///
  /// - Parameter members: The kept members.
  @_documentation(visibility: private)
  public mutating func _keepNulls(of members: [String: JSONValue]) {
    keptNulls = members.isEmpty ? nil : members
  }

  /// Writes a union's tag member: the first member of the object, which the case's kept
  /// unknown members then leave out.
  ///
  /// - Parameters:
  ///   - value: The case's tag value.
  ///   - key: The tag's key.
  /// - Throws: `JSONWriteError` when the writer rejects it.
  public mutating func encodeTag(_ value: String, forKey key: String) throws {
    try encode(value, forKey: JSONKey(key))
    tagKey = key
  }
}

extension JSONObjectEncoder {
  /// Writes the members of a kept object (an enum's unknown case) into this object.
  ///
  /// - Parameter value: An object value; other values are an error.
  /// - Throws: `JSONWriteError` when `value` is not an object.
  public mutating func encodeMembers(of value: JSONValue) throws {
    guard case .object(let object) = value else {
      throw context.error(.invalidValue, "expected an object to merge, found \(value.kind)")
    }
    for (key, member) in object { try encode(member, forKey: JSONKey(key)) }
  }
}
