public import BinderyJSON

// Direct encoding: the fast path of `jsonBytes()`.
//
// An export through `encode(to:)` goes through a context, an object encoder per model and a
// writer that checks every call: the state machine that lets hand-written encoders, property
// filters, key sorting, pretty-printing and nested key paths share one set of rules. A
// `@JSONModel` struct whose properties are all plain (one key each that needs no escaping, no
// transformer, flattening or union tag, no unknown keys kept) also gets `_writeDirectly(to:)`,
// which writes its object straight to the output: each key as bytes made at compile time
// (`,"key":`), each value as its text.
//
// The fast path runs only with options whose output it writes exactly as the writer would —
// the compact layout, keys unsorted, the default escaping, no property filter — and only for
// types whose every property writes directly (`_encodesDirectly`): a model with a `Date`
// property never starts. What it meets and cannot write — a non-finite number, nesting past
// the limit — makes it give up, and the value is written again through `encode(to:)`, which
// applies the options' policy or throws an error naming the path.

extension JSONEncodable {
  /// The value written directly, or `nil` when the type, the options or the value are not ones
  /// the fast path takes.
  func directlyWrittenBytes(options: JSONEncodingOptions) -> [UInt8]? {
    guard Self._encodesDirectly, options.properties == nil,
      _JSONDirectWriter.supports(options.writing)
    else { return nil }
    return directlyWrittenBytes(
      maxDepth: options.writing.maxDepth, omitsNulls: options.nulls != .write)
  }

  /// The value written directly with the default options, or `nil`; see
  /// ``directlyWrittenBytes(options:)``. Made without a `JSONEncodingOptions`, whose making,
  /// copying and destroying cost a small export more than writing a member.
  func directlyWrittenBytes() -> [UInt8]? {
    guard Self._encodesDirectly else { return nil }
    return directlyWrittenBytes(maxDepth: JSONWritingOptions.compact.maxDepth, omitsNulls: true)
  }

  private func directlyWrittenBytes(maxDepth: Int, omitsNulls: Bool) -> [UInt8]? {
    let output = _JSONDirectWriter.write(
      capacity: OutputSizeHint.capacity(for: Self.self), maxDepth: maxDepth,
      omitsNulls: omitsNulls
    ) { writer in
      _writeDirectly(to: &writer)
    }
    if let output { OutputSizeHint.record(output.count, for: Self.self) }
    return output
  }
}

extension _JSONDirectWriter {
  /// For generated code: writes a member. Always inlined, so that the key's bytes are
  /// copied as a literal of known length (see ``key(_:)``).
  ///
  /// - Parameters:
  ///   - key: The bytes `,"key":` (see ``key(_:)``).
  ///   - value: The value.
  /// - Returns: False to give up.
  @inlinable @inline(__always)
  public mutating func member<T: JSONEncodable>(_ key: StaticString, _ value: T) -> Bool {
    self.key(key)
    return value._writeDirectly(to: &self)
  }

  /// For generated code: writes an optional member; `nil` is left out or written as `null` as
  /// `nulls` says, or the export's options when it is nil.
  ///
  /// - Parameters:
  ///   - key: The bytes `,"key":` (see ``key(_:)``).
  ///   - value: The value.
  ///   - nulls: The property's own null policy.
  /// - Returns: False to give up.
  @inlinable @inline(__always)
  public mutating func memberIfPresent<T: JSONEncodable>(
    _ key: StaticString, _ value: T?, nulls: JSONNullEncoding? = nil
  ) -> Bool {
    if let value { return member(key, value) }
    if let nulls {
      if nulls != .write { return true }
    } else if omitsNulls {
      return true
    }
    self.key(key)
    null()
    return true
  }

  /// For generated code: whether a model writes directly, worked out by `properties` unless
  /// the model is already being worked out further up (see
  /// ``JSONEncodable/_writesDirectly(visiting:)``).
  ///
  /// - Parameters:
  ///   - model: The model.
  ///   - visiting: The models being worked out.
  ///   - properties: Whether every property's type writes directly.
  /// - Returns: The answer.
  public static func writesDirectly(
    _ model: Any.Type, visiting: inout [ObjectIdentifier],
    _ properties: (inout [ObjectIdentifier]) -> Bool
  ) -> Bool {
    let identifier = ObjectIdentifier(model)
    if visiting.contains(identifier) { return true }
    visiting.append(identifier)
    defer { visiting.removeLast() }
    return properties(&visiting)
  }

  /// For generated code: whether a property's type writes directly.
  ///
  /// - Parameters:
  ///   - property: Reads the property (never called; it names the type).
  ///   - visiting: The models being worked out.
  /// - Returns: The answer.
  public static func writesDirectly<Model, T: JSONEncodable>(
    _ property: (Model) -> T, visiting: inout [ObjectIdentifier]
  ) -> Bool {
    T._writesDirectly(visiting: &visiting)
  }

  /// For generated code: whether a type writes directly, worked out from the start (a model
  /// keeps the answer in a static property).
  ///
  /// - Parameter type: The type.
  /// - Returns: The answer.
  public static func encodesDirectly<T: JSONEncodable>(_ type: T.Type) -> Bool {
    var visiting: [ObjectIdentifier] = []
    return T._writesDirectly(visiting: &visiting)
  }
}
