public import BinderyJSON

/// The output formats JSON Schema specifies for a validation's result.
public enum JSONSchemaOutputFormat: Sendable, Hashable {
  /// `{"valid": true}` or `{"valid": false}`.
  case flag
  /// `valid`, and a flat list of `errors`, each with its `keywordLocation`,
  /// `absoluteKeywordLocation`, `instanceLocation` (a JSON Pointer) and `error` message.
  case basic
}

extension JSONSchemaValidator {
  /// The result of checking `instance`, in one of the specification's output formats.
  ///
  /// - Parameters:
  ///   - instance: The value.
  ///   - format: The output format.
  /// - Returns: The output, a JSON object.
  public func output(_ instance: JSONValue, format: JSONSchemaOutputFormat = .basic) -> JSONValue {
    let failures = validate(instance)
    return Self.output(failures, format: format)
  }

  /// Failures as the specification's output.
  ///
  /// - Parameters:
  ///   - failures: What `validate(_:)` returned.
  ///   - format: The output format.
  /// - Returns: The output, a JSON object.
  public static func output(_ failures: [JSONSchemaFailure], format: JSONSchemaOutputFormat)
    -> JSONValue
  {
    var object: JSONObject = ["valid": .bool(failures.isEmpty)]
    if format == .basic, !failures.isEmpty {
      object["errors"] = .array(
        failures.map { failure in
          [
            "keywordLocation": .string(failure.keywordLocation),
            "absoluteKeywordLocation": .string(failure.absoluteKeywordLocation),
            "instanceLocation": .string(failure.instancePath.pointer),
            "error": .string(failure.message),
          ]
        })
    }
    return .object(object)
  }
}
