public import Bindery
public import Foundation

/// How a listing is split into pages, and how the next page is found.
public enum Pagination: Sendable, Hashable {
  /// `offset` and `limit` query items; the total comes from the body (`meta.total_count`).
  case offset(
    limit: Int, offsetParameter: String = "offset", limitParameter: String = "limit",
    totalCountAt: String = "meta.total_count")
  /// The next page's URL sits in the body (`meta.next`); `null` or missing ends the listing.
  /// Relative URLs resolve against the page's URL.
  case nextURL(at: String = "meta.next")
  /// The next page's URL is the `Link` header's `rel="next"` target (RFC 8288).
  case linkHeader
  /// A cursor token from the body (`meta.next_cursor`) is sent back as a query item; `null`, an
  /// empty string or a missing token ends the listing.
  case cursor(parameter: String = "cursor", nextCursorAt: String = "meta.next_cursor")
}

/// One page of a listing.
public struct RemotePage<Element: Sendable>: Sendable {
  /// The page's elements.
  public var elements: [Element]
  /// The 1-based page number.
  public var number: Int
  /// The response the page came in.
  public var response: HTTPResponse
}

/// The pages of a listing, fetched one at a time as they are iterated.
///
/// ```swift
/// for try await page in try client.pages(Tag.self, path: "tag", at: "objects",
///                                        pagination: .offset(limit: 20)) {
///     print(page.number, page.elements.count)
/// }
/// ```
///
/// Iteration throws ``RemoteError`` and nothing else: its `Failure` is `RemoteError`, so a
/// `catch` needs no cast. Each page is one call, within the client's
/// ``ResourceClient/Configuration/deadline``.
public struct RemotePages<Model: JSONDecodable & Sendable>: AsyncSequence, Sendable {
  /// A page of models.
  public typealias Element = RemotePage<Model>
  /// What iteration throws.
  public typealias Failure = RemoteError
  let client: ResourceClient
  let firstURL: URL
  let resultKeyPath: String?
  let pagination: Pagination
  let maxPages: Int?

  /// Fetches the pages in order.
  public struct AsyncIterator: AsyncIteratorProtocol {
    /// What iteration throws.
    public typealias Failure = RemoteError
    let pages: RemotePages
    var next: URL?
    var number = 0
    var offset = 0
    /// One deadline for every page, when the pages make one call (`fetchAll`).
    var deadline: ContinuousClock.Instant?

    /// The next page, or `nil` after the last.
    ///
    /// - Returns: The page.
    /// - Throws: ``RemoteError``.
    public mutating func next() async throws(RemoteError) -> RemotePage<Model>? {
      guard let url = next else { return nil }
      if let maxPages = pages.maxPages, number >= maxPages { return nil }
      let client = pages.client
      let response = try await client.response(
        .get, url: url, body: nil, headers: [:],
        deadline: deadline ?? ContinuousClock.now + client.configuration.deadline)
      let document: JSONDocument
      do {
        document = try JSONDocument(
          parsing: response.body, options: client.configuration.decoding.reading)
      } catch {
        throw RemoteError(
          .decoding, url: response.url, status: response.status, headers: response.headers,
          body: response.body,
          report: JSONDecodingError(problems: [JSONDecodingProblem(readError: error)]))
      }
      let elements: [Model]
      do {
        elements = try [Model].decoded(
          json: document, at: pages.resultKeyPath, options: client.configuration.decoding
        ).value
      } catch {
        throw RemoteError(
          .decoding, url: response.url, status: response.status, headers: response.headers,
          body: response.body, report: error)
      }
      number += 1
      self.next = try nextURL(after: response, document: document, count: elements.count)
      return RemotePage(elements: elements, number: number, response: response)
    }

    private mutating func nextURL(after response: HTTPResponse, document: JSONDocument, count: Int)
      throws(RemoteError) -> URL?
    {
      func text(at path: String) -> String? {
        guard let parsed = try? JSONPath(parsing: path),
          let cursor = try? document.root.cursor(at: parsed)
        else { return nil }
        return try? cursor.string()
      }
      switch pages.pagination {
      case .offset(let limit, let offsetParameter, let limitParameter, let totalCountAt):
        offset += count
        let total =
          (try? JSONPath(parsing: totalCountAt)).flatMap {
            try? document.root.cursor(at: $0).integer(Int.self)
          }
        guard count > 0, offset < (total ?? .max) else { return nil }
        return try pages.client.url(
          for: pages.client.baseURL.absoluteString,
          query: [
            URLQueryItem(name: offsetParameter, value: String(offset)),
            URLQueryItem(name: limitParameter, value: String(limit)),
          ])
      case .nextURL(let path):
        guard let next = text(at: path), !next.isEmpty else { return nil }
        return URL(string: next, relativeTo: response.url)?.absoluteURL
      case .linkHeader:
        guard let link = response.header("Link"), let next = Self.nextLink(link) else { return nil }
        return URL(string: next, relativeTo: response.url)?.absoluteURL
      case .cursor(let parameter, let path):
        guard let token = text(at: path), !token.isEmpty else { return nil }
        return try pages.client.url(
          for: pages.client.baseURL.absoluteString,
          query: [URLQueryItem(name: parameter, value: token)])
      }
    }

    /// The target of the `rel="next"` link in a `Link` header.
    static func nextLink(_ header: String) -> String? {
      for part in header.split(separator: ",") {
        let pieces = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let target = pieces.first, target.hasPrefix("<"), target.hasSuffix(">") else {
          continue
        }
        let isNext = pieces.dropFirst().contains { parameter in
          let normalized = parameter.replacingOccurrences(of: " ", with: "").lowercased()
          return normalized == "rel=\"next\"" || normalized == "rel=next"
            || (normalized.hasPrefix("rel=\"")
              && normalized.dropFirst(5).dropLast()
                .split(separator: " ").contains("next"))
        }
        if isNext { return String(target.dropFirst().dropLast()) }
      }
      return nil
    }
  }

  /// Returns an iterator that fetches the first page when first asked.
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(pages: self, next: firstURL)
  }

  /// The elements of every page, in order.
  public var elements: RemoteElements<Model> { RemoteElements(pages: self) }
}

/// The elements of a listing's pages, fetched a page at a time.
public struct RemoteElements<Model: JSONDecodable & Sendable>: AsyncSequence, Sendable {
  /// A model.
  public typealias Element = Model
  /// What iteration throws.
  public typealias Failure = RemoteError
  let pages: RemotePages<Model>

  /// Hands out one page's elements before fetching the next.
  public struct AsyncIterator: AsyncIteratorProtocol {
    /// What iteration throws.
    public typealias Failure = RemoteError
    var pages: RemotePages<Model>.AsyncIterator
    var buffer: [Model] = []
    var position = 0

    /// The next element, or `nil` after the last page.
    ///
    /// - Returns: The element.
    /// - Throws: ``RemoteError``.
    public mutating func next() async throws(RemoteError) -> Model? {
      while position == buffer.count {
        guard let page = try await pages.next() else { return nil }
        buffer = page.elements
        position = 0
      }
      defer { position += 1 }
      return buffer[position]
    }
  }

  /// Returns an iterator over the elements.
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(pages: pages.makeAsyncIterator())
  }
}

extension ResourceClient {
  /// The pages of a listing, fetched lazily as they are iterated.
  ///
  /// - Parameters:
  ///   - type: The element type.
  ///   - path: The path of the first page below the base URL.
  ///   - query: Query items of the first page (for `.offset`, `offset=0` and the limit are added).
  ///   - resultKeyPath: Where each page's elements sit, such as `objects`.
  ///   - pagination: How the next page is found.
  ///   - maxPages: The most pages fetched; all by default.
  /// - Returns: The pages; use `.elements` for the elements.
  /// - Throws: ``RemoteError`` when the first page's URL cannot be built.
  public func pages<Model: JSONDecodable & Sendable>(
    _ type: Model.Type, path: String, query: [URLQueryItem] = [], at resultKeyPath: String? = nil,
    pagination: Pagination, maxPages: Int? = nil
  ) throws(RemoteError) -> RemotePages<Model> {
    var items = query
    if case .offset(let limit, let offsetParameter, let limitParameter, _) = pagination {
      items += [
        URLQueryItem(name: offsetParameter, value: "0"),
        URLQueryItem(name: limitParameter, value: String(limit)),
      ]
    }
    let base = try url(for: path, query: query)
    let first = try url(for: path, query: items)
    return RemotePages(
      client: ResourceClient(
        baseURL: base, configuration: configurationWithoutDefaults, transport: transport),
      firstURL: first, resultKeyPath: resultKeyPath, pagination: pagination, maxPages: maxPages)
  }

  /// The pages of a type's listing: its ``RemoteResource/resourcePath``,
  /// ``RemoteResource/resultKeyPath`` and ``RemoteResource/pagination``.
  ///
  /// ```swift
  /// for try await tag in try client.pages(Tag.self).elements { print(tag.name) }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The element type.
  ///   - query: Query items of the first page.
  ///   - pagination: How the next page is found, when the type does not say.
  ///   - maxPages: The most pages fetched; all by default.
  /// - Returns: The pages; use `.elements` for the elements.
  /// - Throws: ``RemoteError`` when the first page's URL cannot be built, or when neither the
  ///   type nor the call gives a pagination.
  public func pages<Model: JSONDecodable & RemoteResource & Sendable>(
    _ type: Model.Type, query: [URLQueryItem] = [], pagination: Pagination? = nil,
    maxPages: Int? = nil
  ) throws(RemoteError) -> RemotePages<Model> {
    guard let pagination = pagination ?? Model.pagination else {
      throw RemoteError(
        .invalidRequest, url: try url(for: Model.resourcePath),
        underlying: "\(Model.self) declares no pagination; pass one (pagination: .nextURL())")
    }
    return try pages(
      Model.self, path: Model.resourcePath, query: query, at: Model.resultKeyPath,
      pagination: pagination, maxPages: maxPages)
  }

  /// The same configuration without default query items, for URLs that already carry them.
  var configurationWithoutDefaults: Configuration {
    var copy = configuration
    copy.queryItems = []
    return copy
  }
}
