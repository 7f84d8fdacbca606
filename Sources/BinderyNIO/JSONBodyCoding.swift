#if NIO
  public import Bindery
  public import NIOCore

  /// Reads request bodies and writes response bodies in `ByteBuffer`s, for HTTP servers.
  ///
  /// - A `@JSONModel` type (or any `JSONDecodable` / `JSONEncodable` type) is read and
  ///   written by its own generated code with ``modelDecoding`` and ``modelEncoding``; other
  ///   `Codable` types go through ``decoder`` and ``encoder``.
  /// - The request body is parsed where it lies in the buffer, without a copy.
  /// - Every problem in a body is reported, each with its path, line and column, as one
  ///   ``JSONBodyError``, which the server adapters answer with status 400 (422 when the body
  ///   only breaks the model's constraints or rules, see ``JSONBodyError/isUnprocessable``).
  ///
  /// ```swift
  /// let coding = JSONBodyCoding()
  /// let photo = try coding.decode(Photo.self, from: request.body)
  /// var response = ByteBuffer()
  /// try coding.encode(photo, into: &response)
  /// ```
  public struct JSONBodyCoding: Sendable {
    /// The decoder for `Codable` types that are not `JSONDecodable`.
    public var decoder: BinderyDecoder
    /// The encoder for `Codable` types that are not `JSONEncodable`.
    public var encoder: BinderyEncoder
    /// How `JSONDecodable` types (`@JSONModel` types among them) read a body.
    public var modelDecoding: JSONDecodingOptions
    /// How `JSONEncodable` types (`@JSONModel` types among them) write a body.
    public var modelEncoding: JSONEncodingOptions

    /// Creates the coding of request and response bodies.
    ///
    /// - Parameters:
    ///   - decoder: The decoder for other `Codable` types.
    ///   - encoder: The encoder for other `Codable` types.
    ///   - modelDecoding: How model types read a body.
    ///   - modelEncoding: How model types write a body.
    public init(
      decoder: BinderyDecoder = BinderyDecoder(), encoder: BinderyEncoder = BinderyEncoder(),
      modelDecoding: JSONDecodingOptions = .init(), modelEncoding: JSONEncodingOptions = .init()
    ) {
      self.decoder = decoder
      self.encoder = encoder
      self.modelDecoding = modelDecoding
      self.modelEncoding = modelEncoding
    }

    /// Decodes a request body.
    ///
    /// - Parameters:
    ///   - type: The type of the body.
    ///   - buffer: The body.
    /// - Returns: The value.
    /// - Throws: ``JSONBodyError`` listing every problem of the body. An error of another kind
    ///   thrown by a type's own `init(from:)` is passed on as it is. A `Codable` type that fails
    ///   is decoded a second time to gather its problems, so its `init(from:)` runs twice then.
    public func decode<T: Decodable>(_ type: T.Type, from buffer: ByteBuffer) throws -> T {
      do {
        // The model's own code reads it: every problem, with the model's own mapping. (`model`
        // is `T`, so the cast always succeeds.)
        if let model = T.self as? any JSONDecodable.Type,
          let value = try Self.read(model, from: buffer, options: modelDecoding) as? T
        {
          return value
        }
        do {
          return try decoder.decode(type, reportingAll: false, from: buffer)
        } catch let first as DecodingError {
          // Read again, gathering every problem: only a body that fails pays for the gathering.
          do {
            _ = try decoder.decode(type, reportingAll: true, from: buffer)
          } catch let all as JSONDecodingError {
            throw JSONBodyError(all)
          } catch {}
          throw first
        }
      } catch let error as JSONDecodingError {
        throw JSONBodyError(error)
      } catch let error as DecodingError {
        throw JSONBodyError(error)
      }
    }

    /// Encodes a response body at the end of a buffer.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - buffer: The buffer to append to.
    /// - Throws: `JSONWriteError` for a model, `EncodingError` for another `Codable` type: for
    ///   values JSON cannot hold, such as an infinite `Double`.
    public func encode<T: Encodable>(_ value: T, into buffer: inout ByteBuffer) throws {
      if let model = value as? any JSONEncodable {
        try model.write(into: &buffer, options: modelEncoding)
      } else {
        try encoder.encode(value, into: &buffer)
      }
    }

    /// Encodes a value as one line of JSON Lines (its compact text and a line feed) at the end of
    /// a buffer.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - buffer: The buffer to append to.
    /// - Throws: As ``encode(_:into:)``; `JSONWriteError` when ``encoder`` pretty-prints.
    public func encodeLine<T: Encodable>(_ value: T, into buffer: inout ByteBuffer) throws {
      if let model = value as? any JSONEncodable {
        var options = modelEncoding
        options.writing.prettyPrinted = false
        try model.write(into: &buffer, options: options)
      } else {
        let text = try encoder.jsonBytes(value)
        try JSONStreamWriter.checkLine(text)
        buffer.writeBytes(text)
      }
      buffer.writeInteger(UInt8(ascii: "\n"))
    }

    private static func read<M: JSONDecodable>(
      _ type: M.Type, from buffer: ByteBuffer, options: JSONDecodingOptions
    ) throws(JSONDecodingError) -> M {
      try M(json: buffer, options: options)
    }
  }
#endif
