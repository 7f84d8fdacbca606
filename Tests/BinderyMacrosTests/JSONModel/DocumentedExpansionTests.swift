import BinderyMacros
import Foundation
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import Testing

// `Documentation/Models.md` shows what `@JSONModel` writes for a small model. The expansion
// there must be the real one: this test expands the model the article declares and compares
// the result with the article's block, after the two shortenings the article states (the
// compiler's unique names `__macro_local_…` given as the names the macro asked for, and the
// `Bindery.` and `Swift.` module prefixes left out). Comments in the article's block are
// explanations, not code, and are not compared.

@Suite struct DocumentedExpansionTests {
  @Test func modelsArticleShowsTheRealExpansion() throws {
    let article = try String(contentsOf: Self.article, encoding: .utf8)
    let blocks = Self.swiftBlocks(of: article)
    let model = try #require(
      blocks.first { $0.hasPrefix("@JSONModel\nstruct Photo") },
      "Models.md declares no `@JSONModel struct Photo` block")
    let shown = try #require(
      blocks.first { $0.hasPrefix("extension Photo:") },
      "Models.md shows no expansion of Photo")

    let expanded = Parser.parse(source: model).expand(
      macroSpecs: binderyMacros, contextGenerator: { _ in BasicMacroExpansionContext() },
      indentationWidth: .spaces(4))
    let text = expanded.description
    let start = try #require(text.range(of: "extension Photo:"), "no extension in:\n\(text)")
    let real = Self.shortened(String(text[start.lowerBound...]))

    #expect(Self.lines(of: real) == Self.lines(of: Self.uncommented(shown)), "real expansion:\n\(real)")
  }

  /// The article, found from this file's place in the repository.
  static let article = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Documentation/Models.md")

  /// The text of every fenced `swift` block, in order.
  static func swiftBlocks(of markdown: String) -> [String] {
    var blocks: [String] = []
    var current: [Substring]?
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
      if current == nil, line == "```swift" {
        current = []
      } else if current != nil, line == "```" {
        blocks.append(current!.joined(separator: "\n"))
        current = nil
      } else {
        current?.append(line)
      }
    }
    return blocks
  }

  /// The article's two shortenings: unique names as the names asked for, no module prefixes.
  static func shortened(_ code: String) -> String {
    let unique = /__macro_local_\d+(?<name>[A-Za-z]+?)fMu\d*_/
    return
      code
      .replacing(unique) { String($0.output.name) }
      .replacing("Bindery.", with: "")
      .replacing("Swift.", with: "")
  }

  /// The block without its `//` comments (none of the code shown holds `//` in a string).
  static func uncommented(_ code: String) -> String {
    code.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      guard let comment = line.range(of: "//") else { return String(line) }
      return String(line[..<comment.lowerBound])
    }.joined(separator: "\n")
  }

  /// The non-empty lines, without trailing spaces.
  static func lines(of code: String) -> [String] {
    code.split(separator: "\n").map {
      String($0.reversed().drop(while: \.isWhitespace).reversed())
    }.filter { !$0.isEmpty }
  }
}
