public import BinderyJSON

/// Reads the members of one JSON object: the argument of a model's `init(json:)`.
///
/// Generated code and hand-written conformances call the same methods:
///
/// ```swift
/// struct Statistics: JSONModel {
///     var count: Int, sum: Double, average: Double
///     init(json: JSONObjectDecoder) throws {
///         count = try json.decode(forKey: "count")
///         sum = try json.decode(forKey: "sum")
///         average = try json.decode(forKey: .anyOf(["average"], ["mean"]))
///     }
///     func encode(to json: inout JSONObjectEncoder) throws { ... }
/// }
/// ```
///
/// A missing key of a non-optional property is a problem whose hint names a near-miss key
/// (`did you mean 'published'?`); a missing or `null` key of an optional property is `nil`.
///
/// A decoder is valid only while the decode that handed it to you runs: it borrows the
/// decode's state (that keeps reference counting out of every property read). Do not store it
/// or let a closure that outlives the call capture it: a decoder used after its decode stops
/// the program with a message saying so, in every build.
public struct JSONObjectDecoder {
  /// The decode's state, borrowed from the entry point that owns it, and checked on every
  /// use to belong to a decode still running (see `ContextReference`).
  @usableFromInline let contextReference: ContextReference<JSONDecodingContext>
  /// The decode's state, for paths where a retain does not matter.
  @usableFromInline var context: JSONDecodingContext { contextReference.context }
  @usableFromInline let index: Int
  @usableFromInline var scope: JSONDecodingScope
  /// Where the members found by ``_prefetching(_:)`` are kept in the context, or -1.
  @usableFromInline var memberBase = -1
  /// The identity of the table prefetched, whose keys ``memberBase`` holds the members of; no
  /// key's (`UInt.max`) until a prefetch.
  @usableFromInline var memberTable = UInt.max
  /// The number of keys of that table.
  @usableFromInline var memberCount = 0
  /// The number of the prefetch that filled the region, to tell when it has been reused.
  @usableFromInline var memberPrefetch: UInt32 = 0

  init(context: JSONDecodingContext, index: Int, scope: JSONDecodingScope) {
    self.init(reference: ContextReference(context), index: index, scope: scope)
  }

  init(reference: ContextReference<JSONDecodingContext>, index: Int, scope: JSONDecodingScope) {
    self.contextReference = reference
    self.index = index
    self.scope = scope
    self.scope.depth += 1
  }

  /// For generated code: the same decoder, having found in one pass over the object the member
  /// of every key of `keys`; keys taken from `keys` are then read without a search.
  ///
  /// Generated initializers call this first. Other keys (literals, keys of another table) are
  /// searched for as usual.
  ///
  /// - Parameter keys: The keys the model reads.
  /// - Returns: The decoder.
  @_documentation(visibility: private)
  public func _prefetching(_ keys: _JSONModelKeys) -> JSONObjectDecoder {
    var copy = self
    let (index, base) = (index, scope.memberTop)
    copy.memberBase = base
    copy.memberTable = keys.identity
    copy.memberCount = keys.tableCount
    copy.memberPrefetch = contextReference.withContext {
      $0.prefetch(keys.table, object: index, at: base)
    }
    copy.scope.memberTop += keys.tableCount + 1
    return copy
  }

  /// The tape index of the member prefetched for `key` (a table position of its first key):
  /// -1 for a missing key, -2 when the key is not one of the prefetched table's (or the
  /// member region has since been reused for another object), so it must be searched for.
  @inlinable @inline(__always)
  func prefetched(_ key: JSONKey, position: Int) -> Int {
    // One comparison for the table (a key without one has 0, a decoder that has not
    // prefetched `UInt.max`), one for the position (negative positions are large unsigned).
    guard key.table == memberTable, UInt(bitPattern: position) < UInt(bitPattern: memberCount)
    else { return -2 }
    let (base, prefetch) = (memberBase, memberPrefetch)
    return contextReference.withContext {
      $0.prefetchedMember(region: base, position: position, prefetch: prefetch)
    }
  }

  /// The object as a cursor over the document.
  public var cursor: JSONCursor { context.document.root.cursor(atIndex: index) }
  /// The object's path from the top of the input (computed on demand).
  public var path: JSONPath { context.reader.path(to: index) }
  /// The object's keys, in input order.
  public var keys: [String] { context.reader.keys(of: index) }
  /// The options of the decode under way.
  public var options: JSONDecodingOptions { context.options }

  /// The same decoder with coercion of values switched on (or off) for what it reads next.
  ///
  /// - Parameter on: Whether to coerce.
  /// - Returns: The decoder.
  public func coercing(_ on: Bool = true) -> JSONObjectDecoder {
    var copy = self
    copy.scope.coercesValues = on
    return copy
  }

  /// The same decoder, whose next collection skips elements that fail (``Lossy()``).
  ///
  /// - Returns: The decoder.
  public func lossy() -> JSONObjectDecoder {
    var copy = self
    copy.scope.lossy = true
    return copy
  }

  /// The same decoder with another default date format for what it reads next.
  ///
  /// - Parameter format: The format `Date` values use unless a transformer says otherwise.
  /// - Returns: The decoder.
  public func dates(_ format: JSONDateFormat) -> JSONObjectDecoder {
    var copy = self
    copy.scope.dateFormat = context.dateFormatIndex(format)
    return copy
  }

  // MARK: Finding members

  /// The tape index of the value at a path below this object, or why there is none.
  enum Location {
    case found(Int)
    /// A key is missing: the object searched and the key.
    case missing(object: Int, key: String)
    /// A `null` stands where an object was needed on the way.
    case null(Int)
    /// Another value stands where an object was needed on the way.
    case notObject(Int)
  }

  func locate(_ path: [String], first: JSONKey? = nil) -> Location {
    var object = index
    for (position, key) in path.enumerated() {
      var found: Int?
      if position == 0 {
        let member = first.map { prefetched($0, position: $0.tableIndex) } ?? -2
        found =
          member == -2
          ? context.lookUp(key, in: object, slot: scope.depth)
          : (member >= 0 ? member : nil)
      } else {
        found = context.lookUp(key, in: object, slot: nil)
      }
      guard let value = found else {
        return .missing(object: object, key: key)
      }
      if position == path.count - 1 { return .found(value) }
      switch context.reader.kind(at: value) {
      case .object: object = value
      case .null: return .null(value)
      default: return .notObject(value)
      }
    }
    return .found(object)
  }

  func locate(_ key: JSONKey) -> Location {
    switch key.storage {
    case .single(let name):
      let member = prefetched(key, position: key.directIndex)
      if member >= 0 { return .found(member) }
      if member == -1 { return .missing(object: index, key: name) }
      if let value = context.lookUp(name, in: index, slot: scope.depth) { return .found(value) }
      return .missing(object: index, key: name)
    case .paths(let paths):
      var first: Location?
      for (position, path) in paths.enumerated() {
        let location = locate(path, first: position == 0 ? key : nil)
        if case .found = location { return location }
        if first == nil { first = location }
      }
      return first ?? .missing(object: index, key: "")
    }
  }

  /// Whether the object has a value (possibly `null`) at `key`.
  ///
  /// - Parameter key: The key or path.
  /// - Returns: True when the key is present.
  public func contains(_ key: JSONKey) -> Bool {
    if case .found = locate(key) { return true }
    return false
  }

  /// A decoder for the value at `key`, or `nil` when the key is missing.
  ///
  /// - Parameter key: The key or path.
  /// - Returns: The value's decoder.
  public func value(forKey key: JSONKey) -> JSONValueDecoder? {
    guard case .found(let value) = locate(key) else { return nil }
    return JSONValueDecoder(reference: contextReference, index: value, scope: scope)
  }

  /// The value's decoder, or the problem that keeps a required value from being read.
  @usableFromInline
  func required(_ key: JSONKey, expected: @autoclosure () -> String) throws(JSONDecodingProblem)
    -> JSONValueDecoder
  {
    // The common cases first: one key, present.
    let member = prefetched(key, position: key.directIndex)
    if member >= 0 {
      return JSONValueDecoder(reference: contextReference, index: member, scope: scope)
    }
    if key.table == 0, case .single(let name) = key.storage,
      let value = context.lookUp(name, inSlot: scope.depth, object: index)
    {
      return JSONValueDecoder(reference: contextReference, index: value, scope: scope)
    }
    switch locate(key) {
    case .found(let value):
      return JSONValueDecoder(reference: contextReference, index: value, scope: scope)
    case .missing(let object, let name):
      throw missingKey(name, in: object, expected: expected())
    case .null(let value):
      throw context.problem(.nullValue, at: value, expected: "an object")
    case .notObject(let value):
      throw context.problem(.typeMismatch, at: value, expected: "an object")
    }
  }

  /// The value's decoder, `null` included, or `nil` when the key (or an object on its path)
  /// is missing or null.
  @usableFromInline
  func present(_ key: JSONKey) throws(JSONDecodingProblem) -> JSONValueDecoder? {
    switch locate(key) {
    case .found(let value):
      return JSONValueDecoder(reference: contextReference, index: value, scope: scope)
    case .missing, .null: return nil
    case .notObject(let value):
      throw context.problem(.typeMismatch, at: value, expected: "an object")
    }
  }

  /// The value's decoder, or `nil` when the key (or an object on its path) is missing or null.
  @usableFromInline
  func optional(_ key: JSONKey) throws(JSONDecodingProblem) -> JSONValueDecoder? {
    let member = prefetched(key, position: key.directIndex)
    if member != -2 {
      guard member >= 0, contextReference.withContext({ $0.tape[member].kind != .null })
      else { return nil }
      return JSONValueDecoder(reference: contextReference, index: member, scope: scope)
    }
    switch locate(key) {
    case .found(let value):
      if context.reader.kind(at: value) == .null { return nil }
      return JSONValueDecoder(reference: contextReference, index: value, scope: scope)
    case .missing, .null: return nil
    case .notObject(let value):
      throw context.problem(.typeMismatch, at: value, expected: "an object")
    }
  }

  func missingKey(_ key: String, in object: Int, expected: String) -> JSONDecodingProblem {
    var hint = ""
    if let near = NearMiss.closest(to: key, among: context.reader.keys(of: object)) {
      hint = "did you mean '\(near)'?"
    }
    return context.problem(
      .missingKey, at: object, appending: .key(key), expected: expected, found: "", hint: hint)
  }

  // MARK: Decoding

  /// Decodes a required value.
  ///
  /// - Parameters:
  ///   - type: The type; inferred from the context when left out.
  ///   - key: The key, path or fallbacks.
  /// - Returns: The value.
  /// - Throws: A ``JSONDecodingProblem`` for a missing key or a bad value.
  @inlinable
  public func decode<T: JSONDecodable>(_ type: T.Type = T.self, forKey key: JSONKey) throws -> T {
    // An optional type inferred for `T` reads as an optional property does.
    if let missing = T._valueForMissingKey {
      guard let value = try present(key) else { return missing }
      return try T(json: value)
    }
    let value = try required(key, expected: "\(T.self)")
    return try T(json: value)
  }

  /// Decodes an optional value: `nil` when the key is missing or its value is `null`.
  ///
  /// A doubly optional type tells the two apart: a `T??` is `nil` for a missing key and
  /// `.some(nil)` for `null`.
  ///
  /// - Parameters:
  ///   - type: The optional type.
  ///   - key: The key, path or fallbacks.
  /// - Returns: The value or `nil`.
  /// - Throws: A ``JSONDecodingProblem`` for a bad value.
  @inlinable
  public func decode<T: JSONDecodable>(_ type: T?.Type, forKey key: JSONKey) throws -> T? {
    if T._valueForMissingKey != nil {
      guard let value = try present(key) else { return nil }
      return try T(json: value)
    }
    guard let value = try optional(key) else { return nil }
    return try T(json: value)
  }

  /// Decodes a value that has a default.
  ///
  /// - Parameters:
  ///   - type: The type.
  ///   - key: The key, path or fallbacks.
  ///   - defaultValue: Used when `trigger` says so.
  ///   - trigger: When the default replaces the input: a missing key by default.
  /// - Returns: The value or the default.
  /// - Throws: A ``JSONDecodingProblem`` for a bad value the trigger does not cover.
  @inlinable
  public func decode<T: JSONDecodable>(
    _ type: T.Type = T.self, forKey key: JSONKey, default defaultValue: @autoclosure () -> T,
    when trigger: JSONDefaultTrigger = .missing
  ) throws -> T {
    try withDefault(key, defaultValue, trigger) { try T(json: $0) }
  }

  @usableFromInline
  func withDefault<T>(
    _ key: JSONKey, _ defaultValue: () -> T, _ trigger: JSONDefaultTrigger,
    _ body: (JSONValueDecoder) throws -> T
  ) throws -> T {
    let value: JSONValueDecoder
    switch locate(key) {
    case .found(let found):
      value = JSONValueDecoder(reference: contextReference, index: found, scope: scope)
    case .missing: return defaultValue()
    case .null(let found):
      if trigger != .missing { return defaultValue() }
      throw context.problem(.nullValue, at: found, expected: "an object")
    case .notObject(let found):
      if trigger == .anyProblem { return defaultValue() }
      throw context.problem(.typeMismatch, at: found, expected: "an object")
    }
    if trigger != .missing, value.isNull { return defaultValue() }
    guard trigger == .anyProblem else { return try body(value) }
    let mark = context.problemCount
    do {
      return try body(value)
    } catch {
      context.record(error, at: value.index)
      let causes = context.takeProblems(since: mark)
      context.warnings.append(
        JSONDecodingWarning(
          kind: .defaultUsed, path: context.warningPath(at: value.index),
          message: "used the default for a bad value",
          problems: causes))
      return defaultValue()
    }
  }

  /// The members a model that keeps unknown keys holds on to: every member whose key is not
  /// in `known` or `claimed`, and the keys in `known` whose value is `null` (as `null`), so that
  /// encoding writes a `null` back where the input had one and leaves out keys that were absent.
  ///
  /// - Parameters:
  ///   - known: The first keys of every path the model's own properties read.
  ///   - claimed: Keys other models read from this object (the members of flattened models),
  ///     which are never the model's unknown members, `null` or not.
  /// - Returns: The other members, as values.
  public func unknownMembers(excluding known: Set<String>, claimed: Set<String> = [])
    -> [String: JSONValue]
  {
    var result: [String: JSONValue] = [:]
    let context = context
    let reader = context.reader
    reader.forEachDistinctMember(of: index, repeated: context.noteRepeatedKey) {
      keyIndex, valueIndex in
      let key = reader.string(reader.tape[keyIndex])
      if claimed.contains(key) { return }
      if !known.contains(key) {
        result[key] = reader.value(at: valueIndex, repeated: context.noteRepeatedKey)
      } else if reader.kind(at: valueIndex) == .null {
        result[key] = .null
      }
    }
    return result
  }

  // MARK: Collecting problems

  /// For generated code: runs one property's decode. When the decode collects every problem, a failure is recorded
  /// and `nil` returned so the next property is read; in first-error mode it is thrown.
  ///
  /// Generated initializers call this around each property, then ``_value(_:)`` to assign.
  ///
  /// - Parameter body: The property's decode.
  /// - Returns: The value, or `nil` after a recorded failure.
  /// - Throws: ``JSONDecodingError`` in first-error mode.
  @_documentation(visibility: private)
  @inlinable
  public func _collect<T>(_ body: @autoclosure () throws -> T) throws -> T? {
    do {
      return try body()
    } catch {
      try handle(error)
      return nil
    }
  }

  /// Records or rethrows a property's failure (see ``_collect(_:)``).
  @usableFromInline
  func handle(_ error: any Error) throws {
    context.record(error, at: index)
    guard context.options.stopsAtFirstError else { return }
    if context.bridgesToDecodingError {
      throw DecodingError(
        JSONDecodingError(problems: context.problems), base: context.codingPathBase)
    }
    throw RecordedFailure()
  }

  /// For generated code: unwraps a value returned by ``_collect(_:)``.
  ///
  /// - Parameter value: The value, or `nil` after a recorded failure.
  /// - Returns: The value.
  /// - Throws: An error standing for the failures already recorded.
  @_documentation(visibility: private)
  @inlinable
  public func _value<T>(_ value: consuming T?) throws -> T {
    guard let value else { throw RecordedFailure() }
    return value
  }
}

extension JSONObjectDecoder {
  /// Checks a model's rules (``JSONObjectDecodable/checkRules(_:)``), recording a problem for
  /// each that fails, then runs its ``JSONObjectDecodable/validate()`` and reports its error as
  /// a validation problem at this object; generated class initializers call it after decoding.
  ///
  /// - Parameter model: The decoded model.
  /// - Throws: ``JSONDecodingProblem`` when `validate()` throws; an error standing for the
  ///   problems recorded when a rule fails.
  public func validate(_ model: some JSONObjectDecodable) throws {
    let failures = model.failedRules()
    if !failures.isEmpty { try report(failures, of: type(of: model)) }
    do {
      try model.validate()
    } catch {
      throw validationProblem(error)
    }
  }

  /// The problem that stands for a failed `validate()` of the model read from this object.
  ///
  /// - Parameter error: What `validate()` threw.
  /// - Returns: The problem, at this object.
  public func validationProblem(_ error: any Error) -> JSONDecodingProblem {
    context.problem(
      .validationFailed, at: index, expected: "validation failed", found: "\(error)",
      cause: error)
  }

  /// The whole object as a `JSONValue`, for enums that keep unknown cases unchanged.
  ///
  /// - Returns: The object.
  public func jsonValue() -> JSONValue {
    let context = context
    return context.reader.value(at: index, repeated: context.noteRepeatedKey)
  }

  /// A problem about the value at `key` (or about the key missing), for generated and
  /// hand-written code to throw, such as an unknown tag.
  ///
  /// - Parameters:
  ///   - key: The member's key.
  ///   - expected: What was needed.
  /// - Returns: The problem.
  public func problem(forKey key: String, expected: String) -> JSONDecodingProblem {
    if let value = value(forKey: JSONKey(key)) { return value.problem(expected: expected) }
    return missingKey(key, in: index, expected: expected)
  }
}
