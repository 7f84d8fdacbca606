public import BinderyJSON
public import Foundation

extension BinderyDecoder {
  /// The values of a JSON Lines file, each decoded as `type` with this decoder's settings, one
  /// line at a time in bounded memory.
  ///
  /// ```swift
  /// let decoder = BinderyDecoder()
  /// for try await tweet in decoder.lines(of: Tweet.self, from: URL(fileURLWithPath: "tweets.jsonl")) {
  ///   print(tweet.id)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type of each value.
  ///   - file: A file URL.
  ///   - streaming: The value limit, parallelism, and whether to skip invalid lines.
  /// - Returns: The values in file order. Errors are `DecodingError`s as ``decode(_:from:)-(_,Data)``
  ///   throws them, with the line and column in the file.
  public func lines<T: Decodable & Sendable>(
    of type: T.Type, from file: URL, streaming: JSONStreamOptions = JSONStreamOptions()
  ) -> JSONValueStream<JSONFileChunks, T> {
    values(
      of: type, from: JSONFileChunks(file, chunkSize: streaming.chunkSize), framing: .lines,
      streaming: streaming)
  }

  /// The elements of a large array in a file, each decoded as `type`, one at a time.
  ///
  /// - Parameters:
  ///   - type: The type of each element.
  ///   - file: A file URL.
  ///   - path: The keys leading to the array (`data`); the top level by default.
  ///   - streaming: The value limit and whether to skip invalid elements.
  /// - Returns: The elements in order.
  public func elements<T: Decodable & Sendable>(
    of type: T.Type, from file: URL, at path: String? = nil,
    streaming: JSONStreamOptions = JSONStreamOptions()
  ) -> JSONValueStream<JSONFileChunks, T> {
    elements(
      of: type, from: JSONFileChunks(file, chunkSize: streaming.chunkSize), at: path,
      streaming: streaming)
  }

  /// The elements of a large array arriving as chunks of bytes, each decoded as `type`.
  ///
  /// - Parameters:
  ///   - type: The type of each element.
  ///   - chunks: The input, in chunks of any size.
  ///   - path: The keys leading to the array; the top level by default.
  ///   - streaming: The value limit and whether to skip invalid elements.
  /// - Returns: The elements in order.
  public func elements<T: Decodable & Sendable, Chunks: AsyncSequence>(
    of type: T.Type, from chunks: Chunks, at path: String? = nil,
    streaming: JSONStreamOptions = JSONStreamOptions()
  ) -> JSONValueStream<Chunks, T> where Chunks.Element: Sequence<UInt8> {
    do throws(JSONReadError) {
      let framing = try JSONStreamFraming.array(at: path ?? "")
      return values(of: type, from: chunks, framing: framing, streaming: streaming)
    } catch {
      return values(
        of: type, from: chunks, framing: .array, streaming: streaming, startFailure: error)
    }
  }

  /// The values of a stream in any framing, each decoded as `type` with this decoder's
  /// settings.
  ///
  /// - Parameters:
  ///   - type: The type of each value.
  ///   - chunks: The input, in chunks of any size.
  ///   - framing: JSON Lines, concatenated values, or an array's elements.
  ///   - streaming: The value limit, parallelism, and whether to skip invalid values.
  /// - Returns: The values in input order.
  public func values<T: Decodable & Sendable, Chunks: AsyncSequence>(
    of type: T.Type, from chunks: Chunks, framing: JSONStreamFraming,
    streaming: JSONStreamOptions = JSONStreamOptions()
  ) -> JSONValueStream<Chunks, T> where Chunks.Element: Sequence<UInt8> {
    values(of: type, from: chunks, framing: framing, streaming: streaming, startFailure: nil)
  }

  private func values<T: Decodable & Sendable, Chunks: AsyncSequence>(
    of type: T.Type, from chunks: Chunks, framing: JSONStreamFraming,
    streaming: JSONStreamOptions, startFailure: JSONReadError?
  ) -> JSONValueStream<Chunks, T> where Chunks.Element: Sequence<UInt8> {
    let (reading, decode) = streamDecode(type)
    return JSONValueStream(
      chunks: chunks, framing: framing, reading: reading, options: streaming, transform: decode,
      madeFromBytes: nil, readFailure: { Self.invalidJSON($0) }, startFailure: startFailure)
  }
}
