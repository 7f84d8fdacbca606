import Bindery
import BinderyGenerator
import CommandArguments
import Foundation

/// `bindery generate SAMPLE...`
struct GenerateCommand {
  static let spec = CommandSpec(
    name: "bindery generate",
    abstract: "Print @JSONModel types that decode every sample given.",
    discussion: """
      Each sample is a JSON file, '-' for standard input, or JSON Lines (a value per line: \
      files ending in .jsonl or .ndjson, or any file with --lines). When the value read is an \
      array, each element is a sample.
      """,
    options: ReadingFlags.options + [
      .option("name", help: "The root type's name (default: from the first file's name)."),
      .option(
        "at", value: "path",
        help: "A dotted path to the value the root type reads, such as photos.photo."),
      .option(
        "access", default: "internal", help: "The access level of the types: internal or public."),
      .flag("classes", help: "Write models as final classes."),
      .flag(
        "flatten",
        help: "Write nested objects into their parent model with key paths (@Key(\"a.b\"))."),
      .flag("lines", help: "Read every sample as JSON Lines."),
    ],
    positionals: [
      .init("samples", repeats: true, help: "The sample files ('-' for standard input).")
    ])

  var reading: ReadingFlags
  var name: String?
  var at: String?
  var access: Access
  var classes: Bool
  var flatten: Bool
  var lines: Bool
  var samples: [String]

  enum Access: String, CaseIterable {
    case `internal`, `public`
  }

  init(_ arguments: ParsedArguments) throws(UsageError) {
    reading = try ReadingFlags(arguments)
    name = arguments.value("name")
    at = arguments.value("at")
    access = try arguments.choice("access", default: Access.internal)
    classes = arguments.flag("classes")
    flatten = arguments.flag("flatten")
    lines = arguments.flag("lines")
    samples = arguments.positionals
  }

  func run() throws {
    var generator: ModelGenerator
    do {
      var options = ModelGenerator.Options(
        rootName: name ?? Self.defaultName(for: samples[0], at: at), path: at,
        isPublic: access == .public, classes: classes, flatten: flatten,
        command: (["bindery generate"] + CommandLine.arguments.dropFirst(2).map(Self.shellWord))
          .joined(separator: " "))
      options.singularizesRoot = name == nil
      generator = try ModelGenerator(options: options)
    } catch {
      Terminal.error("bindery: error: \(error.message)")
      throw Status.usageOrIO
    }
    let started = ContinuousClock.now
    var totalBytes = 0
    for sample in samples {
      let input = Input(path: sample)
      if lines || sample.hasSuffix(".jsonl") || sample.hasSuffix(".ndjson") {
        // One value at a time, so that memory follows the largest line, not the file.
        let summary = try input.forEachLine(
          reading: reading.options, maxLineSize: 64 << 20, allowsBlankLines: true
        ) { document in
          do throws(GenerationError) {
            try generator.add(document)
          } catch {
            Terminal.error(
              "\(input.displayName):\(document.position.line): error: \(error.message)")
            throw Status.invalid
          }
        }
        if summary.invalid > 0 { throw Status.invalid }
        totalBytes += summary.bytes
        continue
      }
      let bytes: [UInt8]
      do {
        bytes = try input.read()
      } catch {
        Terminal.error("bindery: error: \(error.message)")
        throw Status.usageOrIO
      }
      totalBytes += bytes.count
      let large = bytes.count >= 8 << 20
      if large {
        Terminal.error("bindery: reading \(input.displayName) (\(bytes.count >> 20) MB)…")
      }
      let document: JSONDocument
      do {
        document = try JSONDocument(parsing: bytes, options: reading.options)
      } catch {
        Terminal.error(input.diagnostic(for: error))
        throw Status.invalid
      }
      do {
        try generator.add(document)
      } catch {
        Terminal.error("\(input.displayName): error: \(error.message)")
        throw Status.invalid
      }
      if large {
        Terminal.error("bindery: \(generator.valueCount) values so far")
      }
    }
    let source: String
    do {
      source = try generator.source()
    } catch {
      Terminal.error("bindery: error: \(error.message)")
      throw Status.invalid
    }
    if totalBytes >= 8 << 20 {
      let elapsed = ContinuousClock.now - started
      let milliseconds =
        elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000
      Terminal.error(
        "bindery: models for \(generator.valueCount) values from \(totalBytes >> 20) MB in \(milliseconds) ms"
      )
    }
    Terminal.output(source)
  }

  /// `flickr-public-feed.json` → `FlickrPublicFeed`; `--at photos.photo` → `Photo`; standard
  /// input → `Root`.
  static func defaultName(for path: String, at: String?) -> String {
    if let last = at?.split(separator: ".").last, last.contains(where: \.isLetter) {
      return defaultName(for: String(last), at: nil)
    }
    guard path != "-" else { return "Root" }
    var file = URL(fileURLWithPath: path).lastPathComponent
    if let dot = file.firstIndex(of: ".") { file = String(file[..<dot]) }
    let words = file.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
    let name = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    guard let first = name.first, first.isLetter else { return "Root" + name }
    return name
  }

  /// A command-line word as a shell would need it, for the header comment.
  static func shellWord(_ word: String) -> String {
    let plain = word.allSatisfy { $0.isLetter || $0.isNumber || "-_./=:".contains($0) }
    return plain && !word.isEmpty ? word : "'" + word.replacing("'", with: #"'\''"#) + "'"
  }
}
