import SwiftParser
import SwiftSyntax
import SwiftSyntaxBuilder

/// How property names become keys: known at compile time, or a run-time closure.
enum KeyStrategyChoice {
  case builtin(String)
  case custom(ExprSyntax)

  func key(for name: String) -> String? {
    switch self {
    case .builtin("snakeCase"): CamelCaseWords.words(of: name).joined(separator: "_")
    case .builtin("kebabCase"): CamelCaseWords.words(of: name).joined(separator: "-")
    case .builtin("pascalCase"): name.first.map { $0.uppercased() + name.dropFirst() } ?? name
    case .builtin: name
    case .custom: nil
    }
  }
}

/// A property name usable after `self.`, `\Self.` or `case` even when it is a keyword.
func escaped(_ name: String) -> String {
  name.isValidSwiftIdentifier(for: .variableName) ? name : "`\(name)`"
}

/// Whether `name` can be written as it is where a declaration names it.
func isPlainIdentifier(_ name: String) -> Bool {
  name.isValidSwiftIdentifier(for: .variableName)
}

/// A Swift string literal for `text`, escaped as swift-syntax escapes it.
func literal(_ text: String) -> String {
  StringLiteralExprSyntax(content: text).description
}
