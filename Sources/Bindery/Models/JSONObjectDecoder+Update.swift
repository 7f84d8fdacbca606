extension JSONObjectDecoder {
  /// Applies one property of a PATCH: when `key` is present its value replaces `value` (a
  /// nested model is updated in place, member by member); when absent nothing happens.
  ///
  /// - Parameters:
  ///   - value: The property.
  ///   - key: The key, path or fallbacks.
  /// - Returns: Whether the property's value changed (for values that are not `Equatable`,
  ///   whether the key was present).
  /// - Throws: ``JSONDecodingProblem`` for a bad value.
  public func update<T: JSONDecodable>(_ value: inout T, forKey key: JSONKey) throws -> Bool {
    guard case .found(let index) = locate(key) else { return false }
    let json = JSONValueDecoder(reference: contextReference, index: index, scope: scope)
    if context.reader.kind(at: index) == .object, let model = value as? any JSONUpdatable {
      let (updated, changed) = try Self.apply(model, from: try json.object())
      if let updated = updated as? T {
        value = updated
        return changed
      }
    }
    let new = try T(json: json)
    defer { value = new }
    return differs(value, new)
  }

  /// Applies one property of a PATCH through a transformer; see ``update(_:forKey:)``.
  ///
  /// - Parameters:
  ///   - value: The property.
  ///   - key: The key, path or fallbacks.
  ///   - transformer: Converts between JSON and the value.
  /// - Returns: Whether the property's value changed.
  /// - Throws: ``JSONDecodingProblem`` for a bad value.
  public func update<Transformer: JSONTransformer>(
    _ value: inout Transformer.Value, forKey key: JSONKey, using transformer: Transformer
  ) throws -> Bool {
    guard case .found(let index) = locate(key) else { return false }
    let new = try transformer.decode(
      JSONValueDecoder(reference: contextReference, index: index, scope: scope))
    defer { value = new }
    return differs(value, new)
  }

  /// Applies one optional property of a PATCH through a transformer: `null` clears it.
  ///
  /// - Parameters:
  ///   - value: The property.
  ///   - key: The key, path or fallbacks.
  ///   - transformer: Converts between JSON and the value.
  /// - Returns: Whether the property's value changed.
  /// - Throws: ``JSONDecodingProblem`` for a bad value.
  public func update<Transformer: JSONTransformer>(
    _ value: inout Transformer.Value?, forKey key: JSONKey, using transformer: Transformer
  ) throws -> Bool {
    guard case .found(let index) = locate(key) else { return false }
    let json = JSONValueDecoder(reference: contextReference, index: index, scope: scope)
    let new = json.isNull ? nil : try transformer.decode(json)
    defer { value = new }
    return differs(value, new)
  }

  private static func apply<Model: JSONUpdatable>(_ model: Model, from json: JSONObjectDecoder)
    throws -> (Any, Bool)
  {
    var model = model
    let changed = try model.update(from: json)
    return (model, !changed.isEmpty)
  }
}

/// Whether two values differ, by `==` when the type is `Equatable`; otherwise assumed to.
func differs<T>(_ old: T, _ new: T) -> Bool {
  guard let old = old as? any Equatable else { return true }
  return !old.isEqual(to: new)
}

extension Equatable {
  fileprivate func isEqual(to other: Any) -> Bool {
    guard let other = other as? Self else { return false }
    return self == other
  }
}
