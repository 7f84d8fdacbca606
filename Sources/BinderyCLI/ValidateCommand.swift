import Bindery
import CommandArguments

/// `bindery validate FILE...`
struct ValidateCommand {
  static let spec = CommandSpec(
    name: "bindery validate",
    abstract: "Check that files are valid JSON; report every invalid one like a compiler.",
    options: ReadingFlags.options + LinesFlags.options + [
      .flag("quiet", short: "q", help: "Print nothing for valid files.")
    ],
    positionals: [
      .init("files", repeats: true, help: "The files to check ('-' for standard input).")
    ])

  var reading: ReadingFlags
  var jsonLines: LinesFlags
  var quiet: Bool
  var files: [String]

  init(_ arguments: ParsedArguments) throws(UsageError) {
    reading = try ReadingFlags(arguments)
    jsonLines = try LinesFlags(arguments)
    quiet = arguments.flag("quiet")
    files = arguments.positionals
  }

  func run() throws {
    var worst: Int32 = 0
    for file in files {
      let input = Input(path: file)
      do {
        if jsonLines.appliesTo(file) {
          let summary = try input.forEachLine(
            reading: reading.options, maxLineSize: jsonLines.maxLineSize
          ) { _ in }
          if summary.invalid > 0 {
            Terminal.error(
              "\(input.displayName): \(summary.invalid) invalid of \(summary.values + summary.invalid) lines"
            )
            worst = max(worst, Status.invalid.code)
          } else if !quiet {
            Terminal.output(
              "\(input.displayName): valid JSON Lines (\(summary.bytes) bytes, \(summary.values) values)\n"
            )
          }
          continue
        }
        let document = try input.document(options: reading.options)
        if !quiet {
          Terminal.output(
            "\(input.displayName): valid JSON (\(document.byteCount) bytes, \(document.valueCount) values, depth \(document.depth))\n"
          )
        }
      } catch let status as Status {
        worst = max(worst, status.code)
      }
    }
    if worst != 0 { throw Status(code: worst) }
  }
}
