/// A `@JSONModel` struct's `Codable` conformance: under `BinderyDecoder` and `BinderyEncoder`
/// it reads and writes with its own code where the coder's document is; under other coders,
/// through the containers its description guides (or one `JSONValue` of the object). These
/// implementations are the witnesses of `Codable` for such a struct, so the compiler
/// synthesizes nothing that would ignore the mapping; a type that writes its own `init(from:)`
/// or `encode(to:)` keeps it.
extension Decodable where Self: JSONDescribedModel {
  /// Reads the model from a Codable decoder through its mapping, and validates it.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError` naming the first problem, with the model's report as its
  ///   underlying error.
  @inlinable
  public init(from decoder: any Decoder) throws {
    let source = try _JSONModelCoding.objectSource(from: decoder, describedBy: Self.jsonDescription)
    try self.init(json: source.object)
    try _JSONModelCoding.validate(self, in: source.object)
    withExtendedLifetime(source) {}
  }
}

extension Encodable where Self: JSONDescribedModel {
  /// Writes the model to a Codable encoder through its mapping.
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: `EncodingError.invalidValue` for values JSON cannot hold.
  @inlinable
  public func encode(to encoder: any Encoder) throws {
    try _JSONModelCoding.encode(self, to: encoder)
  }
}
