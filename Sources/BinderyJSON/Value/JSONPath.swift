/// A path from one JSON value to another below it: keys and array indices.
///
/// The text form joins keys with `.` and writes indices in brackets: `media.m`,
/// `items[0].title`. A key that holds `.`, `[`, `]` or `\` — or is empty — is written quoted in
/// brackets, `["a.b"]`, or with a backslash before each such character, `a\.b`.
/// ``init(pointer:)`` reads RFC 6901 JSON Pointers (`/items/0/title`) as well.
///
/// A key applied to an array selects the element whose index it spells (`items.0`), so
/// JSON Pointers work on arrays.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
  /// One step of a path.
  public enum Component: Sendable, Hashable {
    /// An object member, or an array element when the key spells a canonical index.
    case key(String)
    /// An array element, 0-based.
    case index(Int)
  }

  /// The steps, from the outermost value inwards.
  public var components: [Component]

  /// Creates a path from its steps.
  ///
  /// - Parameter components: The steps, outermost first.
  public init(_ components: [Component] = []) {
    self.components = components
  }

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

  /// The text form, such as `items[3].media.m`; keys that need it are quoted.
  public var description: String {
    var text = ""
    for component in components {
      switch component {
      case .index(let position):
        text += "[\(position)]"
      case .key(let key):
        if Self.isBare(key) {
          if !text.isEmpty { text += "." }
          text += key
        } else {
          text += "[" + Self.quote(key) + "]"
        }
      }
    }
    return text
  }

  /// How every Bindery error names the empty path, the top-level value: `top level`.
  public static let rootDescription = "top level"

  /// The path as errors and warnings name the place they are about: the text form, or
  /// ``rootDescription`` for the top-level value.
  public var placeDescription: String {
    components.isEmpty ? Self.rootDescription : description
  }

  /// The RFC 6901 JSON Pointer form, such as `/items/3/media/m`.
  public var pointer: String {
    var text = ""
    for component in components {
      text += "/"
      switch component {
      case .index(let position):
        text += String(position)
      case .key(let key):
        for character in key.unicodeScalars {
          switch character {
          case "~": text += "~0"
          case "/": text += "~1"
          default: text.unicodeScalars.append(character)
          }
        }
      }
    }
    return text
  }

  /// Appends a component.
  ///
  /// - Parameter component: The step to add at the end.
  /// - Returns: The longer path.
  public func appending(_ component: Component) -> JSONPath {
    JSONPath(components + [component])
  }

  /// The index a key spells when applied to an array: digits with no leading zero.
  static func arrayIndex(_ key: String) -> Int? {
    let utf8 = key.utf8
    guard let first = utf8.first, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") else {
      return nil
    }
    if first == UInt8(ascii: "0") && utf8.count > 1 { return nil }
    guard utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
      return nil
    }
    return Int(key)
  }

  private static func isBare(_ key: String) -> Bool {
    guard let first = key.utf8.first else { return false }
    if first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9") { return false }
    return !key.utf8.contains {
      $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]")
        || $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "\"") || $0 < 0x20
    }
  }

  private static func quote(_ key: String) -> String {
    var text = "\""
    for scalar in key.unicodeScalars {
      switch scalar {
      case "\"": text += "\\\""
      case "\\": text += "\\\\"
      case "\n": text += "\\n"
      case "\t": text += "\\t"
      case "\r": text += "\\r"
      case "\u{0}"..."\u{1F}": text += "\\u" + hex4(scalar.value)
      default: text.unicodeScalars.append(scalar)
      }
    }
    return text + "\""
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
      let quoted = Array(text[start..<i])
      let key: String
      do {
        key = try JSONDocument(parsing: quoted).root.string()
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
}
