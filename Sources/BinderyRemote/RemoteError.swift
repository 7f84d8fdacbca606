public import Bindery
public import Foundation

/// Why a remote call failed: one error type for every failure, with what is known about the
/// request and response.
///
/// ```swift
/// do {
///     let tags = try await client.fetchAll(Tag.self)
/// } catch {
///     switch error.kind {
///     case .httpStatus: print(error.status ?? 0, error.bodyExcerpt)
///     case .decoding: print(error.report ?? "")
///     default: print(error)
///     }
/// }
/// ```
public struct RemoteError: Error, Sendable, CustomStringConvertible {
  /// The category of a ``RemoteError``.
  public struct Kind: Sendable, Hashable, CustomStringConvertible {
    enum Code: String, Sendable, Hashable {
      case transport, timeout, httpStatus, decoding, cancelled, bodyTooLarge, invalidRequest
      case tooManyRedirects, tooManyPages
    }
    let code: Code

    /// The connection failed (see ``RemoteError/underlying``).
    public static let transport = Kind(code: .transport)
    /// The exchange took longer than the timeout.
    public static let timeout = Kind(code: .timeout)
    /// The server answered with a status outside 200–299.
    public static let httpStatus = Kind(code: .httpStatus)
    /// The body is not the JSON the model expects (see ``RemoteError/report``).
    public static let decoding = Kind(code: .decoding)
    /// The task was cancelled.
    public static let cancelled = Kind(code: .cancelled)
    /// The body was larger than the configured maximum.
    public static let bodyTooLarge = Kind(code: .bodyTooLarge)
    /// An attempt was redirected more often than ``ResourceClient/Configuration/maxRedirects``.
    public static let tooManyRedirects = Kind(code: .tooManyRedirects)
    /// A listing had more pages than the caller allowed.
    public static let tooManyPages = Kind(code: .tooManyPages)
    /// The request could not be built (a path that makes no URL, a model that cannot be
    /// encoded).
    public static let invalidRequest = Kind(code: .invalidRequest)

    /// The kind's name.
    public var description: String { code.rawValue }
  }

  /// The category.
  public var kind: Kind
  /// The URL of the request.
  public var url: URL?
  /// The status code, for ``Kind-swift.struct/httpStatus`` (and decoding failures).
  public var status: Int?
  /// The response's header fields, names lower-cased, when there was a response.
  public var headers: [String: String]
  /// The start of the response body (at most 4 KB), as text.
  public var bodyExcerpt: String
  /// The decoding report, for ``Kind-swift.struct/decoding``.
  public var report: JSONDecodingError?
  /// A description of the underlying error, for transport failures.
  public var underlying: String
  /// The error behind the failure, when there is one: a `URLError` from
  /// ``URLSessionTransport``, an AsyncHTTPClient or SwiftNIO error, the `JSONWriteError` of a
  /// request body that could not be written.
  public var cause: (any Error)?
  /// How many attempts were made.
  public var attempts: Int
  /// What the client adds about the failure, such as which deadline passed or why it was not
  /// retried; empty when there is nothing to add.
  public var note: String

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - kind: The category.
  ///   - url: The request's URL.
  ///   - status: The status code, if a response came.
  ///   - headers: The response's header fields.
  ///   - body: The response body; only its first 4 KB are kept.
  ///   - report: The decoding report.
  ///   - underlying: A description of the underlying error.
  public init(
    _ kind: Kind, url: URL?, status: Int? = nil, headers: [String: String] = [:],
    body: [UInt8] = [], report: JSONDecodingError? = nil, underlying: String = ""
  ) {
    self.kind = kind
    self.url = url
    self.status = status
    self.headers = headers
    self.bodyExcerpt = String(decoding: body.prefix(Self.excerptLimit), as: UTF8.self)
    self.report = report
    self.underlying = underlying
    self.cause = nil
    self.attempts = 1
    self.note = ""
  }

  /// The most body bytes an error keeps.
  public static let excerptLimit = 4096

  /// What failed, for which URL, with the status and cause, how many attempts were made, and
  /// the client's note.
  public var description: String {
    let target = url?.absoluteString ?? "?"
    var text: String
    switch kind.code {
    case .httpStatus:
      let body = bodyExcerpt.isEmpty ? "" : ": " + bodyExcerpt.prefix(200)
      text = "HTTP \(status ?? 0) from \(target)\(body)"
    case .decoding:
      text =
        "the response from \(target) did not decode: "
        + (report.map(String.init(describing:)) ?? underlying)
    case .timeout: text = "\(target) did not answer in time"
    case .cancelled: text = "the request to \(target) was cancelled"
    case .bodyTooLarge: text = "the response from \(target) is larger than allowed (\(underlying))"
    case .transport: text = "could not reach \(target): \(underlying)"
    case .invalidRequest: text = "invalid request for \(target): \(underlying)"
    case .tooManyRedirects: text = "\(target) redirected too often: \(underlying)"
    case .tooManyPages: text = "the listing at \(target) is longer than allowed: \(underlying)"
    }
    if attempts > 1 { text += " (after \(attempts) attempts)" }
    if !note.isEmpty { text += "; " + note }
    return text
  }
}

/// Transport failures in words, with what to try: shared by the transports so that a cause
/// reads the same whichever one met it.
package enum TransportCause {
  package static let refused =
    "the connection was refused (is the server running, and is the port right?)"
  package static let unresolved =
    "the host name could not be resolved (check its spelling and the network)"
  package static let closedEarly =
    "the connection closed before the response was complete (the server may have stopped; "
    + "idempotent requests are retried)"
}
