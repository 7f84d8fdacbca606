import Bindery
import Foundation

/// A small in-memory cache of `GET` responses that carry an `ETag` or `Last-Modified`, for
/// conditional requests: with a cache, ``ResourceClient`` sends `If-None-Match` and
/// `If-Modified-Since`, and a `304 Not Modified` answer returns the cached body, decoded again.
///
/// ```swift
/// let client = ResourceClient(
///     baseURL: URL(string: "https://api.example.com/v1/")!,
///     configuration: .init(cache: ResponseCache(maxEntries: 200)))
/// ```
///
/// Entries are kept per URL (query included) until the cache is full, when the least
/// recently used one goes. `Vary` is not looked at: do not share one cache between clients
/// whose requests differ in the headers a server varies on (credentials, language).
public final class ResponseCache: Sendable {
  private struct Entry {
    var response: HTTPResponse
    var lastUse: UInt64
  }

  private let state: Locked<Contents>
  /// The most responses kept.
  public let maxEntries: Int

  /// Creates an empty cache.
  ///
  /// - Parameter maxEntries: The most responses kept (at least 1).
  public init(maxEntries: Int = 100) {
    self.maxEntries = max(1, maxEntries)
    state = Locked(Contents())
  }

  /// How many responses are kept.
  public var count: Int { state.withLock { $0.entries.count } }

  /// Removes every response.
  public func removeAll() { state.withLock { $0.entries.removeAll() } }

  /// The validators to send for a URL: `If-None-Match` and `If-Modified-Since`.
  func conditionalHeaders(for url: URL) -> [String: String] {
    state.withLock { contents in
      guard let response = contents.entries[url.absoluteString]?.response else { return [:] }
      var headers: [String: String] = [:]
      if let tag = response.header("ETag") { headers["If-None-Match"] = tag }
      if let modified = response.header("Last-Modified") {
        headers["If-Modified-Since"] = modified
      }
      return headers
    }
  }

  /// Keeps a successful response that has a validator.
  func store(_ response: HTTPResponse, for url: URL) {
    guard response.header("ETag") != nil || response.header("Last-Modified") != nil else {
      return
    }
    state.withLock { contents in
      contents.clock += 1
      contents.entries[url.absoluteString] = Entry(response: response, lastUse: contents.clock)
      if contents.entries.count > maxEntries,
        let oldest = contents.entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key
      {
        contents.entries.removeValue(forKey: oldest)
      }
    }
  }

  /// The cached response a `304` confirms, with the `304`'s header fields applied (RFC 9111
  /// §4.3.4), or `nil` when nothing is cached for the URL.
  func revalidated(by notModified: HTTPResponse, for url: URL) -> HTTPResponse? {
    state.withLock { contents in
      guard var entry = contents.entries[url.absoluteString] else { return nil }
      for (name, value) in notModified.headers where name != "content-length" {
        entry.response.headers[name] = value
      }
      contents.clock += 1
      entry.lastUse = contents.clock
      contents.entries[url.absoluteString] = entry
      var response = entry.response
      response.isFromCache = true
      return response
    }
  }

  /// What the cache holds, behind its lock.
  private struct Contents: Sendable {
    var entries: [String: Entry] = [:]
    var clock: UInt64 = 0
  }
}
