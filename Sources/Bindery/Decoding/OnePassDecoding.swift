public import BinderyJSON

// One-pass decoding: the fast path of `init(json:)` for bytes.
//
// A decode through a document scans the whole input into a tape first, then reads each
// property by searching its object's members. For a small document that fixed cost is most of
// the call. A `@JSONModel` struct whose properties are all plain (one key each, no transformer,
// default or other attribute that changes what a value reads as; coercion and lossy
// collections act only where the pass gives up) also gets `_fromOnePass(_:)`, which reads
// its object straight from the text: each member's key is matched against the model's key table
// (at the first try when keys come in the model's order), its value parsed and built at once,
// other members checked and skipped.
//
// The fast path takes only input that the document path would decode without a problem or a
// warning, and then builds the same value. Anything else — invalid JSON, a type mismatch, a
// missing required key, a repeated key, an escaped key, a number that is not exact — makes it
// give up, and the input is decoded again through a document, whose report names every problem
// with its path, line and column. A type tries the fast path only when every type it holds can
// be read this way (`_decodesInOnePass`): a model with a `Date` property never starts a pass it
// would abandon at the date.

extension JSONDecodable {
  /// The value read in one pass from the input's bytes, or `nil` when the type, the input or
  /// its bytes are not ones the fast path takes.
  @inlinable
  static func decodedInOnePass(_ json: some JSONInput, options: JSONReadingOptions) -> Self? {
    guard _decodesInOnePass else { return nil }
    let value = json._withContiguousUTF8 { bytes in decodedInOnePass(bytes, options: options) }
    return value ?? nil
  }

  /// The value read in one pass from `bytes`, or `nil` when the fast path does not take them;
  /// the caller has checked `_decodesInOnePass`.
  @inlinable
  static func decodedInOnePass(_ bytes: UnsafeBufferPointer<UInt8>, options: JSONReadingOptions)
    -> Self?
  {
    _JSONOnePassReader.read(bytes, options: options) { reader in Self._fromOnePass(&reader) }
  }
}

extension _JSONOnePassReader {
  /// For generated code: moves to the value of the next member of `object` whose key is one
  /// of `keys`, and returns the key's position; -1 after the object's end, -2 to give up.
  ///
  /// - Parameters:
  ///   - keys: The model's keys, each a single key.
  ///   - object: The object, from ``beginObject()``.
  /// - Returns: The position, -1 or -2.
  public mutating func member(of keys: _JSONModelKeys, _ object: inout Container) -> Int {
    member(in: keys.table, &object)
  }

  /// For generated code: reads the next value into `slot`; false to give up, also when the
  /// slot is already filled (a key met twice).
  ///
  /// - Parameter slot: Where the value goes.
  /// - Returns: Whether it was read.
  @inlinable
  public mutating func read<T: JSONDecodable>(into slot: inout T?) -> Bool {
    if case .some = slot { return false }
    guard let value = T._fromOnePass(&self) else { return false }
    slot = value
    return true
  }
}

extension _JSONOnePassReader {
  /// For generated code: a model read in one pass, once its rules hold and its `validate()`
  /// accepts it; `nil` (give up) when it was not read, a rule fails or `validate()` throws, so
  /// that the document path reports why.
  ///
  /// Validated here, outside the model's one-pass initializer: returning `nil` from an
  /// initializer after `self` is whole makes the compiler copy the model (a retain and a
  /// release per string it holds), even when `validate()` does nothing. The value is taken,
  /// not borrowed, so returning it copies nothing either.
  ///
  /// - Parameter model: What the model's one-pass initializer made.
  /// - Returns: The model, or `nil`.
  @inlinable
  public static func validated<Model: JSONObjectDecodable>(_ model: consuming Model?) -> Model? {
    guard let model else { return nil }
    if model.breaksRules() { return nil }
    do { try model.validate() } catch { return nil }
    return model
  }
}

extension _JSONOnePassReader {
  /// For generated code: an empty slot for the value of a model's property.
  ///
  /// - Parameter property: Reads the property (never called; it names the type).
  /// - Returns: `nil`.
  @inlinable
  public static func slot<Model, T: JSONDecodable>(_ property: (Model) -> T) -> T? { nil }

  /// For generated code: a slot's value, or the value of a missing key (`nil` of an optional);
  /// `nil` when the key was missing and the type has no such value.
  ///
  /// - Parameter slot: The slot.
  /// - Returns: The value.
  @inlinable
  public static func value<T: JSONDecodable>(_ slot: T?) -> T? {
    slot ?? T._valueForMissingKey
  }

  /// For generated code: whether a model reads in one pass, worked out by `properties` unless
  /// the model is already being worked out further up (see
  /// ``JSONDecodable/_readsInOnePass(visiting:)``).
  ///
  /// - Parameters:
  ///   - model: The model.
  ///   - visiting: The models being worked out.
  ///   - properties: Whether every property's type reads in one pass.
  /// - Returns: The answer.
  public static func readsInOnePass(
    _ model: Any.Type, visiting: inout [ObjectIdentifier],
    _ properties: (inout [ObjectIdentifier]) -> Bool
  ) -> Bool {
    let identifier = ObjectIdentifier(model)
    if visiting.contains(identifier) { return true }
    visiting.append(identifier)
    defer { visiting.removeLast() }
    return properties(&visiting)
  }

  /// For generated code: whether a property's type reads in one pass.
  ///
  /// - Parameters:
  ///   - property: Reads the property (never called; it names the type).
  ///   - visiting: The models being worked out.
  /// - Returns: The answer.
  public static func readsInOnePass<Model, T: JSONDecodable>(
    _ property: (Model) -> T, visiting: inout [ObjectIdentifier]
  ) -> Bool {
    T._readsInOnePass(visiting: &visiting)
  }

  /// For generated code: whether a type reads in one pass, worked out from the start (a model
  /// keeps the answer in a static property).
  ///
  /// - Parameter type: The type.
  /// - Returns: The answer.
  public static func decodesInOnePass<T: JSONDecodable>(_ type: T.Type) -> Bool {
    var visiting: [ObjectIdentifier] = []
    return T._readsInOnePass(visiting: &visiting)
  }
}
