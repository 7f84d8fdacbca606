public import BinderyJSON

/// The output formats JSON Schema specifies for a validation's result.
public enum JSONSchemaOutputFormat: Sendable, Hashable {
  /// `{"valid": true}` or `{"valid": false}`.
  case flag
  /// `valid`, and a flat list of `errors`, each with its `keywordLocation`,
  /// `absoluteKeywordLocation`, `instanceLocation` (a JSON Pointer) and `error` message; for a
  /// valid value, its `annotations`, each with the same locations and its `annotation`.
  case basic
  /// The failures nested as the schema applied its subschemas: each node has `valid`,
  /// `keywordLocation`, `instanceLocation` and either its `errors` or, for a failing keyword,
  /// its `absoluteKeywordLocation` and `error`. A subschema with one failure below it is
  /// replaced by that failure. A valid value's output lists its `annotations` as `basic` does.
  case detailed
}

extension JSONSchemaValidator {
  /// The result of checking `instance`, in one of the specification's output formats, with
  /// the annotations of the schemas that applied when it is valid.
  ///
  /// - Parameters:
  ///   - instance: The value.
  ///   - format: The output format.
  /// - Returns: The output, a JSON object.
  public func output(_ instance: JSONValue, format: JSONSchemaOutputFormat = .basic) -> JSONValue {
    guard format != .flag else { return Self.output(validate(instance), format: format) }
    // One evaluation gives the failures and, for a valid value, the annotations of the
    // schemas that applied to it.
    var evaluation = SchemaEvaluation(validator: self, annotates: true)
    let outcome = evaluation.evaluate(root, instance)
    guard outcome.isValid else { return Self.output(outcome.failures, format: format) }
    let notes = outcome.notes
    var object: JSONObject = ["valid": true, "keywordLocation": "", "instanceLocation": ""]
    if !notes.isEmpty {
      object["annotations"] = .array(
        notes.map { note in
          [
            "valid": true, "keywordLocation": .string(note.keywordLocation),
            "absoluteKeywordLocation": .string(note.absoluteKeywordLocation),
            "instanceLocation": .string(note.instanceLocation),
            "annotation": note.value,
          ]
        })
    }
    return .object(object)
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
    if format == .detailed, !failures.isEmpty { return detailed(failures) }
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

  /// The `detailed` output: failures in a tree of the subschemas that led to them.
  private static func detailed(_ failures: [JSONSchemaFailure]) -> JSONValue {
    final class Unit {
      let keywordLocation: String
      let instanceLocation: String
      var children: [Unit] = []
      var leaf: JSONSchemaFailure?
      init(_ keywordLocation: String, _ instanceLocation: String) {
        self.keywordLocation = keywordLocation
        self.instanceLocation = instanceLocation
      }
      func child(_ keywordLocation: String, _ instanceLocation: String) -> Unit {
        if let found = children.first(where: {
          $0.leaf == nil && $0.keywordLocation == keywordLocation
            && $0.instanceLocation == instanceLocation
        }) {
          return found
        }
        let made = Unit(keywordLocation, instanceLocation)
        children.append(made)
        return made
      }
      /// The unit as output, a subschema with a single unit below it replaced by that unit.
      func output(isRoot: Bool) -> JSONValue {
        if let leaf {
          return [
            "valid": false, "keywordLocation": .string(leaf.keywordLocation),
            "absoluteKeywordLocation": .string(leaf.absoluteKeywordLocation),
            "instanceLocation": .string(leaf.instancePath.pointer), "error": .string(leaf.message),
          ]
        }
        if !isRoot, children.count == 1 { return children[0].output(isRoot: false) }
        return [
          "valid": false, "keywordLocation": .string(keywordLocation),
          "instanceLocation": .string(instanceLocation),
          "errors": .array(children.map { $0.output(isRoot: false) }),
        ]
      }
    }
    let root = Unit("", "")
    for failure in failures {
      var unit = root
      for application in failure.applications {
        unit = unit.child(application.keywordLocation, application.instanceLocation)
      }
      let leaf = Unit(failure.keywordLocation, failure.instancePath.pointer)
      leaf.leaf = failure
      unit.children.append(leaf)
    }
    return root.output(isRoot: true)
  }
}
