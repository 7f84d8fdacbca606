/// Swift identifiers for names that come from JSON or from declarations: shared by the macros
/// (which must write any property name after `self.`) and, later, the model generator.
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
}
