public import Foundation

/// A file read in chunks, as the source of a stream of JSON values.
///
/// Each chunk is read when the stream asks for it, so only one chunk is in memory at a time.
/// Reads block the task for as long as the file system takes.
public struct JSONFileChunks: AsyncSequence, Sendable {
  /// A chunk of the file.
  public typealias Element = Data

  /// The file.
  public let url: URL
  /// The most bytes in one chunk.
  public let chunkSize: Int

  /// The chunks of a file.
  ///
  /// - Parameters:
  ///   - url: A file URL.
  ///   - chunkSize: The most bytes in one chunk; 1 MiB by default.
  public init(_ url: URL, chunkSize: Int = 1 << 20) {
    self.url = url
    self.chunkSize = Swift.max(1, chunkSize)
  }

  /// An iterator that opens the file on its first call.
  ///
  /// - Returns: The iterator.
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(url: url, chunkSize: chunkSize)
  }

  /// Reads the file one chunk at a time and closes it at the end.
  public struct AsyncIterator: AsyncIteratorProtocol {
    let url: URL
    let chunkSize: Int
    var handle: FileHandle?
    var isDone = false

    /// The next chunk.
    ///
    /// - Returns: Up to ``JSONFileChunks/chunkSize`` bytes, or `nil` at the end of the file.
    /// - Throws: The error opening or reading the file.
    public mutating func next() async throws -> Data? {
      guard !isDone else { return nil }
      if handle == nil {
        do {
          handle = try FileHandle(forReadingFrom: url)
        } catch {
          isDone = true
          throw error
        }
      }
      guard let handle else { return nil }
      let data: Data?
      do {
        data = try handle.read(upToCount: chunkSize)
      } catch {
        isDone = true
        try? handle.close()
        throw error
      }
      guard let data, !data.isEmpty else {
        isDone = true
        try? handle.close()
        return nil
      }
      return data
    }
  }
}
