public import BinderyJSON

// Where constraints are checked. Every read of a model goes through one of two places: the
// document path's `init(json:)` (bytes, documents, `BinderyDecoder`, other Codable decoders,
// Foundation objects, streams, remote and server bodies all end there), which calls
// `_checked` around each constrained property's decode and reports every violation with its
// path and position; and the one-pass path, which checks with `allows` and gives up on the
// first violation, so that the document path reports it.

extension JSONObjectDecoder {
  /// For generated code: `value`, read for `key`, once it keeps `constraints`; otherwise every
  /// violation is recorded as a problem at its value's path and position, and the property
  /// fails.
  ///
  /// - Parameters:
  ///   - value: The decoded value.
  ///   - key: The key it was read from.
  ///   - constraints: Its constraints.
  /// - Returns: The value.
  /// - Throws: An error standing for the problems recorded.
  @_documentation(visibility: private)
  @inlinable
  public func _checked<T>(_ value: T, forKey key: JSONKey, _ constraints: JSONConstraints<T>)
    throws -> T
  {
    try check(value, forKey: key, constraints)
    return value
  }

  /// For generated code: an optional property's `value` once it keeps `constraints`; `nil`
  /// keeps them all.
  ///
  /// - Parameters:
  ///   - value: The decoded value.
  ///   - key: The key it was read from.
  ///   - constraints: The constraints of its wrapped value.
  /// - Returns: The value.
  /// - Throws: An error standing for the problems recorded.
  @_documentation(visibility: private)
  @inlinable
  public func _checked<T>(_ value: T?, forKey key: JSONKey, _ constraints: JSONConstraints<T>)
    throws -> T?
  {
    if let value { try check(value, forKey: key, constraints) }
    return value
  }

  @usableFromInline
  func check<T>(_ value: T, forKey key: JSONKey, _ constraints: JSONConstraints<T>) throws {
    guard context.options.checksConstraints else { return }
    // The value's place in the document, looked up only when needed; the object's own when
    // the value was not read from it (a default for a missing key).
    let place = { () -> Int in
      if case .found(let found) = locate(key) { return found }
      return index
    }
    let violations = constraints.violations(
      of: value, text: constraints.readsText ? { textReader(from: place())($0) } : nil)
    guard !violations.isEmpty else { return }
    try report(violations, at: place())
  }
}

extension TapeReader {
  /// The tape index reached from `index` following `path` (array indices, object keys), how
  /// many components were followed, and whether all were.
  func descend(from index: Int, along path: JSONPath) -> (index: Int, depth: Int, reached: Bool) {
    var current = index
    for (depth, component) in path.components.enumerated() {
      switch component {
      case .index(let position):
        guard kind(at: current) == .array, position < count(at: current) else {
          return (current, depth, false)
        }
        var element = current + 1
        for _ in 0..<position { element = next(after: element) }
        current = element
      case .key(let key):
        guard kind(at: current) == .object, let value = member(key, of: current) else {
          return (current, depth, false)
        }
        current = value
      }
    }
    return (current, path.components.count, true)
  }
}

extension _JSONOnePassReader {
  /// For generated code: reads the next value into `slot` when it keeps `constraints`; false
  /// to give up otherwise (the document path then reports why).
  ///
  /// - Parameters:
  ///   - slot: Where the value goes.
  ///   - constraints: Its constraints.
  /// - Returns: Whether it was read.
  @inlinable
  public mutating func read<T: JSONDecodable>(
    into slot: inout T?, checking constraints: JSONConstraints<T>
  ) -> Bool {
    guard read(into: &slot), let value = slot else { return false }
    return constraints.allows(value)
  }

  /// For generated code: reads the next value of an optional property into `slot` when it is
  /// `null` or keeps `constraints`.
  ///
  /// - Parameters:
  ///   - slot: Where the value goes.
  ///   - constraints: The constraints of its wrapped value.
  /// - Returns: Whether it was read.
  @inlinable
  public mutating func read<T: JSONDecodable>(
    into slot: inout T??, checking constraints: JSONConstraints<T>
  ) -> Bool {
    guard read(into: &slot), let value = slot else { return false }
    guard let value else { return true }
    return constraints.allows(value)
  }
}

extension JSONObjectDecoder {
  /// The tape index of the value a property reads (its first path present), if present.
  func memberIndex(_ paths: [[String]]) -> Int? {
    for path in paths {
      if case .found(let index) = locate(path) { return index }
    }
    return nil
  }

  /// Reads the JSON string at a path below the value at tape index `base`.
  func textReader(from base: Int) -> (JSONPath) -> String? {
    let reader = context.reader
    return { path in
      let place = reader.descend(from: base, along: path)
      return place.reached ? reader.string(at: place.index) : nil
    }
  }

  /// Records a problem for each violation, at its value below tape index `base` (this object
  /// when nil), and throws when there was one.
  func report(_ violations: [JSONConstraintViolation], at base: Int?) throws {
    guard !violations.isEmpty else { return }
    let context = context
    let reader = context.reader
    let base = base ?? index
    for violation in violations {
      let place = reader.descend(from: base, along: violation.path)
      var problem = context.problem(
        violation.kind, at: place.index, expected: violation.expected, found: violation.found)
      problem.parameters = violation.parameters
      if !place.reached {
        // An element the document does not hold at that index (a set's): the path is
        // completed by hand, the position stays the collection's.
        problem.path = JSONPath(
          problem.path.components + violation.path.components.dropFirst(place.depth))
      }
      context.problems.append(problem)
      if context.options.stopsAtFirstError { break }
    }
    throw RecordedFailure()
  }
}
