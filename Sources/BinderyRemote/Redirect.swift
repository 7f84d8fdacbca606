import Foundation

/// How a redirect is followed (RFC 9110 §15.4): by ``ResourceClient`` itself, so that every
/// transport and platform follows the same rules.
enum Redirect {
  /// Header fields that carry credentials: never sent to another origin.
  static let credentialFields: Set<String> = ["authorization", "proxy-authorization", "cookie"]

  /// The request a redirect response leads to, or `nil` when the response is not a redirect
  /// to follow (another status, or no usable `Location`).
  ///
  /// - 301, 302: the same request, but a `POST` becomes a `GET` without its body (what every
  ///   client does, and RFC 9110 allows).
  /// - 303: a `GET` (a `HEAD` stays a `HEAD`) without a body.
  /// - 307, 308: the same method and body.
  /// - A relative `Location` (`/api/v1/tag/`) resolves against the URL that answered, per
  ///   RFC 3986. Credentials (`Authorization`, `Proxy-Authorization`, `Cookie`) are dropped
  ///   when the scheme, host or port changes.
  static func next(after response: HTTPResponse, of request: HTTPRequest) -> HTTPRequest? {
    guard [301, 302, 303, 307, 308].contains(response.status),
      let location = response.header("Location")?.trimmingCharacters(in: .whitespaces),
      !location.isEmpty,
      let target = URL(string: location, relativeTo: request.url)?.absoluteURL,
      let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https"
    else { return nil }
    var next = request
    next.url = target
    let becomesGet =
      response.status == 303
      ? request.method != .head
      : (response.status == 301 || response.status == 302) && request.method == .post
    if becomesGet {
      next.method = .get
      next.body = nil
      next.headers = next.headers.filter {
        !["content-type", "content-length"].contains($0.key.lowercased())
      }
    }
    if !sameOrigin(request.url, target) {
      next.headers = next.headers.filter { !credentialFields.contains($0.key.lowercased()) }
    }
    return next
  }

  /// Whether two URLs share scheme, host and port (default ports filled in).
  static func sameOrigin(_ a: URL, _ b: URL) -> Bool {
    func origin(_ url: URL) -> (String, String, Int) {
      let scheme = url.scheme?.lowercased() ?? ""
      let port = url.port ?? (scheme == "https" ? 443 : 80)
      return (scheme, url.host?.lowercased() ?? "", port)
    }
    return origin(a) == origin(b)
  }
}
