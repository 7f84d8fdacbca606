extension JSONSchemaBuilder {
  /// For generated code: the cases of the union a `@TaggedBy` member holds.
  @_documentation(visibility: private)
  public mutating func _taggedCases(_ type: Any.Type, key: String) -> (
    cases: [(tag: String, content: JSONValue)], keepsUnknownTags: Bool
  ) {
    if let union = type as? any JSONTaggedUnion.Type {
      place.append(contentsOf: ["properties", key])
      defer { place.removeLast(2) }
      return (union._jsonSchemaCases(in: &self), union._jsonKeepsUnknownTags)
    }
    if let container = type as? any _JSONSchemaContainer.Type {
      return _taggedCases(container._elementType, key: key)
    }
    _ = noSchema("\(type) is not a tagged union")
    return ([], true)
  }
}
