#if Hummingbird
  public import BinderyNIO
  public import Hummingbird
  import NIOCore

  /// Reads request bodies with Bindery: `@JSONModel` types with their own generated code, other
  /// `Codable` types with a `BinderyDecoder`, in place in the request's buffer.
  ///
  /// Return it as a request context's `requestDecoder`, or use ``BinderyRequestContext``. A body
  /// that is not valid throws a `JSONBodyError`, which Hummingbird answers with status 400 (422
  /// when the body only breaks the model's constraints or rules) and the JSON that names each
  /// problem's path, line and column. A body over the context's
  /// `maxUploadSize` is answered with 413 before it is read.
  public struct BinderyRequestDecoder: RequestDecoder {
    /// How bodies are read.
    public var coding: JSONBodyCoding

    /// Creates a request decoder.
    ///
    /// - Parameter coding: How bodies are read; the defaults by default.
    public init(_ coding: JSONBodyCoding = JSONBodyCoding()) {
      self.coding = coding
    }

    /// Decodes the request's body.
    ///
    /// - Parameters:
    ///   - type: The type of the body.
    ///   - request: The request.
    ///   - context: The request's context, whose `maxUploadSize` bounds the body.
    /// - Returns: The value.
    /// - Throws: `JSONBodyError`; Hummingbird's error for a body over the limit.
    public func decode<T: Decodable>(
      _ type: T.Type, from request: Request, context: some RequestContext
    ) async throws -> T {
      let buffer = try await request.body.collect(upTo: context.maxUploadSize)
      return try coding.decode(type, from: buffer)
    }
  }

  /// Writes response bodies with Bindery: `@JSONModel` types with their own generated code,
  /// other `Codable` types with a `BinderyEncoder`, straight into the response's buffer.
  public struct BinderyResponseEncoder: ResponseEncoder {
    /// How bodies are written.
    public var coding: JSONBodyCoding

    /// Creates a response encoder.
    ///
    /// - Parameter coding: How bodies are written; the defaults by default.
    public init(_ coding: JSONBodyCoding = JSONBodyCoding()) {
      self.coding = coding
    }

    /// Encodes a handler's result as a 200 response with a JSON body.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - request: The request it answers.
    ///   - context: The request's context.
    /// - Returns: The response.
    /// - Throws: What encoding the value throws (a value JSON cannot hold).
    public func encode(
      _ value: some Encodable, from request: Request, context: some RequestContext
    ) throws -> Response {
      var buffer = ByteBuffer()
      try coding.encode(value, into: &buffer)
      return Response(
        status: .ok, headers: Self.headers(length: buffer.readableBytes),
        body: .init(byteBuffer: buffer))
    }

    /// A JSON Lines response: one value per line, written as the sequence produces them, in
    /// pieces of about 64 KiB.
    ///
    /// ```swift
    /// router.get("events") { _, _ in encoder.jsonLines(events.values) }
    /// ```
    ///
    /// - Parameters:
    ///   - values: The values, in order.
    ///   - status: The status; 200 by default.
    /// - Returns: The response, with content type `application/jsonl`.
    public func jsonLines<Values: AsyncSequence & Sendable>(
      _ values: Values, status: HTTPResponse.Status = .ok
    ) -> Response where Values.Element: Encodable {
      let coding = coding
      let body = ResponseBody { writer in
        var buffer = ByteBuffer()
        for try await value in values {
          try coding.encodeLine(value, into: &buffer)
          if buffer.readableBytes >= 64 << 10 {
            try await writer.write(buffer)
            buffer.clear()
          }
        }
        if buffer.readableBytes > 0 { try await writer.write(buffer) }
        try await writer.finish(nil)
      }
      return Response(status: status, headers: [.contentType: "application/jsonl"], body: body)
    }

    static func headers(length: Int) -> HTTPFields {
      [.contentType: "application/json; charset=utf-8", .contentLength: String(length)]
    }
  }

  extension JSONBodyError: HTTPResponseError {
    /// 422 Unprocessable Content for a body that breaks the model's constraints or rules
    /// (`isUnprocessable`), 400 Bad Request for any other.
    public var status: HTTPResponse.Status { isUnprocessable ? .unprocessableContent : .badRequest }

    /// The response: ``status`` and `responseBody`.
    ///
    /// - Parameters:
    ///   - request: The request whose body was not valid.
    ///   - context: The request's context.
    /// - Returns: The response.
    /// - Throws: Nothing; Hummingbird's protocol allows it.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
      let body = responseBody
      return Response(
        status: status, headers: BinderyResponseEncoder.headers(length: body.count),
        body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }
  }

  /// A request context whose handlers read and write JSON with Bindery: Hummingbird's basic
  /// context with ``BinderyRequestDecoder`` and ``BinderyResponseEncoder``.
  ///
  /// ```swift
  /// let router = Router(context: BinderyRequestContext.self)
  /// ```
  public struct BinderyRequestContext: RequestContext {
    /// Hummingbird's storage for the context.
    public var coreContext: CoreRequestContextStorage

    /// Creates the context of a request.
    ///
    /// - Parameter source: Where the request came from.
    public init(source: ApplicationRequestContextSource) {
      coreContext = .init(source: source)
    }

    /// Bindery's request decoder.
    public var requestDecoder: BinderyRequestDecoder { BinderyRequestDecoder() }
    /// Bindery's response encoder.
    public var responseEncoder: BinderyResponseEncoder { BinderyResponseEncoder() }
  }
#endif
