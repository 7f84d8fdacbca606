public import BinderyJSON

/// Writes one JSON value of an export: the argument of ``JSONEncodable/encode(to:)``.
///
/// An encoder is valid only while the export that handed it to you runs: it borrows the
/// export's state (that keeps reference counting out of every value written). Do not store it
/// or let a closure that outlives the call capture it: an encoder used after its export stops
/// the program with a message saying so, in every build.
public struct JSONValueEncoder {
  /// The export's state, borrowed without retaining it and checked on every use to belong to an
  /// export still running (see `ContextReference`).
  @usableFromInline let contextReference: ContextReference<JSONEncodingContext>
  @usableFromInline var context: JSONEncodingContext { contextReference.context }
  /// Whether this value is the top-level one, to whose members the export filter applies.
  @usableFromInline let isRoot: Bool
  /// The index of the date format in force in the context's `dateFormats`.
  @usableFromInline let dates: Int

  /// The encoder of an export's top-level value.
  init(context: JSONEncodingContext, isRoot: Bool = false, dates: Int) {
    self.init(reference: ContextReference(context), isRoot: isRoot, dates: dates)
  }

  @usableFromInline
  init(reference: ContextReference<JSONEncodingContext>, isRoot: Bool = false, dates: Int) {
    self.contextReference = reference
    self.isRoot = isRoot
    self.dates = dates
  }

  /// The options of the export under way.
  public var options: JSONEncodingOptions { context.options }
  /// The date format `Date` values use here unless a transformer says otherwise.
  public var dateFormat: JSONDateFormat { context.dateFormat(at: dates) }

  /// An error about the value this encoder was to write, for transformers and custom types
  /// that refuse a value: kind `JSONWriteError.Kind.invalidValue`, with the value's path.
  ///
  /// ```swift
  /// guard value.isFinite else { throw json.problem("expected a finite rating, found \(value)") }
  /// ```
  ///
  /// - Parameter message: What was expected and found.
  /// - Returns: The error.
  public func problem(_ message: String) -> JSONWriteError {
    context.error(.invalidValue, message)
  }

  /// Writes `null`.
  ///
  /// - Throws: `JSONWriteError` when nothing more can be written here.
  public func null() throws(JSONWriteError) {
    try contextReference.write { w throws(JSONWriteError) in try w.null() }
  }

  /// Writes `true` or `false`.
  ///
  /// - Parameter value: The Boolean.
  /// - Throws: `JSONWriteError` when nothing more can be written here.
  public func bool(_ value: Bool) throws(JSONWriteError) {
    try contextReference.write { w throws(JSONWriteError) in try w.bool(value) }
  }

  /// Writes a string, escaped as the writing options say.
  ///
  /// - Parameter value: The string.
  /// - Throws: `JSONWriteError` when nothing more can be written here.
  public func string(_ value: String) throws(JSONWriteError) {
    try contextReference.write { w throws(JSONWriteError) in try w.string(value) }
  }

  /// Writes an integer exactly.
  ///
  /// - Parameter value: The integer.
  /// - Throws: `JSONWriteError` when nothing more can be written here.
  public func integer<T: FixedWidthInteger>(_ value: T) throws(JSONWriteError) {
    if T.isSigned, let small = Int64(exactly: value) {
      try contextReference.write { w throws(JSONWriteError) in try w.integer(small) }
    } else if let small = UInt64(exactly: value) {
      try contextReference.write { w throws(JSONWriteError) in try w.integer(small) }
    } else {
      try contextReference.write { w throws(JSONWriteError) in try w.integer(value) }
    }
  }

  /// Writes a `Double` in its shortest round-trip form.
  ///
  /// - Parameter value: The number.
  /// - Throws: `JSONWriteError` for infinities and NaN unless the writing options allow them.
  public func double(_ value: Double) throws(JSONWriteError) {
    try contextReference.write { w throws(JSONWriteError) in try w.double(value) }
  }

  /// Writes a `Float` in its shortest round-trip form.
  ///
  /// - Parameter value: The number.
  /// - Throws: `JSONWriteError` for infinities and NaN unless the writing options allow them.
  public func float(_ value: Float) throws(JSONWriteError) {
    try contextReference.write { w throws(JSONWriteError) in try w.float(value) }
  }

  /// Writes a number from its exact text.
  ///
  /// - Parameter value: The number.
  /// - Throws: `JSONWriteError` for non-finite numbers unless the options allow them.
  public func number(_ value: JSONNumber) throws(JSONWriteError) {
    try contextReference.write { w throws(JSONWriteError) in try w.number(value) }
  }

  /// Writes a whole `JSONValue`.
  ///
  /// - Parameter value: The value.
  /// - Throws: `JSONWriteError` for non-finite numbers or too deep nesting.
  public func value(_ value: JSONValue) throws(JSONWriteError) {
    try contextReference.write { w throws(JSONWriteError) in try w.value(value) }
  }

  /// Writes an object whose members `body` writes.
  ///
  /// - Parameter body: Writes the members.
  /// - Throws: What `body` throws, and `JSONWriteError` past the depth limit.
  public func object(_ body: (inout JSONObjectEncoder) throws -> Void) throws {
    try contextReference.write { w throws(JSONWriteError) in try w.beginObject() }
    var object = JSONObjectEncoder(
      reference: contextReference, filter: isRoot ? context.filter : nil, dates: dates)
    try body(&object)
    if object.nesting != nil { try object.closeNested(keeping: 0) }
    try contextReference.write { w throws(JSONWriteError) in try w.endObject() }
  }

  /// Writes an array whose elements `body` writes, each through the encoder it is given.
  ///
  /// - Parameter body: Writes the elements.
  /// - Throws: What `body` throws, and `JSONWriteError` past the depth limit.
  public func array(_ body: (JSONValueEncoder) throws -> Void) throws {
    try beginArray()
    try body(elementEncoder)
    try endArray()
  }

  /// Writes the elements of a sequence as an array, naming the index of a failing element.
  ///
  /// Inlinable so that it is specialised for the element type where it is used.
  ///
  /// - Parameter elements: The elements.
  /// - Throws: `JSONWriteError` at the failing element's path (an element's own error becomes
  ///   its cause).
  @inlinable
  public func array<S: Sequence>(of elements: S) throws where S.Element: JSONEncodable {
    // Arrays of numbers go to the writer whole (a check specialised code settles when it is
    // compiled).
    if S.self == [Double].self {
      return try doubleArray(identityCast(elements, to: [Double].self))
    }
    if S.self == [Int].self {
      return try integerArray(identityCast(elements, to: [Int].self))
    }
    if S.self == [[Double]].self {
      return try doubleArrays(identityCast(elements, to: [[Double]].self))
    }
    try beginArray()
    let element = elementEncoder
    for value in elements {
      do {
        try value.encode(to: element)
      } catch {
        throw context.located(error)
      }
    }
    try endArray()
  }

  /// An array of doubles (see `JSONWriter.doubleArray(_:)`).
  @usableFromInline
  func doubleArray(_ values: [Double]) throws(JSONWriteError) {
    try values.withUnsafeBufferPointer { buffer throws(JSONWriteError) in
      try contextReference.write { w throws(JSONWriteError) in try w.doubleArray(buffer) }
    }
  }

  /// An array of arrays of doubles (see `JSONWriter.doubleArrayElements(_:)`).
  @usableFromInline
  func doubleArrays(_ values: [[Double]]) throws(JSONWriteError) {
    try beginArray()
    try values.withUnsafeBufferPointer { buffer throws(JSONWriteError) in
      try contextReference.write { w throws(JSONWriteError) in try w.doubleArrayElements(buffer) }
    }
    try endArray()
  }

  /// An array of integers (see `JSONWriter.integerArray(_:)`).
  @usableFromInline
  func integerArray(_ values: [Int]) throws(JSONWriteError) {
    try values.withUnsafeBufferPointer { buffer throws(JSONWriteError) in
      try contextReference.write { w throws(JSONWriteError) in try w.integerArray(buffer) }
    }
  }

  @usableFromInline
  func beginArray() throws(JSONWriteError) {
    try contextReference.write { w throws(JSONWriteError) in try w.beginArray() }
  }

  @usableFromInline
  func endArray() throws(JSONWriteError) {
    try contextReference.write { w throws(JSONWriteError) in try w.endArray() }
  }

  /// The encoder of a nested value: filters apply to the top level only.
  @usableFromInline
  var elementEncoder: JSONValueEncoder {
    JSONValueEncoder(reference: contextReference, dates: dates)
  }

  /// Writes any ``JSONEncodable`` value.
  ///
  /// - Parameter value: The value.
  /// - Throws: `JSONWriteError` at the value's path (the value's own error becomes its cause).
  @inlinable
  public func encode<T: JSONEncodable>(_ value: T) throws {
    try value.encode(to: elementEncoder)
  }

}
