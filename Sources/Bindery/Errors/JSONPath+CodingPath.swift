public import BinderyJSON

extension JSONPath {
  /// The JSON path of a Codable coding path: array positions as indices, every other key as
  /// an object key.
  ///
  /// A key is an array position when it is one Bindery made for an element, or when it is
  /// spelled as Foundation's decoders spell element keys (`Index 3`, with `intValue` 3). A
  /// `CodingKeys` case with an integer raw value stays a key: `intValue` alone does not make
  /// a position.
  ///
  /// ```swift
  /// do {
  ///     _ = try BinderyDecoder().decode([Item].self, from: data)
  /// } catch let error as DecodingError {
  ///     if case .typeMismatch(_, let context) = error {
  ///         print(JSONPath(codingPath: context.codingPath))   // [3].media.m
  ///     }
  /// }
  /// ```
  ///
  /// - Parameter codingPath: The coding path, from the top-level value.
  public init(codingPath: [any CodingKey]) {
    self.init(codingPath.map(Self.component))
  }

  /// The coding path of this path: ``JSONPath/Component/index(_:)`` as Foundation's element
  /// keys (`Index 3`), the inverse of ``init(codingPath:)``.
  var codingPath: [any CodingKey] {
    components.map { component -> any CodingKey in
      switch component {
      case .key(let key): StringKey(key)
      case .index(let index): IndexKey(index)
      }
    }
  }

  private static func component(_ key: any CodingKey) -> Component {
    if let index = key as? IndexKey { return .index(index.intValue ?? 0) }
    if let index = key.intValue, key.stringValue == "Index \(index)" { return .index(index) }
    return .key(key.stringValue)
  }
}
