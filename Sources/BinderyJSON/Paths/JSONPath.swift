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
      case .index(let position): text += String(position)
      case .key(let key): text += Self.pointerToken(key)
      }
    }
    return text
  }

  /// A key as one token of a JSON Pointer: `~` written `~0` and `/` written `~1`.
  package static func pointerToken(_ key: String) -> String {
    guard key.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else {
      return key
    }
    var token = ""
    for scalar in key.unicodeScalars {
      switch scalar {
      case "~": token += "~0"
      case "/": token += "~1"
      default: token.unicodeScalars.append(scalar)
      }
    }
    return token
  }

  /// Appends a component.
  ///
  /// - Parameter component: The step to add at the end.
  /// - Returns: The longer path.
  public func appending(_ component: Component) -> JSONPath {
    JSONPath(components + [component])
  }

  /// The index a key spells when applied to an array: digits with no leading zero.
  package static func arrayIndex(_ key: String) -> Int? {
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
