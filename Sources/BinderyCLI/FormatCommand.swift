import Bindery
import CommandArguments

/// `bindery format FILE`
struct FormatCommand {
  static let spec = CommandSpec(
    name: "bindery format",
    abstract: "Print a JSON file pretty-printed (or compact), optionally with sorted keys.",
    discussion: "JSON Lines are printed as JSON Lines: each value compact on its own line.",
    options: ReadingFlags.options + LinesFlags.options + [
      .flag("compact", help: "Print without whitespace."),
      .flag("sort-keys", help: "Sort object members by key."),
      .flag("ascii-only", help: "Escape every non-ASCII character."),
      .option("indent", default: "2", help: "Spaces per level when pretty-printing (0 to 16)."),
    ],
    positionals: [.init("file", help: "The file to format ('-' for standard input).")])

  var reading: ReadingFlags
  var jsonLines: LinesFlags
  var compact: Bool
  var sortKeys: Bool
  var asciiOnly: Bool
  var indent: Int
  var file: String

  init(_ arguments: ParsedArguments) throws(UsageError) {
    reading = try ReadingFlags(arguments)
    jsonLines = try LinesFlags(arguments)
    compact = arguments.flag("compact")
    sortKeys = arguments.flag("sort-keys")
    asciiOnly = arguments.flag("ascii-only")
    indent = try arguments.integer("indent", default: 2, in: 0...16)
    file = arguments.positionals[0]
  }

  func run() throws {
    let input = Input(path: file)
    if jsonLines.appliesTo(file) {
      // JSON Lines stay JSON Lines: each value compact on its own line.
      let options = JSONWritingOptions(sortsKeys: sortKeys, asciiOnly: asciiOnly)
      var output = JSONStreamWriter(layout: .lines) { Terminal.output(bytes: $0) }
      let summary = try input.forEachLine(
        reading: reading.options, maxLineSize: jsonLines.maxLineSize
      ) { document in
        try output.write(
          encoded: try Terminal.text(of: document.root, options: options, reading: reading))
      }
      try output.finish()
      if summary.invalid > 0 { throw Status.invalid }
      return
    }
    let document = try input.document(options: reading.options)
    let options = JSONWritingOptions(
      prettyPrinted: !compact, indentWidth: indent, sortsKeys: sortKeys, asciiOnly: asciiOnly)
    try Terminal.print(document.root, options: options, reading: reading)
  }
}
