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
  /// The position of the key (or of a single path's first key) in the ``_JSONKeyTable`` the
  /// decoder prefetched, or -1.
  @usableFromInline let tableIndex: Int
  /// ``tableIndex`` for a single key, else -1: the value is then the member found, with no
  /// further step.
  @usableFromInline let directIndex: Int

  /// One key, taken literally.
  ///
  /// - Parameter key: The member name.
  @inlinable
  public init(_ key: String) {
    storage = .single(key)
    tableIndex = -1
    directIndex = -1
  }

  @usableFromInline
  init(_ key: String, tableIndex: Int) {
    storage = .single(key)
    self.tableIndex = tableIndex
    directIndex = tableIndex
  }

  init(path components: [String], tableIndex: Int) {
    storage = components.count == 1 ? .single(components[0]) : .paths([components])
    self.tableIndex = tableIndex
    directIndex = components.count == 1 ? tableIndex : -1
  }

  /// For generated code: one key that a decoder prefetching a key table finds at once
  /// (`table.keys[tableIndex]` must be `key`); a decoder that did not prefetch searches for it.
  ///
  /// - Parameters:
  ///   - key: The member name.
  ///   - tableIndex: Its position in the model's key table.
  /// - Returns: The key.
  @inlinable
  public static func _member(_ key: String, tableIndex: Int) -> JSONKey {
    JSONKey(key, tableIndex: tableIndex)
  }

  /// For generated code: a nested path whose first key a prefetching decoder finds at once.
  ///
  /// - Parameters:
  ///   - components: The keys from the outer object inwards; at least one.
  ///   - tableIndex: The position of the first key in the model's key table.
  /// - Returns: The key.
  public static func _member(path components: [String], tableIndex: Int) -> JSONKey {
    JSONKey(path: components, tableIndex: tableIndex)
  }

  /// One key, taken literally.
  ///
  /// - Parameter value: The member name.
  @inlinable
  public init(stringLiteral value: String) {
    storage = .single(value)
    tableIndex = -1
    directIndex = -1
  }

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

  init(storage: Storage) {
    self.storage = storage
    tableIndex = -1
    directIndex = -1
  }

  /// Keys are equal when they name the same paths, whatever table they were made for.
  ///
  /// - Parameters:
  ///   - lhs: A key.
  ///   - rhs: Another key.
  /// - Returns: Whether they name the same paths.
  public static func == (lhs: JSONKey, rhs: JSONKey) -> Bool { lhs.storage == rhs.storage }

  /// Hashes the paths the key names.
  ///
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) { hasher.combine(storage) }

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
