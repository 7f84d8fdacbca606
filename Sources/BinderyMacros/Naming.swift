import SwiftParser
import SwiftSyntax
import SwiftSyntaxBuilder

/// How property names become keys: known at compile time, or a run-time closure.
enum KeyStrategyChoice {
  case builtin(String)
  case custom(ExprSyntax)

  func key(for name: String) -> String? {
    switch self {
    case .builtin("snakeCase"): PropertyName.words(of: name).joined(separator: "_")
    case .builtin("kebabCase"): PropertyName.words(of: name).joined(separator: "-")
    case .builtin("pascalCase"): name.first.map { $0.uppercased() + name.dropFirst() } ?? name
    case .builtin: name
    case .custom: nil
    }
  }
}

/// The word split of the key strategies, as the macro applies it at compile time.
///
/// The library applies the same rule at run time (`JSONKeyStrategy`, and `BinderyEncoder`'s
/// `convertToSnakeCase`, in `BinderyNaming`). The macro cannot share that module: a module
/// used both by a macro and by a library keeps SwiftPM from building the macro against a
/// prebuilt swift-syntax. `BinderyMacrosTests` checks that the two agree on every property
/// name of the test suite and on generated names.
enum PropertyName {
  /// Foundation's `convertToSnakeCase` split, lower-cased: a word ends before each capital, and
  /// a run of capitals ends before the capital that starts the next word (`myURLValue`: `my`,
  /// `url`, `value`). The first character never starts a word of its own, so `URLValue` is
  /// `u`, `rl`, `value`, as in Foundation. Letters are classed by scalar; the characters before
  /// and after are whole grapheme clusters, so combining marks stay with their letter.
  static func words(of name: String) -> [String] {
    guard !name.isEmpty else { return [name] }
    let scalars = name.unicodeScalars
    func first(in range: Range<String.Index>, _ test: (Unicode.Scalar) -> Bool) -> String.Index? {
      var index = range.lowerBound
      while index < range.upperBound {
        if test(scalars[index]) { return index }
        scalars.formIndex(after: &index)
      }
      return nil
    }
    func isUpper(_ scalar: Unicode.Scalar) -> Bool {
      let category = scalar.properties.generalCategory
      return category == .uppercaseLetter || category == .titlecaseLetter
    }
    func isLower(_ scalar: Unicode.Scalar) -> Bool {
      scalar.properties.generalCategory == .lowercaseLetter
    }
    var words: [Range<String.Index>] = []
    var wordStart = name.startIndex
    var searchStart = name.index(after: wordStart)
    while let upper = first(in: searchStart..<name.endIndex, isUpper) {
      words.append(wordStart..<upper)
      guard let lower = first(in: upper..<name.endIndex, isLower) else {
        wordStart = upper
        break
      }
      if lower == name.index(after: upper) {
        wordStart = upper
      } else {
        let beforeLower = name.index(before: lower)
        words.append(upper..<beforeLower)
        wordStart = beforeLower
      }
      searchStart = scalars.index(after: lower)
    }
    words.append(wordStart..<name.endIndex)
    return words.map { name[$0].lowercased() }
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
