/// A model that says where it lives on a server: its path below the client's base URL, where
/// a listing's results sit, and how a listing is paged.
///
/// ```swift
/// extension Tag: RemoteResource {
///     static let resourcePath = "tag/"                 // Tastypie style: tag/, tag/2/
///     static let resultKeyPath: String? = "objects"
///     static let pagination: Pagination? = .nextURL(at: "meta.next")
/// }
/// let tags = try await client.fetchAll(Tag.self)      // every page of GET <base>/tag/
/// let tag = try await client.fetch(Tag.self, id: "2") // GET <base>/tag/2/
/// ```
///
/// ``resultKeyPath`` has no default on purpose: declared with the wrong type
/// (`static let resultKeyPath = "objects"`, a `String`), it would not be the requirement and
/// would be ignored without a word; with no default that is a compile-time error instead.
public protocol RemoteResource {
  /// The path below the client's base URL, such as `tag`. A path ending in `/` gives
  /// identifiers a trailing slash too (`tag/2/`), as Django and Tastypie expect.
  static var resourcePath: String { get }
  /// Where the results of a listing sit, such as `objects`; `nil` for a bare array.
  static var resultKeyPath: String? { get }
  /// How a listing is paged; `nil` (the default) when one response holds all of it.
  static var pagination: Pagination? { get }
}

extension RemoteResource {
  /// Listings are one response unless the type says otherwise.
  public static var pagination: Pagination? { nil }
}
