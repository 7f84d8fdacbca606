import BinderyJSON

/// What the samples held at one place in the JSON: how many values of each kind, and what they
/// had in common. Shapes grow one value at a time, so any number of samples costs the size of
/// their common structure, not of the samples.
final class Shape {
  /// Values seen here, `null` included.
  var count = 0
  var nulls = 0
  var bools = 0
  var numbers: NumberStats?
  var strings: StringStats?
  /// Arrays seen here.
  var arrays = 0
  /// The shape of every element of every array seen here; `nil` while all were empty.
  var element: Shape?
  var object: ObjectShape?
  /// Set when the objects seen here are maps (see ``mapValueShape()``): the shape of their
  /// values.
  var dictionaryValue: Shape?
  private var checkedDictionary = false

  /// How many kinds of non-null value were seen.
  var kindCount: Int {
    [bools > 0, numbers != nil, strings != nil, arrays > 0, object != nil].filter { $0 }.count
  }

  /// Adds one value.
  func add(_ value: JSONCursor) throws(JSONReadError) {
    count += 1
    switch value.kind {
    case .null: nulls += 1
    case .bool: bools += 1
    case .number:
      numbers = numbers ?? NumberStats()
      numbers?.add(try value.numberText())
    case .string:
      strings = strings ?? StringStats()
      strings?.add(try value.string())
    case .array:
      arrays += 1
      for item in try value.elements() {
        if element == nil { element = Shape() }
        try element?.add(item)
      }
    case .object:
      if object == nil { object = ObjectShape() }
      try object?.add(try value.members(), groupingByTag: true)
    }
  }

  /// Adds everything another shape saw.
  func join(_ other: Shape) {
    guard other !== self else { return }
    count += other.count
    nulls += other.nulls
    bools += other.bools
    if let numbers = other.numbers {
      self.numbers = self.numbers.map { $0.joined(numbers) } ?? numbers
    }
    if let strings = other.strings {
      self.strings = self.strings.map { $0.joined(strings) } ?? strings
    }
    arrays += other.arrays
    if let element = other.element {
      if let mine = self.element { mine.join(element) } else { self.element = element.copy() }
    }
    if let object = other.object {
      if let values = dictionaryValue {
        // Keyed by ids already: the new values join the values' shape too.
        for (_, shape) in object.members { values.join(shape) }
      } else if self.object == nil {
        // Objects seen here for the first time: whether their keys are ids is open again.
        checkedDictionary = false
      }
      if let mine = self.object { mine.join(object) } else { self.object = object.copy() }
    }
  }

  /// A deep copy, so that joining into it leaves the original alone.
  func copy() -> Shape {
    let shape = Shape()
    shape.join(self)
    return shape
  }

  /// When the objects seen here are maps rather than records: the shape of all their values
  /// together. Worked out once. Objects are maps when their keys are ids (`"138586341"`,
  /// UUIDs), or when they have many keys (at least ``mapMinimumKeys``) whose values are all
  /// objects of one kind (a registry of plugins keyed by name): a type with a property per key
  /// would name data, not fields, and grow with every sample.
  func mapValueShape() -> Shape? {
    if checkedDictionary { return dictionaryValue }
    checkedDictionary = true
    guard kindCount == 1, let object, !object.keys.isEmpty,
      object.keys.allSatisfy(ValueText.isIdentifierKey) || object.holdsOneKindOfObject
    else { return nil }
    let values = Shape()
    for (_, shape) in object.members { values.join(shape) }
    dictionaryValue = values
    return values
  }

  /// The fewest keys of an object whose values are objects of one kind for it to be read as a
  /// map from names to those objects.
  static let mapMinimumKeys = 20
}

/// The objects seen at one place: their keys in first-seen order, each key's shape, and, for
/// keys that often name a variant (`type`, `kind`…), the objects grouped by that key's value.
final class ObjectShape {
  var count = 0
  var keys: [String] = []
  var fields: [String: Shape] = [:]
  /// For each tag-like key: the objects grouped by its string value.
  var tagGroups: [String: TagGroups] = [:]

  /// Keys whose string value often says which variant an object is.
  static let tagKeys = [
    "type", "kind", "_type", "@type", "__typename", "event", "event_type", "object",
  ]

  func add(_ members: JSONMembers, groupingByTag: Bool) throws(JSONReadError) {
    count += 1
    for member in members {
      let key = member.key
      let shape: Shape
      if let known = fields[key] {
        shape = known
      } else {
        shape = Shape()
        fields[key] = shape
        keys.append(key)
      }
      try shape.add(member.value)
    }
    guard groupingByTag else { return }
    for member in members where member.value.kind == .string {
      let key = member.key
      guard Self.tagKeys.contains(key) else { continue }
      let groups = tagGroups[key] ?? TagGroups()
      tagGroups[key] = groups
      try groups.add(members, tag: try member.value.string())
    }
  }

  func join(_ other: ObjectShape) {
    guard other !== self else { return }
    count += other.count
    for (key, shape) in other.members {
      if let mine = fields[key] {
        mine.join(shape)
      } else {
        fields[key] = shape.copy()
        keys.append(key)
      }
    }
    for (key, groups) in other.tagGroups {
      if let mine = tagGroups[key] { mine.join(groups) } else { tagGroups[key] = groups.copy() }
    }
  }

  func copy() -> ObjectShape {
    let object = ObjectShape()
    object.join(self)
    return object
  }

  /// The keys with their shapes, in first-seen order.
  var members: [(key: String, shape: Shape)] {
    keys.compactMap { key in fields[key].map { (key, $0) } }
  }

  /// How many objects lacked the key.
  func missing(_ key: String) -> Int { count - (fields[key]?.count ?? 0) }

  /// Whether there are at least ``Shape/mapMinimumKeys`` keys, each holding only objects
  /// (or `null`), and those objects are one kind: some keys are in most of them, and on
  /// average each has at least half of the keys any of them has.
  var holdsOneKindOfObject: Bool {
    guard keys.count >= Shape.mapMinimumKeys else { return false }
    var union: Set<String> = []
    var sizes = 0
    var presence: [String: Int] = [:]
    for key in keys {
      guard let field = fields[key], field.kindCount == 1, let value = field.object,
        !value.keys.isEmpty
      else { return false }
      union.formUnion(value.keys)
      sizes += value.keys.count
      for name in value.keys { presence[name, default: 0] += 1 }
    }
    // Keys most of the values have: the kind's core.
    let core = presence.filter { $0.value * 2 > keys.count }.map(\.key)
    guard !core.isEmpty else { return false }
    let averageShare = Double(sizes) / Double(keys.count) / Double(union.count)
    return averageShare >= 0.5
  }

  /// The share of keys two shapes have in common (1 when they have the same keys).
  func similarity(to other: ObjectShape) -> Double {
    let mine = Set(keys)
    let theirs = Set(other.keys)
    let union = mine.union(theirs).count
    return union == 0 ? 1 : Double(mine.intersection(theirs).count) / Double(union)
  }
}

/// The objects at one place, grouped by the value of one tag-like key.
final class TagGroups {
  /// Tag values in first-seen order.
  var values: [String] = []
  var groups: [String: ObjectShape] = [:]
  /// Set when there were too many values for a tag: the key is then not a tag.
  var overflowed = false

  static let limit = 32

  /// The tag values with their objects, in first-seen order.
  var entries: [(value: String, object: ObjectShape)] {
    values.compactMap { value in groups[value].map { (value, $0) } }
  }

  func add(_ members: JSONMembers, tag: String) throws(JSONReadError) {
    guard !overflowed else { return }
    let group: ObjectShape
    if let known = groups[tag] {
      group = known
    } else {
      guard values.count < Self.limit else {
        overflowed = true
        groups = [:]
        values = []
        return
      }
      group = ObjectShape()
      groups[tag] = group
      values.append(tag)
    }
    try group.add(members, groupingByTag: false)
  }

  func join(_ other: TagGroups) {
    guard other !== self, !overflowed else { return }
    if other.overflowed {
      overflowed = true
      groups = [:]
      values = []
      return
    }
    for (value, group) in other.entries {
      if let mine = groups[value] {
        mine.join(group)
      } else {
        groups[value] = group.copy()
        values.append(value)
      }
    }
  }

  func copy() -> TagGroups {
    let copy = TagGroups()
    copy.join(self)
    return copy
  }
}
