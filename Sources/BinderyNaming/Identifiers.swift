/// Swift identifiers for names that come from JSON or from declarations: shared by the macros
/// (which must write any property name after `self.`) and the model generator.
package enum Identifiers {
  /// Words that need backticks to be used as a member name after `self.` or `.`.
  package static let reservedWords: Set<String> = [
    "Any", "Self", "Type", "as", "associatedtype", "break", "case", "catch", "class", "continue",
    "default", "defer", "deinit", "do", "else", "enum", "extension", "fallthrough", "false",
    "fileprivate", "for", "func", "guard", "if", "import", "in", "init", "inout", "internal", "is",
    "let", "nil", "open", "operator", "private", "protocol", "public", "repeat", "rethrows",
    "return", "self", "static", "struct", "subscript", "super", "switch", "throw", "throws", "true",
    "try", "typealias", "var", "where", "while",
  ]

  /// The name as Swift source: in backticks when it is a reserved word.
  ///
  /// - Parameter name: A valid identifier.
  /// - Returns: The name, escaped when needed.
  package static func escaped(_ name: String) -> String {
    reservedWords.contains(name) ? "`\(name)`" : name
  }

  /// A Swift string literal for `text`: quotes, backslashes and control characters escaped.
  ///
  /// - Parameter text: Any text, such as a JSON key.
  /// - Returns: The literal, quotes included.
  package static func stringLiteral(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
          out += "\\u{\(String(scalar.value, radix: 16))}"
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }
}
