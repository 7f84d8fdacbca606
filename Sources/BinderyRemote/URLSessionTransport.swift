// URLSession's types are public API here: from FoundationNetworking on Linux, from Foundation
// on Apple platforms.
#if canImport(FoundationNetworking)
  import Foundation
  public import FoundationNetworking
#else
  public import Foundation
#endif

/// Sends requests with one long-lived `URLSession` (FoundationNetworking on Linux), so that
/// connections are kept alive and reused between requests; enforces the timeout and the body
/// limit while the body arrives, and cancels an exchange when its task is cancelled.
///
/// Redirects are not followed here: the 3xx response is returned, and ``ResourceClient``
/// follows it with the same rules on every platform (URLSession on Linux resolves a relative
/// `Location` wrongly).
///
/// The session lives as long as the transport; keep one transport (or one client) for many
/// requests rather than one per request.
public final class URLSessionTransport: HTTPTransport {
  private let session: URLSession
  private let router: ExchangeRouter

  /// Creates a transport and its session.
  ///
  /// - Parameter configuration: The session configuration; ephemeral (no cache, no cookies
  ///   kept) by default. The transport sets the request timeouts itself.
  public init(configuration: URLSessionConfiguration = .ephemeral) {
    let configuration = configuration.copy() as? URLSessionConfiguration ?? .ephemeral
    // Each request carries its own timeout (see `send`); the session's must not end it first.
    configuration.timeoutIntervalForResource = 7 * 24 * 3600
    router = ExchangeRouter()
    session = URLSession(configuration: configuration, delegate: router, delegateQueue: nil)
  }

  deinit {
    // The session keeps its delegate until it is invalidated.
    session.finishTasksAndInvalidate()
  }

  /// Sends a request; see ``HTTPTransport/send(_:limits:)``.
  ///
  /// - Parameters:
  ///   - request: The request.
  ///   - limits: The timeout and the largest body accepted.
  /// - Returns: The response, whatever its status (3xx included: redirects are not followed).
  /// - Throws: ``RemoteError`` for transport failures, timeouts, bodies over the limit and
  ///   cancellation.
  public func send(_ request: HTTPRequest, limits: TransportLimits) async throws(RemoteError)
    -> HTTPResponse
  {
    let urlRequest = Self.urlRequest(for: request, timeout: limits.timeout)
    let exchange = Exchange(limit: limits.maxBodySize, url: request.url)
    let task = session.dataTask(with: urlRequest)
    router.register(exchange, for: task)
    defer { router.remove(task) }
    // A deadline of our own, exact to the millisecond; ended as soon as the exchange is.
    let watchdog = Task {
      try await Task.sleep(for: limits.timeout)
      if exchange.expire() { task.cancel() }
    }
    defer { watchdog.cancel() }
    let result: Result<HTTPResponse, RemoteError> = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        exchange.start(continuation)
        task.resume()
      }
    } onCancel: {
      if exchange.cancel() { task.cancel() }
    }
    return try result.get()
  }
}

/// The session's delegate: hands each task's events to its ``Exchange``.
///
/// `@unchecked Sendable`: `exchanges` is read and written under `lock` only.
/// What the session's delegate tells an exchange, whole or streamed.
protocol SessionExchange: AnyObject, Sendable {
  /// The head has come; `false` cancels the task.
  func received(_ response: URLResponse) -> Bool
  /// Body bytes have come; `false` cancels the task.
  func received(_ data: Data) -> Bool
  /// The task ended, with an error or none.
  func complete(_ error: Error?)
}

extension URLSessionTransport {
  /// The `URLRequest` for a request.
  static func urlRequest(for request: HTTPRequest, timeout: Duration) -> URLRequest {
    var urlRequest = URLRequest(url: request.url)
    urlRequest.httpMethod = request.method.rawValue
    for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
    if let body = request.body { urlRequest.httpBody = Data(body) }
    let seconds =
      Double(timeout.components.seconds) + Double(timeout.components.attoseconds) * 1e-18
    // URLSession's own timeout is a backstop a second later: on Linux it is whole seconds (a
    // fraction can end a request at once); the callers' watchdogs keep the exact one.
    urlRequest.timeoutInterval = seconds.rounded(.up) + 1
    return urlRequest
  }

  /// Sends a request and returns when the head has come; the body's chunks are read as they
  /// arrive, and the task is suspended while the reader is behind by more than 4 MiB.
  ///
  /// - Parameters:
  ///   - request: The request.
  ///   - limits: The timeout for the head.
  /// - Returns: The status, header fields and body.
  /// - Throws: ``RemoteError`` for transport failures, timeouts and cancellation before the
  ///   head.
  public func stream(_ request: HTTPRequest, limits: TransportLimits) async throws(RemoteError)
    -> HTTPStreamingResponse
  {
    var urlRequest = Self.urlRequest(for: request, timeout: limits.timeout)
    // Once the head is in, the body may take as long as the reader does.
    urlRequest.timeoutInterval = 7 * 24 * 3600
    let task = session.dataTask(with: urlRequest)
    let exchange = StreamingExchange(url: request.url, task: task, router: router)
    router.register(exchange, for: task)
    let watchdog = Task {
      try await Task.sleep(for: limits.timeout)
      exchange.failHead(RemoteError(.timeout, url: request.url))
    }
    defer { watchdog.cancel() }
    let head: Result<HTTPURLResponse, RemoteError> = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        exchange.waitForHead(continuation)
        task.resume()
      }
    } onCancel: {
      exchange.failHead(RemoteError(.cancelled, url: request.url))
    }
    let response = try head.get()
    let headers = response.allHeaderFields.reduce(into: [String: String]()) {
      if let name = $1.key as? String, let value = $1.value as? String {
        $0[name.lowercased()] = value
      }
    }
    let reader = StreamingExchange.Reader(exchange)
    return HTTPStreamingResponse(
      status: response.statusCode, headers: headers, url: response.url ?? request.url,
      body: HTTPBodyStream(next: { try await reader.next() }))
  }
}

/// One streamed exchange. The head resumes `stream`; body chunks queue until read, and the
/// task is suspended while more than ``highWater`` bytes wait, resumed below ``lowWater``.
final class StreamingExchange: SessionExchange, @unchecked Sendable {
  // @unchecked: every stored `var` is read and written under `lock` only.
  static let highWater = 4 << 20
  static let lowWater = 1 << 20

  private let lock = NSLock()
  private let url: URL
  private let task: URLSessionDataTask
  private let router: ExchangeRouter
  private var head: CheckedContinuation<Result<HTTPURLResponse, RemoteError>, Never>?
  private var headDone = false
  private var chunks: [[UInt8]] = []
  private var chunkIndex = 0
  private var buffered = 0
  private var isSuspended = false
  private var reader: CheckedContinuation<Result<[UInt8]?, RemoteError>, Never>?
  private var ending: Result<Void, RemoteError>?

  init(url: URL, task: URLSessionDataTask, router: ExchangeRouter) {
    self.url = url
    self.task = task
    self.router = router
  }

  func waitForHead(_ continuation: CheckedContinuation<Result<HTTPURLResponse, RemoteError>, Never>)
  {
    let early: RemoteError? = lock.withLock {
      // Ended before the task started (cancelled at once): the head will never come.
      if case .failure(let error) = ending { return error }
      head = continuation
      return nil
    }
    if let early { continuation.resume(returning: .failure(early)) }
  }

  /// Ends the exchange before its head came (a timeout, a cancellation); nothing once it has.
  func failHead(_ error: RemoteError) {
    let (pending, continuation) = lock.withLock {
      () -> (Bool, CheckedContinuation<Result<HTTPURLResponse, RemoteError>, Never>?) in
      guard !headDone else { return (false, nil) }
      headDone = true
      ending = .failure(error)
      defer { head = nil }
      return (true, head)
    }
    guard pending else { return }
    task.cancel()
    router.remove(task)
    continuation?.resume(returning: .failure(error))
  }

  func received(_ response: URLResponse) -> Bool {
    let continuation = lock.withLock {
      () -> CheckedContinuation<Result<HTTPURLResponse, RemoteError>, Never>? in
      guard !headDone else { return nil }
      headDone = true
      defer { head = nil }
      return head
    }
    guard let http = response as? HTTPURLResponse else {
      continuation?.resume(
        returning: .failure(RemoteError(.transport, url: url, underlying: "no HTTP response")))
      return false
    }
    continuation?.resume(returning: .success(http))
    return true
  }

  func received(_ data: Data) -> Bool {
    let bytes = [UInt8](data)
    let (waiting, suspend) = lock.withLock {
      () -> (CheckedContinuation<Result<[UInt8]?, RemoteError>, Never>?, Bool) in
      if let reader {
        self.reader = nil
        return (reader, false)
      }
      chunks.append(bytes)
      buffered += bytes.count
      guard buffered > Self.highWater, !isSuspended else { return (nil, false) }
      isSuspended = true
      return (nil, true)
    }
    waiting?.resume(returning: .success(bytes))
    if suspend { task.suspend() }
    return true
  }

  func complete(_ error: Error?) {
    router.remove(task)
    let failure = error.map { Exchange.failure($0, url: url) }
    let (head, waiting) = lock.withLock {
      () -> (
        CheckedContinuation<Result<HTTPURLResponse, RemoteError>, Never>?,
        CheckedContinuation<Result<[UInt8]?, RemoteError>, Never>?
      ) in
      if ending == nil { ending = failure.map { .failure($0) } ?? .success(()) }
      let head = headDone ? nil : self.head
      headDone = true
      self.head = nil
      defer { reader = nil }
      return (head, reader)
    }
    head?.resume(
      returning: .failure(
        failure ?? RemoteError(.transport, url: url, underlying: "no HTTP response")))
    waiting?.resume(returning: failure.map { .failure($0) } ?? .success(nil))
  }

  /// The next chunk of the body, `nil` at its end.
  func next() async throws(RemoteError) -> [UInt8]? {
    let result: Result<[UInt8]?, RemoteError> = await withCheckedContinuation { continuation in
      let (ready, resume): (Result<[UInt8]?, RemoteError>?, Bool) = lock.withLock {
        if chunkIndex < chunks.count {
          let chunk = chunks[chunkIndex]
          chunks[chunkIndex] = []
          chunkIndex += 1
          if chunkIndex == chunks.count {
            chunks.removeAll(keepingCapacity: true)
            chunkIndex = 0
          }
          buffered -= chunk.count
          let resume = isSuspended && buffered < Self.lowWater
          if resume { isSuspended = false }
          return (.success(chunk), resume)
        }
        switch ending {
        case .failure(let error): return (.failure(error), false)
        case .success: return (.success(nil), false)
        case nil:
          reader = continuation
          return (nil, false)
        }
      }
      if resume { task.resume() }
      if let ready { continuation.resume(returning: ready) }
    }
    return try result.get()
  }

  /// Cancels the exchange when the body is no longer read.
  func abandon() {
    let running = lock.withLock { ending == nil }
    if running { task.cancel() }
  }

  /// The body's reader: cancels the exchange when the last reference to it goes.
  final class Reader: Sendable {
    let exchange: StreamingExchange

    init(_ exchange: StreamingExchange) { self.exchange = exchange }

    deinit { exchange.abandon() }

    func next() async throws(RemoteError) -> [UInt8]? { try await exchange.next() }
  }
}

final class ExchangeRouter: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  private let lock = NSLock()
  private var exchanges: [Int: any SessionExchange] = [:]

  func register(_ exchange: any SessionExchange, for task: URLSessionTask) {
    lock.withLock { exchanges[task.taskIdentifier] = exchange }
  }

  func remove(_ task: URLSessionTask) {
    _ = lock.withLock { exchanges.removeValue(forKey: task.taskIdentifier) }
  }

  private func exchange(for task: URLSessionTask) -> (any SessionExchange)? {
    lock.withLock { exchanges[task.taskIdentifier] }
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    guard let exchange = exchange(for: dataTask) else { return completionHandler(.cancel) }
    completionHandler(exchange.received(response) ? .allow : .cancel)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    if exchange(for: dataTask)?.received(data) == false { dataTask.cancel() }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask,
    willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
    completionHandler: @escaping (URLRequest?) -> Void
  ) {
    // The redirect response itself is the answer; `ResourceClient` follows it.
    completionHandler(nil)
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
    exchange(for: task)?.complete(error)
  }
}

/// The state of one URLSession exchange, shared with the session's delegate queue.
///
/// `@unchecked Sendable`: every mutable property is read and written under `lock`.
final class Exchange: SessionExchange, @unchecked Sendable {
  private let lock = NSLock()
  private let limit: Int
  private let url: URL
  private var body: [UInt8] = []
  private var response: HTTPURLResponse?
  private var continuation: CheckedContinuation<Result<HTTPResponse, RemoteError>, Never>?
  /// Why the exchange was stopped early, if it was.
  private var stopReason: RemoteError.Kind?
  private var finished = false

  init(limit: Int, url: URL) {
    self.limit = limit
    self.url = url
  }

  func start(_ continuation: CheckedContinuation<Result<HTTPResponse, RemoteError>, Never>) {
    lock.withLock { self.continuation = continuation }
  }

  /// Marks the exchange timed out; returns whether it was still running.
  func expire() -> Bool { stop(.timeout) }

  /// Marks the exchange cancelled; returns whether it was still running.
  func cancel() -> Bool { stop(.cancelled) }

  private func stop(_ reason: RemoteError.Kind) -> Bool {
    lock.withLock {
      guard !finished, stopReason == nil else { return false }
      stopReason = reason
      return true
    }
  }

  /// Records the response head; returns false when the body is announced too large.
  func received(_ response: URLResponse) -> Bool {
    let http = response as? HTTPURLResponse
    return lock.withLock { () -> Bool in
      self.response = http
      if let length = http?.expectedContentLength, length > limit {
        stopReason = .bodyTooLarge
        return false
      }
      return true
    }
  }

  /// Appends body bytes; returns false when the body has grown too large.
  func received(_ data: Data) -> Bool {
    lock.withLock { () -> Bool in
      guard stopReason == nil else { return true }
      body.append(contentsOf: data)
      if body.count > limit {
        stopReason = .bodyTooLarge
        return false
      }
      return true
    }
  }

  /// Ends the exchange and resumes its caller.
  func complete(_ error: Error?) {
    let (continuation, result) = lock.withLock {
      () -> (
        CheckedContinuation<Result<HTTPResponse, RemoteError>, Never>?,
        Result<HTTPResponse, RemoteError>
      ) in
      finished = true
      let continuation = self.continuation
      self.continuation = nil
      return (continuation, outcome(error))
    }
    continuation?.resume(returning: result)
  }

  /// A transport error as a `RemoteError`: its kind, the cause in words, and the `URLError`.
  static func failure(
    _ error: any Error, url: URL, status: Int? = nil, headers: [String: String] = [:],
    body: [UInt8] = []
  ) -> RemoteError {
    let code = (error as? URLError)?.code
    let kind: RemoteError.Kind =
      code == .timedOut ? .timeout : code == .cancelled ? .cancelled : .transport
    var failure = RemoteError(
      kind, url: url, status: status, headers: headers, body: body,
      underlying: cause(of: error))
    failure.cause = error as? URLError
    return failure
  }

  /// A transport failure in words, with what to try: `URLError`'s own description is a dump
  /// of its user-info dictionary on Linux.
  static func cause(of error: any Error) -> String {
    guard let code = (error as? URLError)?.code else { return "\(error)" }
    switch code {
    case .cannotConnectToHost:
      return TransportCause.refused
    case .cannotFindHost, .dnsLookupFailed:
      return TransportCause.unresolved
    case .notConnectedToInternet: return "there is no network connection"
    case .networkConnectionLost:
      return TransportCause.closedEarly
    case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
      .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected:
      return "the TLS connection failed (URLError \(code.rawValue)): check the certificate and "
        + "the https address"
    case .badServerResponse: return "the server's response is not valid HTTP"
    case .timedOut: return "the connection timed out"
    case .badURL, .unsupportedURL: return "the URL cannot be requested (URLError \(code.rawValue))"
    default: return "URLError \(code.rawValue): \(error.localizedDescription)"
    }
  }

  /// The result of the finished exchange; called under `lock`.
  private func outcome(_ error: Error?) -> Result<HTTPResponse, RemoteError> {
    let headers = (response?.allHeaderFields ?? [:]).reduce(into: [String: String]()) {
      if let name = $1.key as? String, let value = $1.value as? String {
        $0[name.lowercased()] = value
      }
    }
    if let reason = stopReason {
      let detail = reason == .bodyTooLarge ? "more than \(limit) bytes" : ""
      return .failure(
        RemoteError(
          reason, url: url, status: response?.statusCode, headers: headers, underlying: detail))
    }
    if let error {
      return .failure(
        Self.failure(error, url: url, status: response?.statusCode, headers: headers, body: body))
    }
    guard let response else {
      return .failure(RemoteError(.transport, url: url, underlying: "no HTTP response"))
    }
    return .success(
      HTTPResponse(
        status: response.statusCode, headers: headers, body: body, url: response.url ?? url))
  }
}
