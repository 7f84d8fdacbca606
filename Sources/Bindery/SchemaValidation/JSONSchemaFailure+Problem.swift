extension JSONSchemaFailure {
  /// The failure as a problem of Bindery's reports, of kind
  /// ``JSONDecodingProblem/Kind/validationFailed``, with the schema keyword as its hint.
  public var problem: JSONDecodingProblem {
    JSONDecodingProblem(
      kind: .validationFailed, path: instancePath, location: location, expected: message,
      hint: "schema keyword \(keywordLocation.isEmpty ? "/" : keywordLocation)")
  }
}
