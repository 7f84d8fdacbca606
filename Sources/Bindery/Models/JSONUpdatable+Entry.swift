public import BinderyJSON

extension JSONUpdatable {
  /// Applies a partial JSON object to the value (PATCH semantics): keys present change their
  /// property, absent keys leave it alone, `null` clears an optional, nested models update
  /// recursively.
  ///
  /// ```swift
  /// let changed = try user.update(json: #"{"personInfo": {"lastName": "Smith"}}"#)
  /// let body = try user.jsonData(options: .init(properties: try .including(changed, of: User.self)))
  /// ```
  ///
  /// - Parameters:
  ///   - json: A JSON object: `Data`, `[UInt8]`, a `String`, a `JSONDocument` or a
  ///     `JSONValue`.
  ///   - options: Reading options and leniencies.
  /// - Returns: The key paths of the properties whose value changed.
  /// - Throws: ``JSONDecodingError``; the value is unchanged then.
  @discardableResult
  public mutating func update(json: some JSONInput, options: JSONDecodingOptions = .init())
    throws(JSONDecodingError) -> Set<AnyKeyPath>
  {
    try applyUpdate(JSONDecodingContext.prepare(input: json, at: nil, options: options))
  }

  /// The update of ``update(json:options:)``, under a name of its own so that classes' update
  /// can call it.
  mutating func applyUpdate(_ prepared: PreparedDecode) throws(JSONDecodingError)
    -> Set<AnyKeyPath>
  {
    let context = prepared.context
    var copy = self
    let changed = try withExtendedLifetime(context) {
      () throws(JSONDecodingError) -> Set<AnyKeyPath> in
      let value = prepared.root
      do {
        let changed = try copy.update(from: try value.object())
        if context.problems.isEmpty { return changed }
      } catch {
        context.record(error, at: 0)
      }
      throw JSONDecodingError(problems: context.problems, warnings: context.warnings)
    }
    self = copy
    return changed
  }
}

extension JSONUpdatable where Self: AnyObject {
  /// Applies a partial JSON object to the instance (PATCH semantics); see
  /// ``JSONUpdatable/update(json:options:)-1wbhp``. Properties applied before a bad value stay
  /// applied: an instance is shared, so it is not copied first.
  ///
  /// - Parameters:
  ///   - json: A JSON object.
  ///   - options: Reading options and leniencies.
  /// - Returns: The key paths of the properties whose value changed.
  /// - Throws: ``JSONDecodingError``.
  @discardableResult
  public func update(json: some JSONInput, options: JSONDecodingOptions = .init())
    throws(JSONDecodingError) -> Set<AnyKeyPath>
  {
    var instance = self
    return try instance.applyUpdate(
      JSONDecodingContext.prepare(input: json, at: nil, options: options))
  }
}
