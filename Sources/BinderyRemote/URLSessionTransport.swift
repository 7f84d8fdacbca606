// URLSession's types are public API here: from FoundationNetworking on Linux, from Foundation
// on Apple platforms.
#if canImport(FoundationNetworking)
  import Foundation
  public import FoundationNetworking
#else
  public import Foundation
#endif

/// Sends requests with `URLSession` (FoundationNetworking on Linux), enforcing the timeout and
/// the body limit while the body arrives, and cancelling the exchange when its task is
/// cancelled.
public struct URLSessionTransport: HTTPTransport {
  let configuration: URLSessionConfiguration

  /// Creates a transport.
  ///
  /// - Parameter configuration: The session configuration; ephemeral (no cache, no cookies
  ///   kept) by default.
  public init(configuration: URLSessionConfiguration = .ephemeral) {
    self.configuration = configuration
  }

  /// Sends a request; see ``HTTPTransport/send(_:limits:)``.
  ///
  /// - Parameters:
  ///   - request: The request.
  ///   - limits: The timeout and the largest body accepted.
  /// - Returns: The response, whatever its status.
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
    // URLSession's own timeouts are a backstop a second later: on Linux they are whole
    // seconds (a fraction can end a request at once); the watchdog below keeps the exact one.
    let backstop = seconds.rounded(.up) + 1
    urlRequest.timeoutInterval = backstop
    let configuration = self.configuration.copy() as? URLSessionConfiguration ?? .ephemeral
    configuration.timeoutIntervalForRequest = backstop
    configuration.timeoutIntervalForResource = backstop
    let exchange = Exchange(limit: limits.maxBodySize, url: request.url)
    let session = URLSession(configuration: configuration, delegate: exchange, delegateQueue: nil)
    defer { session.finishTasksAndInvalidate() }
    let task = session.dataTask(with: urlRequest)
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

/// The state of one URLSession exchange, shared with the session's delegate queue.
///
/// `@unchecked Sendable`: every mutable property is read and written under `lock`.
final class Exchange: NSObject, URLSessionDataDelegate, @unchecked Sendable {
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

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    let http = response as? HTTPURLResponse
    let tooLarge = lock.withLock { () -> Bool in
      self.response = http
      if let length = http?.expectedContentLength, length > limit {
        stopReason = .bodyTooLarge
        return true
      }
      return false
    }
    completionHandler(tooLarge ? .cancel : .allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let tooLarge = lock.withLock { () -> Bool in
      guard stopReason == nil else { return false }
      body.append(contentsOf: data)
      if body.count > limit {
        stopReason = .bodyTooLarge
        return true
      }
      return false
    }
    if tooLarge { dataTask.cancel() }
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
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
        underlying: String(describing: error))
      failure.underlyingError = error as? URLError
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
