import BinderyRemote
import Foundation
import Testing

@Suite struct RetryPolicyTests {
  let url = URL(string: "https://example.com/x")!

  func failure(_ status: Int?, retryAfter: String? = nil, kind: RemoteError.Kind = .httpStatus)
    -> RemoteError
  {
    RemoteError(
      kind, url: url, status: status, headers: retryAfter.map { ["retry-after": $0] } ?? [:])
  }

  @Test func backoffGrowsAndIsCapped() {
    let policy = RetryPolicy(
      maxAttempts: 10, initialDelay: .milliseconds(100), multiplier: 3, maxDelay: .seconds(1))
    let delays = (1...4).map { policy.delay(after: failure(503), attempt: $0) }
    #expect(delays == [.milliseconds(100), .milliseconds(300), .milliseconds(900), .seconds(1)])
  }

  @Test func retryAfterInSecondsOrAsAnHTTPDateWins() {
    let policy = RetryPolicy(maxDelay: .seconds(60))
    #expect(policy.delay(after: failure(429, retryAfter: "7"), attempt: 1) == .seconds(7))
    #expect(policy.delay(after: failure(429, retryAfter: "3600"), attempt: 1) == .seconds(60))
    let now = Date(timeIntervalSince1970: 784_111_777)  // Sun, 06 Nov 1994 08:49:37 GMT
    let date = policy.delay(
      after: failure(503, retryAfter: "Sun, 06 Nov 1994 08:49:49 GMT"), attempt: 1, now: now)
    #expect(date == .seconds(12))
  }

  @Test(arguments: ["1e300", "inf", "1e19", "99999999999999999999", "nan", "-1", "soon"])
  func aRetryAfterNoClockHoldsWaitsTheLongestDelayOrIsIgnored(value: String) {
    let policy = RetryPolicy(initialDelay: .milliseconds(250), maxDelay: .seconds(60))
    let delay = policy.delay(after: failure(503, retryAfter: value), attempt: 1)
    // Values that parse as huge numbers wait the longest delay; the rest fall back to backoff.
    let huge = ["1e300", "inf", "1e19", "99999999999999999999"].contains(value)
    #expect(delay == (huge ? .seconds(60) : .milliseconds(250)))
  }

  @Test func aBackoffGrownPastAnyClockIsCapped() {
    let policy = RetryPolicy(
      maxAttempts: 5000, initialDelay: .seconds(1), multiplier: 10, maxDelay: .seconds(30))
    #expect(policy.delay(after: failure(503), attempt: 4000) == .seconds(30))
  }

  @Test func onlyIdempotentRequestsAndRetryableFailuresAreRetried() {
    let policy = RetryPolicy(maxAttempts: 3)
    #expect(policy.shouldRetry(failure(503), method: .get, attempt: 1))
    #expect(policy.shouldRetry(failure(nil, kind: .timeout), method: .put, attempt: 2))
    #expect(!policy.shouldRetry(failure(503), method: .get, attempt: 3))
    #expect(!policy.shouldRetry(failure(503), method: .post, attempt: 1))
    #expect(!policy.shouldRetry(failure(503), method: .patch, attempt: 1))
    #expect(!policy.shouldRetry(failure(404), method: .get, attempt: 1))
    #expect(!policy.shouldRetry(failure(nil, kind: .decoding), method: .get, attempt: 1))
    #expect(!RetryPolicy.none.shouldRetry(failure(503), method: .get, attempt: 1))
  }
}

// Compile-only: the public values of BinderyRemote are Sendable.
@Suite struct RemoteSendableTests {
  @Test func publicValuesAreSendable() {
    func requireSendable<T: Sendable>(_: T.Type) {}
    requireSendable(ResourceClient.self)
    requireSendable(ResourceClient.Configuration.self)
    requireSendable(RemoteError.self)
    requireSendable(RetryPolicy.self)
    requireSendable(Pagination.self)
    requireSendable(HTTPRequest.self)
    requireSendable(HTTPResponse.self)
    requireSendable(HTTPMethod.self)
    requireSendable(TransportLimits.self)
    requireSendable(URLSessionTransport.self)
  }
}

/// A transport of one's own: canned answers, every request recorded.
actor CannedTransport: HTTPTransport {
  var requests: [HTTPRequest] = []
  let answers: [String: (Int, String)]

  init(_ answers: [String: (Int, String)]) { self.answers = answers }

  func send(_ request: HTTPRequest, limits: TransportLimits) async throws(RemoteError)
    -> HTTPResponse
  {
    requests.append(request)
    guard let (status, body) = answers[request.url.path] else {
      throw RemoteError(.transport, url: request.url, underlying: "no canned answer")
    }
    return HTTPResponse(status: status, body: Array(body.utf8), url: request.url)
  }
}

@Suite(.timeLimit(.minutes(1))) struct PluggableTransportTests {
  @Test func aCustomTransportServesTheClient() async throws {
    let transport = CannedTransport([
      "/v1/tag": (
        200, #"{"objects": [{"id": 1, "name": "a", "resource_uri": "/t/1", "slug": "a"}]}"#
      )
    ])
    let client = ResourceClient(
      baseURL: URL(string: "https://api.example.com/v1/")!,
      configuration: .init(retry: RetryPolicy(initialDelay: .milliseconds(5))),
      transport: transport)
    let tags = try await client.fetchAll(RemoteTag.self)
    #expect(tags.map(\.remoteId) == [1])
    let request = try #require(await transport.requests.first)
    #expect(request.method == .get)
    #expect(request.headers["Accept"] == "application/json")
    #expect(request.url.absoluteString == "https://api.example.com/v1/tag")
    let error = await #expect(throws: RemoteError.self) {
      try await client.fetch(RemoteTag.self, id: "2")
    }
    #expect(error?.kind == .transport)
    #expect(error?.attempts == 3)
  }
}
