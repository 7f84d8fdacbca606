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
