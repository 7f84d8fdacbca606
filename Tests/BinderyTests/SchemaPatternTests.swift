import Bindery
import BinderyJSON
import BinderyTestSupport
import Foundation
import Testing

/// The schema validator's ECMA-262 patterns: what a JavaScript engine answers, refused syntax
/// named, and patterns that backtrack catastrophically decided (or given up on) in bounded time.
@Suite struct SchemaPatternTests {
  /// A validator of strings against `pattern`, or nil when the pattern is refused.
  static func validator(_ pattern: String) -> JSONSchemaValidator? {
    try? JSONSchemaValidator(schema: ["pattern": .string(pattern)])
  }

  /// `Fixtures/ecma-pattern-cases.json`, written by `Scripts/ecma-pattern-cases.js` with a
  /// JavaScript engine: chosen and random patterns, and whether each matches each string with
  /// the `u` flag and without it (`null`: a syntax error).
  @Test("Patterns match where a JavaScript engine's RegExp matches")
  func agreesWithJavaScript() throws {
    let cases = try JSONValue(parsing: Fixtures.bytes("ecma-pattern-cases.json"))
    let stringValues = try #require(cases[path: "strings"]?.arrayValue)
    let strings = stringValues.compactMap(\.stringValue)
    var checked = 0
    var lenient: [String] = []
    var wrong: [String] = []
    for testCase in try #require(cases[path: "cases"]?.arrayValue) {
      let pattern = try #require(testCase[path: "pattern"]?.stringValue)
      let unicode = testCase[path: "unicode"]?.stringValue
      let annexB = testCase[path: "annexB"]?.stringValue
      let validator = Self.validator(pattern)
      // With the `u` flag is how JSON Schema reads patterns; a pattern valid only without it
      // may be accepted (Annex B's obvious readings) and must then match as it does there.
      guard let expected = unicode ?? (validator == nil ? nil : annexB) else {
        if validator != nil { wrong.append("\(pattern): accepted, a syntax error in JavaScript") }
        continue
      }
      guard let validator else {
        if unicode != nil { wrong.append("\(pattern): refused, valid in JavaScript") }
        continue
      }
      if unicode == nil { lenient.append(pattern) }
      for (string, answer) in zip(strings, expected) {
        // V8 also tries `\B` between the two UTF-16 halves of a scalar outside the BMP, where
        // ECMA-262 with the `u` flag has no position (`bWithAstralScalars` checks ours).
        if pattern.contains("\\B"), string.unicodeScalars.contains(where: { $0.value > 0xFFFF }) {
          continue
        }
        checked += 1
        if validator.isValid(.string(string)) != (answer == "1") {
          wrong.append("\(pattern) on \(string.debugDescription): JavaScript says \(answer)")
        }
      }
    }
    #expect(checked > 40_000)
    #expect(
      lenient.sorted() == ["[\\d-z]", "[\\w-.]", "\\-", "\\:", "a]", "a{", "a{,2}", "x{1"])
    #expect(wrong.isEmpty, "\(wrong.count) wrong:\n\(wrong.prefix(30).joined(separator: "\n"))")
  }

  /// With the `u` flag a scalar outside the BMP is one character: no boundary inside it.
  @Test func bWithAstralScalars() throws {
    let validator = try #require(Self.validator("\\B"))
    #expect(!validator.isValid("a😀b"))
    #expect(validator.isValid("😀"))
    #expect(try #require(Self.validator("^a.b$")).isValid("a😀b"))
  }

  @Test("Syntax of other dialects is refused with the reason")
  func otherDialectsRefused() {
    let refusals: [(String, String)] = [
      ("(?P<name>a)", "Python"), ("(?i)abc", "inline flags"), ("(?#note)a", "comment"),
      ("\\a", "not an ECMA-262 escape"), ("\\z", "not an ECMA-262 escape"),
      ("a++", "possessive"), ("\\012", "octal"), ("[b-a]", "out of order"),
      ("a{3,2}", "above the maximum"), ("\\p{Greekish}", "Unicode property"),
      ("(a)\\2", "refers to a group"), ("\\k<missing>(?<name>a)", "refers to no group"),
      ("(?=a)*", "assertion cannot be quantified"), ("a{100000}", "repetition count"),
      ("(a{1000}){1000}", "too large"), ("\\uD800", "lone surrogate"), ("(abc", "missing ')'"),
    ]
    for (pattern, reason) in refusals {
      #expect {
        try JSONSchemaValidator(schema: ["pattern": .string(pattern)])
      } throws: { error in
        let error = try #require(error as? InvalidJSONSchema)
        return error.message.contains(reason) && error.schemaLocation.hasSuffix("#/pattern")
      }
    }
  }

  @Test("What the standard library's Regex lacked: variable-width lookbehind, named references")
  func lookbehindAndNames() throws {
    let price = try #require(Self.validator("(?<=\\$\\d+\\.)\\d{2}\\b"))
    #expect(price.isValid("cost: $1234.50 total"))
    #expect(!price.isValid("cost: 1234.50 total"))
    let repeated = try #require(Self.validator("^(?<word>[a-z]+) \\k<word>$"))
    #expect(repeated.isValid("hello hello"))
    #expect(!repeated.isValid("hello world"))
    let greek = try #require(Self.validator("^\\p{Script=Greek}+$"))
    #expect(greek.isValid("αβγ"))
    #expect(!greek.isValid("abc"))
  }

  @Test("Catastrophic backtracking is decided in linear steps without backreferences")
  func pathologicalPatternsDecided() throws {
    for pattern in ["^(a+)+$", "^(a|a)*$", "^(a*)*$", "^(a|aa)+$", "(a+a+)+y", "^(\\w+\\s?)*$"] {
      // 5,000 `a`s then a character that makes every way of matching them fail at the end.
      let long = String(repeating: "a", count: 5_000) + "!"
      let validator = try #require(Self.validator(pattern))
      let failures = validator.validate(.string(long))
      #expect(failures.count == 1)
      #expect(failures.first?.message.contains("does not match the pattern") == true, "\(pattern)")
      #expect(validator.isValid(.string(String(long.dropLast()))) == !pattern.hasSuffix("y"))
      if pattern.hasSuffix("y") {
        #expect(validator.isValid(.string(String(long.dropLast()) + "y")))
      }
    }
    // Lookarounds inside a repetition, on a long string.
    let password = try #require(Self.validator("^(?=.*\\d)(?=.*[a-z])(?!.*(.)\\1\\1)"))
    #expect(password.isValid("abc1"))
    #expect(!password.isValid("aaa1"))
  }

  @Test("A pattern with backreferences that backtracks without end is given up on, not run on")
  func pathologicalBackreferenceBounded() throws {
    let validator = try #require(Self.validator("^(a+)+\\1b$"))
    #expect(validator.isValid("aaaab"))
    let failures = validator.validate(.string(String(repeating: "a", count: 40)))
    #expect(failures.count == 1)
    #expect(failures.first?.keyword == "pattern")
    #expect(failures.first?.message.contains("could not be decided") == true)
    // patternProperties: the member is named in the failure, not silently let through.
    let members = try JSONSchemaValidator(
      schema: ["patternProperties": ["^(a+)+\\1b$": false], "additionalProperties": false])
    let memberFailures = members.validate([String(repeating: "a", count: 40): 1])
    #expect(memberFailures.map(\.keyword) == ["patternProperties"])
  }
}
