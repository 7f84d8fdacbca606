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
    #expect(Bool(true))
  }
}
