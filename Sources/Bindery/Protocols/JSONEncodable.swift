/// A type that can write itself as a JSON value.
public protocol JSONEncodable {
  /// Writes the value.
  ///
  /// - Parameter json: Where to write it.
  /// - Throws: ``JSONEncodingError`` for values JSON cannot hold.
  func encode(to json: JSONValueEncoder) throws
}
