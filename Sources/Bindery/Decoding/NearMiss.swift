/// Finds the key a misspelt key was probably meant to be, for "did you mean …?" hints.
enum NearMiss {
  /// The candidate closest to `key` by edit distance (case differences count half), when it is
  /// close enough to be a likely typo: at most 2 edits, and fewer than half the key's length.
  static func closest(to key: String, among candidates: [String]) -> String? {
    let target = Array(key.unicodeScalars)
    var best: (name: String, cost: Int)?
    for candidate in candidates where candidate != key {
      let cost = distance(target, Array(candidate.unicodeScalars))
      let limit = min(4, max(1, target.count))
      guard cost <= limit, cost < best?.cost ?? .max else { continue }
      best = (candidate, cost)
    }
    return best?.name
  }

  /// Levenshtein distance in half-edits: a substitution that only changes case costs 1, every
  /// other edit 2.
  static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    if a.isEmpty { return b.count * 2 }
    if b.isEmpty { return a.count * 2 }
    var previous = Array(stride(from: 0, through: b.count * 2, by: 2))
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i * 2
      for j in 1...b.count {
        let substitution: Int
        if a[i - 1] == b[j - 1] {
          substitution = 0
        } else if a[i - 1].properties.lowercaseMapping == b[j - 1].properties.lowercaseMapping {
          substitution = 1
        } else {
          substitution = 2
        }
        current[j] = min(previous[j] + 2, current[j - 1] + 2, previous[j - 1] + substitution)
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
