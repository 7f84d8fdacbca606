public import Bindery
public import Foundation

/// Fetches models from a web API: a base URL, default headers and query items, a timeout per
/// attempt and a deadline per call, a body limit, reading options (Flickr's `\'`) and a retry
/// policy, configured once.
///
/// ```swift
/// let client = ResourceClient(
///     baseURL: URL(string: "https://api.example.com/v1/")!,
///     configuration: .init(decoding: .init(reading: .allowEscapedApostrophe)))
/// let tags = try await client.fetchAll(Tag.self)
/// let feed = try await client.fetch(PublicPhotos.self, path: "feeds/photos_public.gne",
///                                   query: [URLQueryItem(name: "format", value: "json")])
/// for try await tag in try client.pages(Tag.self, path: "tag", at: "objects",
///                                       pagination: .nextURL(at: "meta.next")).elements {
///     print(tag.name)
/// }
/// ```
///
/// Every call throws one ``RemoteError``. Idempotent requests are retried by the
/// ``Configuration/retry`` policy; `POST` and `PATCH` never are.
public struct ResourceClient: Sendable {
  /// The settings of a client.
  public struct Configuration: Sendable {
    /// Header fields sent with every request (`Accept: application/json` by default).
    public var headers: [String: String]
    /// Query items added to every request.
    public var queryItems: [URLQueryItem]
    /// The longest one attempt may take: one request and its response, redirects included.
    public var attemptTimeout: Duration
    /// The longest a whole call may take: every attempt, the waits between them (`Retry-After`
    /// included) and, for a listing, every page. A retry whose wait would end past it is not
    /// made.
    public var deadline: Duration
    /// The most redirects followed in one attempt.
    public var maxRedirects: Int
    /// The largest response body accepted, in bytes (10 MiB by default).
    public var maxBodySize: Int
    /// How responses are read and decoded, reading options included.
    public var decoding: JSONDecodingOptions
    /// How request bodies are written.
    public var encoding: JSONEncodingOptions
    /// When failed idempotent requests are tried again.
    public var retry: RetryPolicy
    /// Where `GET` responses with an `ETag` or `Last-Modified` are kept for conditional
    /// requests; `nil` (no caching) by default.
    public var cache: ResponseCache?

    /// Creates a configuration.
    ///
    /// - Parameters:
    ///   - headers: Header fields sent with every request.
    ///   - queryItems: Query items added to every request.
    ///   - attemptTimeout: The longest one attempt may take.
    ///   - deadline: The longest a whole call may take, retries and waits included.
    ///   - maxRedirects: The most redirects followed in one attempt.
    ///   - maxBodySize: The largest response body accepted, in bytes.
    ///   - decoding: How responses are read and decoded.
    ///   - encoding: How request bodies are written.
    ///   - retry: When failed idempotent requests are tried again.
    ///   - cache: Where `GET` responses are kept for conditional requests; none by default.
    public init(
      headers: [String: String] = ["Accept": "application/json"], queryItems: [URLQueryItem] = [],
      attemptTimeout: Duration = .seconds(30), deadline: Duration = .seconds(120),
      maxRedirects: Int = 10, maxBodySize: Int = 10 << 20,
      decoding: JSONDecodingOptions = .init(), encoding: JSONEncodingOptions = .init(),
      retry: RetryPolicy = .init(), cache: ResponseCache? = nil
    ) {
      self.headers = headers
      self.queryItems = queryItems
      self.attemptTimeout = attemptTimeout
      self.deadline = deadline
      self.maxRedirects = max(0, maxRedirects)
      self.maxBodySize = maxBodySize
      self.decoding = decoding
      self.encoding = encoding
      self.retry = retry
      self.cache = cache
    }
  }

  /// The URL paths are resolved against.
  public let baseURL: URL
  /// The settings.
  public let configuration: Configuration
  /// What sends the requests.
  public let transport: any HTTPTransport

  /// Creates a client.
  ///
  /// - Parameters:
  ///   - baseURL: The URL paths are resolved against; end it with `/` to resolve below it.
  ///   - configuration: The settings.
  ///   - transport: What sends the requests; `URLSession` by default.
  public init(
    baseURL: URL, configuration: Configuration = .init(),
    transport: any HTTPTransport = URLSessionTransport()
  ) {
    self.baseURL = baseURL
    self.configuration = configuration
    self.transport = transport
  }

  // MARK: URLs

  /// The URL of a path below the base URL with the default and given query items,
  /// percent-encoded so that only RFC 3986's unreserved characters stay as they are.
  ///
  /// - Parameters:
  ///   - path: A path relative to the base URL, or an absolute URL.
  ///   - query: Query items added after the default ones.
  /// - Returns: The URL.
  /// - Throws: ``RemoteError`` (``RemoteError/Kind-swift.struct/invalidRequest``) when no URL
  ///   results.
  public func url(for path: String, query: [URLQueryItem] = []) throws(RemoteError) -> URL {
    guard let resolved = URL(string: path, relativeTo: baseURL)?.absoluteURL,
      var components = URLComponents(url: resolved, resolvingAgainstBaseURL: true)
    else {
      throw RemoteError(.invalidRequest, url: baseURL, underlying: "'\(path)' is not a URL path")
    }
    let items = configuration.queryItems + query
    if !items.isEmpty {
      let encoded = items.map { item in
        Self.percentEncoded(item.name) + (item.value.map { "=" + Self.percentEncoded($0) } ?? "")
      }
      let existing = components.percentEncodedQuery.map { [$0] } ?? []
      components.percentEncodedQuery = (existing + encoded).joined(separator: "&")
    }
    guard let url = components.url else {
      throw RemoteError(.invalidRequest, url: baseURL, underlying: "'\(path)' is not a URL path")
    }
    return url
  }

  /// Percent-encodes everything but RFC 3986's unreserved characters (so `+`, `&`, `=` and
  /// spaces in values cannot be misread).
  static func percentEncoded(_ text: String) -> String {
    var out = ""
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"):
        out.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let hex = String(byte, radix: 16, uppercase: true)
        out += "%" + (byte < 16 ? "0" + hex : hex)
      }
    }
    return out
  }

  // MARK: Exchanges

  /// Sends a request (following redirects, and retrying it by the policy when it is
  /// idempotent) and returns a response whose status is 2xx.
  ///
  /// - Parameters:
  ///   - method: The method.
  ///   - url: The URL.
  ///   - body: The body, if any.
  ///   - headers: Header fields added to the default ones.
  /// - Returns: The response.
  /// - Throws: ``RemoteError`` for transport failures, timeouts, oversized bodies, cancellation,
  ///   too many redirects and statuses outside 200–299 (with status, headers and the start of
  ///   the body).
  public func response(
    _ method: HTTPMethod, url: URL, body: [UInt8]? = nil, headers: [String: String] = [:]
  ) async throws(RemoteError) -> HTTPResponse {
    try await response(
      method, url: url, body: body, headers: headers,
      deadline: ContinuousClock.now + configuration.deadline)
  }

  /// ``response(_:url:body:headers:)`` within a deadline shared with the rest of a call.
  func response(
    _ method: HTTPMethod, url: URL, body: [UInt8]?, headers: [String: String],
    deadline: ContinuousClock.Instant
  ) async throws(RemoteError) -> HTTPResponse {
    var allHeaders = configuration.headers
    for (name, value) in headers { allHeaders[name] = value }
    if body != nil, allHeaders["Content-Type"] == nil {
      allHeaders["Content-Type"] = "application/json"
    }
    let cache = method == .get ? configuration.cache : nil
    if let cache {
      for (name, value) in cache.conditionalHeaders(for: url) where allHeaders[name] == nil {
        allHeaders[name] = value
      }
    }
    let request = HTTPRequest(method: method, url: url, headers: allHeaders, body: body)
    var attempt = 1
    while true {
      var failure: RemoteError
      do {
        let response = try await exchange(request, deadline: deadline)
        if (200..<300).contains(response.status) {
          cache?.store(response, for: url)
          return response
        }
        if response.status == 304, let cached = cache?.revalidated(by: response, for: url) {
          return cached
        }
        failure = RemoteError(
          .httpStatus, url: response.url, status: response.status, headers: response.headers,
          body: response.body)
      } catch {
        failure = error
      }
      failure.attempts = attempt
      if Task.isCancelled {
        failure.kind = .cancelled
        throw failure
      }
      guard configuration.retry.shouldRetry(failure, method: method, attempt: attempt) else {
        throw failure
      }
      let delay = configuration.retry.delay(after: failure, attempt: attempt)
      let now = ContinuousClock.now
      guard now + delay < deadline else {
        if now < deadline {
          let reason =
            "not retried: the wait of \(Self.seconds(delay)) would pass the call's deadline of "
            + Self.seconds(configuration.deadline)
          failure.note = failure.note.isEmpty ? reason : failure.note + "; " + reason
        }
        throw failure
      }
      do {
        try await Task.sleep(for: delay)
      } catch {
        throw RemoteError(.cancelled, url: url, underlying: "cancelled while waiting to retry")
      }
      attempt += 1
    }
  }

  /// One attempt: the request and the redirects it leads to, within the attempt timeout and
  /// what is left of the deadline.
  private func exchange(_ first: HTTPRequest, deadline: ContinuousClock.Instant)
    async throws(RemoteError) -> HTTPResponse
  {
    let start = ContinuousClock.now
    let remaining = start.duration(to: deadline)
    let byDeadline = remaining < configuration.attemptTimeout
    guard remaining > .zero else {
      throw RemoteError(
        .timeout, url: first.url,
        underlying: "the call's deadline of \(Self.seconds(configuration.deadline)) passed")
    }
    let attemptEnd = start + min(remaining, configuration.attemptTimeout)
    var request = first
    var redirects = 0
    while true {
      let limits = TransportLimits(
        timeout: max(.milliseconds(1), ContinuousClock.now.duration(to: attemptEnd)),
        maxBodySize: configuration.maxBodySize)
      let response: HTTPResponse
      do {
        response = try await transport.send(request, limits: limits)
      } catch {
        var failure = error
        if failure.kind == .timeout {
          failure.note =
            byDeadline
            ? "the call's deadline of \(Self.seconds(configuration.deadline)) passed"
            : "no answer within the attempt timeout of \(Self.seconds(configuration.attemptTimeout))"
        }
        throw failure
      }
      guard let next = Redirect.next(after: response, of: request) else { return response }
      redirects += 1
      guard redirects <= configuration.maxRedirects else {
        throw RemoteError(
          .tooManyRedirects, url: first.url, status: response.status, headers: response.headers,
          underlying: "more than \(configuration.maxRedirects) redirects, the last to "
            + next.url.absoluteString)
      }
      request = next
    }
  }

  /// A duration as seconds for messages: `2 s`, `0.5 s`.
  static func seconds(_ duration: Duration) -> String {
    let value =
      Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    let rounded = (value * 1000).rounded() / 1000
    if let whole = Int(exactly: rounded) { return "\(whole) s" }
    return "\(rounded) s"
  }

  /// Decodes a response body as a model, below a result key path when given.
  func decode<T: JSONDecodable>(_ type: T.Type, from response: HTTPResponse, at path: String?)
    throws(RemoteError) -> T
  {
    do {
      return try T.decoded(json: response.body, at: path, options: configuration.decoding).value
    } catch {
      throw RemoteError(
        .decoding, url: response.url, status: response.status, headers: response.headers,
        body: response.body, report: error)
    }
  }

  // MARK: Fetching

  /// Fetches a model (or an array of models) at a path, below a result key path when given.
  ///
  /// - Parameters:
  ///   - type: The model type; an array type for a listing.
  ///   - path: The path below the base URL.
  ///   - query: Query items, percent-encoded.
  ///   - resultKeyPath: Where the value sits in the body, such as `photos.photo`.
  /// - Returns: The model.
  /// - Throws: ``RemoteError``; ``RemoteError/Kind-swift.struct/decoding`` carries the full
  ///   report.
  public func fetch<T: JSONDecodable>(
    _ type: T.Type, path: String, query: [URLQueryItem] = [], at resultKeyPath: String? = nil
  ) async throws(RemoteError) -> T {
    let response = try await response(.get, url: try url(for: path, query: query))
    return try decode(T.self, from: response, at: resultKeyPath)
  }

  /// Fetches one resource by its identifier: `GET <base>/<resourcePath>/<id>`, with a
  /// trailing slash when ``RemoteResource/resourcePath`` ends in one.
  ///
  /// - Parameters:
  ///   - type: The model type.
  ///   - id: The identifier, percent-encoded into the path.
  /// - Returns: The model.
  /// - Throws: ``RemoteError``.
  public func fetch<T: JSONDecodable & RemoteResource>(_ type: T.Type, id: String)
    async throws(RemoteError) -> T
  {
    let path = Self.join(T.resourcePath, Self.percentEncoded(id))
    return try await fetch(T.self, path: T.resourcePath.hasSuffix("/") ? path + "/" : path)
  }

  /// Fetches every resource of a listing: `GET <base>/<resourcePath>`, results at the type's
  /// ``RemoteResource/resultKeyPath``, and every further page when the type has a
  /// ``RemoteResource/pagination``, all within one ``Configuration/deadline``.
  ///
  /// - Parameters:
  ///   - type: The model type.
  ///   - query: Query items, percent-encoded.
  ///   - maxPages: The most pages fetched (100 by default); a listing with more is an error
  ///     (``RemoteError/Kind-swift.struct/tooManyPages``) rather than cut short silently.
  /// - Returns: The models of every page, in order.
  /// - Throws: ``RemoteError``.
  public func fetchAll<T: JSONDecodable & RemoteResource & Sendable>(
    _ type: T.Type, query: [URLQueryItem] = [], maxPages: Int = 100
  ) async throws(RemoteError) -> [T] {
    guard let pagination = T.pagination else {
      return try await fetch([T].self, path: T.resourcePath, query: query, at: T.resultKeyPath)
    }
    var pages = try self.pages(
      T.self, path: T.resourcePath, query: query, at: T.resultKeyPath, pagination: pagination
    ).makeAsyncIterator()
    pages.deadline = ContinuousClock.now + configuration.deadline
    var all: [T] = []
    while let page = try await pages.next() {
      guard page.number <= maxPages else {
        throw RemoteError(
          .tooManyPages, url: page.response.url,
          underlying: "the listing has more than \(maxPages) pages (maxPages)")
      }
      all += page.elements
    }
    return all
  }

  /// Fetches a model with the response it came in: status, header fields (`ETag`, rate limits)
  /// and the URL that answered.
  ///
  /// - Parameters:
  ///   - type: The model type; an array type for a listing.
  ///   - path: The path below the base URL.
  ///   - query: Query items, percent-encoded.
  ///   - resultKeyPath: Where the value sits in the body.
  /// - Returns: The model and its response.
  /// - Throws: ``RemoteError``.
  public func fetchResponse<T: JSONDecodable>(
    _ type: T.Type, path: String, query: [URLQueryItem] = [], at resultKeyPath: String? = nil
  ) async throws(RemoteError) -> RemoteResponse<T> {
    let response = try await response(.get, url: try url(for: path, query: query))
    return RemoteResponse(
      value: try decode(T.self, from: response, at: resultKeyPath), response: response)
  }

  static func join(_ path: String, _ component: String) -> String {
    path.hasSuffix("/") ? path + component : path + "/" + component
  }

  // MARK: Sending

  /// Sends a model as the JSON body of a request.
  ///
  /// - Parameters:
  ///   - model: The model.
  ///   - method: `POST` (default), `PUT` or `PATCH`.
  ///   - path: The path below the base URL.
  ///   - query: Query items, percent-encoded.
  /// - Returns: The response.
  /// - Throws: ``RemoteError``.
  @discardableResult
  public func send<T: JSONEncodable>(
    _ model: T, _ method: HTTPMethod = .post, path: String, query: [URLQueryItem] = []
  ) async throws(RemoteError) -> HTTPResponse {
    let target = try url(for: path, query: query)
    let body: [UInt8]
    do {
      body = try model.jsonBytes(options: configuration.encoding)
    } catch {
      var failure = RemoteError(.invalidRequest, url: target, underlying: "\(error)")
      failure.cause = error
      throw failure
    }
    return try await response(method, url: target, body: body)
  }

  /// Sends a model and decodes the model the server answers with.
  ///
  /// - Parameters:
  ///   - model: The model.
  ///   - method: `POST` (default), `PUT` or `PATCH`.
  ///   - path: The path below the base URL.
  ///   - query: Query items, percent-encoded.
  ///   - type: The type of the answer.
  ///   - resultKeyPath: Where the answer sits in the body.
  /// - Returns: The answer.
  /// - Throws: ``RemoteError``.
  public func send<T: JSONEncodable, Answer: JSONDecodable>(
    _ model: T, _ method: HTTPMethod = .post, path: String, query: [URLQueryItem] = [],
    returning type: Answer.Type, at resultKeyPath: String? = nil
  ) async throws(RemoteError) -> Answer {
    let response = try await send(model, method, path: path, query: query)
    return try decode(Answer.self, from: response, at: resultKeyPath)
  }

  /// Sends only some properties of a model as a `PATCH`: typically the key paths
  /// `update(json:)` returned.
  ///
  /// - Parameters:
  ///   - model: The model.
  ///   - changed: The key paths of the properties to send.
  ///   - path: The path below the base URL.
  ///   - query: Query items, percent-encoded.
  /// - Returns: The response.
  /// - Throws: ``RemoteError``.
  @discardableResult
  public func patch<T: JSONModel>(
    _ model: T, changed: Set<AnyKeyPath>, path: String, query: [URLQueryItem] = []
  ) async throws(RemoteError) -> HTTPResponse {
    let target = try url(for: path, query: query)
    let body: [UInt8]
    do {
      var options = configuration.encoding
      options.properties = try .including(changed, of: T.self)
      body = try model.jsonBytes(options: options)
    } catch {
      var failure = RemoteError(.invalidRequest, url: target, underlying: "\(error)")
      failure.cause = error
      throw failure
    }
    return try await response(.patch, url: target, body: body)
  }
}
