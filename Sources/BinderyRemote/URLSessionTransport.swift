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
    var urlRequest = URLRequest(url: request.url)
    urlRequest.httpMethod = request.method.rawValue
    for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
    if let body = request.body { urlRequest.httpBody = Data(body) }
    let seconds =
      Double(limits.timeout.components.seconds)
      + Double(limits.timeout.components.attoseconds) * 1e-18
    // URLSession's own timeout is a backstop a second later: on Linux it is whole seconds (a
    // fraction can end a request at once); the watchdog below keeps the exact one.
    urlRequest.timeoutInterval = seconds.rounded(.up) + 1
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
final class ExchangeRouter: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  private let lock = NSLock()
  private var exchanges: [Int: Exchange] = [:]

  func register(_ exchange: Exchange, for task: URLSessionTask) {
    lock.withLock { exchanges[task.taskIdentifier] = exchange }
  }

  func remove(_ task: URLSessionTask) {
    _ = lock.withLock { exchanges.removeValue(forKey: task.taskIdentifier) }
  }

  private func exchange(for task: URLSessionTask) -> Exchange? {
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
final class Exchange: @unchecked Sendable {
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
      let code = (error as? URLError)?.code
      let kind: RemoteError.Kind =
        code == .timedOut ? .timeout : code == .cancelled ? .cancelled : .transport
      var failure = RemoteError(
        kind, url: url, status: response?.statusCode, headers: headers, body: body,
        underlying: Self.cause(of: error))
      failure.cause = error as? URLError
      return .failure(failure)
    }
    guard let response else {
      return .failure(RemoteError(.transport, url: url, underlying: "no HTTP response"))
    }
    return .success(
      HTTPResponse(
        status: response.statusCode, headers: headers, body: body, url: response.url ?? url))
  }
}
