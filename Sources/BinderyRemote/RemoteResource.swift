/// A model that says where it lives on a server: its path below the client's base URL and,
/// for listings, the key path under which the results sit.
///
/// ```swift
/// extension Tag: RemoteResource {
///     static let resourcePath = "tag"
///     static let resultKeyPath: String? = "objects"
/// }
/// let tags = try await client.fetchAll(Tag.self)      // GET <base>/tag, results at objects
/// let tag = try await client.fetch(Tag.self, id: "2") // GET <base>/tag/2
/// ```
public protocol RemoteResource {
  /// The path below the client's base URL, such as `tag`.
  static var resourcePath: String { get }
  /// Where the results of a listing sit, such as `objects`; `nil` for a bare array.
  static var resultKeyPath: String? { get }
}

extension RemoteResource {
  /// Listings are bare arrays unless the type says otherwise.
  public static var resultKeyPath: String? { nil }
}
