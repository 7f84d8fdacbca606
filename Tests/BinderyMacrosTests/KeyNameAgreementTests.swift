import BinderyNaming
import Foundation
import Testing

@testable import BinderyMacros

/// The macro applies the built-in key strategies at compile time with its own copy of the word
/// split (it shares no module with the library); the library applies them at run time with
/// `BinderyNaming`. These tests hold the two to the same result.
@Suite struct KeyNameAgreementTests {
  /// Names where the split has a decision to make: runs of capitals, digits, underscores,
  /// non-ASCII letters, title-case letters and combining marks.
  static let tricky = [
    "", "a", "A", "id", "ID", "url", "URL", "myURLValue", "URLValue", "userID", "userIDs",
    "HTTPSProxy", "oAuth2Token", "version2", "v2API", "snake_case", "_private", "__x", "a_B",
    "alreadyLower", "ÉcoleNormale", "naïveÉlève", "ǅemal", "xǅy", "e\u{301}E\u{301}e", "日本語",
    "ΑβΓδ", "ÅngströmUnit", "iPhoneX", "aB", "ABc", "AbC", "ABCDEF", "abcDEF", "abcDEFgh",
  ]

  /// Every property name declared in this package's tests and examples: the names models have.
  static func declaredNames() throws -> Set<String> {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let pattern = try NSRegularExpression(pattern: #"\b(?:var|let)\s+`?([A-Za-z_][A-Za-z0-9_]*)"#)
    var names = Set<String>()
    for folder in ["Tests", "Examples"] {
      let enumerator = FileManager.default.enumerator(
        at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
      while let url = enumerator?.nextObject() as? URL {
        guard url.pathExtension == "swift", let text = try? String(contentsOf: url, encoding: .utf8)
        else { continue }
        let range = NSRange(text.startIndex..., in: text)
        for match in pattern.matches(in: text, range: range) {
          if let name = Range(match.range(at: 1), in: text) { names.insert(String(text[name])) }
        }
      }
    }
    return names
  }

  /// Names drawn from letters of every case class, digits and marks, by a fixed seed.
  static func generatedNames(count: Int) -> [String] {
    let alphabet = Array("abzABZ09_éÉǅßΣσ\u{301}日")
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(truncatingIfNeeded: state >> 33)
    }
    return (0..<count).map { _ in
      String((0..<(1 + next() % 12)).map { _ in alphabet[next() % alphabet.count] })
    }
  }

  func expectAgreement(on names: some Sequence<String>) {
    for name in names {
      #expect(
        KeyStrategyChoice.builtin("snakeCase").key(for: name)
          == KeyCase.snakeCase(fromCamelCase: name), "snake case of \(name.debugDescription)")
      #expect(
        KeyStrategyChoice.builtin("kebabCase").key(for: name)
          == KeyCase.kebabCase(fromCamelCase: name), "kebab case of \(name.debugDescription)")
      #expect(
        KeyStrategyChoice.builtin("pascalCase").key(for: name)
          == KeyCase.pascalCase(fromCamelCase: name), "Pascal case of \(name.debugDescription)")
    }
  }

  @Test func trickyNamesSplitAlike() {
    expectAgreement(on: Self.tricky)
    #expect(KeyStrategyChoice.builtin("snakeCase").key(for: "myURLValue") == "my_url_value")
  }

  @Test func everyDeclaredNameSplitsAlike() throws {
    let names = try Self.declaredNames()
    #expect(names.count > 500)
    expectAgreement(on: names)
  }

  @Test func generatedNamesSplitAlike() {
    expectAgreement(on: Self.generatedNames(count: 20_000))
  }
}
