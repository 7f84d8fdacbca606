/// Where a property's value sits in its object: one key (`"title"`), a nested path
/// (`.path("media", "m")` for `media.m`), or several such tried in order (`.anyOf(...)`).
///
/// A string literal is one key taken literally, dots included: the `@Key` macro splits
/// `"media.m"` into a path at compile time.
public struct JSONKey: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
  @usableFromInline
  enum Storage: Sendable, Hashable {
    case single(String)
    case paths([[String]])
  }

  @usableFromInline let storage: Storage

  /// One key, taken literally.
  ///
  /// - Parameter key: The member name.
  @inlinable
  public init(_ key: String) { storage = .single(key) }

  /// One key, taken literally.
  ///
  /// - Parameter value: The member name.
  @inlinable
  public init(stringLiteral value: String) { storage = .single(value) }

  /// A nested path: `.path("media", "m")` is the `m` member of the `media` object.
  ///
  /// - Parameter components: The keys from the outer object inwards; at least one.
  /// - Returns: The key.
  public static func path(_ components: String...) -> JSONKey {
    components.count == 1 ? JSONKey(components[0]) : JSONKey(storage: .paths([components]))
  }

  /// Paths tried in order when decoding; encoding writes the first.
  ///
  /// - Parameter paths: Each a list of keys from the outer object inwards.
  /// - Returns: The key.
  public static func anyOf(_ paths: [String]...) -> JSONKey {
    JSONKey(storage: .paths(paths))
  }

  init(storage: Storage) { self.storage = storage }

  /// Every path this key may be found at, in order.
  public var paths: [[String]] {
    switch storage {
    case .single(let key): [[key]]
    case .paths(let paths): paths
    }
  }

  /// The first path, joined with dots (`media.m`); fallbacks follow after `|`.
  public var description: String {
    paths.map { $0.joined(separator: ".") }.joined(separator: " | ")
  }
}
