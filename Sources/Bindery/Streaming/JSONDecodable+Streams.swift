public import BinderyJSON
public import Foundation

extension JSONDecodable where Self: Sendable {
  /// The values of a JSON Lines file, decoded one line at a time in bounded memory.
  ///
  /// ```swift
  /// for try await event in GitHubEvent.lines(from: URL(fileURLWithPath: "events.jsonl")) {
  ///   print(event.id)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - file: A file URL.
  ///   - options: How to read and decode each value.
  ///   - streaming: The value limit, parallelism, and whether to skip invalid lines.
  /// - Returns: The values in file order. An error names the line and column in the file,
  ///   and is a ``JSONDecodingError`` unless the file itself cannot be read.
  public static func lines(
    from file: URL, options: JSONDecodingOptions = .init(),
    streaming: JSONStreamOptions = JSONStreamOptions()
  ) -> JSONValueStream<JSONFileChunks, Self> {
    stream(
      from: JSONFileChunks(file, chunkSize: streaming.chunkSize), framing: .lines,
      options: options, streaming: streaming)
  }

  /// The values of JSON Lines arriving as chunks of bytes (a network body, a pipe), decoded
  /// one line at a time.
  ///
  /// - Parameters:
  ///   - chunks: The input, in chunks of any size.
  ///   - options: How to read and decode each value.
  ///   - streaming: The value limit, parallelism, and whether to skip invalid lines.
  /// - Returns: The values in input order.
  public static func lines<Chunks: AsyncSequence>(
    from chunks: Chunks, options: JSONDecodingOptions = .init(),
    streaming: JSONStreamOptions = JSONStreamOptions()
  ) -> JSONValueStream<Chunks, Self> where Chunks.Element: Sequence<UInt8> {
    stream(from: chunks, framing: .lines, options: options, streaming: streaming)
  }

  /// The values of JSON Lines held in memory, decoded one line at a time.
  ///
  /// - Parameters:
  ///   - bytes: The input.
  ///   - options: How to read and decode each value.
  ///   - streaming: The value limit, parallelism, and whether to skip invalid lines.
  /// - Returns: The values in input order.
  public static func lines(
    from bytes: [UInt8], options: JSONDecodingOptions = .init(),
    streaming: JSONStreamOptions = JSONStreamOptions()
  ) -> JSONValueStream<JSONByteChunks, Self> {
    stream(
      from: JSONByteChunks(bytes, chunkSize: streaming.chunkSize), framing: .lines,
      options: options, streaming: streaming)
  }

  /// The elements of a large array in a file, decoded one at a time without holding the
  /// document: the top-level array, or the one at a path of keys (`data` for
  /// `{"data": [...]}`).
  ///
  /// - Parameters:
  ///   - file: A file URL.
  ///   - path: The keys leading to the array, such as `data` or `response.items`; the top
  ///     level by default.
  ///   - options: How to read and decode each element.
  ///   - streaming: The value limit and whether to skip invalid elements.
  /// - Returns: The elements in order.
  public static func elements(
    from file: URL, at path: String? = nil, options: JSONDecodingOptions = .init(),
    streaming: JSONStreamOptions = JSONStreamOptions()
  ) -> JSONValueStream<JSONFileChunks, Self> {
    elements(
      from: JSONFileChunks(file, chunkSize: streaming.chunkSize), at: path, options: options,
      streaming: streaming)
  }

  /// The elements of a large array arriving as chunks of bytes, decoded one at a time.
  ///
  /// - Parameters:
  ///   - chunks: The input, in chunks of any size.
  ///   - path: The keys leading to the array; the top level by default.
  ///   - options: How to read and decode each element.
  ///   - streaming: The value limit and whether to skip invalid elements.
  /// - Returns: The elements in order.
  public static func elements<Chunks: AsyncSequence>(
    from chunks: Chunks, at path: String? = nil, options: JSONDecodingOptions = .init(),
    streaming: JSONStreamOptions = JSONStreamOptions()
  ) -> JSONValueStream<Chunks, Self> where Chunks.Element: Sequence<UInt8> {
    do throws(JSONReadError) {
      let framing = try JSONStreamFraming.array(at: path ?? "")
      return stream(from: chunks, framing: framing, options: options, streaming: streaming)
    } catch {
      return stream(
        from: chunks, framing: .array, options: options, streaming: streaming,
        startFailure: error)
    }
  }

  /// The elements of a large array held in memory, decoded one at a time.
  ///
  /// ```swift
  /// let body = Array(#"{"data": [{"id": 1}, {"id": 2}], "next": null}"#.utf8)
  /// for try await item in Item.elements(from: body, at: "data") {
  ///   print(item.id)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - bytes: The input.
  ///   - path: The keys leading to the array; the top level by default.
  ///   - options: How to read and decode each element.
  ///   - streaming: The value limit and whether to skip invalid elements.
  /// - Returns: The elements in order.
  public static func elements(
    from bytes: [UInt8], at path: String? = nil, options: JSONDecodingOptions = .init(),
    streaming: JSONStreamOptions = JSONStreamOptions()
  ) -> JSONValueStream<JSONByteChunks, Self> {
    elements(
      from: JSONByteChunks(bytes, chunkSize: streaming.chunkSize), at: path, options: options,
      streaming: streaming)
  }

  /// The values of a stream in any framing, each decoded as this type.
  ///
  /// - Parameters:
  ///   - chunks: The input, in chunks of any size.
  ///   - framing: JSON Lines, concatenated values, or an array's elements.
  ///   - options: How to read and decode each value.
  ///   - streaming: The value limit, parallelism, and whether to skip invalid values.
  /// - Returns: The values in input order; errors are ``JSONDecodingError``s.
  public static func values<Chunks: AsyncSequence>(
    from chunks: Chunks, framing: JSONStreamFraming, options: JSONDecodingOptions = .init(),
    streaming: JSONStreamOptions = JSONStreamOptions()
  ) -> JSONValueStream<Chunks, Self> where Chunks.Element: Sequence<UInt8> {
    stream(from: chunks, framing: framing, options: options, streaming: streaming)
  }

  private static func stream<Chunks: AsyncSequence>(
    from chunks: Chunks, framing: JSONStreamFraming, options: JSONDecodingOptions,
    streaming: JSONStreamOptions, startFailure: JSONReadError? = nil
  ) -> JSONValueStream<Chunks, Self> where Chunks.Element: Sequence<UInt8> {
    JSONValueStream(
      chunks: chunks, framing: framing, reading: options.reading, options: streaming,
      transform: { document throws(JSONDecodingError) in
        try Self(json: document, options: options)
      },
      madeFromBytes: madeInOnePass,
      readFailure: { JSONDecodingError(problems: [JSONDecodingProblem(readError: $0)]) },
      startFailure: startFailure)
  }

  /// Reads a streamed value's bytes in one pass where the type can be (see
  /// `OnePassDecoding.swift`): a value read so skips its document; one the pass gives up on
  /// is read through its document, whose report names every problem.
  package static var madeInOnePass:
    (@Sendable (UnsafeBufferPointer<UInt8>, JSONReadingOptions) -> Self?)?
  {
    guard _decodesInOnePass else { return nil }
    return { bytes, reading in decodedInOnePass(bytes, options: reading) }
  }
}
