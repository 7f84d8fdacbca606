#if Hummingbird
  import Bindery
  import BinderyHummingbird
  import BinderyNIO
  public import Foundation
  public import Hummingbird

  /// A status the API serves: the @JSONModel type or its plain Codable twin.
  protocol ServedStatus: Codable, Sendable {
    var id: Int64 { get }
    var text: String { get }
  }

  extension Status: ServedStatus {}
  extension Plain.Status: ServedStatus {}

  /// How request and response bodies are read and written.
  public enum Coders: String, CaseIterable, Sendable {
    /// BinderyRequestContext, @JSONModel types.
    case bindery
    /// BinderyRequestContext, plain Codable types.
    case codable
    /// BinderyDecoder and BinderyEncoder over a copy of each body, plain Codable types.
    case naive
    /// Hummingbird's default JSONDecoder and JSONEncoder, plain Codable types.
    case foundation
  }

  /// The endpoints.
  public enum Api {
    /// twitter.json from the repository's benchmark files.
    public static var defaultStatusesFile: URL {
      URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
          "Benchmarks/Corpora/twitter.json")
    }

    /// Statuses per page of the timeline.
    static let pageSize = 50

    /// The application with the given coders, serving the statuses of a search response.
    public static func application(
      _ coders: Coders, statuses file: URL, _ configuration: ApplicationConfiguration
    ) throws -> any ApplicationProtocol {
      switch coders {
      case .bindery:
        application(BinderyRequestContext.self, try Timeline<Status>(file: file), configuration)
      case .codable:
        application(
          BinderyRequestContext.self, try Timeline<Plain.Status>(file: file), configuration)
      case .naive:
        application(NaiveRequestContext.self, try Timeline<Plain.Status>(file: file), configuration)
      case .foundation:
        application(BasicRequestContext.self, try Timeline<Plain.Status>(file: file), configuration)
      }
    }

    /// The application: the routes below on a router with the given context.
    static func application<Context: RequestContext, S: ServedStatus>(
      _ context: Context.Type, _ timeline: Timeline<S>, _ configuration: ApplicationConfiguration
    ) -> some ApplicationProtocol where Context.Source == ApplicationRequestContextSource {
      let router = Router(context: Context.self)
      addRoutes(to: router, timeline)
      return Application(router: router, configuration: configuration)
    }

    /// The routes, on any context: its decoder and encoder read and write the bodies.
    static func addRoutes<Context: RequestContext, S: ServedStatus>(
      to router: Router<Context>, _ timeline: Timeline<S>
    ) {
      let users = Users(timeline.authors)

      router.get("health") { _, _ in "ok" }

      // Decode-heavy: a whole status in, a few bytes out.
      router.post("statuses") { request, context -> EditedResponse<Accepted> in
        let status = try await request.decode(as: S.self, context: context)
        try validate(status)
        return EditedResponse(status: .created, response: Accepted(id: status.id, accepted: true))
      }

      // Decode and encode: a status in, the same status out, as the server stored it.
      router.post("statuses/echo") { request, context -> Stored<S> in
        let status = try await request.decode(as: S.self, context: context)
        try validate(status)
        return Stored(status: status)
      }

      // Encode-heavy: a page of 50 statuses.
      router.get("timeline") { request, _ -> Page<S> in
        let page = request.uri.queryParameters.get("page", as: Int.self) ?? 1
        return try timeline.page(page, size: pageSize)
      }

      // The whole timeline as JSON Lines, one status per line, written as it goes.
      router.get("timeline.jsonl") { _, _ -> Response in
        BinderyResponseEncoder().jsonLines(AsyncValues(timeline.statuses))
      }

      // PATCH semantics with update(json:): keys present change, the rest stay; the answer is
      // the properties that changed.
      router.patch("users/:id") { request, context -> Response in
        let id = try context.parameters.require("id", as: Int64.self)
        let body = try await request.body.collect(upTo: context.maxUploadSize)
        guard let changed = try await users.update(id, with: body) else {
          throw HTTPError(.notFound, message: "No user \(id).")
        }
        var buffer = ByteBuffer()
        buffer.writeBytes(changed)
        return Response(
          status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
          body: .init(byteBuffer: buffer))
      }
    }

    /// The checks a real API makes after decoding.
    static func validate(_ status: some ServedStatus) throws {
      if status.id <= 0 {
        throw HTTPError(.unprocessableContent, message: "The id must be positive.")
      }
      if status.text.isEmpty {
        throw HTTPError(.unprocessableContent, message: "The text is empty.")
      }
    }
  }

  /// The answer to a status posted.
  @JSONModel
  struct Accepted: ResponseEncodable {
    var id: Int64
    var accepted: Bool
  }

  /// A status as stored.
  struct Stored<S: ServedStatus>: ResponseEncodable {
    var status: S
  }

  /// A page of the timeline.
  struct Page<S: ServedStatus>: ResponseEncodable {
    var page: Int
    var statuses: [S]
    /// The path of the next page, if there is one.
    var next: String?
  }

  /// The statuses the API serves, read once at start.
  struct Timeline<S: ServedStatus>: Sendable {
    /// The statuses, in order.
    let statuses: [S]
    /// Their authors, as @JSONModel users (PATCH works on these whatever the coders).
    let authors: [User]

    /// Reads the statuses of a search response.
    init(file: URL) throws {
      let data = try Data(contentsOf: file)
      statuses = try BinderyDecoder().decode([S].self, from: data, at: "statuses")
      authors = try [Status](json: data, at: "statuses").map(\.user)
    }

    /// Page `number` (from 1) of `size` statuses.
    func page(_ number: Int, size: Int) throws -> Page<S> {
      let start = (number - 1) * size
      guard number >= 1, start < statuses.count else {
        throw HTTPError(.notFound, message: "There is no page \(number).")
      }
      let end = min(start + size, statuses.count)
      return Page(
        page: number, statuses: Array(statuses[start..<end]),
        next: end < statuses.count ? "/timeline?page=\(number + 1)" : nil)
    }
  }

  /// The users the PATCH endpoint changes.
  actor Users {
    private var users: [Int64: User] = [:]

    init(_ users: [User]) {
      for user in users { self.users[user.id] = user }
    }

    /// Applies a partial user to the user `id`; returns the JSON of the properties that
    /// changed, or `nil` when there is no such user.
    func update(_ id: Int64, with body: ByteBuffer) throws -> [UInt8]? {
      guard var user = users[id] else { return nil }
      let changed: Set<AnyKeyPath>
      do {
        changed = try user.update(json: body)
      } catch {
        throw JSONBodyError(error)
      }
      users[id] = user
      return try user.jsonBytes(options: .init(properties: try .including(changed, of: User.self)))
    }
  }

  // With @JSONModel statuses, the wrappers write themselves as models too, so that the whole
  // response takes the models' path rather than Codable's. (A non-generic app would mark them
  // @JSONModel; these are generic only to serve both kinds of statuses.)
  extension Stored: JSONEncodable where S: JSONEncodable {
    func encode(to json: JSONValueEncoder) throws {
      try json.object { object in try object.encode(status, forKey: "status") }
    }
  }

  extension Page: JSONEncodable where S: JSONEncodable {
    func encode(to json: JSONValueEncoder) throws {
      try json.object { object in
        try object.encode(page, forKey: "page")
        try object.encode(statuses, forKey: "statuses")
        try object.encodeIfPresent(next, forKey: "next")
      }
    }
  }

  /// An array as an async sequence, for a streamed response.
  struct AsyncValues<Element: Sendable>: AsyncSequence, Sendable {
    let values: [Element]
    init(_ values: [Element]) { self.values = values }

    struct AsyncIterator: AsyncIteratorProtocol {
      var base: IndexingIterator<[Element]>
      mutating func next() async -> Element? { base.next() }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(base: values.makeIterator()) }
  }
#endif
