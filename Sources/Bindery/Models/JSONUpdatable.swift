/// A model whose existing instances can be refreshed from partial JSON (PATCH semantics).
public protocol JSONUpdatable {
  /// Applies the keys present in `json`: absent keys leave their property alone, `null`
  /// clears an optional, nested models update recursively.
  ///
  /// - Parameter json: The partial object.
  /// - Returns: The key paths of the properties whose value changed.
  /// - Throws: ``JSONDecodingProblem`` for bad values; nothing is changed then.
  mutating func update(from json: JSONObjectDecoder) throws -> Set<AnyKeyPath>
}
