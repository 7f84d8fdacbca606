#if NIO
  public import Bindery
  public import NIOCore

  extension ByteBuffer: JSONInput {
    /// Parses the buffer's readable bytes where they are, without copying them: the document
    /// keeps the buffer's storage alive, and since buffers are copy-on-write, a write through
    /// any other copy of the buffer goes to new storage.
    ///
    /// - Parameter options: How to read.
    /// - Returns: The document.
    /// - Throws: `JSONReadError`.
    public func jsonDocument(options: JSONReadingOptions) throws(JSONReadError) -> JSONDocument {
      let result = withUnsafeReadableBytesWithStorageManagement {
        bytes, storage -> Result<JSONDocument, JSONReadError> in
        // Holding the storage object keeps `bytes` allocated, and makes it shared, so that no
        // other holder of the buffer can write into it in place.
        let owner = storage.takeUnretainedValue()
        do throws(JSONReadError) {
          return .success(try JSONDocument(borrowing: bytes, owner: owner, options: options))
        } catch {
          return .failure(error)
        }
      }
      return try result.get()
    }

    /// The buffer's readable bytes, where they are.
    @_documentation(visibility: private)
    public func _withContiguousUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
      withUnsafeReadableBytes { raw in raw.withMemoryRebound(to: UInt8.self) { body($0) } }
    }
  }

  extension BinderyDecoder {
    /// Decodes a value from the JSON in a buffer's readable bytes, read in place.
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - buffer: UTF-8 JSON (or UTF-16 or UTF-32, as `readingOptions` allow).
    /// - Returns: The value.
    /// - Throws: `DecodingError` (or `JSONDecodingError` when `reportsAllErrors` is set).
    public func decode<T: Decodable>(_ type: T.Type, from buffer: ByteBuffer) throws -> T {
      try decode(type, reportingAll: false, from: buffer)
    }

    /// `decode(_:from:)`, reporting every problem when `reportingAll` is set.
    package func decode<T: Decodable>(_ type: T.Type, reportingAll: Bool, from buffer: ByteBuffer)
      throws -> T
    {
      try decode(
        type, reportingAll: reportingAll,
        reading: { (options) throws(JSONReadError) in try buffer.jsonDocument(options: options) },
        bytes: { Array(buffer.readableBytesView) })
    }
  }

  extension BinderyEncoder {
    /// Encodes a value as JSON at the end of a buffer.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - buffer: The buffer to append to.
    /// - Throws: `EncodingError`, as `encode(_:)`.
    public func encode<T: Encodable>(_ value: T, into buffer: inout ByteBuffer) throws {
      buffer.writeBytes(try jsonBytes(value))
    }
  }

  extension JSONEncodable {
    /// Writes the value as JSON at the end of a buffer; see `jsonBytes(options:)`.
    ///
    /// - Parameters:
    ///   - buffer: The buffer to append to.
    ///   - options: Layout, null policy, date format and which properties to write.
    /// - Throws: `JSONWriteError`.
    public func write(into buffer: inout ByteBuffer, options: JSONEncodingOptions = .init())
      throws(JSONWriteError)
    {
      buffer.writeBytes(try jsonBytes(options: options))
    }
  }
#endif
