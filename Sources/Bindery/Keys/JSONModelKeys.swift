import BinderyJSON

/// For generated code: the keys a model reads, made once per model type, so that one pass over
/// an object finds the member of each (see ``JSONObjectDecoder/_prefetching(_:)``).
///
/// A model's initializer prefetches with its keys and reads each property by a key taken from
/// the same instance (generated code keeps them in a static, one tuple of keys, so that a read
/// borrows the key instead of copying its strings). Such a key knows its position in the table and which
/// table it came from, and a decoder uses the position only when it prefetched that very table
/// for the object it reads: a key cannot point at another key's member or past the table,
/// whoever wrote the code. Any other key (a literal, a key of another table) is searched for.
///
/// ```swift
/// private static let keys = _JSONModelKeys([["title"], ["media", "m"]])
/// private static let key = (keys[0], keys[1])
/// init(json: JSONObjectDecoder) throws {
///     let json = json._prefetching(Self.keys)
///     title = try json.decode(forKey: Self.key.0)
///     url = try json.decode(forKey: Self.key.1)
/// }
/// ```
///
/// Instances are immutable and safe to share between threads.
@_documentation(visibility: private)
public final class _JSONModelKeys: Sendable {
  /// The first key of every path, without repeats: what one pass over the object looks for.
  let table: JSONKeyTable
  /// The table's identity, which its keys carry (see `JSONKey.table`).
  let identity: UInt
  /// The number of keys of the table.
  let tableCount: Int
  /// One key per path given, in order.
  private let keys: [JSONKey]

  /// Makes the keys of a model.
  ///
  /// - Parameter paths: Each property's path, from the outer object inwards: `["title"]`, or
  ///   `["media", "m"]` for a nested member. Paths may share their first key.
  public init(_ paths: [[String]]) {
    var firstKeys: [String] = []
    var positions: [Int] = []
    for path in paths {
      let first = path.first ?? ""
      if let position = firstKeys.firstIndex(of: first) {
        positions.append(position)
      } else {
        positions.append(firstKeys.count)
        firstKeys.append(first)
      }
    }
    let table = JSONKeyTable(firstKeys)
    self.table = table
    let identity = UInt(bitPattern: ObjectIdentifier(table))
    self.identity = identity
    self.tableCount = table.count
    keys = zip(paths, positions).map { path, position in
      JSONKey(path: path.isEmpty ? [""] : path, table: identity, position: position)
    }
  }

  /// The number of keys.
  public var count: Int { keys.count }

  /// The key of the path at `position` in the list the keys were made from.
  ///
  /// - Parameter position: A position in that list; past its end is a programming error.
  public subscript(position: Int) -> JSONKey { keys[position] }
}
