import BinderyJSON

// Constraints and rules in a model's description: what `update(json:)`, the JSON Schema, the
// check of a model made in code and the report of a failed rule read.

extension JSONModelDescription.Property {
  /// A property's constraints, whatever its value's type.
  struct ErasedConstraints: Sendable {
    /// The violations of the property's value in a model; the text reader, where there is
    /// text, gives the JSON string at a path below the value.
    let violations: @Sendable (Model, ((JSONPath) -> String?)?) -> [JSONConstraintViolation]
    /// The property's schema with the constraints' keywords.
    let schema: @Sendable (JSONValue) -> JSONValue
  }

  /// The property, checked against `constraints` (`@Constraint`): the constraints of its
  /// value, or of the wrapped value of an optional property (`nil` keeps them all).
  ///
  /// - Parameter constraints: The constraints.
  /// - Returns: The property with its constraints.
  public func checking<Value>(_ constraints: JSONConstraints<Value>) -> Self {
    var property = self
    let keyPath = keyPath
    property.constraints = ErasedConstraints(
      violations: { model, text in
        // An optional's `nil` is not a `Value`: it keeps every constraint.
        guard let value = model[keyPath: keyPath as PartialKeyPath<Model>] as? Value else {
          return []
        }
        return constraints.violations(of: value, text: text)
      },
      schema: { constraints.apply(to: $0) })
    return property
  }
}

/// The check of models held by a model made in code.
enum JSONConstraintCheck {
  /// The constraint problems of the models in `value` (a model, an optional one, an array or
  /// a dictionary of them), at `path`.
  static func nested(_ value: Any, at path: JSONPath) -> [JSONDecodingProblem] {
    if let model = value as? any JSONDescribedModel {
      return type(of: model).jsonDescription.constraintProblems(of: model, at: path)
    }
    if let models = value as? [any JSONDescribedModel] {
      return models.enumerated().flatMap { index, model in
        type(of: model).jsonDescription.constraintProblems(
          of: model, at: path.appending(.index(index)))
      }
    }
    if let models = value as? [String: any JSONDescribedModel] {
      return models.keys.sorted().flatMap { key -> [JSONDecodingProblem] in
        guard let model = models[key] else { return [] }
        return type(of: model).jsonDescription.constraintProblems(
          of: model, at: path.appending(.key(key)))
      }
    }
    return []
  }
}

extension JSONDescribedModel {
  /// Every way this value breaks its model's constraints (`@Constraint`) and rules
  /// (``JSONObjectDecodable/checkRules(_:)``), and those of the models it holds: for a value
  /// made in code, which no decode has checked. Each problem has its JSON path; none has a
  /// position, as there is no text.
  ///
  /// - Returns: The problems; empty when the value keeps every constraint.
  public func constraintProblems() -> [JSONDecodingProblem] {
    Self.jsonDescription.constraintProblems(of: self, at: JSONPath())
  }

  /// Checks this value, made in code, against its model's constraints and rules.
  ///
  /// - Throws: ``JSONDecodingError`` listing every problem (see ``constraintProblems()``).
  public func checkConstraints() throws(JSONDecodingError) {
    let problems = constraintProblems()
    if !problems.isEmpty { throw JSONDecodingError(problems: problems) }
  }
}

extension JSONObjectDecodable {
  /// The JSON path of the property at `keyPath` (its first decode path), from the model's
  /// description; nil for a model without one.
  static func jsonPath(of keyPath: AnyKeyPath) -> [String]? {
    guard let described = Self.self as? any JSONDescribedModel.Type else { return nil }
    return described.jsonDescription.jsonPath(for: keyPath)
  }
}

extension JSONObjectDecoder {
  /// Records a problem for each failed rule of a model of type `Model` read from this object,
  /// and throws.
  func report<Model: JSONObjectDecodable>(_ failures: [JSONRules.Failure], of _: Model.Type)
    throws
  {
    let context = context
    guard context.options.checksConstraints else { return }
    for failure in failures {
      var place = index
      var missing: String?
      if let path = Model.jsonPath(of: failure.keyPath) {
        switch locate(path) {
        case .found(let found): place = found
        case .missing(let object, let name):
          place = object
          missing = name
        case .null(let found), .notObject(let found): place = found
        }
      }
      var problem = context.problem(
        .ruleFailed, at: place, appending: missing.map { .key($0) }, expected: failure.message,
        found: "")
      problem.parameters = ["rule": .string(failure.message)]
      context.problems.append(problem)
      if context.options.stopsAtFirstError { break }
    }
    throw RecordedFailure()
  }
}
