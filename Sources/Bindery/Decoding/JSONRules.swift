import BinderyJSON

/// The rules of one model that cross its properties, such as "`endDate` is after
/// `startDate`", as a model's ``JSONObjectDecodable/checkRules(_:)`` states them.
///
/// Each failed rule names the property it is about, and becomes a ``JSONDecodingProblem`` of
/// kind ``JSONDecodingProblem/Kind-swift.struct/ruleFailed`` at that property's JSON path, with
/// the line and column of its value, in the same report as every other problem.
///
/// ```swift
/// extension Event {
///   func checkRules(_ rules: inout JSONRules) {
///     rules.require(endDate > startDate, at: \Event.endDate, "must be after start_date")
///   }
/// }
/// ```
public struct JSONRules: Sendable {
  /// A failed rule: the property it names and what the rule says.
  @usableFromInline struct Failure: Sendable {
    var keyPath: AnyKeyPath & Sendable
    var message: String
  }

  @usableFromInline var failures: [Failure] = []

  @usableFromInline init() {}

  /// Reports that the rule `message` fails for the property at `keyPath`.
  ///
  /// - Parameters:
  ///   - keyPath: The property the failure is about, such as `\Event.endDate`.
  ///   - message: What the rule requires, such as `must be after start_date`.
  public mutating func fail<Model, Value>(
    at keyPath: KeyPath<Model, Value> & Sendable, _ message: String
  ) {
    failures.append(Failure(keyPath: keyPath, message: message))
  }

  /// Reports the rule `message` as failed for the property at `keyPath` unless `condition`
  /// holds.
  ///
  /// - Parameters:
  ///   - condition: Whether the rule holds.
  ///   - keyPath: The property the rule is about.
  ///   - message: What the rule requires.
  public mutating func require<Model, Value>(
    _ condition: Bool, at keyPath: KeyPath<Model, Value> & Sendable,
    _ message: @autoclosure () -> String
  ) {
    if !condition { fail(at: keyPath, message()) }
  }
}

extension JSONObjectDecodable {
  /// No rules across properties unless the model states some.
  ///
  /// - Parameter rules: Where failed rules are reported.
  @inlinable
  public func checkRules(_ rules: inout JSONRules) {}

  /// Whether `self` fails one of its rules; for the one-pass read, which gives up then.
  @inlinable
  func breaksRules() -> Bool { !failedRules().isEmpty }

  /// The rules `self` fails. Inlinable, so that a model without rules answers at no cost.
  @inlinable
  func failedRules() -> [JSONRules.Failure] {
    var rules = JSONRules()
    checkRules(&rules)
    return rules.failures
  }
}
