/// Constraints the property's value must keep, checked while the model is read, reported as
/// problems with the value's path, line and column, and exported to the model's JSON Schema.
///
/// ```swift
/// @JSONModel
/// struct Account {
///   @Constraint(.greaterThan(0)) var id: Int
///   @Constraint(.length(1...39), .pattern("^[A-Za-z0-9-]+$")) var login: String
///   @Constraint(.maxCount(10), .each(.minLength(1))) var tags: [String]
///   @Constraint(.in(0...1)) var score: Double
///   @Constraint(.inThePast) var createdAt: Date
/// }
/// ```
///
/// Each argument is one of `JSONConstraint`'s static members for the property's type (for an
/// optional property, its wrapped type; `nil` keeps every constraint): the macro writes them
/// as a `JSONConstraints` of that type, so a constraint that does not fit the type does not
/// compile. Rules across properties go in the model's `checkRules(_:)` (see ``JSONRules``).
///
/// - Parameter constraints: The constraints.
@attached(peer)
public macro Constraint(_ constraints: JSONConstraintSpec...) =
  #externalMacro(module: "BinderyMacros", type: "MarkerMacro")

/// What `@Constraint` accepts as written. The macro reads each argument and writes it again as
/// a ``JSONConstraint`` of the property's type, where the compiler checks it; these members
/// exist so that the attribute's arguments read as the constraints they become.
public struct JSONConstraintSpec: Sendable {
  private init() {}

  /// See ``JSONConstraint/greaterThan(_:)``.
  /// - Returns: The constraint, as written.
  public static func greaterThan<T>(_ bound: T) -> Self { Self() }
  /// See ``JSONConstraint/atLeast(_:)``.
  /// - Returns: The constraint, as written.
  public static func atLeast<T>(_ bound: T) -> Self { Self() }
  /// See ``JSONConstraint/lessThan(_:)``.
  /// - Returns: The constraint, as written.
  public static func lessThan<T>(_ bound: T) -> Self { Self() }
  /// See ``JSONConstraint/atMost(_:)``.
  /// - Returns: The constraint, as written.
  public static func atMost<T>(_ bound: T) -> Self { Self() }
  /// See ``JSONConstraint/in(_:)``.
  /// - Returns: The constraint, as written.
  public static func `in`<T>(_ range: ClosedRange<T>) -> Self { Self() }
  /// See `JSONConstraint.multiple(of:)`.
  /// - Returns: The constraint, as written.
  public static func multiple<T>(of divisor: T) -> Self { Self() }
  /// See ``JSONConstraint/minLength(_:)``.
  /// - Returns: The constraint, as written.
  public static func minLength(_ count: Int) -> Self { Self() }
  /// See ``JSONConstraint/maxLength(_:)``.
  /// - Returns: The constraint, as written.
  public static func maxLength(_ count: Int) -> Self { Self() }
  /// See ``JSONConstraint/length(_:)``.
  /// - Returns: The constraint, as written.
  public static func length(_ range: ClosedRange<Int>) -> Self { Self() }
  /// See ``JSONConstraint/pattern(_:)``.
  /// - Returns: The constraint, as written.
  public static func pattern(_ pattern: String) -> Self { Self() }
  /// See ``JSONConstraint/minCount(_:)``.
  /// - Returns: The constraint, as written.
  public static func minCount(_ count: Int) -> Self { Self() }
  /// See ``JSONConstraint/maxCount(_:)``.
  /// - Returns: The constraint, as written.
  public static func maxCount(_ count: Int) -> Self { Self() }
  /// See ``JSONConstraint/count(_:)``.
  /// - Returns: The constraint, as written.
  public static func count(_ range: ClosedRange<Int>) -> Self { Self() }
  /// See ``JSONConstraint/each(_:)``.
  /// - Returns: The constraint, as written.
  public static func each(_ constraints: JSONConstraintSpec...) -> Self { Self() }
  /// See ``JSONConstraint/eachValue(_:)``.
  /// - Returns: The constraint, as written.
  public static func eachValue(_ constraints: JSONConstraintSpec...) -> Self { Self() }
  /// See ``JSONConstraint/allowed(_:)``.
  /// - Returns: The constraint, as written.
  public static func allowed<T>(_ values: [T]) -> Self { Self() }
  /// See ``JSONConstraint/inThePast``.
  public static var inThePast: Self { Self() }
  /// See ``JSONConstraint/inTheFuture``.
  public static var inTheFuture: Self { Self() }
  /// See ``JSONConstraint/hasTimeZone``.
  public static var hasTimeZone: Self { Self() }
}
