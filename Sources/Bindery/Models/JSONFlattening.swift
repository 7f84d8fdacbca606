import BinderyJSON

// `@Flatten`: a model whose members sit at its parent's level rather than in an object of their
// own. Its properties read from and write to the parent's object.

extension JSONObjectDecoder {
  /// Decodes a model from this object's own members (a property marked `@Flatten`), then runs
  /// its `validate()`.
  ///
  /// - Parameter type: The model.
  /// - Returns: The model.
  /// - Throws: ``JSONDecodingProblem`` for its members' problems, at their paths in this object.
  public func decodeFlattened<T: JSONObjectDecodable>(_ type: T.Type = T.self) throws -> T {
    let value = try T(json: self)
    try validate(value)
    return value
  }

  /// Updates a flattened model from this object's members (see `JSONUpdatable`).
  ///
  /// - Parameters:
  ///   - value: The model to update.
  ///   - path: The property holding it, from the parent.
  /// - Returns: The key paths that changed, from the parent.
  /// - Throws: As the model's `update(from:)`.
  public func updateFlattened<Root, T: JSONUpdatable>(
    _ value: inout T, at path: WritableKeyPath<Root, T>
  ) throws -> Set<AnyKeyPath> {
    let changed = try value.update(from: self)
    var result: Set<AnyKeyPath> = [path]
    for inner in changed {
      if let joined = (path as AnyKeyPath).appending(path: inner) { result.insert(joined) }
    }
    return changed.isEmpty ? [] : result
  }
}

extension JSONObjectEncoder {
  /// Writes a model's members into this object (a property marked `@Flatten`).
  ///
  /// Property filters apply to the top-level model only, so every member of the flattened
  /// model is written; its date format applies to its own members only.
  ///
  /// - Parameter value: The model.
  /// - Throws: `JSONWriteError` naming the member's path.
  public mutating func encodeFlattened<T: JSONObjectEncodable>(_ value: T) throws {
    try settlePendingNull(before: nil)
    try closeNested(keeping: 0)
    var members = JSONObjectEncoder(reference: contextReference, filter: nil, dates: dates)
    try value.encode(to: &members)
    try members.settlePendingNull(before: nil)
    try members.closeNested(keeping: 0)
  }
}
