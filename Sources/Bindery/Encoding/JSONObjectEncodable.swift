/// A type written as a JSON object, member by member: what `@JSONModel` generates.
public protocol JSONObjectEncodable: JSONEncodable {
  /// Writes the value's members into an open object.
  ///
  /// - Parameter json: The object being written.
  /// - Throws: `JSONWriteError` for values JSON cannot hold.
  func encode(to json: inout JSONObjectEncoder) throws
}

extension JSONObjectEncodable {
  /// Writes the value as an object of its members.
  ///
  /// - Parameter json: Where to write it.
  /// - Throws: `JSONWriteError` for values JSON cannot hold.
  public func encode(to json: JSONValueEncoder) throws {
    try json.object { object in try self.encode(to: &object) }
  }
}
