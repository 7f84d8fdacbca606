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
  /// The pattern as the schema wrote it.
  let source: String

  /// Why a pattern does not compile.
  struct Failure: Error {
    var message: String
  }

  init(_ pattern: String) throws(Failure) {
    if let refused = Self.notECMAScript(pattern) { throw Failure(message: refused) }
    source = pattern
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

  /// Why a pattern that `Regex` would compile means something else or nothing in ECMA-262:
  /// Python's named groups, comment groups, inline flags, the `\\a` escape.
  static func notECMAScript(_ pattern: String) -> String? {
    if pattern.contains("(?P") { return "(?P...) is Python's syntax, not ECMA-262's" }
    if pattern.contains("(?#") { return "comment groups (?#...) are not ECMA-262" }
    var previousBackslash = false
    var iterator = pattern.unicodeScalars.makeIterator()
    var previous: Unicode.Scalar = " "
    while let scalar = iterator.next() {
      if previousBackslash {
        if scalar == "a" { return "\\a is not an ECMA-262 escape" }
        previousBackslash = false
      } else if scalar == "\\" {
        previousBackslash = true
      } else if previous == "(", scalar == "?" {
        // `(?` then flags then `)` or `:`: inline flags, which ECMA-262 does not have.
        var flags = ""
        while let next = iterator.next() {
          if next == ")" || next == ":" || next == "-" {
            if !flags.isEmpty { return "inline flags (?\(flags)) are not ECMA-262" }
            break
          }
          guard "imsxUnJ".unicodeScalars.contains(next) else { break }
          flags.unicodeScalars.append(next)
        }
      }
      previous = scalar
    }
    return nil
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
        case ("c", _):
          // A control escape: \\cA is U+0001.
          guard let letter = iterator.next(), letter.properties.isASCIIHexDigit || letter.isASCII
          else {
            output += "\\\\c"
            continue
          }
          let value = (letter.value & 0x1F)
          output += "\\x{\(String(value, radix: 16))}"
        default:
          output.unicodeScalars.append("\\")
          output.unicodeScalars.append(next)
        }
      case "[" where !inClass:
        // ECMA-262's `[]` matches nothing and `[^]` anything; `Regex` has no empty class.
        var lookahead = iterator
        let next = lookahead.next()
        if next == "]" {
          iterator = lookahead
          output += "(?!)"
          continue
        }
        if next == "^", lookahead.next() == "]" {
          iterator = lookahead
          output += "[\\s\\S]"
          continue
        }
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
