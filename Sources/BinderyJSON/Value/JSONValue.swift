/// Any JSON value, as a Swift value: a tree you can build, inspect, compare and write.
///
/// ```swift
/// let feed = try JSONValue(parsing: data)
/// let firstImage = feed[path: "items[0].media.m"]?.stringValue
///
/// let body: JSONValue = ["title": "Sunset", "tags": ["sky", "sea"], "views": 12, "author": nil]
/// let text = try body.jsonString()  // {"title":"Sunset","tags":["sky","sea"],"views":12,"author":null}
/// ```
///
/// Numbers keep their exact text (``JSONNumber``), and objects keep their member order
/// (``JSONObject``).
public enum JSONValue: Sendable, Hashable {
  /// `null`
  case null
  /// `true` or `false`
  case bool(Bool)
  /// A number, as exact text.
  case number(JSONNumber)
  /// A string.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object, in member order.
  case object(JSONObject)

  /// Reads a JSON text into a value.
  ///
  /// - Parameters:
  ///   - bytes: The JSON text, UTF-8 encoded.
  ///   - options: How strictly to read; exactly RFC 8259 by default.
  /// - Throws: ``JSONReadError`` naming the line and column of the first problem.
  public init(parsing bytes: some Sequence<UInt8>, options: JSONReadingOptions = .strict)
    throws(JSONReadError)
  {
    self = try JSONDocument(parsing: bytes, options: options).root.value()
  }

  /// Reads a JSON text into a value.
  ///
  /// - Parameters:
  ///   - text: The JSON text.
  ///   - options: How strictly to read; exactly RFC 8259 by default.
  /// - Throws: ``JSONReadError`` naming the line and column of the first problem.
  public init(parsing text: String, options: JSONReadingOptions = .strict) throws(JSONReadError) {
    self = try JSONDocument(parsing: text.utf8, options: options).root.value()
  }

  /// The type of the value.
  public var kind: JSONKind {
    switch self {
    case .null: return .null
    case .bool: return .bool
    case .number: return .number
    case .string: return .string
    case .array: return .array
    case .object: return .object
    }
  }

  /// True for `null`.
  public var isNull: Bool { self == .null }

  /// The Boolean, or `nil` for other values.
  public var boolValue: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }

  /// The string, or `nil` for other values.
  public var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  /// The number, or `nil` for other values.
  public var numberValue: JSONNumber? {
    if case .number(let value) = self { return value }
    return nil
  }

  /// The number as the nearest `Double`, or `nil` for other values.
  public var doubleValue: Double? { numberValue?.double }

  /// The number as an `Int`, or `nil` for other values, fractions and out-of-range numbers.
  public var intValue: Int? { numberValue?.integer(Int.self) }

  /// The elements, or `nil` for other values.
  public var arrayValue: [JSONValue]? {
    if case .array(let value) = self { return value }
    return nil
  }

  /// The members, or `nil` for other values.
  public var objectValue: JSONObject? {
    if case .object(let value) = self { return value }
    return nil
  }

  /// The member with the given key, or `nil` when this is not an object or has no such key.
  ///
  /// - Parameter key: The member's key.
  public subscript(key: String) -> JSONValue? {
    if case .object(let object) = self { return object[key] }
    return nil
  }

  /// The element at a 0-based position, or `nil` when this is not an array or is shorter.
  ///
  /// - Parameter position: The element's position.
  public subscript(position: Int) -> JSONValue? {
    if case .array(let array) = self, array.indices.contains(position) { return array[position] }
    return nil
  }

  /// The value at a path below this one, or `nil` when any step is missing.
  ///
  /// - Parameter path: The path.
  public subscript(path path: JSONPath) -> JSONValue? {
    var current = self
    for component in path.components {
      switch (component, current) {
      case (.index(let position), _):
        guard let next = current[position] else { return nil }
        current = next
      case (.key(let key), .array):
        guard let position = JSONPath.arrayIndex(key), let next = current[position] else {
          return nil
        }
        current = next
      case (.key(let key), _):
        guard let next = current[key] else { return nil }
        current = next
      }
    }
    return current
  }

  /// The value at a path in text form (`items[0].media.m`), or `nil` when the path is
  /// invalid or any step is missing.
  ///
  /// - Parameter path: The path's text; see ``JSONPath``.
  public subscript(path path: String) -> JSONValue? {
    guard let parsed = try? JSONPath(parsing: path) else { return nil }
    return self[path: parsed]
  }

  /// The value at an RFC 6901 JSON Pointer (`/items/0/media/m`), or `nil` when the pointer is
  /// invalid or any step is missing.
  ///
  /// - Parameter pointer: The pointer.
  public subscript(pointer pointer: String) -> JSONValue? {
    guard let parsed = try? JSONPath(pointer: pointer) else { return nil }
    return self[path: parsed]
  }
}

extension JSONCursor {
  /// Converts the value under the cursor, and everything below it, into a ``JSONValue``.
  ///
  /// Duplicate keys follow the document's ``JSONReadingOptions/duplicateKeys`` policy: one
  /// member per key, at the position of its first occurrence, holding the value the policy
  /// picks. JSON5 numbers are normalised to JSON syntax (`0x1F` becomes `31`, `.5` becomes
  /// `0.5`).
  ///
  /// - Returns: The value.
  public func value() -> JSONValue { reader.value(at: index) }
}

extension TapeReader {
  /// The value at `index`, and everything below it, as a ``JSONValue``; see
  /// ``JSONCursor/value()``.
  ///
  /// - Parameters:
  ///   - index: The tape index of the value.
  ///   - repeated: Called with the tape index of each key the duplicate-key policy passed over.
  /// - Returns: The value.
  package func value(at index: Int, repeated: (_ key: Int) -> Void = { _ in }) -> JSONValue {
    let document = document
    let tape = tape
    return document.withInput { input in
      let base = input.baseAddress.unsafelyUnwrapped
      func convert(_ index: Int) -> JSONValue {
        let entry = tape[index]
        switch entry.kind {
        case .null: return .null
        case .true: return .bool(true)
        case .false: return .bool(false)
        case .string: return .string(decodeString(entry, base: base, forHashing: true))
        case .number:
          let bytes = UnsafeBufferPointer(start: base + entry.start, count: entry.length)
          if entry.isNonStandardNumber {
            return .number(normalizedJSON5Number(bytes))
          }
          return .number(JSONNumber(uncheckedText: String(decoding: bytes, as: UTF8.self)))
        case .array:
          var elements: [JSONValue] = []
          elements.reserveCapacity(entry.count)
          var child = index + 1
          while child < entry.end {
            elements.append(convert(child))
            child = next(after: child)
          }
          return .array(elements)
        case .object:
          var keys: [String] = []
          var values: [JSONValue] = []
          keys.reserveCapacity(entry.count)
          values.reserveCapacity(entry.count)
          forEachMember(of: index) { key, value in
            keys.append(decodeString(tape[key], base: base, forHashing: true))
            values.append(convert(value))
          }
          // Telling that no key repeats comes with building the object's index; an object
          // that does repeat one is read again, one member per key as the policy says.
          if let object = JSONObject(keys: keys, values: values) { return .object(object) }
          keys.removeAll(keepingCapacity: true)
          values.removeAll(keepingCapacity: true)
          forEachDistinctMember(of: index, repeated: repeated) { key, value in
            keys.append(decodeString(tape[key], base: base, forHashing: true))
            values.append(convert(value))
          }
          return .object(JSONObject(uniqueKeys: keys, values: values))
        }
      }
      return convert(index)
    }
  }
}

/// JSON5 number text in JSON syntax: hex to decimal, `+` dropped, `.5` to `0.5`, `5.` to `5.0`.
func normalizedJSON5Number(_ bytes: UnsafeBufferPointer<UInt8>) -> JSONNumber {
  var text = String(decoding: bytes, as: UTF8.self)
  if text.hasPrefix("+") { text.removeFirst() }
  var negative = false
  if text.hasPrefix("-") {
    negative = true
    text.removeFirst()
  }
  if text == "Infinity" { return JSONNumber(uncheckedText: negative ? "-Infinity" : "Infinity") }
  if text == "NaN" { return JSONNumber(uncheckedText: "NaN") }
  let sign = negative ? "-" : ""
  if text.hasPrefix("0x") || text.hasPrefix("0X") {
    let value = UInt64(text.dropFirst(2), radix: 16) ?? 0
    return JSONNumber(uncheckedText: value == 0 ? "0" : sign + String(value))
  }
  if text.hasPrefix(".") { text = "0" + text }
  if let dot = text.firstIndex(of: ".") {
    let after = text.index(after: dot)
    if after == text.endIndex || !(text[after].isNumber) {
      text.insert("0", at: after)
    }
  }
  return JSONNumber(uncheckedText: sign + text)
}
