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
