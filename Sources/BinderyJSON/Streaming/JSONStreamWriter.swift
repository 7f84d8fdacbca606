/// Writes a stream of JSON values, as JSON Lines or as one array, through a sink that takes
/// the text in pieces: memory stays one buffer, however many values are written.
///
/// ```swift
/// var output: [UInt8] = []
/// var writer = JSONStreamWriter(layout: .lines) { output += $0 }
/// try writer.write(["id": 1])
/// try writer.write(["id": 2])
/// try writer.finish()
/// // output is {"id":1}\n{"id":2}\n
/// ```
public struct JSONStreamWriter {
  /// How the values are laid out.
  public enum Layout: Sendable, Hashable {
    /// JSON Lines: each value on its own line, each line ending in `\n`.
    case lines
    /// One array, each element on its own line: `[`, the values separated by `,`, then `]`.
    case array
  }

  /// How the values are laid out.
  public let layout: Layout
  private let bufferSize: Int
  private let sink: ([UInt8]) throws -> Void
  private var buffer: [UInt8] = []
  private var isFinished = false

  /// How many values have been written.
  public private(set) var valueCount = 0

  /// A writer that hands its text to `sink` whenever `bufferSize` bytes have gathered, and on
  /// ``finish()``.
  ///
  /// - Parameters:
  ///   - layout: JSON Lines or one array.
  ///   - bufferSize: How many bytes gather before they go to the sink; 64 KiB by default.
  ///   - sink: Takes each piece of text, in order; what it throws, the writer's calls throw.
  public init(
    layout: Layout, bufferSize: Int = 64 << 10, sink: @escaping ([UInt8]) throws -> Void
  ) {
    self.layout = layout
    self.bufferSize = max(1, bufferSize)
    self.sink = sink
    buffer.reserveCapacity(self.bufferSize + 1)
  }

  /// Writes one value given as its JSON text, such as a model's `jsonBytes()`.
  ///
  /// - Parameter encoded: The compact JSON text of exactly one value.
  /// - Throws: ``JSONWriteError`` when the writer is finished or a JSON Lines value is empty
  ///   or spans lines (pretty-printed text); what the sink throws.
  public mutating func write(encoded: some Collection<UInt8>) throws {
    guard !isFinished else {
      throw JSONWriteError(
        kind: .invalidState, message: "the stream was finished; no value can follow")
    }
    if layout == .lines { try Self.checkLine(encoded) }
    switch layout {
    case .lines:
      buffer.append(contentsOf: encoded)
      buffer.append(UInt8(ascii: "\n"))
    case .array:
      buffer.append(contentsOf: valueCount == 0 ? [UInt8(ascii: "["), 0x0A] : [0x2C, 0x0A])
      buffer.append(contentsOf: encoded)
    }
    valueCount += 1
    if buffer.count >= bufferSize { try flush() }
  }

  /// Writes one value.
  ///
  /// - Parameter value: The value, written compactly.
  /// - Throws: ``JSONWriteError`` for a value JSON cannot hold (NaN) or a finished writer;
  ///   what the sink throws.
  public mutating func write(_ value: JSONValue) throws {
    var writer = JSONWriter()
    try writer.value(value)
    try write(encoded: try writer.finish())
  }

  /// Checks that `encoded` can stand as one value of JSON Lines: the rule of every writer of
  /// JSON Lines in the package (this writer, the server adapters' line encoder).
  ///
  /// - Parameter encoded: A value's JSON text.
  /// - Throws: ``JSONWriteError`` when the text is empty or spans lines (pretty-printed).
  package static func checkLine(_ encoded: some Collection<UInt8>) throws(JSONWriteError) {
    if encoded.isEmpty || encoded.contains(UInt8(ascii: "\n")) {
      throw JSONWriteError(
        kind: .invalidValue,
        message: "a JSON Lines value must be one non-empty line of text; write it compactly")
    }
  }

  /// Hands what is buffered to the sink.
  ///
  /// - Throws: What the sink throws.
  public mutating func flush() throws {
    guard !buffer.isEmpty else { return }
    let piece = buffer
    buffer.removeAll(keepingCapacity: true)
    try sink(piece)
  }

  /// Ends the stream (closing the array) and hands the rest to the sink. Later calls do
  /// nothing.
  ///
  /// - Throws: What the sink throws.
  public mutating func finish() throws {
    guard !isFinished else { return }
    isFinished = true
    if layout == .array {
      buffer.append(contentsOf: valueCount == 0 ? Array("[]\n".utf8) : Array("\n]\n".utf8))
    }
    try flush()
  }
}
