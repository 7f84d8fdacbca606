/// One step of a coding path, linked to its parent: a decode shares the steps above a value
/// instead of copying arrays, and builds a `[CodingKey]` only when someone asks.
final class CodingPathNode {
  let parent: CodingPathNode?
  let key: any CodingKey

  init(parent: CodingPathNode?, key: any CodingKey) {
    self.parent = parent
    self.key = key
  }

  /// The path from the root to this step.
  var path: [any CodingKey] {
    var keys: [any CodingKey] = []
    var node: CodingPathNode? = self
    while let current = node {
      keys.append(current.key)
      node = current.parent
    }
    return keys.reversed()
  }
}

/// The coding path of a value: its parent's path, then its own key if it has one.
func makeCodingPath(_ parent: CodingPathNode?, _ key: (any CodingKey)?) -> [any CodingKey] {
  var path = parent?.path ?? []
  if let key { path.append(key) }
  return path
}

/// The node of a container's own step, made on first use and cached in `node`: containers
/// that only read or write scalars never allocate one.
func childNode(_ node: inout CodingPathNode?, parent: CodingPathNode?, key: (any CodingKey)?)
  -> CodingPathNode?
{
  guard let key else { return parent }
  if let node { return node }
  let made = CodingPathNode(parent: parent, key: key)
  node = made
  return made
}

/// A key for an array position, spelled as Foundation spells it (`Index 3`).
struct IndexKey: CodingKey {
  let intValue: Int?
  var stringValue: String { "Index \(intValue ?? 0)" }
  init(_ index: Int) { intValue = index }
  init?(stringValue: String) { nil }
  init?(intValue: Int) { self.intValue = intValue }
}

/// A key for a string: dictionary keys, `super`, and the steps of a result key path.
struct StringKey: CodingKey {
  let stringValue: String
  var intValue: Int? { nil }
  init(_ string: String) { stringValue = string }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }

  static let `super` = StringKey("super")
}
