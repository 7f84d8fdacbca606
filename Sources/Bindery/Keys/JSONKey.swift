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
  /// The identity of the ``_JSONModelKeys`` table this key was made by (the address of its
  /// key table), or 0: a decoder that prefetched that table finds the key's first member at
  /// ``tableIndex``.
  @usableFromInline let table: UInt
  /// The position of the key (or of a single path's first key) in ``table``, or -1.
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
    table = 0
    tableIndex = -1
    directIndex = -1
  }

  /// A key of a ``_JSONModelKeys`` table.
  init(path components: [String], table: UInt, position: Int) {
    storage = components.count == 1 ? .single(components[0]) : .paths([components])
    self.table = table
    tableIndex = position
    directIndex = components.count == 1 ? position : -1
  }

  /// One key, taken literally.
  ///
  /// - Parameter value: The member name.
  @inlinable
  public init(stringLiteral value: String) {
    storage = .single(value)
    table = 0
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
    table = 0
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
