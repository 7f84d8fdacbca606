// The coding keys Bindery makes itself: for array positions, dictionary keys and the steps of
// a JSON path turned into a coding path.

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
