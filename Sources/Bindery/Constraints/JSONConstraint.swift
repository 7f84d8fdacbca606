public import BinderyJSON
public import Foundation

/// One rule a property's value must keep, such as `.greaterThan(0)` or `.maxLength(39)`,
/// checked while the model is read and exported to its JSON Schema.
///
/// Constraints are written on a model's property with `@Constraint`, and the model's
/// description holds them, so every way of reading the model checks them: bytes (also in one
/// pass), documents, `BinderyDecoder`, Foundation's `JSONDecoder`, Foundation objects, streams,
/// `update(json:)` and the server adapters. A value that breaks one is a
/// ``JSONDecodingProblem`` of the constraint's own kind (``JSONDecodingProblem/Kind-swift.struct/greaterThan``,
/// ``JSONDecodingProblem/Kind-swift.struct/stringTooLong`` …) at the value's path, line and
/// column, beside every other problem of the decode.
///
/// The constraints a type takes are the static members below whose `where` clause it meets:
/// bounds for numbers and dates, lengths and a pattern for strings, counts and element
/// constraints for collections, a set of allowed values for any equatable value.
public struct JSONConstraint<Value>: Sendable {
  /// Checks a value, adding what it breaks to the report.
  let check: @Sendable (Value, inout JSONConstraintReport) -> Void
  /// Whether a value keeps the constraint, with no report (the one-pass read's question).
  @usableFromInline let allows: @Sendable (Value) -> Bool
  /// Adds the constraint's keywords to the schema of the value.
  let schema: @Sendable (inout [String: JSONValue]) -> Void
  /// Whether the check reads the value's JSON text (a date's time zone).
  let readsText: Bool

  init(
    readsText: Bool = false, schema: @escaping @Sendable (inout [String: JSONValue]) -> Void,
    allows: (@Sendable (Value) -> Bool)? = nil,
    check: @escaping @Sendable (Value, inout JSONConstraintReport) -> Void
  ) {
    self.check = check
    self.schema = schema
    self.readsText = readsText
    self.allows =
      allows ?? { value in
        var report = JSONConstraintReport(text: nil)
        check(value, &report)
        return report.violations.isEmpty
      }
  }
}

/// The constraints of one property, in the order written.
public struct JSONConstraints<Value>: Sendable {
  /// The constraints.
  public let constraints: [JSONConstraint<Value>]
  /// Whether some constraint reads the value's JSON text.
  let readsText: Bool

  /// The constraints given.
  ///
  /// - Parameter constraints: The constraints.
  public init(_ constraints: JSONConstraint<Value>...) {
    self.init(constraints)
  }

  /// The constraints given.
  ///
  /// - Parameter constraints: The constraints.
  public init(_ constraints: [JSONConstraint<Value>]) {
    self.constraints = constraints
    self.readsText = constraints.contains { $0.readsText }
  }

  /// Every way `value` breaks the constraints.
  ///
  /// - Parameters:
  ///   - value: The value.
  ///   - text: The JSON string at a path below the value, for constraints that read it.
  /// - Returns: The violations, each with its path below the value.
  func violations(of value: Value, text: ((JSONPath) -> String?)? = nil)
    -> [JSONConstraintViolation]
  {
    var report = JSONConstraintReport(text: text)
    for constraint in constraints { constraint.check(value, &report) }
    return report.violations
  }

  /// Whether `value` keeps every constraint; for the one-pass read, which gives up otherwise.
  /// Inlinable, so that it is specialised for the value's type where the model reads it.
  @inlinable
  func allows(_ value: Value) -> Bool {
    for constraint in constraints where !constraint.allows(value) { return false }
    return true
  }

  /// Adds every constraint's keywords to `schema`, the schema of the value (or, when it is a
  /// `{"anyOf": [schema, {"type": "null"}]}` of an optional value, to its first branch).
  func apply(to schema: JSONValue) -> JSONValue {
    guard !constraints.isEmpty, case .object(var object) = schema else { return schema }
    if case .array(var branches) = object["anyOf"], object.count == 1, branches.count == 2,
      branches[1] == ["type": "null"]
    {
      branches[0] = apply(to: branches[0])
      return ["anyOf": .array(branches)]
    }
    var keywords: [String: JSONValue] = [:]
    for constraint in constraints { constraint.schema(&keywords) }
    for keyword in keywords.keys.sorted() {
      guard let value = keywords[keyword] else { continue }
      if case .object(let nested) = value, case .object(var existing)? = object[keyword] {
        // `items` / `additionalProperties`: the element's schema, with the element constraints.
        for (key, member) in nested { existing[key] = member }
        object[keyword] = .object(existing)
      } else if let existing = object[keyword], Self.isTighter(existing, than: value, keyword) {
        // The type's own range (`Int8`'s `maximum: 127`) where it is narrower than the bound.
        continue
      } else {
        object[keyword] = value
      }
    }
    return .object(object)
  }
}

extension JSONConstraints {
  /// Whether the bound `existing` under `keyword` (`minimum`, `maximum`) allows fewer values
  /// than `bound`.
  static func isTighter(_ existing: JSONValue, than bound: JSONValue, _ keyword: String) -> Bool {
    guard keyword == "minimum" || keyword == "maximum",
      case .number(let old) = existing, case .number(let new) = bound,
      let oldValue = SchemaDecimal(old), let newValue = SchemaDecimal(new)
    else { return false }
    let order = oldValue.compare(newValue)
    return keyword == "minimum" ? order > 0 : order < 0
  }
}

/// What a check found wrong with a value, before it becomes a ``JSONDecodingProblem``.
struct JSONConstraintViolation: Sendable {
  /// Where below the checked value (an element's index, a dictionary's key).
  var path: JSONPath
  var kind: JSONDecodingProblem.Kind
  /// What the constraint needs, as a problem's `expected`.
  var expected: String
  /// What was found, when not simply the value at the path (a length, a count).
  var found: String?
  var parameters: [String: JSONValue]
}

/// The violations of the checks run so far, and where the check is below the property's
/// value.
struct JSONConstraintReport {
  var violations: [JSONConstraintViolation] = []
  /// The path below the property's value of what is being checked.
  var path = JSONPath()
  /// The JSON string at a path, for checks that read it; nil where there is no text.
  let text: ((JSONPath) -> String?)?

  init(text: ((JSONPath) -> String?)?) {
    self.text = text
  }

  mutating func fail(
    _ kind: JSONDecodingProblem.Kind, expected: String, found: String? = nil,
    _ parameters: [String: JSONValue]
  ) {
    violations.append(
      JSONConstraintViolation(
        path: path, kind: kind, expected: expected, found: found, parameters: parameters))
  }

  /// Runs `body` for the element at `component` below the current path.
  mutating func below(_ component: JSONPath.Component, _ body: (inout Self) -> Void) {
    let saved = path
    path = path.appending(component)
    body(&self)
    path = saved
  }
}

/// `1 character`, `2 characters`.
func counted(_ count: Int, _ noun: String) -> String {
  "\(count) \(noun)\(count == 1 ? "" : "s")"
}

// MARK: Bounds

/// A type whose values can be bounded by `@Constraint`'s `.greaterThan`, `.atLeast`,
/// `.lessThan`, `.atMost` and `.in`: the integer types, `Double`, `Float`, `Decimal` and
/// `Date`.
public protocol JSONConstraintBound: Comparable, Sendable {
  /// The bound as JSON, for the schema and the problem's parameters (a date's RFC 3339 text).
  var _jsonBound: JSONValue { get }
  /// Whether the bound is a number JSON Schema can state (`minimum` …); dates are not.
  static var _boundsInSchema: Bool { get }
}

extension JSONConstraintBound where Self: BinaryInteger {
  /// The integer.
  public var _jsonBound: JSONValue { .number(JSONNumber(self)) }
  /// Integers are numbers.
  public static var _boundsInSchema: Bool { true }
}

extension JSONConstraintBound where Self: BinaryFloatingPoint {
  /// The number, or its text for a value JSON cannot hold.
  public var _jsonBound: JSONValue {
    let double = Double(self)
    return double.isFinite ? .number(JSONNumber(double)) : .string("\(double)")
  }
  /// Numbers.
  public static var _boundsInSchema: Bool { true }
}

extension Int: JSONConstraintBound {}
extension Int8: JSONConstraintBound {}
extension Int16: JSONConstraintBound {}
extension Int32: JSONConstraintBound {}
extension Int64: JSONConstraintBound {}
extension UInt: JSONConstraintBound {}
extension UInt8: JSONConstraintBound {}
extension UInt16: JSONConstraintBound {}
extension UInt32: JSONConstraintBound {}
extension UInt64: JSONConstraintBound {}
extension Double: JSONConstraintBound {}
extension Float: JSONConstraintBound {}

extension Decimal: JSONConstraintBound {
  /// The number's exact text.
  public var _jsonBound: JSONValue {
    JSONNumber(text: "\(self)").map(JSONValue.number) ?? .string("\(self)")
  }
  /// A number.
  public static var _boundsInSchema: Bool { true }
}

extension Date: JSONConstraintBound {
  /// The date's RFC 3339 text, in UTC.
  public var _jsonBound: JSONValue {
    .string(ISO8601.string(from: self, fractional: true) ?? ISO8601.describe(self))
  }
  /// JSON Schema has no keyword bounding dates.
  public static var _boundsInSchema: Bool { false }
}

extension JSONConstraint where Value: JSONConstraintBound {
  /// The value is greater than `bound` (pydantic's `gt`, JSON Schema's `exclusiveMinimum`).
  /// NaN is greater than nothing.
  ///
  /// - Parameter bound: The exclusive lower bound.
  /// - Returns: The constraint.
  public static func greaterThan(_ bound: Value) -> Self {
    compare(.greaterThan, "exclusiveMinimum", "greater than", bound) { $0 > bound }
  }

  /// The value is at least `bound` (pydantic's `ge`, JSON Schema's `minimum`).
  ///
  /// - Parameter bound: The inclusive lower bound.
  /// - Returns: The constraint.
  public static func atLeast(_ bound: Value) -> Self {
    compare(.greaterThanOrEqual, "minimum", "at least", bound) { $0 >= bound }
  }

  /// The value is less than `bound` (pydantic's `lt`, JSON Schema's `exclusiveMaximum`).
  ///
  /// - Parameter bound: The exclusive upper bound.
  /// - Returns: The constraint.
  public static func lessThan(_ bound: Value) -> Self {
    compare(.lessThan, "exclusiveMaximum", "less than", bound) { $0 < bound }
  }

  /// The value is at most `bound` (pydantic's `le`, JSON Schema's `maximum`).
  ///
  /// - Parameter bound: The inclusive upper bound.
  /// - Returns: The constraint.
  public static func atMost(_ bound: Value) -> Self {
    compare(.lessThanOrEqual, "maximum", "at most", bound) { $0 <= bound }
  }

  /// The value is in `range`: `.atLeast(range.lowerBound)` and `.atMost(range.upperBound)`.
  ///
  /// - Parameter range: The values allowed.
  /// - Returns: The constraint.
  public static func `in`(_ range: ClosedRange<Value>) -> Self {
    let low = atLeast(range.lowerBound)
    let high = atMost(range.upperBound)
    return Self(
      schema: { keywords in
        low.schema(&keywords)
        high.schema(&keywords)
      },
      check: { value, report in
        low.check(value, &report)
        high.check(value, &report)
      })
  }

  private static func compare(
    _ kind: JSONDecodingProblem.Kind, _ keyword: String, _ relation: String, _ bound: Value,
    _ holds: @escaping @Sendable (Value) -> Bool
  ) -> Self {
    let json = bound._jsonBound
    let noun = Value.self == Date.self ? "a date" : "a number"
    let boundText = json.stringValue ?? "\(json)"
    return Self(
      schema: { if Value._boundsInSchema { $0[keyword] = json } },
      allows: holds,
      check: { value, report in
        if !holds(value) {
          report.fail(
            kind, expected: "\(noun) \(relation) \(boundText)",
            ["limit": json, "found": value._jsonBound])
        }
      })
  }
}

extension JSONConstraint where Value: BinaryInteger & JSONConstraintBound {
  /// The value is a multiple of `divisor` (pydantic's `multiple_of`, JSON Schema's
  /// `multipleOf`).
  ///
  /// - Parameter divisor: A positive number.
  /// - Returns: The constraint.
  public static func multiple(of divisor: Value) -> Self {
    precondition(divisor > 0, "a constraint's divisor must be positive")
    let json = divisor._jsonBound
    return Self(
      schema: { $0["multipleOf"] = json },
      check: { value, report in
        if value % divisor != 0 {
          report.fail(
            .multipleOf, expected: "a multiple of \(json)",
            ["limit": json, "found": value._jsonBound])
        }
      })
  }
}

extension JSONConstraint where Value: BinaryFloatingPoint & JSONConstraintBound {
  /// The value is a multiple of `divisor`, decided on the two numbers' shortest decimal texts
  /// (as JSON Schema validators decide on the document's text): `0.3` is a multiple of `0.1`.
  /// NaN and infinities are multiples of nothing.
  ///
  /// - Parameter divisor: A positive, finite number.
  /// - Returns: The constraint.
  public static func multiple(of divisor: Value) -> Self {
    precondition(divisor > 0 && divisor.isFinite, "a constraint's divisor must be positive")
    let json = divisor._jsonBound
    let exact = SchemaDecimal(JSONNumber(Double(divisor)))
    return Self(
      schema: { $0["multipleOf"] = json },
      check: { value, report in
        let double = Double(value)
        let holds =
          double.isFinite
          && exact.map { SchemaDecimal(JSONNumber(double))?.isMultiple(of: $0) ?? false } ?? false
        if !holds {
          report.fail(
            .multipleOf, expected: "a multiple of \(json)",
            ["limit": json, "found": value._jsonBound])
        }
      })
  }
}

extension JSONConstraint where Value == Decimal {
  /// The value is a multiple of `divisor`, exactly.
  ///
  /// - Parameter divisor: A positive number.
  /// - Returns: The constraint.
  public static func multiple(of divisor: Decimal) -> Self {
    precondition(divisor > 0, "a constraint's divisor must be positive")
    let json = divisor._jsonBound
    let exact = JSONNumber(text: "\(divisor)").flatMap(SchemaDecimal.init)
    return Self(
      schema: { $0["multipleOf"] = json },
      check: { value, report in
        let holds =
          exact.map { divisor in
            JSONNumber(text: "\(value)").flatMap(SchemaDecimal.init)?.isMultiple(of: divisor)
              ?? false
          } ?? false
        if !holds {
          report.fail(
            .multipleOf, expected: "a multiple of \(json)",
            ["limit": json, "found": value._jsonBound])
        }
      })
  }
}

// MARK: Dates

extension JSONConstraint where Value == Date {
  /// The date is before the moment it is checked (pydantic's `PastDatetime`).
  public static var inThePast: Self {
    Self(
      schema: { _ in },
      check: { value, report in
        if !(value < Date()) {
          report.fail(.notInPast, expected: "a date in the past", ["found": value._jsonBound])
        }
      })
  }

  /// The date is after the moment it is checked (pydantic's `FutureDatetime`).
  public static var inTheFuture: Self {
    Self(
      schema: { _ in },
      check: { value, report in
        if !(value > Date()) {
          report.fail(.notInFuture, expected: "a date in the future", ["found": value._jsonBound])
        }
      })
  }

  /// The date's text names its time zone: it ends in `Z` or an offset such as `+01:00`
  /// (pydantic's `AwareDatetime`). Checked on the JSON text the date was read from: a date read
  /// from a number, or made in code, has no text and passes.
  public static var hasTimeZone: Self {
    Self(
      readsText: true, schema: { _ in },
      check: { _, report in
        guard let text = report.text?(report.path) else { return }
        if !Self.namesTimeZone(text) {
          report.fail(.missingTimeZone, expected: "a date with a time zone", [:])
        }
      })
  }

  /// Whether a date's text ends in `Z`/`z` or a numeric offset (`+01:00`, `-0500`, `+01`).
  /// - Returns: The constraint.
  static func namesTimeZone(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    guard let last = bytes.last, bytes.count > 10 else { return false }
    if last == UInt8(ascii: "Z") || last == UInt8(ascii: "z") { return true }
    // The sign of an offset: within the last six bytes, after the time.
    for back in 3...6 where back < bytes.count {
      let byte = bytes[bytes.count - back]
      if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") {
        let offset = bytes[(bytes.count - back + 1)...]
        return offset.allSatisfy {
          (UInt8(ascii: "0")...UInt8(ascii: ":")).contains($0)
        }
          && bytes[..<(bytes.count - back)].contains(UInt8(ascii: ":"))
      }
    }
    return false
  }
}

// MARK: Strings

extension JSONConstraint where Value == String {
  /// The string has at least `count` characters, counted as Unicode scalars (as pydantic and
  /// JSON Schema's `minLength` count: `é` written as `e` and a combining accent is two).
  ///
  /// - Parameter count: The least length.
  /// - Returns: The constraint.
  public static func minLength(_ count: Int) -> Self {
    length(min: count, max: nil)
  }

  /// The string has at most `count` characters, counted as Unicode scalars (JSON Schema's
  /// `maxLength`).
  ///
  /// - Parameter count: The greatest length.
  /// - Returns: The constraint.
  public static func maxLength(_ count: Int) -> Self {
    length(min: nil, max: count)
  }

  /// The string's length, in Unicode scalars, is in `range`.
  ///
  /// - Parameter range: The lengths allowed.
  /// - Returns: The constraint.
  public static func length(_ range: ClosedRange<Int>) -> Self {
    length(min: range.lowerBound, max: range.upperBound)
  }

  private static func length(min: Int?, max: Int?) -> Self {
    precondition((min ?? 0) >= 0 && (max ?? 0) >= 0, "a length bound must not be negative")
    return Self(
      schema: { keywords in
        if let min { keywords["minLength"] = .number(JSONNumber(min)) }
        if let max { keywords["maxLength"] = .number(JSONNumber(max)) }
      },
      allows: { value in
        let bytes = value.utf8.count
        if let max, bytes > max, scalarCount(value) > max { return false }
        if let min, bytes < min &* 4, scalarCount(value) < min { return false }
        return true
      },
      check: { value, report in
        // A string has at least as many bytes as scalars, and at most four bytes per scalar:
        // most lengths are decided without counting.
        let bytes = value.utf8.count
        if let max, bytes > max {
          let count = scalarCount(value)
          if count > max {
            report.fail(
              .stringTooLong, expected: "a string of at most \(counted(max, "character"))",
              found: counted(count, "character"),
              ["limit": .number(JSONNumber(max)), "found": .number(JSONNumber(count))])
          }
        }
        if let min, bytes < min &* 4 {
          let count = scalarCount(value)
          if count < min {
            report.fail(
              .stringTooShort, expected: "a string of at least \(counted(min, "character"))",
              found: counted(count, "character"),
              ["limit": .number(JSONNumber(min)), "found": .number(JSONNumber(count))])
          }
        }
      })
  }

  /// The string matches `pattern`, an ECMA-262 regular expression as JSON Schema's `pattern`
  /// reads it: a match anywhere in the string counts, so anchor it with `^…$` to match the
  /// whole; `\d` and `\w` are ASCII only; matching goes by Unicode scalar. The syntax accepted
  /// and refused is that of `JSONSchemaValidator`'s patterns. A pattern that does not compile
  /// fails every value, naming why.
  ///
  /// - Parameter pattern: The regular expression.
  /// - Returns: The constraint.
  public static func pattern(_ pattern: String) -> Self {
    let compiled = Result { () throws(SchemaPattern.Failure) in try SchemaPattern(pattern) }
    return Self(
      schema: { $0["pattern"] = .string(pattern) },
      allows: { value in
        guard case .success(let compiled) = compiled else { return false }
        return compiled.matches(value) == true
      },
      check: { value, report in
        switch compiled {
        case .success(let compiled):
          switch compiled.matches(value) {
          case true?: return
          case false?:
            report.fail(
              .patternMismatch, expected: "a string matching \(pattern)",
              ["pattern": .string(pattern)])
          case nil:
            report.fail(
              .patternMismatch,
              expected: "a string matching \(pattern) (the match could not be decided)",
              ["pattern": .string(pattern)])
          }
        case .failure(let failure):
          report.fail(
            .patternMismatch,
            expected: "a string matching \(pattern), which does not compile: \(failure.message)",
            ["pattern": .string(pattern)])
        }
      })
  }
}

// MARK: Collections

/// Dictionaries: their counts are `minProperties`/`maxProperties` in a schema.
protocol JSONConstraintDictionary {}
extension Dictionary: JSONConstraintDictionary {}

extension JSONConstraint where Value: Collection & Sendable {
  /// The collection has at least `count` elements (JSON Schema's `minItems`, or
  /// `minProperties` for a dictionary).
  ///
  /// - Parameter count: The least count.
  /// - Returns: The constraint.
  public static func minCount(_ count: Int) -> Self {
    self.count(min: count, max: nil)
  }

  /// The collection has at most `count` elements (`maxItems`, or `maxProperties` for a
  /// dictionary).
  ///
  /// - Parameter count: The greatest count.
  /// - Returns: The constraint.
  public static func maxCount(_ count: Int) -> Self {
    self.count(min: nil, max: count)
  }

  /// The collection's count is in `range`.
  ///
  /// - Parameter range: The counts allowed.
  /// - Returns: The constraint.
  public static func count(_ range: ClosedRange<Int>) -> Self {
    count(min: range.lowerBound, max: range.upperBound)
  }

  private static func count(min: Int?, max: Int?) -> Self {
    precondition((min ?? 0) >= 0 && (max ?? 0) >= 0, "a count bound must not be negative")
    let isObject = Value.self is any JSONConstraintDictionary.Type
    let (noun, minKeyword, maxKeyword) =
      isObject
      ? ("member", "minProperties", "maxProperties") : ("element", "minItems", "maxItems")
    return Self(
      schema: { keywords in
        if let min { keywords[minKeyword] = .number(JSONNumber(min)) }
        if let max { keywords[maxKeyword] = .number(JSONNumber(max)) }
      },
      check: { value, report in
        let count = value.count
        if let max, count > max {
          report.fail(
            .tooManyElements, expected: "at most \(counted(max, noun))",
            found: counted(count, noun),
            ["limit": .number(JSONNumber(max)), "found": .number(JSONNumber(count))])
        }
        if let min, count < min {
          report.fail(
            .tooFewElements, expected: "at least \(counted(min, noun))",
            found: counted(count, noun),
            ["limit": .number(JSONNumber(min)), "found": .number(JSONNumber(count))])
        }
      })
  }

  /// Every element keeps `constraints` (pydantic's constrained item type, JSON Schema's
  /// `items`); each element that does not is a problem at its own index.
  ///
  /// - Parameter constraints: The elements' constraints.
  /// - Returns: The constraint.
  public static func each<Element>(_ constraints: JSONConstraint<Element>...) -> Self
  where Value == [Element] {
    Self(
      readsText: constraints.contains { $0.readsText },
      schema: { keywords in
        var items: [String: JSONValue] = [:]
        for constraint in constraints { constraint.schema(&items) }
        keywords["items"] = .object(
          JSONObject(items.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }))
      },
      check: { value, report in
        for (index, element) in value.enumerated() {
          report.below(.index(index)) { report in
            for constraint in constraints { constraint.check(element, &report) }
          }
        }
      })
  }

  /// Every value of the dictionary keeps `constraints` (JSON Schema's
  /// `additionalProperties`); each one that does not is a problem at its key.
  ///
  /// - Parameter constraints: The values' constraints.
  /// - Returns: The constraint.
  public static func eachValue<Element>(_ constraints: JSONConstraint<Element>...) -> Self
  where Value == [String: Element] {
    Self(
      readsText: constraints.contains { $0.readsText },
      schema: { keywords in
        var values: [String: JSONValue] = [:]
        for constraint in constraints { constraint.schema(&values) }
        keywords["additionalProperties"] = .object(
          JSONObject(values.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }))
      },
      check: { value, report in
        // In key order, so that the report's order does not depend on hashing.
        for key in value.keys.sorted() {
          guard let element = value[key] else { continue }
          report.below(.key(key)) { report in
            for constraint in constraints { constraint.check(element, &report) }
          }
        }
      })
  }
}

// MARK: Allowed values

extension JSONConstraint where Value: Equatable & Sendable & JSONEncodable {
  /// The value is one of `values` (JSON Schema's `enum`).
  ///
  /// - Parameter values: The values allowed.
  /// - Returns: The constraint.
  public static func allowed(_ values: [Value]) -> Self {
    let json = values.map { (try? $0.jsonValue()) ?? .null }
    return Self(
      schema: { $0["enum"] = .array(json) },
      check: { value, report in
        if !values.contains(value) {
          report.fail(
            .notAllowed, expected: "one of \(JSONValue.array(json))",
            ["allowed": .array(json)])
        }
      })
  }
}
