public import Bindery
public import Foundation

extension ResourceClient {
  /// The values of a JSON Lines (NDJSON) response, decoded one at a time as they arrive.
  ///
  /// The call returns when the response's head has come. Each line is decoded with the
  /// client's decoding options; the body size limit applies to each value, not to the body,
  /// which may be as long as the server keeps sending.
  ///
  /// ```swift
  /// let events = try await client.lines(of: Event.self, path: "events/export")
  /// for try await event in events {
  ///   print(event.id)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type of each value.
  ///   - path: The path below the base URL.
  ///   - query: Query items, percent-encoded.
  ///   - streaming: Stream options; by default the body limit is the value limit.
  /// - Returns: The values in order. Reading throws ``RemoteError``: `.decoding` with the
  ///   report (lines and columns in the whole body) for a value, or the transport's error.
  /// - Throws: ``RemoteError`` before the first value: transport failures, timeouts, too many
  ///   redirects, statuses outside 200–299 (with the start of the body).
  public func lines<T: JSONDecodable & Sendable>(
    of type: T.Type, path: String, query: [URLQueryItem] = [],
    streaming: JSONStreamOptions? = nil
  ) async throws(RemoteError) -> JSONValueStream<HTTPBodyStream, T> {
    try await values(
      of: type, url: try url(for: path, query: query), framing: .lines, streaming: streaming)
  }

  /// The elements of a large array in a response, decoded one at a time as they arrive: the
  /// top-level array, or the one at a result key path (`data` for `{"data": [...]}`).
  ///
  /// - Parameters:
  ///   - type: The type of each element.
  ///   - path: The path below the base URL.
  ///   - query: Query items, percent-encoded.
  ///   - resultKeyPath: The keys leading to the array; the top level by default.
  ///   - streaming: Stream options; by default the body limit is the value limit.
  /// - Returns: The elements in order; reading throws ``RemoteError`` as for
  ///   ``lines(of:path:query:streaming:)``.
  /// - Throws: ``RemoteError`` before the first element, as for
  ///   ``lines(of:path:query:streaming:)``, and `.invalidRequest` for a result key path that
  ///   is not a path of keys.
  public func elements<T: JSONDecodable & Sendable>(
    of type: T.Type, path: String, query: [URLQueryItem] = [], at resultKeyPath: String? = nil,
    streaming: JSONStreamOptions? = nil
  ) async throws(RemoteError) -> JSONValueStream<HTTPBodyStream, T> {
    let url = try url(for: path, query: query)
    let framing: JSONStreamFraming
    do {
      framing = try .array(at: resultKeyPath ?? "")
    } catch {
      throw RemoteError(.invalidRequest, url: url, underlying: "result key path: \(error)")
    }
    return try await values(of: type, url: url, framing: framing, streaming: streaming)
  }

  private func values<T: JSONDecodable & Sendable>(
    of type: T.Type, url: URL, framing: JSONStreamFraming, streaming: JSONStreamOptions?
  ) async throws(RemoteError) -> JSONValueStream<HTTPBodyStream, T> {
    let response = try await streamingResponse(url: url)
    let options = streaming ?? JSONStreamOptions(maxValueSize: configuration.maxBodySize)
    let decoding = configuration.decoding
    let (status, headers, answered) = (response.status, response.headers, response.url)
    return JSONValueStream(
      chunks: response.body, framing: framing, reading: decoding.reading, options: options,
      transform: { document in
        do throws(JSONDecodingError) {
          return try T(json: document, options: decoding)
        } catch {
          throw RemoteError(
            .decoding, url: answered, status: status, headers: headers, report: error)
        }
      },
      madeFromBytes: T.madeInOnePass,
      readFailure: { error in
        RemoteError(
          .decoding, url: answered, status: status, headers: headers,
          report: JSONDecodingError(problems: [JSONDecodingProblem(readError: error)]))
      })
  }

  /// A GET whose body is read as it arrives, after following redirects; a status outside
  /// 200–299 is an error carrying the start of the body. Not retried: a stream's values may
  /// be read before a failure.
  func streamingResponse(url: URL) async throws(RemoteError) -> HTTPStreamingResponse {
    var request = HTTPRequest(method: .get, url: url, headers: configuration.headers)
    var redirects = 0
    while true {
      let limits = TransportLimits(
        timeout: configuration.attemptTimeout, maxBodySize: configuration.maxBodySize)
      let response = try await transport.stream(request, limits: limits)
      let head = HTTPResponse(
        status: response.status, headers: response.headers, url: response.url)
      if let next = Redirect.next(after: head, of: request) {
        redirects += 1
        guard redirects <= configuration.maxRedirects else {
          throw RemoteError(
            .tooManyRedirects, url: url, status: response.status, headers: response.headers,
            underlying: "more than \(configuration.maxRedirects) redirects, the last to "
              + next.url.absoluteString)
        }
        request = next
        continue
      }
      guard (200..<300).contains(response.status) else {
        var excerpt: [UInt8] = []
        do {
          for try await chunk in response.body {
            excerpt += chunk.prefix(RemoteError.excerptLimit - excerpt.count)
            if excerpt.count >= RemoteError.excerptLimit { break }
          }
        } catch {
          // The status is the error; a body cut short only shortens the excerpt.
        }
        throw RemoteError(
          .httpStatus, url: response.url, status: response.status, headers: response.headers,
          body: excerpt)
      }
      return response
    }
  }
}
