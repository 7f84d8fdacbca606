/// A type read from a JSON object, member by member: what `@JSONModel` generates.
public protocol JSONObjectDecodable: JSONDecodable {
  /// Reads the value from an object's members.
  ///
  /// - Parameter json: The object.
  /// - Throws: ``JSONDecodingProblem`` and the failures collected below.
  init(json: JSONObjectDecoder) throws

  /// Checks the value after it was decoded; throw to reject it. Does nothing by default.
  ///
  /// - Throws: Any error; it is reported as a validation problem at the object's path.
  func validate() throws

  /// Checks rules across the model's properties (``JSONRules``) after it was read; each
  /// failed rule is reported at the property it names, with the other problems of the decode.
  /// Does nothing by default.
  ///
  /// - Parameter rules: Where failed rules are reported.
  func checkRules(_ rules: inout JSONRules)

  /// For generated code: the first keys of every member the type reads, its flattened
  /// properties' included, so that a model flattening it leaves them out of its unknown keys.
  @_documentation(visibility: private)
  static var _jsonClaimedKeys: Set<String> { get }
}

extension JSONObjectDecodable {
  /// Opens the value as an object, reads the members, then checks its rules and runs
  /// ``validate()``.
  ///
  /// - Parameter json: The JSON value.
  /// - Throws: ``JSONDecodingProblem`` when the value is not an object, and member failures.
  public init(json: JSONValueDecoder) throws {
    let object = try json.object()
    let value = try Self(json: object)
    // Validated before it becomes `self`: throwing from an initializer after `self` is whole,
    // or handing `self` to a generic function in another module, copies the whole model (a
    // retain and a release per string it holds). The rules are asked here, not through
    // `validate(_:)`, and without `failedRules()`: most models have none, and then nothing
    // more is called, not even the retain and release of an empty array returned (citm
    // through documents: 0.4 % of its instructions).
    var rules = JSONRules()
    value.checkRules(&rules)
    if !rules.failures.isEmpty { try object.report(rules.failures, of: Self.self) }
    do {
      try value.validate()
    } catch {
      throw object.validationProblem(error)
    }
    self = value
  }

  // Inlinable, so that a model that keeps this one calls nothing.
  /// Accepts every value.
  @inlinable
  public func validate() throws {}

  /// No keys are known unless the conformance says so.
  @_documentation(visibility: private)
  public static var _jsonClaimedKeys: Set<String> { [] }
}
