import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder

/// Reads a property's `@Constraint` and reports what cannot apply: a constraint on a type it
/// does not fit (when the type is a standard one the macro can tell from its spelling), bounds
/// that exclude every value, a divisor that is not positive, a constraint on a property that is
/// not read. The constraints' types are checked again by the compiler, in the code the macro
/// writes (a `JSONConstraints` of the property's type); these diagnostics say it earlier and
/// plainly, with a fix-it where one exists.
enum ConstraintAnalysis {
  /// What a constraint applies to.
  enum Family: String {
    case number = "numbers and dates"
    case string = "strings"
    case collection = "arrays, sets and dictionaries"
    case date = "dates"
    case any = "any value"
  }

  static let families: [String: Family] = [
    "greaterThan": .number, "atLeast": .number, "lessThan": .number, "atMost": .number,
    "in": .number, "multiple": .number,
    "minLength": .string, "maxLength": .string, "length": .string, "pattern": .string,
    "minCount": .collection, "maxCount": .collection, "count": .collection,
    "each": .collection, "eachValue": .collection,
    "inThePast": .date, "inTheFuture": .date, "hasTimeZone": .date, "allowed": .any,
  ]

  /// The collection constraint that means what a string constraint was meant to, and back.
  static let counterparts: [String: String] = [
    "minLength": "minCount", "maxLength": "maxCount", "length": "count",
    "minCount": "minLength", "maxCount": "maxLength", "count": "length",
  ]

  /// What a declared type is, when the spelling says so.
  static func family(of type: TypeSyntax) -> Family? {
    var type = type
    if let optional = type.as(OptionalTypeSyntax.self) { type = optional.wrappedType }
    if type.is(ArrayTypeSyntax.self) || type.is(DictionaryTypeSyntax.self) { return .collection }
    var name = type.trimmedDescription
    for prefix in ["Swift.", "Foundation."] where name.hasPrefix(prefix) {
      name.removeFirst(prefix.count)
    }
    if name.hasPrefix("Set<") || name.hasPrefix("Array<") || name.hasPrefix("Dictionary<") {
      return .collection
    }
    if name == "String" { return .string }
    if name == "Date" { return .date }
    let numbers: Set<String> = [
      "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
      "Double", "Float", "Decimal",
    ]
    if numbers.contains(name) { return .number }
    if name == "Bool" || name == "URL" || name == "UUID" || name == "Data" { return .any }
    return nil
  }

  /// Whether a constraint of `family` applies to a value of `type`'s family.
  static func applies(_ family: Family, to type: Family) -> Bool {
    switch family {
    case .any: return true
    case .number: return type == .number || type == .date
    case .date: return type == .date
    case .string: return type == .string
    case .collection: return type == .collection
    }
  }

  /// The name of the constraint an expression calls (`.maxLength(39)` → `maxLength`).
  static func name(of expression: ExprSyntax) -> String? {
    var callee = expression
    if let call = expression.as(FunctionCallExprSyntax.self) { callee = call.calledExpression }
    guard let member = callee.as(MemberAccessExprSyntax.self) else { return nil }
    return member.declName.baseName.text.trimmingBackticks
  }

  /// Reads `@Constraint`'s arguments into the property, reporting misuse.
  static func read(
    _ attribute: AttributeSyntax, into property: inout ModelProperty,
    diagnose: (Diagnostic) -> Void
  ) {
    let arguments = Array(attribute.arguments?.as(LabeledExprListSyntax.self) ?? [])
    property.constraints = arguments.map(\.expression)
    for other in ["Flatten", "UnknownKeys", "TaggedBy"] where property.attributes[other] != nil {
      diagnose(
        Diagnostic(
          node: attribute,
          message: BinderyDiagnostic.conflictingAttributes(
            first: "Constraint", second: other, property: property.name)))
      property.constraints = []
      return
    }
    let typeFamily = property.type.flatMap(family(of:))
    for argument in arguments {
      let expression = argument.expression
      guard let name = name(of: expression), let family = families[name] else { continue }
      if let typeFamily, !applies(family, to: typeFamily) {
        var fixIt: FixIt?
        if let other = counterparts[name],
          families[other].map({ applies($0, to: typeFamily) }) == true,
          let member = (expression.as(FunctionCallExprSyntax.self)?.calledExpression ?? expression)
            .as(MemberAccessExprSyntax.self)
        {
          let renamed = member.with(
            \.declName, DeclReferenceExprSyntax(baseName: .identifier(other)))
          fixIt = FixIt(
            message: BinderyFixIt.replaceConstraint(name, other),
            changes: [.replace(oldNode: Syntax(member), newNode: Syntax(renamed))])
        }
        diagnose(
          Diagnostic(
            node: expression,
            message: BinderyDiagnostic.constraintType(
              constraint: name, applies: family.rawValue, property: property.name,
              type: property.type?.trimmedDescription ?? ""),
            fixIts: fixIt.map { [$0] } ?? []))
      }
      checkArguments(of: expression, name: name, property: property.name, diagnose: diagnose)
    }
    checkBounds(arguments.map(\.expression), property: property.name, diagnose: diagnose)
  }

  /// A literal number's value (`3`, `-2.5`), if the expression is one.
  static func literal(_ expression: ExprSyntax) -> Double? {
    if let integer = expression.as(IntegerLiteralExprSyntax.self) {
      return Double(integer.literal.text.filter { $0 != "_" })
    }
    if let float = expression.as(FloatLiteralExprSyntax.self) {
      return Double(float.literal.text.filter { $0 != "_" })
    }
    if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
      return literal(prefix.expression).map { -$0 }
    }
    return nil
  }

  /// The literal bounds of a `a...b` range.
  static func rangeBounds(_ expression: ExprSyntax) -> (Double, Double)? {
    if let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count == 3 {
      let elements = Array(sequence.elements)
      guard elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "...",
        let low = literal(elements[0]), let high = literal(elements[2])
      else { return nil }
      return (low, high)
    }
    if let infix = expression.as(InfixOperatorExprSyntax.self),
      infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text == "...",
      let low = literal(infix.leftOperand), let high = literal(infix.rightOperand)
    {
      return (low, high)
    }
    return nil
  }

  /// The first argument of a constraint call.
  static func argument(of expression: ExprSyntax) -> ExprSyntax? {
    expression.as(FunctionCallExprSyntax.self)?.arguments.first?.expression
  }

  static func checkArguments(
    of expression: ExprSyntax, name: String, property: String, diagnose: (Diagnostic) -> Void
  ) {
    guard let argument = argument(of: expression) else { return }
    switch name {
    case "multiple":
      if let value = literal(argument), value <= 0 {
        diagnose(
          Diagnostic(
            node: argument,
            message: BinderyDiagnostic.constraintBounds(
              property: property, reason: "the divisor of .multiple(of:) must be positive")))
      }
    case "minLength", "maxLength", "minCount", "maxCount":
      if let value = literal(argument), value < 0 {
        diagnose(
          Diagnostic(
            node: argument,
            message: BinderyDiagnostic.constraintBounds(
              property: property, reason: ".\(name) must not be negative")))
      }
    case "in", "length", "count":
      if let (low, high) = rangeBounds(argument), low > high {
        diagnose(
          Diagnostic(
            node: argument,
            message: BinderyDiagnostic.constraintBounds(
              property: property,
              reason: "the range's lower bound is above its upper bound, so no value is allowed")))
      }
    case "pattern":
      // Compiled by the parser that reads it at run time: ECMA-262 as JSON Schema reads it.
      guard let literal = argument.as(StringLiteralExprSyntax.self),
        literal.openingPounds != nil || !literal.description.contains("\\u{"),
        let text = stringLiteralValue(argument)
      else { return }
      do {
        _ = try SchemaPattern(text)
      } catch {
        diagnose(
          Diagnostic(
            node: argument,
            message: BinderyDiagnostic.constraintPattern(property: property, reason: error.message))
        )
      }
    case "each", "eachValue":
      if let call = expression.as(FunctionCallExprSyntax.self) {
        for element in call.arguments {
          guard let inner = self.name(of: element.expression) else { continue }
          checkArguments(
            of: element.expression, name: inner, property: property, diagnose: diagnose)
        }
      }
    default: break
    }
  }

  /// Reports lower and upper bounds, given as literals, that no value can fall between.
  static func checkBounds(
    _ expressions: [ExprSyntax], property: String, diagnose: (Diagnostic) -> Void
  ) {
    var lower: (value: Double, strict: Bool, name: String, text: String)?
    var upper: (value: Double, strict: Bool, name: String, text: String)?
    var shortest: Double?
    var longest: Double?
    var counts: (min: Double?, max: Double?)
    for expression in expressions {
      guard let name = name(of: expression), let argument = argument(of: expression),
        let value = literal(argument)
      else { continue }
      let text = argument.trimmedDescription
      switch name {
      case "greaterThan": lower = (value, true, name, text)
      case "atLeast": lower = (value, false, name, text)
      case "lessThan": upper = (value, true, name, text)
      case "atMost": upper = (value, false, name, text)
      case "minLength": shortest = value
      case "maxLength": longest = value
      case "minCount": counts.min = value
      case "maxCount": counts.max = value
      default: break
      }
    }
    var reason: String?
    if let lower, let upper,
      lower.value > upper.value || (lower.value == upper.value && (lower.strict || upper.strict))
    {
      reason = ".\(lower.name)(\(lower.text)) and .\(upper.name)(\(upper.text)) allow no value"
    } else if let shortest, let longest, shortest > longest {
      reason = ".minLength is above .maxLength, so no string is allowed"
    } else if let low = counts.min, let high = counts.max, low > high {
      reason = ".minCount is above .maxCount, so no collection is allowed"
    }
    if let reason, let node = expressions.first {
      diagnose(
        Diagnostic(
          node: node,
          message: BinderyDiagnostic.constraintBounds(property: property, reason: reason)))
    }
  }
}
