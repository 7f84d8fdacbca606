import Foundation
import Testing

/// Every Swift code block of the README and of the DocC catalogs appears verbatim (imports
/// aside) in this target's example files, which the build compiles: an example that goes stale
/// fails the build, and one edited in the docs but not here fails this test.
@Suite struct CodeBlockTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static let documents = [
    "README.md",
    "Sources/Bindery/Bindery.docc/Bindery.md",
    "Sources/Bindery/Bindery.docc/Articles/Models.md",
    "Sources/Bindery/Bindery.docc/Articles/Unions.md",
    "Sources/Bindery/Bindery.docc/Articles/FoundationObjects.md",
    "Sources/Bindery/Bindery.docc/Articles/SchemaValidation.md",
    "Sources/Bindery/Bindery.docc/Articles/Constraints.md",
    "Sources/BinderyJSON/BinderyJSON.docc/BinderyJSON.md",
    "Sources/BinderyRemote/BinderyRemote.docc/BinderyRemote.md",
    "Documentation/Server.md",
    "Sources/Bindery/Bindery.docc/Articles/GettingStarted.md",
    "Sources/BinderyJSON/BinderyJSON.docc/GettingStarted.md",
    "Sources/BinderyRemote/BinderyRemote.docc/GettingStarted.md",
    "Sources/BinderyAsyncHTTPClient/BinderyAsyncHTTPClient.docc/GettingStarted.md",
    "Sources/BinderyNIO/BinderyNIO.docc/GettingStarted.md",
    "Sources/BinderyHummingbird/BinderyHummingbird.docc/GettingStarted.md",
    "Sources/BinderyVapor/BinderyVapor.docc/GettingStarted.md",
  ]

  /// The Swift blocks of a Markdown file, without `import` lines; a block that is a package
  /// manifest excerpt (first line `// Package.swift`) is not Swift a target can hold.
  static func blocks(in markdown: String) -> [[String]] {
    var result: [[String]] = []
    var current: [String]?
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if current == nil, line.hasPrefix("```swift") {
        current = []
      } else if let block = current, line.hasPrefix("```") {
        let code = block.filter { !$0.hasPrefix("import ") }
        let trimmed = code.drop { $0.isEmpty }.reversed().drop { $0.isEmpty }.reversed()
        if block.first != "// Package.swift" { result.append(Array(trimmed)) }
        current = nil
      } else {
        current?.append(line)
      }
    }
    return result
  }

  static func exampleLines() throws -> [String] {
    let files = [
      "DocumentationTests/ReadmeExamples.swift", "DocumentationTests/DocCExamples.swift",
      "DocumentationTests/TutorialExamples.swift", "DocumentationTests/GettingStartedExamples.swift",
      // The server blocks need the Hummingbird and Vapor traits, as does their target.
      "BinderyServerTests/ServerExamples.swift", "BinderyServerTests/VaporExamples.swift",
    ]
    return try files.flatMap { name in
      try String(
        contentsOf: root.appendingPathComponent("Tests").appendingPathComponent(name),
        encoding: .utf8)
        .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
  }

  @Test(arguments: documents)
  func everySwiftBlockIsCompiled(_ document: String) throws {
    let markdown = try String(
      contentsOf: Self.root.appendingPathComponent(document), encoding: .utf8)
    let blocks = Self.blocks(in: markdown)
    #expect(!blocks.isEmpty, "\(document) has no Swift blocks")
    let lines = try Self.exampleLines()
    for block in blocks {
      let found = lines.indices.contains { start in
        start + block.count <= lines.count && Array(lines[start..<start + block.count]) == block
      }
      #expect(found, "a block of \(document) is not in the compiled examples: \(block.first ?? "")")
    }
  }

  /// The code files of the tutorials, each step of which is a whole Swift file.
  @Test func everyTutorialCodeFileIsCompiled() throws {
    let folder = Self.root.appendingPathComponent("Sources/Bindery/Bindery.docc/Resources")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".swift") }
    #expect(files.count >= 6)
    let lines = try Self.exampleLines()
    for file in files {
      let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      let block = Self.blocks(in: "```swift\n" + text + "```\n")[0]
      let found = lines.indices.contains { start in
        start + block.count <= lines.count && Array(lines[start..<start + block.count]) == block
      }
      #expect(found, "the tutorial file \(file) is not in the compiled examples")
    }
  }

  @Test func blocksAreReadWithoutImportsOrManifestExcerpts() {
    #expect(Self.blocks(in: "```swift\nimport Bindery\n\nlet a = 1\n```\n") == [["let a = 1"]])
    #expect(Self.blocks(in: "```swift\n// Package.swift\ndependencies: []\n```\n").isEmpty)
    #expect(Self.blocks(in: "```sh\nswift test\n```\n").isEmpty)
  }
}
