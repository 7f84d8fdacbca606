import Bindery
import Foundation

/// One input named on the command line: a file path, or `-` for standard input.
struct Input {
  let path: String

  /// The name used in messages.
  var displayName: String { path == "-" ? "<stdin>" : path }

  /// Opens the input for reading: standard input, or the file.
  func open() throws(InputError) -> FileHandle {
    if path == "-" { return FileHandle.standardInput }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw InputError(message: "\(path): no such file")
    }
    guard !isDirectory.boolValue else {
      throw InputError(message: "\(path): is a directory")
    }
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw InputError(message: "\(path): cannot be read")
    }
    return handle
  }

  /// Reads the whole input.
  func read() throws(InputError) -> [UInt8] {
    let handle = try open()
    defer { if path != "-" { try? handle.close() } }
    do {
      return Array(try handle.readToEnd() ?? Data())
    } catch {
      throw InputError(message: "\(displayName): cannot be read (\(error.localizedDescription))")
    }
  }

  /// Reads and parses the input; prints a compiler-style diagnostic on failure.
  func document(options: JSONReadingOptions) throws -> JSONDocument {
    let bytes: [UInt8]
    do {
      bytes = try read()
    } catch {
      Terminal.error("bindery: error: \(error.message)")
      throw Status.usageOrIO
    }
    do {
      return try JSONDocument(parsing: bytes, options: options)
    } catch {
      Terminal.error(diagnostic(for: error))
      throw Status.invalid
    }
  }

  /// `FILE:LINE:COLUMN: error: message`, the excerpt, and a caret.
  func diagnostic(for error: JSONReadError) -> String {
    let line = error.location?.line ?? 1
    let column = error.location?.column ?? 1
    var text = "\(displayName):\(line):\(column): error: \(error.message)"
    if let caret = error.location?.caretLines, !caret.isEmpty { text += "\n" + caret }
    return text
  }
}

/// A file that could not be read.
struct InputError: Error {
  let message: String
}

/// Writing to the standard streams.
enum Terminal {
  static func output(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
  }

  static func output(bytes: [UInt8]) {
    FileHandle.standardOutput.write(Data(bytes))
  }

  /// Prints a value as JSON, straight from the document (no tree, no recursion, members kept
  /// as they stand), at any depth the document was read with.
  static func print(_ cursor: JSONCursor, options: JSONWritingOptions, reading: ReadingFlags) throws
  {
    var bytes = try text(of: cursor, options: options, reading: reading)
    bytes.append(UInt8(ascii: "\n"))
    output(bytes: bytes)
  }

  /// A value as JSON text, written as ``print(_:options:reading:)`` writes it.
  static func text(of cursor: JSONCursor, options: JSONWritingOptions, reading: ReadingFlags)
    throws -> [UInt8]
  {
    var options = options
    options.maxDepth = .max
    // JSON5 input may hold Infinity and NaN; write them back as they came.
    if reading.json5 { options.nonFiniteNumbers = .literals }
    do {
      var writer = JSONWriter(options: options)
      try writer.value(cursor)
      return try writer.takeFinished()
    } catch {
      Terminal.error("bindery: error: \(error)")
      throw Status.invalid
    }
  }

  static func error(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
  }
}
