import ArgumentParser
import Bindery

/// `bindery validate FILE...`
struct ValidateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "validate",
    abstract: "Check that files are valid JSON; report every invalid one like a compiler.")

  @OptionGroup var reading: ReadingFlags

  @OptionGroup var jsonLines: LinesFlags

  @Flag(name: .shortAndLong, help: "Print nothing for valid files.")
  var quiet = false

  @Argument(help: "The files to check ('-' for standard input).")
  var files: [String]

  func validate() throws {
    guard !files.isEmpty else { throw ValidationError("name at least one file") }
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
            worst = max(worst, Status.invalid.rawValue)
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
      } catch let code as ExitCode {
        worst = max(worst, code.rawValue)
      }
    }
    if worst != 0 { throw ExitCode(worst) }
  }
}
