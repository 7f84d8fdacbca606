public import Foundation

/// When and how a failed idempotent request is tried again: exponential backoff, honouring a
/// server's `Retry-After`. Non-idempotent requests (`POST`, `PATCH`) are never retried.
public struct RetryPolicy: Sendable, Hashable {
  /// The most attempts in all, the first included; 1 turns retries off.
  public var maxAttempts: Int
  /// The delay before the second attempt.
  public var initialDelay: Duration
  /// How much each further delay grows.
  public var multiplier: Double
  /// The longest delay, whether computed or asked for by `Retry-After`.
  public var maxDelay: Duration
  /// Status codes worth retrying.
  public var retryableStatuses: Set<Int>

  /// Creates a policy.
  ///
  /// - Parameters:
  ///   - maxAttempts: The most attempts in all.
  ///   - initialDelay: The delay before the second attempt.
  ///   - multiplier: How much each further delay grows.
  ///   - maxDelay: The longest delay.
  ///   - retryableStatuses: Status codes worth retrying.
  public init(
    maxAttempts: Int = 3, initialDelay: Duration = .milliseconds(500), multiplier: Double = 2,
    maxDelay: Duration = .seconds(30), retryableStatuses: Set<Int> = [408, 429, 500, 502, 503, 504]
  ) {
    self.maxAttempts = max(1, maxAttempts)
    self.initialDelay = initialDelay
    self.multiplier = multiplier
    self.maxDelay = maxDelay
    self.retryableStatuses = retryableStatuses
  }

  /// No retries.
  public static let none = RetryPolicy(maxAttempts: 1)

  /// Whether a failure may be retried.
  ///
  /// - Parameters:
  ///   - error: The failure.
  ///   - method: The request's method.
  ///   - attempt: The 1-based number of the attempt that failed.
  /// - Returns: True when the request may be sent again.
  public func shouldRetry(_ error: RemoteError, method: HTTPMethod, attempt: Int) -> Bool {
    guard method.isIdempotent, attempt < maxAttempts else { return false }
    if error.kind == .httpStatus { return retryableStatuses.contains(error.status ?? 0) }
    return error.kind == .transport || error.kind == .timeout
  }

  /// The delay before the next attempt: `Retry-After` when the server gives one (seconds or an
  /// HTTP date), else the backoff for this attempt; never more than ``maxDelay``.
  ///
  /// - Parameters:
  ///   - error: The failure.
  ///   - attempt: The 1-based number of the attempt that failed.
  ///   - now: The current time, for an HTTP-date `Retry-After`.
  /// - Returns: How long to wait.
  public func delay(after error: RemoteError, attempt: Int, now: Date = Date()) -> Duration {
    if let value = error.headers["retry-after"]?.trimmingCharacters(in: .whitespaces) {
      if let seconds = Double(value), seconds >= 0 {
        return capped(seconds: seconds)
      }
      if let date = Self.httpDate(value) {
        return capped(seconds: max(0, date.timeIntervalSince(now)))
      }
    }
    let factor = pow(multiplier, Double(max(0, attempt - 1)))
    // The cap is checked in seconds first: a product past what `Duration` holds would trap.
    guard Self.seconds(of: initialDelay) * factor < Self.seconds(of: maxDelay) else {
      return maxDelay
    }
    return initialDelay * factor
  }

  /// `seconds` as a duration, at most ``maxDelay``: a server's `Retry-After: 1e300` (or a
  /// backoff grown past any clock) waits the longest delay rather than overflowing.
  private func capped(seconds: Double) -> Duration {
    let longest = Self.seconds(of: maxDelay)
    // Also true for NaN and infinity: the comparison is false for both.
    guard seconds < longest else { return maxDelay }
    return .seconds(max(0, seconds))
  }

  private static func seconds(of duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
  }

  /// Parses an IMF-fixdate such as `Sun, 06 Nov 1994 08:49:37 GMT`.
  static func httpDate(_ text: String) -> Date? {
    let parts = text.split(separator: " ")
    let months = [
      "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]
    guard parts.count == 6, let day = Int(parts[1]),
      let month = months.firstIndex(of: String(parts[2])),
      let year = Int(parts[3])
    else { return nil }
    let time = parts[4].split(separator: ":").compactMap { Int($0) }
    guard time.count == 3 else { return nil }
    var components = DateComponents()
    (components.year, components.month, components.day) = (year, month + 1, day)
    (components.hour, components.minute, components.second) = (time[0], time[1], time[2])
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "GMT") ?? calendar.timeZone
    return calendar.date(from: components)
  }
}
