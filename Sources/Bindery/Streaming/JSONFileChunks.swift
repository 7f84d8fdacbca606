public import Foundation

/// A file read in chunks, as the source of a stream of JSON values.
///
/// Each chunk is read when the stream asks for it, so only one chunk is in memory at a time.
/// Reads block the task for as long as the file system takes.
public struct JSONFileChunks: AsyncSequence, Sendable {
  /// A chunk of the file.
  public typealias Element = [UInt8]

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

  /// Reads the file one chunk at a time, straight into the array it returns, and closes it at
  /// the end.
  public struct AsyncIterator: AsyncIteratorProtocol {
    let url: URL
    let chunkSize: Int
    var handle: FileHandle?
    var isDone = false

    /// The next chunk.
    ///
    /// - Returns: Up to ``JSONFileChunks/chunkSize`` bytes, or `nil` at the end of the file.
    /// - Throws: The error opening or reading the file.
    public mutating func next() async throws -> [UInt8]? {
      try await next(isolation: nil)
    }

    /// The next chunk, read on the caller's actor.
    ///
    /// - Parameter actor: The caller's actor; `nil` for none.
    /// - Returns: As ``next()``.
    /// - Throws: As ``next()``.
    public mutating func next(isolation actor: isolated (any Actor)?) async throws -> [UInt8]? {
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
      let chunk: [UInt8]
      do {
        chunk = try Self.read(handle.fileDescriptor, upTo: chunkSize)
      } catch {
        isDone = true
        try? handle.close()
        throw error
      }
      guard !chunk.isEmpty else {
        isDone = true
        try? handle.close()
        return nil
      }
      return chunk
    }

    /// Up to `count` bytes from `descriptor`, fewer only at the end of the file.
    static func read(_ descriptor: Int32, upTo count: Int) throws -> [UInt8] {
      var failure: Int32 = 0
      let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
        initialized = 0
        guard let base = buffer.baseAddress else { return }
        while initialized < count {
          let read = Foundation.read(descriptor, base + initialized, count - initialized)
          if read > 0 {
            initialized += read
          } else if read == 0 {
            break
          } else if errno != EINTR {
            failure = errno
            break
          }
        }
      }
      if failure != 0 {
        throw POSIXError(POSIXErrorCode(rawValue: failure) ?? .EIO)
      }
      return bytes
    }
  }
}
