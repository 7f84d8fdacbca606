/// Key-case conversions shared by the run-time key strategies and the Codable decoder and
/// encoder. The `@JSONModel` macro splits words with the same source (``CamelCaseWords``), so
/// compile time and run time agree.
///
/// The snake-case conversions follow Foundation's `JSONEncoder`/`JSONDecoder` rules exactly,
/// quirks included: `myURLValue` becomes `my_url_value`, and `URLValue` becomes `u_rl_value`
/// because the first character never starts a word.
package enum KeyCase {
  /// Foundation's `convertToSnakeCase`: words split where lower case turns upper, and before
  /// the last capital of a run of capitals followed by lower case; all lower-cased; joined by `_`.
  package static func snakeCase(fromCamelCase key: String) -> String {
    CamelCaseWords.words(of: key).joined(separator: "_")
  }

  /// The same word split as ``snakeCase(fromCamelCase:)``, joined by `-`.
  package static func kebabCase(fromCamelCase key: String) -> String {
    CamelCaseWords.words(of: key).joined(separator: "-")
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
