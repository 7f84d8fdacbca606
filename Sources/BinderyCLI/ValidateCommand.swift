import Bindery
import CommandArguments

/// `bindery validate [--schema SCHEMA] FILE...`
struct ValidateCommand {
  static let spec = CommandSpec(
    name: "bindery validate",
    abstract:
      "Check that files are valid JSON, and match a JSON Schema if one is given; report every problem like a compiler (exit status 1; 2 for a schema that is not valid).",
    options: ReadingFlags.options + LinesFlags.options + SchemaFlags.options + [
      .flag("quiet", short: "q", help: "Print nothing for valid files.")
    ],
    positionals: [
      .init("files", repeats: true, help: "The files to check ('-' for standard input).")
    ])

  var reading: ReadingFlags
  var jsonLines: LinesFlags
  var schema: SchemaFlags
  var quiet: Bool
  var files: [String]

  init(_ arguments: ParsedArguments) throws(UsageError) {
    reading = try ReadingFlags(arguments)
    jsonLines = try LinesFlags(arguments)
    schema = try SchemaFlags(arguments)
    quiet = arguments.flag("quiet")
    files = arguments.positionals
  }

  func run() throws {
    let validator = try schema.validator(reading: reading.options)
    var worst: Int32 = 0
    for file in files {
      let input = Input(path: file)
      do {
        if jsonLines.appliesTo(file) {
          var mismatched = 0
          let summary = try input.forEachLine(
            reading: reading.options, maxLineSize: jsonLines.maxLineSize
          ) { line in
            if let validator, Self.report(line, against: validator, name: input.displayName) {
              mismatched += 1
            }
          }
          if summary.invalid > 0 || mismatched > 0 {
            let total = summary.values + summary.invalid
            Terminal.error(
              mismatched == 0
                ? "\(input.displayName): \(summary.invalid) invalid of \(total) lines"
                : summary.invalid == 0
                  ? "\(input.displayName): \(mismatched) of \(total) lines not matching the schema"
                  : "\(input.displayName): \(summary.invalid) invalid and \(mismatched) not matching the schema, of \(total) lines"
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
        if let validator, Self.report(document, against: validator, name: input.displayName) {
          worst = max(worst, Status.invalid.code)
          continue
        }
        if !quiet {
          Terminal.output(
            "\(input.displayName): valid JSON\(validator == nil ? "" : ", matching the schema") (\(document.byteCount) bytes, \(document.valueCount) values, depth \(document.depth))\n"
          )
        }
      } catch let status as Status {
        worst = max(worst, status.code)
      }
    }
    if worst != 0 { throw Status(code: worst) }
  }
}
