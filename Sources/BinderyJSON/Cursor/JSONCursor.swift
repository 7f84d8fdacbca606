/// A position in a ``JSONDocument``: one value, read on demand without copying.
///
/// Typed reads throw ``JSONReadError`` with the value's line, column and JSON path:
///
/// ```swift
/// let photo = try document.root.member("items").element(at: 0)
/// let title = try photo.member("title").string()
/// let views = try photo.member("views").integer(Int32.self)  // range-checked
/// ```
public struct JSONCursor: Sendable {
  /// The document this cursor reads.
  public let document: JSONDocument
  /// The tape index of the value.
  package let index: Int

  package init(document: JSONDocument, index: Int) {
    self.document = document
    self.index = index
  }

  /// The reader every read goes through.
  @inline(__always) var reader: TapeReader { TapeReader(document) }
  @inline(__always) var entry: TapeEntry { document.tape[index] }

  /// The type of the value.
  public var kind: JSONKind { reader.jsonKind(at: index) }

  /// True when the value is `null`.
  public var isNull: Bool { entry.kind == .null }

  /// The number of elements of an array or members of an object; 0 for other values.
  public var count: Int { reader.count(at: index) }

  /// The byte offset of the value in the input.
  public var offset: Int { reader.offset(of: index) }

  /// Where the value stands in the input: offset, 1-based line and column, and an excerpt;
  /// `nil` when the document was not text the user gave.
  public var location: JSONSourceLocation? { reader.location(of: index) }

  /// The JSON path from the top-level value to this one, such as `items[3].media.m`.
  public var path: JSONPath { reader.path(to: index) }

  // MARK: Errors

  func failure(_ kind: JSONReadError.Kind, _ message: String) -> JSONReadError {
    JSONReadError(kind: kind, message: message, location: location, path: path)
  }

  func mismatch(expected: String) -> JSONReadError {
    failure(.typeMismatch, TapeReader.mismatch(expected: expected, found: describe()))
  }

  /// What a message says was found (see ``TapeReader/describe(at:)``).
  func describe() -> String { reader.describe(at: index) }

  // MARK: Scalars

  /// Reads a Boolean.
  ///
  /// - Returns: The value.
  /// - Throws: ``JSONReadError/Kind/typeMismatch`` if the value is not `true` or `false`.
  public func bool() throws(JSONReadError) -> Bool {
    guard let value = reader.bool(at: index) else { throw mismatch(expected: "a Boolean") }
    return value
  }

  /// Reads a string, with escapes resolved.
  ///
  /// - Returns: The value.
  /// - Throws: ``JSONReadError/Kind/typeMismatch`` if the value is not a string.
  public func string() throws(JSONReadError) -> String {
    guard let value = reader.string(at: index) else { throw mismatch(expected: "a string") }
    return value
  }

  /// The exact text of a number, as it stands in the input.
  ///
  /// Reading the text never rounds: use it for `Decimal` or big-number types.
  ///
  /// - Returns: The number's text, such as `-12.50e3`.
  /// - Throws: ``JSONReadError/Kind/typeMismatch`` if the value is not a number.
  public func numberText() throws(JSONReadError) -> String {
    guard let text = reader.numberText(at: index) else { throw mismatch(expected: "a number") }
    return text
  }

  /// Reads a number as the nearest `Double` (correctly rounded).
  ///
  /// - Returns: The value.
  /// - Throws: ``JSONReadError/Kind/typeMismatch`` if the value is not a number;
  ///   ``JSONReadError/Kind/numberOutOfRange`` if its magnitude exceeds `Double.greatestFiniteMagnitude`
  ///   (`1e400`). A value smaller than the least subnormal rounds to zero, as IEEE 754 does.
  public func double() throws(JSONReadError) -> Double {
    let entry = entry
    guard entry.kind == .number else { throw mismatch(expected: "a number") }
    guard let value = reader.double(entry) else {
      throw failure(.numberOutOfRange, "\(describe()) does not fit in Double")
    }
    return value
  }

  /// Reads a number as an integer of type `T`, exactly.
  ///
  /// `1.0` and `1e2` read as whole numbers; `1.5` does not.
  ///
  /// - Parameter type: The integer type, for example `Int`, `UInt8` or `Int64`.
  /// - Returns: The value.
  /// - Throws: ``JSONReadError/Kind/typeMismatch`` if the value is not a number;
  ///   ``JSONReadError/Kind/numberOutOfRange`` if it does not fit in `T` (`300` as `UInt8`);
  ///   ``JSONReadError/Kind/numberNotInteger`` if it has a fractional part.
  public func integer<T: FixedWidthInteger>(_ type: T.Type = T.self) throws(JSONReadError) -> T {
    let entry = entry
    guard entry.kind == .number else { throw mismatch(expected: "an integer") }
    switch reader.integer(entry, as: T.self) {
    case .value(let value): return value
    case .outOfRange: throw failure(.numberOutOfRange, "\(describe()) does not fit in \(T.self)")
    case .notInteger: throw failure(.numberNotInteger, "\(describe()) is not a whole number")
    }
  }

  // MARK: Containers

  /// The member of an object with the given key.
  ///
  /// When the key occurs more than once, the document's ``JSONReadingOptions/duplicateKeys``
  /// policy picks the member (the last one by default).
  ///
  /// - Parameter key: The member's key.
  /// - Returns: A cursor at the member's value.
  /// - Throws: ``JSONReadError/Kind/typeMismatch`` if the value is not an object;
  ///   ``JSONReadError/Kind/keyNotFound`` if no member has the key.
  public func member(_ key: String) throws(JSONReadError) -> JSONCursor {
    guard entry.kind == .object else { throw mismatch(expected: "an object") }
    if let found = lookUp(key) { return found }
    throw failure(.keyNotFound, "no key '\(key)' in object")
  }

  /// The member of an object with the given key, or `nil` when the value is not an object or
  /// has no such member.
  ///
  /// - Parameter key: The member's key.
  public subscript(key: String) -> JSONCursor? {
    guard entry.kind == .object else { return nil }
    return lookUp(key)
  }

  private func lookUp(_ key: String) -> JSONCursor? {
    reader.member(key, of: index).map { JSONCursor(document: document, index: $0) }
  }

  /// The element of an array at a 0-based position.
  ///
  /// - Parameter position: The element's position.
  /// - Returns: A cursor at the element.
  /// - Throws: ``JSONReadError/Kind/typeMismatch`` if the value is not an array;
  ///   ``JSONReadError/Kind/indexOutOfRange`` if the array is shorter.
  public func element(at position: Int) throws(JSONReadError) -> JSONCursor {
    guard entry.kind == .array else { throw mismatch(expected: "an array") }
    if let found = self[position] { return found }
    throw failure(
      .indexOutOfRange, "index \(position) is out of range for an array of \(count) elements")
  }

  /// The element of an array at a 0-based position, or `nil` when the value is not an array
  /// or is shorter.
  ///
  /// - Parameter position: The element's position.
  public subscript(position: Int) -> JSONCursor? {
    let entry = entry
    guard entry.kind == .array, position >= 0, position < entry.count else { return nil }
    var element = index + 1
    for _ in 0..<position { element = document.next(after: element) }
    return JSONCursor(document: document, index: element)
  }

  /// The elements of an array, in order.
  ///
  /// - Returns: A sequence of cursors, one for each element.
  /// - Throws: ``JSONReadError/Kind/typeMismatch`` if the value is not an array.
  public func elements() throws(JSONReadError) -> JSONElements {
    guard entry.kind == .array else { throw mismatch(expected: "an array") }
    return JSONElements(document: document, container: index)
  }

  /// The members of an object, in document order (duplicates included).
  ///
  /// - Returns: A sequence of members; each decodes its key only when asked.
  /// - Throws: ``JSONReadError/Kind/typeMismatch`` if the value is not an object.
  public func members() throws(JSONReadError) -> JSONMembers {
    guard entry.kind == .object else { throw mismatch(expected: "an object") }
    return JSONMembers(document: document, container: index)
  }

  /// The value at a path below this one.
  ///
  /// - Parameter path: A path such as `photos.photo[0]`; see ``JSONPath``.
  /// - Returns: A cursor at the value.
  /// - Throws: ``JSONReadError`` naming the first component that is missing or of the wrong type.
  public func cursor(at path: JSONPath) throws(JSONReadError) -> JSONCursor {
    var current = self
    for component in path.components {
      switch component {
      case .key(let key):
        if current.entry.kind == .array, let position = JSONPath.arrayIndex(key) {
          current = try current.element(at: position)
        } else {
          current = try current.member(key)
        }
      case .index(let position):
        current = try current.element(at: position)
      }
    }
    return current
  }
}

/// The elements of a JSON array, as cursors.
public struct JSONElements: Sequence, Sendable {
  let document: JSONDocument
  let container: Int

  /// The number of elements.
  public var count: Int { document.tape[container].count }

  /// Iterates the elements.
  public struct Iterator: IteratorProtocol, Sendable {
    let document: JSONDocument
    var position: Int
    let end: Int

    /// The next element, or `nil` after the last.
    public mutating func next() -> JSONCursor? {
      guard position < end else { return nil }
      let cursor = JSONCursor(document: document, index: position)
      position = document.next(after: position)
      return cursor
    }
  }

  /// Returns an iterator over the elements.
  public func makeIterator() -> Iterator {
    Iterator(document: document, position: container + 1, end: document.tape[container].end)
  }

  /// The number of elements.
  public var underestimatedCount: Int { count }
}

/// One member of a JSON object: its key and a cursor at its value.
public struct JSONMember: Sendable {
  let keyCursor: JSONCursor
  /// The member's value.
  public let value: JSONCursor

  /// The member's key, unescaped.
  public var key: String { keyCursor.reader.string(keyCursor.entry) }

  /// True when the member's key equals `name`, compared without allocating.
  ///
  /// - Parameter name: The key to compare with.
  /// - Returns: Whether the keys are equal.
  public func hasKey(_ name: String) -> Bool {
    var name = name
    return name.withUTF8 { keyCursor.reader.string(keyCursor.entry, equals: $0) }
  }
}

/// The members of a JSON object, in document order.
public struct JSONMembers: Sequence, Sendable {
  let document: JSONDocument
  let container: Int

  /// The number of members.
  public var count: Int { document.tape[container].count }

  /// Iterates the members.
  public struct Iterator: IteratorProtocol, Sendable {
    let document: JSONDocument
    var position: Int
    let end: Int

    /// The next member, or `nil` after the last.
    public mutating func next() -> JSONMember? {
      guard position < end else { return nil }
      let member = JSONMember(
        keyCursor: JSONCursor(document: document, index: position),
        value: JSONCursor(document: document, index: position + 1))
      position = document.next(after: position + 1)
      return member
    }
  }

  /// Returns an iterator over the members.
  public func makeIterator() -> Iterator {
    Iterator(document: document, position: container + 1, end: document.tape[container].end)
  }

  /// The number of members.
  public var underestimatedCount: Int { count }
}

extension JSONDocument {
  /// A cursor at the top-level value.
  public var root: JSONCursor { JSONCursor(document: self, index: 0) }
}
