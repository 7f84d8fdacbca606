// This file is compiled into two modules: `BinderyNaming` (the library's key strategies and
// coders) and, through a symbolic link of the same name, `BinderyMacros` (the `@JSONModel`
// macro's plug-in). The macro cannot import a module the library also uses: SwiftPM then builds
// swift-syntax from source instead of using a prebuilt one. One text, two copies of the
// compiled code: compile time and run time split names the same way.

/// Foundation's word split of a camel-case name, as its `convertToSnakeCase` does it.
enum CamelCaseWords {
  /// The words of `name`, lower-cased: a word ends before each upper-case letter, and a run of
  /// capitals ends before the capital that starts the next word (`myURLValue`: `my`, `url`,
  /// `value`). The first character never starts a word of its own, so `URLValue` is `u`,
  /// `rl`, `value`, as in Foundation. Letters are told apart by scalar; "the next" and "the
  /// previous" character are whole grapheme clusters, so combining marks stay with their
  /// letter. An empty name is one empty word.
  ///
  /// - Parameter name: A property or key name.
  /// - Returns: Its words.
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
