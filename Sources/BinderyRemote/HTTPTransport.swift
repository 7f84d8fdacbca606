import Bindery
public import Foundation

/// An HTTP method, with whether repeating it is safe (only idempotent requests are retried).
public struct HTTPMethod: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
  /// The method's name, such as `GET`.
  public let rawValue: String

  /// Creates a method from its name.
  ///
  /// - Parameter rawValue: The name, such as `GET`.
  public init(rawValue: String) { self.rawValue = rawValue.uppercased() }

  /// `GET`.
  public static let get = HTTPMethod(rawValue: "GET")
  /// `HEAD`.
  public static let head = HTTPMethod(rawValue: "HEAD")
  /// `POST`: not idempotent, never retried.
  public static let post = HTTPMethod(rawValue: "POST")
  /// `PUT`.
  public static let put = HTTPMethod(rawValue: "PUT")
  /// `PATCH`: not idempotent, never retried.
  public static let patch = HTTPMethod(rawValue: "PATCH")
  /// `DELETE`.
  public static let delete = HTTPMethod(rawValue: "DELETE")

  /// Whether sending the request twice has the same effect as once (RFC 9110 §9.2.2).
  public var isIdempotent: Bool {
    ["GET", "HEAD", "PUT", "DELETE", "OPTIONS", "TRACE"].contains(rawValue)
  }

  /// The method's name.
  public var description: String { rawValue }
}

/// A request as a transport sends it.
public struct HTTPRequest: Sendable {
  /// The method.
  public var method: HTTPMethod
  /// The full URL, query included.
  public var url: URL
  /// Header fields.
  public var headers: [String: String]
  /// The body, if any.
  public var body: [UInt8]?

  /// Creates a request.
  ///
  /// - Parameters:
  ///   - method: The method.
  ///   - url: The full URL.
  ///   - headers: Header fields.
  ///   - body: The body, if any.
  public init(method: HTTPMethod, url: URL, headers: [String: String] = [:], body: [UInt8]? = nil) {
    self.method = method
    self.url = url
    self.headers = headers
    self.body = body
  }
}

/// A response as a transport returns it.
public struct HTTPResponse: Sendable {
  /// The status code.
  public var status: Int
  /// Header fields, names lower-cased.
  public var headers: [String: String]
  /// The body.
  public var body: [UInt8]
  /// The URL that answered (after redirects).
  public var url: URL
  /// Whether the body is a cached one that the server confirmed with `304 Not Modified`
  /// (see ``ResponseCache``).
  public var isFromCache = false

  /// Creates a response.
  ///
  /// - Parameters:
  ///   - status: The status code.
  ///   - headers: Header fields; names are lower-cased.
  ///   - body: The body.
  ///   - url: The URL that answered.
  public init(status: Int, headers: [String: String] = [:], body: [UInt8] = [], url: URL) {
    self.status = status
    self.headers = Dictionary(
      headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
    self.body = body
    self.url = url
  }

  /// A header field by name, in any case.
  ///
  /// - Parameter name: The field name.
  /// - Returns: The value, or `nil`.
  public func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// The bounds every request is sent within.
public struct TransportLimits: Sendable, Hashable {
  /// The longest the whole exchange may take.
  public var timeout: Duration
  /// The largest body accepted; a longer one ends the exchange with
  /// ``RemoteError/Kind-swift.struct/bodyTooLarge``.
  public var maxBodySize: Int

  /// Creates limits.
  ///
  /// - Parameters:
  ///   - timeout: The longest the exchange may take.
  ///   - maxBodySize: The largest body accepted, in bytes.
  public init(timeout: Duration, maxBodySize: Int) {
    self.timeout = timeout
    self.maxBodySize = maxBodySize
  }
}

/// Sends requests: ``URLSessionTransport`` in apps, any conforming type in tests or for other
/// HTTP stacks.
public protocol HTTPTransport: Sendable {
  /// Sends a request and returns the whole response, within the limits.
  ///
  /// - Parameters:
  ///   - request: The request.
  ///   - limits: The timeout and the largest body accepted.
  /// - Returns: The response, whatever its status.
  /// - Throws: ``RemoteError`` for transport failures, timeouts, bodies over the limit and
  ///   cancellation.
  func send(_ request: HTTPRequest, limits: TransportLimits) async throws(RemoteError)
    -> HTTPResponse

  /// Sends a request and returns as soon as the response's head has come, with the body to
  /// read as it arrives.
  ///
  /// The timeout bounds the wait for the head; the body is read at the reader's pace and has
  /// no size limit of its own (a stream of values limits each value instead). Ending the
  /// reading early closes the exchange. The default sends the request with ``send(_:limits:)``
  /// and hands over the whole body as one chunk; ``URLSessionTransport`` and the
  /// AsyncHTTPClient transport stream.
  ///
  /// - Parameters:
  ///   - request: The request.
  ///   - limits: The timeout for the head; the body limit applies to the default only.
  /// - Returns: The status, header fields and body.
  /// - Throws: ``RemoteError`` for transport failures, timeouts and cancellation before the
  ///   head.
  func stream(_ request: HTTPRequest, limits: TransportLimits) async throws(RemoteError)
    -> HTTPStreamingResponse
}

extension HTTPTransport {
  /// Sends the request whole and hands over its body as one chunk.
  ///
  /// - Parameters:
  ///   - request: The request.
  ///   - limits: The timeout and the largest body accepted.
  /// - Returns: The response, its body in one chunk.
  /// - Throws: ``RemoteError``, as ``send(_:limits:)`` throws it.
  public func stream(_ request: HTTPRequest, limits: TransportLimits) async throws(RemoteError)
    -> HTTPStreamingResponse
  {
    let response = try await send(request, limits: limits)
    return HTTPStreamingResponse(
      status: response.status, headers: response.headers, url: response.url,
      body: HTTPBodyStream(bytes: response.body))
  }
}

/// A response whose body is read as it arrives.
public struct HTTPStreamingResponse: Sendable {
  /// The status code.
  public var status: Int
  /// The header fields, names in lowercase.
  public var headers: [String: String]
  /// The URL that answered.
  public var url: URL
  /// The body, in chunks as they arrive. Read it once.
  public var body: HTTPBodyStream

  /// A streaming response.
  ///
  /// - Parameters:
  ///   - status: The status code.
  ///   - headers: The header fields (names are lowercased).
  ///   - url: The URL that answered.
  ///   - body: The body.
  public init(status: Int, headers: [String: String], url: URL, body: HTTPBodyStream) {
    self.status = status
    self.headers = Dictionary(
      headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
    self.url = url
    self.body = body
  }

  /// A header field's value, whatever the case of `name`.
  ///
  /// - Parameter name: The field name.
  /// - Returns: The value, or `nil`.
  public func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// A response body as chunks of bytes, pulled one at a time: the transport reads the next
/// chunk from the network only when the reader asks for it, so a slow reader holds back the
/// sender instead of filling memory.
///
/// Read it once: every iterator takes chunks from the same exchange.
public struct HTTPBodyStream: AsyncSequence, Sendable {
  /// A chunk of the body.
  public typealias Element = [UInt8]

  private let nextChunk: @Sendable () async throws -> [UInt8]?

  /// A body whose chunks come from `next`, called by one reader at a time until it returns
  /// `nil`.
  ///
  /// - Parameter next: Returns the next chunk, `nil` at the end of the body; throws when the
  ///   exchange fails.
  public init(next: @escaping @Sendable () async throws -> [UInt8]?) {
    nextChunk = next
  }

  /// A body already in memory, as one chunk.
  ///
  /// - Parameter bytes: The body.
  public init(bytes: [UInt8]) {
    let chunk = Locked<[UInt8]?>(bytes.isEmpty ? nil : bytes)
    nextChunk = { chunk.take() }
  }

  /// An iterator over the chunks.
  ///
  /// - Returns: The iterator.
  public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(nextChunk: nextChunk) }

  /// Reads the chunks in order.
  public struct AsyncIterator: AsyncIteratorProtocol {
    let nextChunk: @Sendable () async throws -> [UInt8]?

    /// The next chunk.
    ///
    /// - Returns: The chunk, or `nil` at the end of the body.
    /// - Throws: ``RemoteError`` (or the transport's error) when the exchange fails.
    public mutating func next() async throws -> [UInt8]? { try await nextChunk() }
  }
}

extension Locked {
  /// Takes the value out, leaving `nil`.
  func take<Wrapped>() -> Wrapped? where Value == Wrapped? {
    withLock { value in
      defer { value = nil }
      return value
    }
  }
}

/// A decoded value with the response it came in.
public struct RemoteResponse<Value> {
  /// The decoded value.
  public var value: Value
  /// The response: status, header fields (names lower-cased), body and the URL that answered.
  public var response: HTTPResponse

  /// The status code.
  public var status: Int { response.status }

  /// A header field by name, in any case.
  ///
  /// - Parameter name: The field name, such as `ETag`.
  /// - Returns: The value, or `nil`.
  public func header(_ name: String) -> String? { response.header(name) }
}

extension RemoteResponse: Sendable where Value: Sendable {}
