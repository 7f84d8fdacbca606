#if Hummingbird
  import Bindery
  import Foundation
  import Hummingbird
  import NIOCore

  // The adapter a user writes in four lines before reaching for BinderyHummingbird: the body
  // copied into an array for BinderyDecoder, the encoder's bytes copied into a new buffer, and
  // every type through Codable. The load test measures the adapters against it.

  /// Decodes with a BinderyDecoder from a copy of the body.
  struct NaiveDecoder: RequestDecoder {
    func decode<T: Decodable>(_ type: T.Type, from request: Request, context: some RequestContext)
      async throws -> T
    {
      let buffer = try await request.body.collect(upTo: context.maxUploadSize)
      return try BinderyDecoder().decode(type, from: Array(buffer.readableBytesView))
    }
  }

  /// Encodes with a BinderyEncoder into a new buffer.
  struct NaiveEncoder: ResponseEncoder {
    func encode(_ value: some Encodable, from request: Request, context: some RequestContext) throws
      -> Response
    {
      let bytes = try BinderyEncoder().jsonBytes(value)
      return Response(
        status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
        body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }
  }

  /// Hummingbird's basic context with the naive coders.
  struct NaiveRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    init(source: ApplicationRequestContextSource) { coreContext = .init(source: source) }
    var requestDecoder: NaiveDecoder { NaiveDecoder() }
    var responseEncoder: NaiveEncoder { NaiveEncoder() }
  }
#endif
