public import BinderyJSON

// The standard types' one-pass reads (see `Decoding/OnePassDecoding.swift`): each reads the
// same JSON its `init(json:)` reads without a problem, and gives up on anything else.

extension String {
  /// Reads a string.
  @_documentation(visibility: private)
  @inlinable
  public static func _fromOnePass(_ reader: inout _JSONOnePassReader) -> Self? {
    reader.string()
  }

  /// Yes.
  @_documentation(visibility: private)
  @inlinable
  public static func _readsInOnePass(visiting: inout [ObjectIdentifier]) -> Bool { true }

  /// Yes.
  @_documentation(visibility: private)
  @inlinable
  public static var _decodesInOnePass: Bool { true }
}

extension Bool {
  /// Reads `true` or `false`.
  @_documentation(visibility: private)
  @inlinable
  public static func _fromOnePass(_ reader: inout _JSONOnePassReader) -> Self? {
    reader.bool()
  }

  /// Yes.
  @_documentation(visibility: private)
  @inlinable
  public static func _readsInOnePass(visiting: inout [ObjectIdentifier]) -> Bool { true }

  /// Yes.
  @_documentation(visibility: private)
  @inlinable
  public static var _decodesInOnePass: Bool { true }
}

extension Double {
  /// Reads a number within `Double`'s range.
  @_documentation(visibility: private)
  @inlinable
  public static func _fromOnePass(_ reader: inout _JSONOnePassReader) -> Self? {
    reader.double()
  }

  /// Yes.
  @_documentation(visibility: private)
  @inlinable
  public static func _readsInOnePass(visiting: inout [ObjectIdentifier]) -> Bool { true }

  /// Yes.
  @_documentation(visibility: private)
  @inlinable
  public static var _decodesInOnePass: Bool { true }
}

extension _JSONInteger {
  /// Reads an integer written without fraction or exponent, in range.
  @_documentation(visibility: private)
  @inlinable
  public static func _fromOnePass(_ reader: inout _JSONOnePassReader) -> Self? {
    guard let wide = reader.int64() else { return nil }
    return Self(exactly: wide)
  }

  /// Yes.
  @_documentation(visibility: private)
  @inlinable
  public static func _readsInOnePass(visiting: inout [ObjectIdentifier]) -> Bool { true }

  /// Yes.
  @_documentation(visibility: private)
  @inlinable
  public static var _decodesInOnePass: Bool { true }
}

extension Optional where Wrapped: JSONDecodable {
  /// Reads `null` as the innermost `nil` (see ``init(json:)``), anything else as `Wrapped`.
  @_documentation(visibility: private)
  @inlinable
  public static func _fromOnePass(_ reader: inout _JSONOnePassReader) -> Self? {
    if Wrapped._valueForMissingKey == nil, reader.null() { return .some(.none) }
    guard let value = Wrapped._fromOnePass(&reader) else { return nil }
    return .some(.some(value))
  }

  /// As `Wrapped`.
  @_documentation(visibility: private)
  @inlinable
  public static func _readsInOnePass(visiting: inout [ObjectIdentifier]) -> Bool {
    Wrapped._readsInOnePass(visiting: &visiting)
  }

  /// As `Wrapped`.
  @_documentation(visibility: private)
  @inlinable
  public static var _decodesInOnePass: Bool { Wrapped._decodesInOnePass }
}

extension Array where Element: JSONDecodable {
  /// Reads an array, giving up at the first element that does not read.
  @_documentation(visibility: private)
  @inlinable
  public static func _fromOnePass(_ reader: inout _JSONOnePassReader) -> Self? {
    guard var array = reader.beginArray() else { return nil }
    var elements: [Element] = []
    while true {
      guard let more = reader.nextElement(&array) else { return nil }
      guard more else { break }
      guard let element = Element._fromOnePass(&reader) else { return nil }
      // Room for a few elements at once: most arrays in API responses are short (a pair of
      // coordinates, a tag or two), and growing one element at a time allocated twice.
      if elements.isEmpty { elements.reserveCapacity(4) }
      elements.append(element)
    }
    return elements
  }

  /// As `Element`.
  @_documentation(visibility: private)
  @inlinable
  public static func _readsInOnePass(visiting: inout [ObjectIdentifier]) -> Bool {
    Element._readsInOnePass(visiting: &visiting)
  }

  /// As `Element`.
  @_documentation(visibility: private)
  @inlinable
  public static var _decodesInOnePass: Bool { Element._decodesInOnePass }
}
