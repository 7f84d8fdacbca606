/// The members of a JSON object, in order, with unique keys.
///
/// Assigning to an existing key keeps its position; a new key goes at the end. Two objects are
/// equal when they hold the same keys with equal values, in any order.
///
/// ```swift
/// var object: JSONObject = ["title": "Sunset", "views": 12]
/// object["views"] = 13
/// object["tags"] = ["sky", "sea"]
/// print(object.keys)  // ["title", "views", "tags"]
/// ```
public struct JSONObject: Sendable, Hashable, RandomAccessCollection, ExpressibleByDictionaryLiteral
{
  /// The keys, in order.
  public private(set) var keys: [String]
  /// The values, in the order of ``keys``.
  public private(set) var values: [JSONValue]
  /// A key-to-position index, kept only for larger objects where a linear search would cost.
  private var index: [String: Int]?

  private static let indexThreshold = 12

  /// Creates an empty object.
  public init() {
    keys = []
    values = []
  }

  /// Creates an object from members in order; a repeated key keeps its first position and its
  /// last value.
  ///
  /// - Parameter members: The members.
  public init(_ members: some Sequence<(String, JSONValue)>) {
    self.init()
    for (key, value) in members { self[key] = value }
  }

  /// Creates an object from a dictionary literal, keeping the literal's order.
  ///
  /// - Parameter elements: The members.
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self.init(elements)
  }

  /// Creates an object from members whose keys are known to be distinct (a document's, after
  /// its duplicate-key policy).
  init(uniqueKeys keys: [String], values: [JSONValue]) {
    self.keys = keys
    self.values = values
    self.index = nil
    if keys.count > Self.indexThreshold { rebuildIndex() }
  }

  /// Creates an object from a document's members in order, or `nil` when a key repeats (the
  /// caller then applies the duplicate-key policy). The check costs nothing extra for large
  /// objects, whose index is built anyway, and a few comparisons for small ones.
  init?(keys: [String], values: [JSONValue]) {
    self.keys = keys
    self.values = values
    self.index = nil
    if keys.count > Self.indexThreshold {
      var index = [String: Int](minimumCapacity: keys.count)
      for (position, key) in keys.enumerated() where index.updateValue(position, forKey: key) != nil
      {
        return nil
      }
      self.index = index
    } else if keys.count > 1 {
      for i in 1..<keys.count {
        for j in 0..<i where keys[i] == keys[j] { return nil }
      }
    }
  }

  private mutating func rebuildIndex() {
    var index = [String: Int](minimumCapacity: keys.count)
    for (position, key) in keys.enumerated() { index[key] = position }
    self.index = index
  }

  /// The position of `key`, or `nil`.
  ///
  /// - Parameter key: The key to find.
  /// - Returns: Its position in ``keys``.
  public func position(of key: String) -> Int? {
    if let index { return index[key] }
    return keys.firstIndex(of: key)
  }

  /// The value for `key`; assigning `nil` removes the member.
  ///
  /// - Parameter key: The member's key.
  public subscript(key: String) -> JSONValue? {
    get { position(of: key).map { values[$0] } }
    set {
      if let position = position(of: key) {
        if let newValue {
          values[position] = newValue
        } else {
          keys.remove(at: position)
          values.remove(at: position)
          if index != nil { rebuildIndex() }
        }
      } else if let newValue {
        keys.append(key)
        values.append(newValue)
        if index != nil {
          index?[key] = keys.count - 1
        } else if keys.count > Self.indexThreshold {
          rebuildIndex()
        }
      }
    }
  }

  /// The first position.
  public var startIndex: Int { 0 }
  /// The position after the last member.
  public var endIndex: Int { keys.count }

  /// The member at a position.
  ///
  /// - Parameter position: A valid position.
  public subscript(position: Int) -> (key: String, value: JSONValue) {
    (keys[position], values[position])
  }

  /// True when both objects hold the same keys with equal values, in any order.
  ///
  /// - Parameters:
  ///   - lhs: An object.
  ///   - rhs: Another object.
  /// - Returns: Whether they are equal.
  public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
    guard lhs.keys.count == rhs.keys.count else { return false }
    if lhs.keys == rhs.keys { return lhs.values == rhs.values }
    for (position, key) in lhs.keys.enumerated() {
      guard let other = rhs[key], other == lhs.values[position] else { return false }
    }
    return true
  }

  /// Hashes the members independently of their order.
  ///
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) {
    var combined = 0
    for position in keys.indices {
      var member = Hasher()
      member.combine(keys[position])
      member.combine(values[position])
      combined ^= member.finalize()
    }
    hasher.combine(keys.count)
    hasher.combine(combined)
  }
}
