public import BinderyJSON

/// Reads one JSON value of a model decode: the argument of ``JSONDecodable/init(json:)``.
///
/// Scalars are read with typed methods that throw a ``JSONDecodingProblem`` naming the value's
/// path, line and column; containers open as ``JSONObjectDecoder`` and ``JSONArrayDecoder``.
///
/// ```swift
/// struct Tags: JSONDecodable {
///     var words: [String]
///     init(json: JSONValueDecoder) throws {
///         words = try json.string().split(separator: " ").map(String.init)
///     }
/// }
/// ```
///
/// A decoder is valid only while the decode that handed it to you runs, like
/// ``JSONObjectDecoder``: do not store it or let a closure that outlives the call capture it;
/// a decoder used after its decode stops the program with a message saying so.
public struct JSONValueDecoder {
  /// The decode's state, borrowed from the entry point that owns it, and checked on every
  /// use to belong to a decode still running (see `ContextReference`).
  @usableFromInline let contextReference: ContextReference<JSONDecodingContext>
  /// The decode's state, for paths where a retain does not matter.
  @usableFromInline var context: JSONDecodingContext { contextReference.context }
  @usableFromInline let index: Int
  @usableFromInline var scope: JSONDecodingScope

  @usableFromInline
  init(context: JSONDecodingContext, index: Int, scope: JSONDecodingScope) {
    self.init(reference: ContextReference(context), index: index, scope: scope)
  }

  @usableFromInline
  init(reference: ContextReference<JSONDecodingContext>, index: Int, scope: JSONDecodingScope) {
    self.contextReference = reference
    self.index = index
    self.scope = scope
  }

  /// The value as a cursor over the document, for reading it with the core API.
  public var cursor: JSONCursor { context.document.root.cursor(atIndex: index) }
  /// The JSON type of the value.
  public var kind: JSONKind { context.reader.jsonKind(at: index) }
  /// Whether the value is `null`.
  public var isNull: Bool { entry.kind == .null }

  /// The value's tape entry, read without retaining the context.
  @inline(__always)
  var entry: TapeEntry {
    let index = index
    return contextReference.withContext { $0.tape[index] }
  }
  /// The value's path from the top of the input, such as `items[3].media.m` (computed on demand).
  public var path: JSONPath { context.reader.path(to: index) }
  /// The options of the decode under way.
  public var options: JSONDecodingOptions { context.options }
  /// Whether values of another JSON type are converted where the meaning is clear.
  public var coercesValues: Bool { scope.coercesValues }
  /// The date format `Date` values use here unless a transformer says otherwise.
  public var dateFormat: JSONDateFormat { context.dateFormat(at: scope.dateFormat) }

  /// A problem about this value, for custom types and transformers to throw.
  ///
  /// - Parameters:
  ///   - expected: What was needed, such as `a hex colour like #RRGGBB`.
  ///   - kind: The category; ``JSONDecodingProblem/Kind/invalidValue`` by default.
  /// - Returns: The problem, with this value's path, line, column and a description of it.
  public func problem(
    expected: String, kind: JSONDecodingProblem.Kind = .invalidValue
  ) -> JSONDecodingProblem {
    context.problem(kind, at: index, expected: expected)
  }

  private func mismatch(_ expected: String) -> JSONDecodingProblem {
    context.problem(isNull ? .nullValue : .typeMismatch, at: index, expected: expected)
  }

  func coerced(_ message: String) {
    context.warnings.append(
      JSONDecodingWarning(kind: .coerced, path: context.warningPath(at: index), message: message))
  }

  // MARK: Scalars

  /// Reads a string (with coercion on, also a number's text or `true`/`false`).
  ///
  /// - Returns: The unescaped string.
  /// - Throws: ``JSONDecodingProblem`` when the value is not a string.
  public func string() throws(JSONDecodingProblem) -> String {
    let index = index
    if let text = contextReference.withContext({ $0.reader.string(at: index) }) {
      return text
    }
    return try coercedString(expected: "a string")
  }

  /// Reads a string for a type that is written as one, such as a URL: a value of another JSON
  /// type is a problem that says what the type needed (`expected a URL, found number 12`).
  ///
  /// ```swift
  /// let hex = try json.string(expected: "a hex colour such as #FF8800")
  /// ```
  ///
  /// - Parameter expected: What the type needs, for the problem.
  /// - Returns: The unescaped string.
  /// - Throws: ``JSONDecodingProblem`` when the value is not a string.
  public func string(expected: String) throws(JSONDecodingProblem) -> String {
    let index = index
    if let text = contextReference.withContext({ $0.reader.string(at: index) }) {
      return text
    }
    return try coercedString(expected: expected)
  }

  /// The string of a value that is not one: a number's text or a Boolean when coercion is on,
  /// else the problem that says what was `expected`.
  @inline(never)
  private func coercedString(expected: String) throws(JSONDecodingProblem) -> String {
    if scope.coercesValues {
      let reader = context.reader
      if let text = reader.numberText(at: index) {
        coerced("read number \(text) as a string")
        return text
      }
      if let value = reader.bool(at: index) {
        coerced("read \(value) as a string")
        return value ? "true" : "false"
      }
    }
    throw mismatch(expected)
  }

  /// Hands the string's UTF-8 bytes to `body` without making a `String` when the text has no
  /// escapes (the bytes are then the input's own, valid only during `body`).
  ///
  /// - Parameters:
  ///   - expected: What the caller needs, for the problem when the value is not a string.
  ///   - body: Reads the bytes.
  /// - Returns: What `body` returns.
  /// - Throws: ``JSONDecodingProblem`` when the value is not a string (see ``string()``).
  func withStringUTF8<R>(
    expected: String = "a string", _ body: (UnsafeBufferPointer<UInt8>) -> R
  ) throws(JSONDecodingProblem) -> R {
    if let result = context.reader.withUTF8(ofString: index, body) { return result }
    var text = try string(expected: expected)
    return text.withUTF8 { body($0) }
  }

  /// Reads `true` or `false` (with coercion on, also `1`/`0` and the strings `"true"`,
  /// `"false"`, `"yes"`, `"no"`, `"1"`, `"0"`).
  ///
  /// - Returns: The Boolean.
  /// - Throws: ``JSONDecodingProblem`` when the value is not a Boolean.
  public func bool() throws(JSONDecodingProblem) -> Bool {
    switch entry.kind {
    case .true: return true
    case .false: return false
    default: break
    }
    if scope.coercesValues {
      let reader = context.reader
      let text = reader.numberText(at: index) ?? reader.string(at: index)?.lowercased()
      switch text {
      case "1", "true", "yes":
        coerced("read \(context.describe(at: index)) as true")
        return true
      case "0", "false", "no":
        coerced("read \(context.describe(at: index)) as false")
        return false
      default: break
      }
    }
    throw mismatch("a Boolean")
  }

  /// Reads an integer of any width, range-checked: `300` into `UInt8` is a problem, never a
  /// truncation. With coercion on, a string holding an integer is accepted too.
  ///
  /// - Parameter type: The integer type.
  /// - Returns: The integer.
  /// - Throws: ``JSONDecodingProblem`` for other JSON types, fractions and out-of-range numbers.
  @inlinable
  public func integer<T: FixedWidthInteger>(_ type: T.Type = T.self) throws(JSONDecodingProblem)
    -> T
  {
    // Inlinable so the range check is specialised where the type is known; anything that is not
    // a plain in-range number takes the general path.
    if let small = int64IfNumber(), let value = T(exactly: small) { return value }
    return try integerInGeneral(T.self)
  }

  /// The value as an `Int64` when it is a number that is an integer within `Int64`'s range.
  @usableFromInline
  func int64IfNumber() -> Int64? {
    let index = index
    return contextReference.withContext { context -> Int64? in
      let entry = context.tape[index]
      guard entry.kind == .number, case .value(let value) = context.reader.int64(entry) else {
        return nil
      }
      return value
    }
  }

  @usableFromInline
  func integerInGeneral<T: FixedWidthInteger>(_ type: T.Type) throws(JSONDecodingProblem) -> T {
    let reader = context.reader
    let entry = reader.tape[index]
    if entry.kind == .number {
      switch reader.integer(entry, as: T.self) {
      case .value(let value): return value
      case .notInteger:
        throw context.problem(.numberOutOfRange, at: index, expected: "a whole number (\(T.self))")
      case .outOfRange:
        throw context.problem(
          .numberOutOfRange, at: index, expected: "an integer between \(T.min) and \(T.max)")
      }
    }
    if scope.coercesValues, entry.kind == .string {
      let text = reader.string(entry)
      // Read as the same text would be as a JSON number: its grammar, its conversion.
      if let value = JSONNumber(text: text)?.integer(T.self) {
        coerced("read string \"\(text)\" as an integer")
        return value
      }
      throw context.problem(
        .typeMismatch, at: index, expected: "an integer (or a string holding one)")
    }
    throw mismatch("an integer")
  }

  /// Reads a number as the nearest `Double` (correctly rounded). With coercion on, a string
  /// holding a number is accepted too.
  ///
  /// - Returns: The number.
  /// - Throws: ``JSONDecodingProblem`` for other JSON types, and for numbers beyond a `Double`'s
  ///   range: too large, or too small to be told from zero (`1e-400`).
  public func double() throws(JSONDecodingProblem) -> Double { try floatingPoint(Double.self) }

  /// Reads a number as the nearest `Float`, rounded once from the text; otherwise as
  /// ``double()``.
  func float() throws(JSONDecodingProblem) -> Float { try floatingPoint(Float.self) }

  private func floatingPoint<T: BinaryFloatingPoint>(_: T.Type) throws(JSONDecodingProblem) -> T {
    let entry = entry
    if entry.kind == .number {
      let read = contextReference.withContext { context -> T? in
        let reader = context.reader
        return T.self == Float.self
          ? reader.float(entry).map(T.init) : reader.double(entry).map(T.init)
      }
      if let value = read,
        value != 0 || !contextReference.withContext({ $0.reader.roundsToZero(entry) })
      {
        return value
      }
      throw context.problem(
        .numberOutOfRange, at: index, expected: "a number within \(T.self)'s range")
    }
    if scope.coercesValues, entry.kind == .string {
      let text = context.reader.string(entry)
      if let value = Self.number(T.self, inText: text), value.isFinite {
        coerced("read string \"\(text)\" as a number")
        return value
      }
    }
    throw mismatch("a number")
  }

  /// The number a string holds, read as the same text would be as a JSON number (its grammar,
  /// its correctly rounded conversion, `Float` rounded once); nil for text that is not one
  /// (`+5`, `0x10`, `nan`, ` 1`).
  private static func number<T: BinaryFloatingPoint>(_: T.Type, inText text: String) -> T? {
    guard var number = JSONNumber(text: text)?.text else { return nil }
    return number.withUTF8 { bytes in
      T.self == Float.self
        ? NumberConversion.float(bytes).map(T.init)
        : NumberConversion.double(bytes, nonStandard: false).map(T.init)
    }
  }

  /// The exact text of a number, for types that keep every digit (`Decimal`, big integers).
  ///
  /// - Returns: The number as written in the input (with coercion on, a numeric string's text).
  /// - Throws: ``JSONDecodingProblem`` when the value is not a number.
  public func numberText() throws(JSONDecodingProblem) -> String {
    let reader = context.reader
    if let text = reader.numberText(at: index) { return text }
    if scope.coercesValues, let text = reader.string(at: index), JSONNumber(text: text) != nil {
      coerced("read string \"\(text)\" as a number")
      return text
    }
    throw mismatch("a number")
  }

  /// The value as a `JSONValue` tree, for properties that keep a raw subtree.
  ///
  /// - Returns: The value.
  public func value() -> JSONValue {
    let context = context
    return context.reader.value(at: index, repeated: context.noteRepeatedKey)
  }

  // MARK: Containers

  /// Opens the value as an object.
  ///
  /// - Returns: A decoder for its members.
  /// - Throws: ``JSONDecodingProblem`` when the value is not an object.
  public func object() throws(JSONDecodingProblem) -> JSONObjectDecoder {
    guard entry.kind == .object else { throw mismatch("an object") }
    return JSONObjectDecoder(reference: contextReference, index: index, scope: scope)
  }

  /// Opens the value as an array.
  ///
  /// - Returns: A decoder for its elements.
  /// - Throws: ``JSONDecodingProblem`` when the value is not an array.
  public func array() throws(JSONDecodingProblem) -> JSONArrayDecoder {
    guard entry.kind == .array else { throw mismatch("an array") }
    return JSONArrayDecoder(reference: contextReference, index: index, scope: scope)
  }

  /// Decodes the value as any ``JSONDecodable`` type.
  ///
  /// - Parameter type: The type.
  /// - Returns: The value.
  /// - Throws: ``JSONDecodingProblem`` (or the type's own error, which the decode reports as a
  ///   problem at this value).
  @inlinable
  public func decode<T: JSONDecodable>(_ type: T.Type = T.self) throws -> T {
    try T(json: self)
  }

}

extension JSONValueDecoder {
  /// The `Date` or `Data` this value was written from, when the decode reads Foundation
  /// objects (``JSONDecodable/init(foundationObject:at:options:)``) and the app's value held
  /// one there; `nil` otherwise.
  ///
  /// Such a value reads as a string too (ISO 8601 for a date, base64 for data), for types that
  /// take text; `Date` and `Data` properties take the object itself, whatever their format, and
  /// a transformer of your own may do the same:
  ///
  /// ```swift
  /// struct DayTransformer: JSONTransformer {
  ///     func decode(_ json: JSONValueDecoder) throws -> Date {
  ///         if let date = json.sourceObject(as: Date.self) { return date }
  ///         return try JSONDateFormat.dateFormat("yyyy-MM-dd").decode(json)
  ///     }
  ///     func encode(_ value: Date, to json: JSONValueEncoder) throws {
  ///         try JSONDateFormat.dateFormat("yyyy-MM-dd").encode(value, to: json)
  ///     }
  /// }
  /// ```
  ///
  /// - Parameter type: `Date.self` or `Data.self`.
  /// - Returns: The object, or `nil`.
  public func sourceObject<T>(as type: T.Type) -> T? {
    context.document.sourceObject(at: index) as? T
  }
}
