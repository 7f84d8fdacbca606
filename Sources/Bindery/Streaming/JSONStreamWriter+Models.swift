public import BinderyJSON
public import Foundation

extension JSONStreamWriter {
  /// A writer into a file, created or emptied first. The text reaches the file whenever the
  /// buffer fills and on `JSONStreamWriter.finish()`; the file closes when the writer goes
  /// away.
  ///
  /// ```swift
  /// var writer = try JSONStreamWriter(file: URL(fileURLWithPath: "photos.jsonl"), layout: .lines)
  /// for photo in photos { try writer.write(photo) }
  /// try writer.finish()
  /// ```
  ///
  /// - Parameters:
  ///   - file: A file URL.
  ///   - layout: JSON Lines or one array.
  ///   - bufferSize: How many bytes gather before they are written; 64 KiB by default.
  /// - Throws: The error creating the file.
  public init(file: URL, layout: Layout, bufferSize: Int = 64 << 10) throws {
    guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path])
    }
    let handle = try FileHandle(forWritingTo: file)
    self.init(layout: layout, bufferSize: bufferSize) { try handle.write(contentsOf: $0) }
  }

  /// Writes one model, compactly.
  ///
  /// - Parameters:
  ///   - model: The model.
  ///   - options: How to encode it; its text is written compactly whatever the options say.
  /// - Throws: `JSONWriteError` for a value JSON cannot hold; what the sink throws.
  public mutating func write(_ model: some JSONEncodable, options: JSONEncodingOptions = .init())
    throws
  {
    var options = options
    options.writing.prettyPrinted = false
    try write(encoded: try model.jsonBytes(options: options))
  }

  /// Writes one `Encodable` value with an encoder's settings.
  ///
  /// - Parameters:
  ///   - value: The value.
  ///   - encoder: The encoder; its output must be compact (no `.prettyPrinted`).
  /// - Throws: What the encoder throws; what the sink throws.
  public mutating func write(_ value: some Encodable, with encoder: BinderyEncoder) throws {
    try write(encoded: try encoder.jsonBytes(value))
  }
}
