/// A schema's `pattern` (or `patternProperties` key): an ECMA-262 regular expression, as JSON
/// Schema specifies, run by the standard library's `Regex` after translating what the two
/// dialects spell differently.
///
/// What is translated: `\d`, `\D`, `\w` and `\W` match ASCII digits and word characters only
/// (in ECMA-262 they do; in `Regex` they match any script's); `$` outside a class matches at
/// the very end only (not before a final newline). Matching is by Unicode scalar, as with
/// ECMA-262's `u` flag, and unanchored: a pattern matches a string when it matches part of it.
struct SchemaPattern: @unchecked Sendable {
  // Invariant for `@unchecked Sendable`: the regex is built once and only read afterwards
  // (matching does not change it).
  private let regex: Regex<AnyRegexOutput>

  /// Why a pattern does not compile.
  struct Failure: Error {
    var message: String
  }

  init(_ pattern: String) throws(Failure) {
    let translated = Self.translate(pattern)
    do {
      regex = try Regex(translated).matchingSemantics(.unicodeScalar)
    } catch {
      throw Failure(message: "\(error)")
    }
  }

  /// Whether the pattern matches part of `text`.
  func matches(_ text: String) -> Bool {
    (try? regex.firstMatch(in: text)) != nil
  }

  /// The pattern in `Regex`'s syntax.
  static func translate(_ pattern: String) -> String {
    var output = ""
    var inClass = false
    var iterator = pattern.unicodeScalars.makeIterator()
    while let scalar = iterator.next() {
      switch scalar {
      case "\\":
        guard let next = iterator.next() else {
          output += "\\"
          continue
        }
        switch (next, inClass) {
        case ("d", false): output += "[0-9]"
        case ("D", false): output += "[^0-9]"
        case ("w", false): output += "[a-zA-Z0-9_]"
        case ("W", false): output += "[^a-zA-Z0-9_]"
        case ("d", true): output += "0-9"
        case ("w", true): output += "a-zA-Z0-9_"
        default:
          output.unicodeScalars.append("\\")
          output.unicodeScalars.append(next)
        }
      case "[" where !inClass:
        inClass = true
        output += "["
      // A `]` or `^]` right after the opening bracket is literal in ECMA-262 only when
      // escaped; nothing to do.
      case "]" where inClass:
        inClass = false
        output += "]"
      case "$" where !inClass:
        output += "\\z"
      default:
        output.unicodeScalars.append(scalar)
      }
    }
    return output
  }
}
