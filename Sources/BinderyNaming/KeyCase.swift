/// Key-case conversions shared by the run-time key strategies, the Codable decoder and
/// encoder, and (later) the `@JSONModel` macro — one implementation, so compile time and run
/// time always agree.
///
/// The snake-case conversions follow Foundation's `JSONEncoder`/`JSONDecoder` rules exactly,
/// quirks included: `myURLValue` becomes `my_url_value`, and `URLValue` becomes `u_rl_value`
/// because the first character never starts a word.
package enum KeyCase {
  /// Foundation's `convertToSnakeCase`: words split where lower case turns upper, and before
  /// the last capital of a run of capitals followed by lower case; all lower-cased; joined by `_`.
  package static func snakeCase(fromCamelCase key: String) -> String {
    separated(fromCamelCase: key, separator: "_")
  }

  /// The same word split as ``snakeCase(fromCamelCase:)``, joined by `-`.
  package static func kebabCase(fromCamelCase key: String) -> String {
    separated(fromCamelCase: key, separator: "-")
  }

  /// Upper-cases the first character: `firstName` becomes `FirstName`.
  package static func pascalCase(fromCamelCase key: String) -> String {
    guard let first = key.first else { return key }
    return first.uppercased() + key.dropFirst()
  }

  /// Foundation's `convertFromSnakeCase`: leading and trailing underscores kept, the words
  /// between them joined with the first lower-cased and the others capitalised; a key without
  /// inner underscores is left as it is.
  package static func camelCase(fromSnakeCase key: String) -> String {
    camelCase(from: key, separator: "_")
  }

  /// Like ``camelCase(fromSnakeCase:)`` with `-` as the separator.
  package static func camelCase(fromKebabCase key: String) -> String {
    camelCase(from: key, separator: "-")
  }

  /// Foundation's word split: a word ends before each upper-case letter, and a run of
  /// capitals ends before the capital that starts the next word (`myURLValue`: `my`, `url`,
  /// `value`). Letters are told apart by scalar; "the next" and "the previous" character are
  /// whole grapheme clusters, so combining marks stay with their letter.
  private static func separated(fromCamelCase key: String, separator: String) -> String {
    guard !key.isEmpty else { return key }
    let scalars = key.unicodeScalars
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
    var wordStart = key.startIndex
    var searchStart = key.index(after: wordStart)
    while let upper = first(in: searchStart..<key.endIndex, isUpper) {
      words.append(wordStart..<upper)
      guard let lower = first(in: upper..<key.endIndex, isLower) else {
        wordStart = upper
        break
      }
      if lower == key.index(after: upper) {
        wordStart = upper
      } else {
        let beforeLower = key.index(before: lower)
        words.append(upper..<beforeLower)
        wordStart = beforeLower
      }
      searchStart = scalars.index(after: lower)
    }
    words.append(wordStart..<key.endIndex)
    return words.map { key[$0].lowercased() }.joined(separator: separator)
  }

  private static func camelCase(from key: String, separator: Character) -> String {
    guard let first = key.firstIndex(where: { $0 != separator }) else { return key }
    var last = key.index(before: key.endIndex)
    while last > first, key[last] == separator { key.formIndex(before: &last) }
    let leading = key[key.startIndex..<first]
    let trailing = key[key.index(after: last)...]
    let components = key[first...last].split(separator: separator)
    let joined: String
    if components.count == 1 {
      joined = String(key[first...last])
    } else {
      joined = ([components[0].lowercased()] + components.dropFirst().map(capitalized)).joined()
    }
    return leading + joined + trailing
  }

  /// Foundation's `capitalized`: in each whitespace-separated word, the first character upper
  /// case and the rest lower case.
  private static func capitalized(_ text: Substring) -> String {
    var result = ""
    var atWordStart = true
    for character in text {
      if character.isWhitespace {
        result.append(character)
        atWordStart = true
      } else if atWordStart {
        result += character.uppercased()
        atWordStart = false
      } else {
        result += character.lowercased()
      }
    }
    return result
  }
}
