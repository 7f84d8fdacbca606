import ArgumentParser
import Bindery

/// `bindery format FILE`
struct FormatCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "format",
    abstract: "Print a JSON file pretty-printed (or compact), optionally with sorted keys.",
    discussion: "JSON Lines are printed as JSON Lines: each value compact on its own line.")

  @OptionGroup var reading: ReadingFlags

  @OptionGroup var jsonLines: LinesFlags

  @Flag(help: "Print without whitespace.")
  var compact = false

  @Flag(help: "Sort object members by key.")
  var sortKeys = false

  @Flag(help: "Escape every non-ASCII character.")
  var asciiOnly = false

  @Option(help: "Spaces per level when pretty-printing (0 to 16).")
  var indent = 2

  @Argument(help: "The file to format ('-' for standard input).")
  var file: String

  func validate() throws {
    guard (0...16).contains(indent) else { throw ValidationError("--indent must be 0 to 16") }
  }

  func run() throws {
    let input = Input(path: file)
    if jsonLines.appliesTo(file) {
      // JSON Lines stay JSON Lines: each value compact on its own line.
      let options = JSONWritingOptions(sortsKeys: sortKeys, asciiOnly: asciiOnly)
      var output = OutputBuffer()
      let summary = try input.forEachLine(
        reading: reading.options, maxLineSize: jsonLines.maxLineSize
      ) { document in
        output.append(try Terminal.text(of: document.root, options: options, reading: reading))
        output.append(CollectionOfOne(UInt8(ascii: "\n")))
      }
      output.flush()
      if summary.invalid > 0 { throw Status.invalid }
      return
    }
    let document = try input.document(options: reading.options)
    let options = JSONWritingOptions(
      prettyPrinted: !compact, indentWidth: indent, sortsKeys: sortKeys, asciiOnly: asciiOnly)
    try Terminal.print(document.root, options: options, reading: reading)
  }
}
