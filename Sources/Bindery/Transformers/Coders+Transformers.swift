import BinderyJSON

// The decoders' and encoders' reads and writes through a transformer: the `using:` overloads
// that generated code calls for `@Transform` properties.

extension JSONObjectDecoder {
  /// Decodes a required value through a transformer.
  ///
  /// - Parameters:
  ///   - type: The model's type for the value.
  ///   - key: The key, path or fallbacks.
  ///   - transformer: Converts between JSON and the value.
  /// - Returns: The value.
  /// - Throws: A ``JSONDecodingProblem`` for a missing key or a value the transformer rejects.
  @inlinable
  public func decode<Transformer: JSONTransformer>(
    _ type: Transformer.Value.Type = Transformer.Value.self, forKey key: JSONKey,
    using transformer: Transformer
  ) throws -> Transformer.Value {
    let value = try required(key, expected: "\(Transformer.Value.self)")
    return try transformer.decode(value)
  }

  /// Decodes an optional value through a transformer: `nil` when missing or `null`.
  ///
  /// - Parameters:
  ///   - type: The optional type.
  ///   - key: The key, path or fallbacks.
  ///   - transformer: Converts between JSON and the value.
  /// - Returns: The value or `nil`.
  /// - Throws: A ``JSONDecodingProblem`` for a value the transformer rejects.
  @inlinable
  public func decode<Transformer: JSONTransformer>(
    _ type: Transformer.Value?.Type, forKey key: JSONKey, using transformer: Transformer
  ) throws -> Transformer.Value? {
    guard let value = try optional(key) else { return nil }
    return try transformer.decode(value)
  }

  /// Decodes a value through a transformer, with a default.
  ///
  /// - Parameters:
  ///   - type: The type.
  ///   - key: The key, path or fallbacks.
  ///   - transformer: Converts between JSON and the value.
  ///   - defaultValue: Used when `trigger` says so.
  ///   - trigger: When the default replaces the input.
  /// - Returns: The value or the default.
  /// - Throws: A ``JSONDecodingProblem`` for a bad value the trigger does not cover.
  @inlinable
  public func decode<Transformer: JSONTransformer>(
    _ type: Transformer.Value.Type = Transformer.Value.self, forKey key: JSONKey,
    using transformer: Transformer, default defaultValue: @autoclosure () -> Transformer.Value,
    when trigger: JSONDefaultTrigger = .missing
  ) throws -> Transformer.Value {
    try withDefault(key, defaultValue, trigger) { try transformer.decode($0) }
  }
}

extension JSONValueDecoder {
  /// Decodes the value through a transformer.
  ///
  /// - Parameter transformer: Converts the JSON value to the model's value.
  /// - Returns: The value.
  /// - Throws: The transformer's errors, as problems at this value.
  @inlinable
  public func decode<Transformer: JSONTransformer>(using transformer: Transformer) throws
    -> Transformer.Value
  {
    try transformer.decode(self)
  }
}

extension JSONObjectEncoder {
  /// Writes a member through a transformer.
  ///
  /// - Parameters:
  ///   - value: The value.
  ///   - key: The key or nested path.
  ///   - transformer: Converts the value to JSON.
  /// - Throws: `JSONWriteError` naming the member's path; an error of the transformer's own
  ///   becomes its `JSONWriteError.cause`.
  @inlinable
  public mutating func encode<Transformer: JSONTransformer>(
    _ value: Transformer.Value, forKey key: JSONKey, using transformer: Transformer
  ) throws {
    try beginMember(key)
    do {
      try transformer.encode(value, to: valueEncoder)
    } catch {
      throw context.located(error)
    }
  }

  /// Writes an optional member through a transformer: `nil` is left out or written as `null`.
  ///
  /// - Parameters:
  ///   - value: The value.
  ///   - key: The key or nested path.
  ///   - transformer: Converts the value to JSON.
  ///   - nulls: What to do with `nil`; the export options decide when left out.
  /// - Throws: `JSONWriteError` naming the member's path; an error of the transformer's own
  ///   becomes its `JSONWriteError.cause`.
  @inlinable
  public mutating func encodeIfPresent<Transformer: JSONTransformer>(
    _ value: Transformer.Value?, forKey key: JSONKey, using transformer: Transformer,
    nulls: JSONNullEncoding? = nil
  ) throws {
    if let value { return try encode(value, forKey: key, using: transformer) }
    try writeNull(forKey: key, nulls: nulls)
  }
}

extension JSONValueEncoder {
  /// Writes a value through a transformer.
  ///
  /// - Parameters:
  ///   - value: The value.
  ///   - transformer: Converts the value to JSON.
  /// - Throws: `JSONWriteError` at the value's path (the transformer's own error becomes its
  ///   cause).
  @inlinable
  public func encode<Transformer: JSONTransformer>(
    _ value: Transformer.Value, using transformer: Transformer
  ) throws {
    try transformer.encode(value, to: elementEncoder)
  }
}
