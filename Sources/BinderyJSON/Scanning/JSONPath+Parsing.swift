extension JSONPath {
  /// Parses the text form of a path.
  ///
  /// - Parameter text: A path such as `photos.photo[0]["url.h"]`; the empty string is the
  ///   value itself.
  /// - Throws: ``JSONReadError/Kind/invalidPath`` with the column of the problem.
  public init(parsing text: String) throws(JSONReadError) {
    var parser = PathParser(text: Array(text.utf8))
    self.components = try parser.parse()
  }

  /// Parses an RFC 6901 JSON Pointer.
  ///
  /// - Parameter pointer: A pointer such as `/items/0/media~1m` (`~1` is `/`, `~0` is `~`);
  ///   the empty string is the value itself.
  /// - Throws: ``JSONReadError/Kind/invalidPath`` for a pointer that does not start with `/`
  ///   or holds a `~` not followed by `0` or `1`.
  public init(pointer: String) throws(JSONReadError) {
    guard !pointer.isEmpty else {
      self.components = []
      return
    }
    let utf8 = Array(pointer.utf8)
    func fail(_ message: String, at offset: Int) -> JSONReadError {
      utf8.withUnsafeBufferPointer {
        JSONReadError(.invalidPath, "invalid JSON Pointer: \(message)", at: offset, in: $0)
      }
    }
    guard utf8[0] == UInt8(ascii: "/") else {
      throw fail("expected '/' at the start", at: 0)
    }
    var components: [Component] = []
    var token: [UInt8] = []
    var i = 1
    while i <= utf8.count {
      if i == utf8.count || utf8[i] == UInt8(ascii: "/") {
        components.append(.key(String(decoding: token, as: UTF8.self)))
        token.removeAll(keepingCapacity: true)
      } else if utf8[i] == UInt8(ascii: "~") {
        guard i + 1 < utf8.count,
          utf8[i + 1] == UInt8(ascii: "0") || utf8[i + 1] == UInt8(ascii: "1")
        else {
          throw fail("'~' must be followed by '0' or '1'", at: i)
        }
        token.append(utf8[i + 1] == UInt8(ascii: "0") ? UInt8(ascii: "~") : UInt8(ascii: "/"))
        i += 1
      } else {
        token.append(utf8[i])
      }
      i += 1
    }
    self.components = components
  }
}

/// Reads the text form of a ``JSONPath``.
private struct PathParser {
  let text: [UInt8]
  var i = 0

  func fail(_ message: String, at offset: Int) -> JSONReadError {
    text.withUnsafeBufferPointer {
      JSONReadError(.invalidPath, "invalid path: \(message)", at: offset, in: $0)
    }
  }

  mutating func parse() throws(JSONReadError) -> [JSONPath.Component] {
    var components: [JSONPath.Component] = []
    guard !text.isEmpty else { return components }
    var expectKey = true
    while i < text.count {
      let byte = text[i]
      if byte == UInt8(ascii: "[") {
        components.append(try bracket())
        expectKey = false
        continue
      }
      if byte == UInt8(ascii: ".") {
        guard !components.isEmpty, !expectKey else {
          throw fail("expected a key before '.'", at: i)
        }
        i += 1
        expectKey = true
        guard i < text.count else { throw fail("expected a key after '.'", at: i) }
        guard text[i] != UInt8(ascii: "[") else {
          throw fail("expected a key after '.', found '['", at: i)
        }
        continue
      }
      guard expectKey else { throw fail("expected '.' or '[' after ']'", at: i) }
      components.append(.key(try bareKey()))
      expectKey = false
    }
    return components
  }

  mutating func bareKey() throws(JSONReadError) -> String {
    var key: [UInt8] = []
    while i < text.count {
      let byte = text[i]
      if byte == UInt8(ascii: ".") || byte == UInt8(ascii: "[") { break }
      if byte == UInt8(ascii: "]") { throw fail("unexpected ']'", at: i) }
      if byte == UInt8(ascii: "\\") {
        guard i + 1 < text.count else { throw fail("expected a character after '\\'", at: i) }
        i += 1
      }
      key.append(text[i])
      i += 1
    }
    return String(decoding: key, as: UTF8.self)
  }

  mutating func bracket() throws(JSONReadError) -> JSONPath.Component {
    let open = i
    i += 1
    guard i < text.count else { throw fail("unclosed '['", at: open) }
    if text[i] == UInt8(ascii: "\"") {
      let start = i
      i += 1
      while i < text.count, text[i] != UInt8(ascii: "\"") {
        if text[i] == UInt8(ascii: "\\") { i += 1 }
        i += 1
      }
      guard i < text.count else { throw fail("unterminated quoted key", at: start) }
      i += 1
      let key: String
      do {
        key = try Self.string(Array(text[start..<i]))
      } catch {
        throw fail(
          "invalid quoted key: \(error.message)", at: start + (error.location?.offset ?? 0))
      }
      guard i < text.count, text[i] == UInt8(ascii: "]") else {
        throw fail("expected ']' after quoted key", at: i)
      }
      i += 1
      return .key(key)
    }
    let start = i
    while i < text.count, text[i] >= UInt8(ascii: "0"), text[i] <= UInt8(ascii: "9") { i += 1 }
    guard i > start else { throw fail("expected an index or a quoted key after '['", at: i) }
    guard i < text.count, text[i] == UInt8(ascii: "]") else {
      throw fail("expected ']' after index", at: i)
    }
    guard let position = Int(String(decoding: text[start..<i], as: UTF8.self)) else {
      throw fail("index too large", at: start)
    }
    i += 1
    return .index(position)
  }

  /// The string a JSON string literal (quotes included) spells, read by the scanner strictly.
  static func string(_ literal: [UInt8]) throws(JSONReadError) -> String {
    try literal.withUnsafeBufferPointer { (input) throws(JSONReadError) -> String in
      guard let base = input.baseAddress else { return "" }
      var scanner = JSONScanner(bytes: input, base: base, options: .strict)
      let tape = try scanner.scan()
      defer { UnsafeMutablePointer(mutating: tape.baseAddress)?.deallocate() }
      guard let entry = tape.first, entry.kind == .string else {
        throw JSONReadError(.invalidPath, "expected a quoted key", at: 0, in: input)
      }
      return decodeString(entry, base: base)
    }
  }
}
