import Bindery
import CommandArguments

/// `bindery query PATH FILE`
struct QueryCommand {
  static let spec = CommandSpec(
    name: "bindery query",
    abstract: "Print the value at a path, as JSON.",
    discussion: """
      PATH is a Bindery path such as 'items[0].media.m' (quote keys with dots: '["a.b"]'), \
      or an RFC 6901 JSON Pointer starting with '/' such as '/items/0/media/m'. The empty \
      path is the whole document. With JSON Lines, the value at PATH in each line is printed \
      compact on a line of its own, and each line without one is reported.
      """,
    options: ReadingFlags.options + LinesFlags.options + [
      .flag("raw", help: "Print a string value without quotes or escapes."),
      .flag("compact", help: "Print without whitespace."),
    ],
    positionals: [
      .init("path", help: "The path of the value."),
      .init("file", help: "The file to read ('-' for standard input)."),
    ])

  var reading: ReadingFlags
  var jsonLines: LinesFlags
  var raw: Bool
  var compact: Bool
  var path: String
  var file: String

  init(_ arguments: ParsedArguments) throws(UsageError) {
    reading = try ReadingFlags(arguments)
    jsonLines = try LinesFlags(arguments)
    raw = arguments.flag("raw")
    compact = arguments.flag("compact")
    path = arguments.positionals[0]
    file = arguments.positionals[1]
  }

  func run() throws {
    let parsed: JSONPath
    do {
      parsed = path.hasPrefix("/") ? try JSONPath(pointer: path) : try JSONPath(parsing: path)
    } catch {
      let column = error.location?.column ?? 1
      Terminal.error("bindery: error: \(error.message) (column \(column) of the path)")
      throw Status.usageOrIO
    }
    let input = Input(path: file)
    if jsonLines.appliesTo(file) {
      var output = OutputBuffer()
      var missing = 0
      let summary = try input.forEachLine(
        reading: reading.options, maxLineSize: jsonLines.maxLineSize
      ) { document in
        guard let cursor = try? document.root.cursor(at: parsed) else {
          missing += 1
          output.flush()
          Terminal.error("\(input.displayName):\(document.position.line): no value at '\(path)'")
          return
        }
        if raw, cursor.kind == .string, let text = try? cursor.string() {
          output.append(text.utf8)
        } else {
          output.append(try Terminal.text(of: cursor, options: .compact, reading: reading))
        }
        output.append(CollectionOfOne(UInt8(ascii: "\n")))
      }
      output.flush()
      if summary.invalid > 0 || missing > 0 { throw Status.invalid }
      return
    }
    let document = try input.document(options: reading.options)
    let cursor: JSONCursor
    do {
      cursor = try document.root.cursor(at: parsed)
    } catch {
      let (line, column) = (error.location?.line ?? 1, error.location?.column ?? 1)
      Terminal.error(
        "\(input.displayName):\(line):\(column): no value at '\(path)': \(error.message)")
      throw Status.invalid
    }
    if raw, cursor.kind == .string, let text = try? cursor.string() {
      Terminal.output(text + "\n")
      return
    }
    try Terminal.print(cursor, options: compact ? .compact : .pretty, reading: reading)
  }
}
