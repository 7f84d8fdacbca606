/// A decoded value with the warnings its decode gathered (coercions, skipped elements,
/// defaults used for bad values).
public struct JSONDecoded<Value> {
  /// The value.
  public var value: Value
  /// What the decode did that was not strictly by the book.
  public var warnings: [JSONDecodingWarning]
}
