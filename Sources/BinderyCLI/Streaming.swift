import Bindery
import CommandArguments
import Foundation

/// `--lines` and its limit, for the commands that read JSON Lines.
struct LinesFlags {
  static let options: [CommandSpec.Option] = [
    .flag(
      "lines",
      help: "Read JSON Lines: one value on each line, read one at a time in bounded memory "
        + "(the default for files ending in .jsonl or .ndjson)."),
    .option(
      "max-line-size", default: "\(64 << 20)",
      help: "With JSON Lines, the longest line in bytes; longer lines are errors."),
  ]

  var lines: Bool
  var maxLineSize: Int

  init(_ arguments: ParsedArguments) throws(UsageError) {
    lines = arguments.flag("lines")
    maxLineSize = try arguments.integer("max-line-size", default: 64 << 20, in: 1...Int.max)
  }

  /// Whether `path` is read as JSON Lines.
  func appliesTo(_ path: String) -> Bool {
    lines || path.hasSuffix(".jsonl") || path.hasSuffix(".ndjson")
  }
}

/// What reading one input as a stream found.
struct StreamSummary {
  var values = 0
  var invalid = 0
  var bytes = 0
}

extension Input {
  /// Reads the input as JSON Lines one chunk at a time, calling `body` with each value. Each
  /// line that is not valid JSON gets a diagnostic naming its line and column, and reading
  /// goes on; `body` throws to stop.
  func forEachLine(
    reading: JSONReadingOptions, maxLineSize: Int, allowsBlankLines: Bool = false,
    _ body: (JSONDocument) throws -> Void
  ) throws -> StreamSummary {
    let handle: FileHandle
    do {
      handle = try open()
    } catch {
      Terminal.error("bindery: error: \(error.message)")
      throw Status.usageOrIO
    }
    defer { if path != "-" { try? handle.close() } }
    var reader = JSONStreamReader(
      framing: .lines, reading: reading,
      options: JSONStreamOptions(maxValueSize: maxLineSize, allowsBlankLines: allowsBlankLines))
    var summary = StreamSummary()
    var progress = Progress(name: displayName)
    defer { progress.clear() }
    while true {
      do {
        if let document = try reader.next() {
          summary.values += 1
          try body(document)
          continue
        }
      } catch let error as JSONReadError {
        summary.invalid += 1
        progress.clear()
        Terminal.error(diagnostic(for: error))
        if reader.canContinue { continue }
        break
      }
      if reader.isAtEnd { break }
      let chunk: Data?
      do {
        chunk = try handle.read(upToCount: 1 << 20)
      } catch {
        Terminal.error(
          "bindery: error: \(displayName): cannot be read (\(error.localizedDescription))")
        throw Status.usageOrIO
      }
      if let chunk, !chunk.isEmpty {
        summary.bytes += chunk.count
        reader.append(chunk)
        progress.update(bytes: summary.bytes, values: summary.values)
      } else {
        reader.finish()
      }
    }
    return summary
  }
}

/// A progress line on standard error, for long runs when standard error is a terminal.
struct Progress {
  let name: String
  private let enabled = isatty(STDERR_FILENO) != 0
  private let started = ContinuousClock.now
  private var shown = false
  private var lastShown = ContinuousClock.now

  init(name: String) {
    self.name = name
  }

  mutating func update(bytes: Int, values: Int) {
    guard enabled else { return }
    let now = ContinuousClock.now
    guard now - started > .seconds(1), now - lastShown > .milliseconds(250) else { return }
    lastShown = now
    shown = true
    FileHandle.standardError.write(
      Data("\r\u{1B}[Kbindery: \(name): \(bytes >> 20) MB, \(values) values".utf8))
  }

  /// Removes the progress line before other text is printed.
  mutating func clear() {
    guard shown else { return }
    shown = false
    FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
  }
}

/// Standard output gathered into large writes.
struct OutputBuffer {
  private var bytes: [UInt8] = []

  mutating func append(_ text: some Sequence<UInt8>) {
    bytes.append(contentsOf: text)
    if bytes.count >= 1 << 16 { flush() }
  }

  mutating func flush() {
    guard !bytes.isEmpty else { return }
    Terminal.output(bytes: bytes)
    bytes.removeAll(keepingCapacity: true)
  }
}
