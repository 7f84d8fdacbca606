#if Vapor
  public import Bindery
  public import BinderyNIO
  public import Vapor

  // Vapor's content coders. `ContentConfiguration.global.use(decoder: BinderyDecoder(), for:
  // .json)` and the same for the encoder switch an application over.

  extension JSONBodyCoding: ContentDecoder, ContentEncoder {
    /// Decodes a request body; see `JSONBodyCoding.decode(_:from:)`.
    ///
    /// - Parameters:
    ///   - decodable: The type of the body.
    ///   - body: The body.
    ///   - headers: The request's headers.
    /// - Returns: The value.
    /// - Throws: `JSONBodyError`, which Vapor answers with status 400 (422 when the
    ///   body only breaks the model's constraints or rules).
    public func decode<D: Decodable>(
      _ decodable: D.Type, from body: ByteBuffer, headers: HTTPHeaders
    )
      throws -> D
    {
      try decode(decodable, from: body)
    }

    /// Encodes a response body and sets its content type to JSON.
    ///
    /// - Parameters:
    ///   - encodable: The value.
    ///   - body: The buffer to write to.
    ///   - headers: The response's headers.
    /// - Throws: What encoding the value throws (a value JSON cannot hold).
    public func encode<E: Encodable>(
      _ encodable: E, to body: inout ByteBuffer, headers: inout HTTPHeaders
    )
      throws
    {
      headers.contentType = .json
      try encode(encodable, into: &body)
    }
  }

  extension BinderyDecoder: ContentDecoder {
    /// Decodes a request body with this decoder, or a `@JSONModel` type with its own code;
    /// see `JSONBodyCoding`.
    ///
    /// - Parameters:
    ///   - decodable: The type of the body.
    ///   - body: The body.
    ///   - headers: The request's headers.
    /// - Returns: The value.
    /// - Throws: `JSONBodyError`, which Vapor answers with status 400 (422 when the
    ///   body only breaks the model's constraints or rules).
    public func decode<D: Decodable>(
      _ decodable: D.Type, from body: ByteBuffer, headers: HTTPHeaders
    )
      throws -> D
    {
      try JSONBodyCoding(decoder: self).decode(decodable, from: body)
    }
  }

  extension BinderyEncoder: ContentEncoder {
    /// Encodes a response body with this encoder, or a `@JSONModel` type with its own code, and
    /// sets its content type to JSON.
    ///
    /// - Parameters:
    ///   - encodable: The value.
    ///   - body: The buffer to write to.
    ///   - headers: The response's headers.
    /// - Throws: What encoding the value throws (a value JSON cannot hold).
    public func encode<E: Encodable>(
      _ encodable: E, to body: inout ByteBuffer, headers: inout HTTPHeaders
    )
      throws
    {
      try JSONBodyCoding(encoder: self).encode(encodable, to: &body, headers: &headers)
    }
  }

  extension JSONBodyError: AbortError {
    /// 422 Unprocessable Content for a body that breaks the model's constraints or rules
    /// (`isUnprocessable`), 400 Bad Request for any other.
    public var status: HTTPResponseStatus { isUnprocessable ? .unprocessableEntity : .badRequest }

    /// Each problem on a line of its own, with its path, line and column: the `reason` of
    /// Vapor's error response.
    public var reason: String { description }
  }
#endif
