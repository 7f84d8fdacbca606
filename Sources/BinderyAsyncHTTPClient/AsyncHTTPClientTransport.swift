#if AsyncHTTPClient
  public import AsyncHTTPClient
  public import BinderyRemote
  import Foundation
  import NIOCore
  import NIOHTTP1
  import NIOHTTPCompression
  import NIOPosix

  /// Sends `ResourceClient`'s requests with AsyncHTTPClient (SwiftNIO), the transport to use on
  /// Linux servers: a connection pool shared by every request, bodies streamed and stopped as
  /// soon as they pass the limit, and exact timeouts.
  ///
  /// Compressed bodies are inflated, as `URLSession` does: a request that sends
  /// `Accept-Encoding: gzip` gets the JSON, and the body limit applies to the inflated size.
  ///
  /// ```swift
  /// let client = ResourceClient(
  ///     baseURL: URL(string: "https://api.example.com/v1/")!,
  ///     transport: AsyncHTTPClientTransport.shared)
  /// ```
  ///
  /// It lives in its own product, `BinderyAsyncHTTPClient`, so that apps that use `URLSession`
  /// never build SwiftNIO.
  public final class AsyncHTTPClientTransport: HTTPTransport {
    /// The HTTP client requests go through.
    public let client: HTTPClient

    /// A transport over a client that lives as long as the process, on SwiftNIO's shared event
    /// loops. Redirects and retries are left to `ResourceClient`: the client neither follows
    /// redirects nor retries a failed connection on its own (a refused connection fails at once,
    /// and the client's `RetryPolicy` decides).
    public static let shared = AsyncHTTPClientTransport(
      client: HTTPClient(
        eventLoopGroup: MultiThreadedEventLoopGroup.singleton, configuration: sharedConfiguration))

    static var sharedConfiguration: HTTPClient.Configuration {
      var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow)
      configuration.connectionPool.retryConnectionEstablishment = false
      configuration.decompression = .enabled(limit: .ratio(maxInflation))
      return configuration
    }

    /// How many times its compressed size a body may inflate to. Deeply repetitive JSON inflates
    /// 20 to 50 times; a body past this is refused as a decompression bomb, before the body limit
    /// would be reached.
    static let maxInflation = 200

    /// A transport over a client of your own, which you shut down when you are done with it.
    ///
    /// Configure it with `redirectConfiguration: .disallow`, so that `ResourceClient` follows
    /// redirects with the same rules as with every other transport (credentials kept to their
    /// origin, a hop limit of its configuration), and with
    /// `decompression: .enabled(limit: .ratio(200))`, so that a compressed body reaches the
    /// decoder inflated, as with every other transport.
    ///
    /// - Parameter client: The client.
    public init(client: HTTPClient) {
      self.client = client
    }

    /// Sends a request; see `HTTPTransport.send(_:limits:)`.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - limits: The timeout of the whole exchange, body included, and the largest body
    ///     accepted.
    /// - Returns: The response, whatever its status.
    /// - Throws: `RemoteError` for transport failures, timeouts, bodies over the limit and
    ///   cancellation.
    public func send(_ request: BinderyRemote.HTTPRequest, limits: TransportLimits)
      async throws(RemoteError) -> BinderyRemote.HTTPResponse
    {
      let outcome = await Self.racing(limits.timeout, url: request.url) {
        await self.exchange(request, limit: limits.maxBodySize, timeout: limits.timeout)
      }
      guard let outcome else {
        throw RemoteError(.cancelled, url: request.url)
      }
      if Task.isCancelled, case .failure = outcome {
        throw RemoteError(.cancelled, url: request.url)
      }
      return try outcome.get()
    }

    /// What `work` returns, or a timeout after `timeout`, whichever comes first; the loser is
    /// cancelled, which AsyncHTTPClient turns into closing the connection. `nil` when the caller
    /// was cancelled first.
    static func racing<T: Sendable>(
      _ timeout: Duration, url: URL,
      _ work: @escaping @Sendable () async -> Result<T, RemoteError>
    ) async -> Result<T, RemoteError>? {
      await withTaskGroup(of: Result<T, RemoteError>?.self) { group in
        group.addTask { await work() }
        group.addTask {
          do {
            try await Task.sleep(for: timeout)
          } catch {
            return nil
          }
          return .failure(RemoteError(.timeout, url: url))
        }
        var result: Result<T, RemoteError>?
        while result == nil, let next = await group.next() { result = next }
        group.cancelAll()
        return result
      }
    }

    /// The AsyncHTTPClient request for a request.
    static func outgoing(_ request: BinderyRemote.HTTPRequest) -> HTTPClientRequest {
      var outgoing = HTTPClientRequest(url: request.url.absoluteString)
      outgoing.method = NIOHTTP1.HTTPMethod(rawValue: request.method.rawValue)
      for (name, value) in request.headers { outgoing.headers.add(name: name, value: value) }
      if let body = request.body { outgoing.body = .bytes(ByteBuffer(bytes: body)) }
      return outgoing
    }

    /// Sends a request and returns when the head has come; the body is read from the connection
    /// as the reader asks for it, so a slow reader holds back the server.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - limits: The timeout for the head.
    /// - Returns: The status, header fields and body.
    /// - Throws: `RemoteError` for transport failures, timeouts and cancellation before the
    ///   head.
    public func stream(_ request: BinderyRemote.HTTPRequest, limits: TransportLimits)
      async throws(RemoteError) -> HTTPStreamingResponse
    {
      let outgoing = Self.outgoing(request)
      let outcome = await Self.racing(limits.timeout, url: request.url) {
        () async -> Result<HTTPClientResponse, RemoteError> in
        do {
          // The body may take as long as the reader does: no deadline past the head's timer.
          return .success(try await self.client.execute(outgoing, timeout: .hours(24 * 7)))
        } catch {
          var failure = RemoteError(
            Self.kind(of: error), url: request.url, underlying: Self.cause(of: error))
          failure.cause = error
          return .failure(failure)
        }
      }
      guard let outcome else { throw RemoteError(.cancelled, url: request.url) }
      let response = try outcome.get()
      var headers: [String: String] = [:]
      for (name, value) in response.headers {
        let key = name.lowercased()
        headers[key] = headers[key].map { $0 + ", " + value } ?? value
      }
      let body = BodyReader(response.body, url: request.url)
      return HTTPStreamingResponse(
        status: Int(response.status.code), headers: headers, url: request.url,
        body: HTTPBodyStream(next: { try await body.next() }))
    }

    private func exchange(_ request: BinderyRemote.HTTPRequest, limit: Int, timeout: Duration)
      async -> Result<BinderyRemote.HTTPResponse, RemoteError>
    {
      let outgoing = Self.outgoing(request)
      var status: Int?
      var headers: [String: String] = [:]
      do {
        // The timer above ends the exchange exactly; this deadline bounds the wait for a
        // connection, and is a backstop a second later.
        let (seconds, attoseconds) = timeout.components
        let backstop = TimeAmount.nanoseconds(
          seconds * 1_000_000_000 + attoseconds / 1_000_000_000 + 1_000_000_000)
        let response = try await client.execute(outgoing, deadline: .now() + backstop)
        status = Int(response.status.code)
        for (name, value) in response.headers {
          let key = name.lowercased()
          headers[key] = headers[key].map { $0 + ", " + value } ?? value
        }
        // A compressed body's length says nothing of its inflated size: only the inflated
        // bytes below count against the limit.
        if headers["content-encoding"] == nil,
          let length = headers["content-length"].flatMap(Int.init), length > limit
        {
          return .failure(
            RemoteError(
              .bodyTooLarge, url: request.url, status: status, headers: headers,
              underlying: "more than \(limit) bytes"))
        }
        var body: [UInt8] = []
        for try await chunk in response.body {
          body.append(contentsOf: chunk.readableBytesView)
          if body.count > limit {
            return .failure(
              RemoteError(
                .bodyTooLarge, url: request.url, status: status, headers: headers,
                underlying: "more than \(limit) bytes"))
          }
        }
        return .success(
          BinderyRemote.HTTPResponse(
            status: Int(response.status.code), headers: headers, body: body, url: request.url))
      } catch {
        var failure = RemoteError(
          Self.kind(of: error), url: request.url, status: status, headers: headers,
          underlying: Self.cause(of: error))
        failure.cause = error
        return .failure(failure)
      }
    }

    /// The category of an AsyncHTTPClient or SwiftNIO error.
    static func kind(of error: any Error) -> RemoteError.Kind {
      if error is CancellationError { return .cancelled }
      if let inflation = error as? NIOHTTPDecompression.DecompressionError, inflation == .limit {
        return .bodyTooLarge
      }
      if let client = error as? HTTPClientError {
        switch client {
        case .cancelled, .requestStreamCancelled: return .cancelled
        case .deadlineExceeded, .connectTimeout, .readTimeout, .writeTimeout, .tlsHandshakeTimeout,
          .getConnectionFromPoolTimeout:
          return .timeout
        case .invalidURL, .emptyHost, .emptyScheme: return .invalidRequest
        default: return .transport
        }
      }
      return .transport
    }

    /// A failure in words, with what to try.
    static func cause(of error: any Error) -> String {
      if let inflation = error as? NIOHTTPDecompression.DecompressionError {
        return inflation == .limit
          ? "the compressed body inflates to more than \(maxInflation) times its size"
          : "the compressed body is corrupt (\(inflation))"
      }
      if error is NIOHTTPDecompression.ExtraDecompressionError {
        return "the compressed body is corrupt (\(error))"
      }
      if let client = error as? HTTPClientError {
        switch client {
        case .remoteConnectionClosed:
          return TransportCause.closedEarly
        case .connectTimeout: return "no connection could be made in time"
        case .invalidURL, .emptyHost, .emptyScheme: return "the URL cannot be requested (\(client))"
        default: return "\(client)"
        }
      }
      if let io = error as? IOError, io.errnoCode == ECONNREFUSED {
        return TransportCause.refused
      }
      if let connection = error as? NIOConnectionError {
        let refused = connection.connectionErrors.contains {
          ($0.error as? IOError)?.errnoCode == ECONNREFUSED
        }
        if refused {
          return TransportCause.refused
        }
        if connection.dnsAAAAError != nil || connection.dnsAError != nil {
          return TransportCause.unresolved
        }
      }
      return "\(error)"
    }
  }

  /// A response body read one buffer at a time.
  final class BodyReader: @unchecked Sendable {
    // @unchecked: `iterator` is used only inside `next()`, which one reader calls at a time (an
    // `HTTPBodyStream` is read once, in order), so it is never touched concurrently.
    private var iterator: HTTPClientResponse.Body.AsyncIterator
    private let url: URL

    init(_ body: HTTPClientResponse.Body, url: URL) {
      iterator = body.makeAsyncIterator()
      self.url = url
    }

    func next() async throws(RemoteError) -> [UInt8]? {
      do {
        guard let buffer = try await iterator.next() else { return nil }
        return Array(buffer.readableBytesView)
      } catch {
        var failure = RemoteError(
          AsyncHTTPClientTransport.kind(of: error), url: url,
          underlying: AsyncHTTPClientTransport.cause(of: error))
        failure.cause = error
        throw failure
      }
    }
  }
#endif
