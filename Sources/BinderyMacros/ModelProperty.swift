import SwiftSyntax
import SwiftSyntaxBuilder

/// A path of JSON keys, written `media.m` in `@Key` (`\.` for a literal dot).
struct KeyPathSpec: Equatable {
  var components: [String]

  init(components: [String]) { self.components = components }

  init(dotted text: String) {
    var components: [String] = []
    var current = ""
    var escaped = false
    for character in text {
      if escaped {
        current.append(character)
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else if character == "." {
        components.append(current)
        current = ""
      } else {
        current.append(character)
      }
    }
    components.append(current)
    self.components = components
  }
}

/// One stored property of a model and what its attributes say about its mapping.
struct ModelProperty {
  var name: String
  /// The property's type as written (inferred for simple literals).
  var type: TypeSyntax?
  var initializer: ExprSyntax?
  var isLet: Bool
  var node: VariableDeclSyntax
  var binding: PatternBindingSyntax

  /// Paths tried when decoding, in order.
  var decodePaths: [KeyPathSpec] = []
  /// The path written when encoding.
  var encodePath = KeyPathSpec(components: [])
  var hasExplicitKey = false
  var defaultValue: ExprSyntax?
  var defaultTrigger: ExprSyntax?
  var transformer: ExprSyntax?
  var decodes = true
  var encodes = true
  var isLossy = false
  var coerces = false
  var nulls: ExprSyntax?
  var isUnknownKeys = false
  /// `@TaggedBy`: the path of the sibling key holding the union's tag.
  var tagKey: KeyPathSpec?
  /// `@Flatten`: the model's members are the enclosing object's.
  var isFlattened = false
  /// `@Constraint`'s arguments, as written.
  var constraints: [ExprSyntax] = []
  /// Attributes found, by name, for diagnostics.
  var attributes: [String: AttributeSyntax] = [:]

  var isOptional: Bool {
    guard let type else { return false }
    return TypeShape.isOptional(type)
  }

  /// The type without its optional wrapper (the type a constraint checks), in parentheses.
  var wrappedTypeText: String {
    guard let type, isOptional else { return typeText }
    if let optional = type.as(OptionalTypeSyntax.self) {
      return "(" + optional.wrappedType.trimmedDescription + ")"
    }
    if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
      return "(" + unwrapped.wrappedType.trimmedDescription + ")"
    }
    if let identifier = type.as(IdentifierTypeSyntax.self),
      let argument = identifier.genericArgumentClause?.arguments.first
    {
      return "(" + argument.argument.trimmedDescription + ")"
    }
    if let member = type.as(MemberTypeSyntax.self),
      let argument = member.genericArgumentClause?.arguments.first
    {
      return "(" + argument.argument.trimmedDescription + ")"
    }
    return typeText
  }

  /// The type as an expression-safe spelling, in parentheses.
  var typeText: String {
    "(" + (type?.trimmedDescription ?? "Swift.Never") + ")"
  }
}

/// Questions about how a type is spelled.
enum TypeShape {
  static func isOptional(_ type: TypeSyntax) -> Bool {
    if type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
      return true
    }
    if let identifier = type.as(IdentifierTypeSyntax.self) {
      return identifier.name.text == "Optional" && identifier.genericArgumentClause != nil
    }
    if let member = type.as(MemberTypeSyntax.self) {
      return member.baseType.trimmedDescription == "Swift" && member.name.text == "Optional"
    }
    return false
  }

  /// Whether a type is `[String: JSONValue]`: the members of an object, kept as read.
  static func isMemberDictionary(_ type: TypeSyntax) -> Bool {
    let spelled = type.trimmedDescription.filter { $0 != " " }
    return ["[String:JSONValue]", "[Swift.String:Bindery.JSONValue]", "[String:Bindery.JSONValue]"]
      .contains(spelled)
  }

  /// Whether a type may be a model whose members can be flattened: not optional, not a
  /// collection, a tuple or function, and not one of the standard library's scalars.
  static func mayBeModel(_ type: TypeSyntax) -> Bool {
    if isOptional(type) || undecodable(type) { return false }
    if type.is(ArrayTypeSyntax.self) || type.is(DictionaryTypeSyntax.self) { return false }
    var name = type.trimmedDescription
    if name.hasPrefix("Swift.") { name.removeFirst("Swift.".count) }
    let scalars: Set<String> = [
      "String", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32",
      "UInt64", "Double", "Float", "Bool", "Decimal", "Date", "URL", "UUID", "Data", "JSONValue",
      "Bindery.JSONValue", "Foundation.Date", "Foundation.URL", "Foundation.Data",
    ]
    return !scalars.contains(name) && !name.hasPrefix("Array<") && !name.hasPrefix("Set<")
      && !name.hasPrefix("Dictionary<")
  }

  /// Why a type cannot be decoded without a transformer, or `nil` when it may be.
  static func undecodable(_ type: TypeSyntax) -> Bool {
    if type.is(FunctionTypeSyntax.self) || type.is(TupleTypeSyntax.self) {
      // A parenthesised single type is not a tuple.
      if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1,
        let element = tuple.elements.first
      {
        return undecodable(element.type)
      }
      return true
    }
    if let attributed = type.as(AttributedTypeSyntax.self) {
      return attributed.baseType.is(FunctionTypeSyntax.self)
    }
    if type.is(SomeOrAnyTypeSyntax.self) || type.is(MetatypeTypeSyntax.self) {
      return true
    }
    if let identifier = type.as(IdentifierTypeSyntax.self),
      ["Any", "AnyObject", "Void"].contains(identifier.name.text)
    {
      return true
    }
    if let optional = type.as(OptionalTypeSyntax.self) { return undecodable(optional.wrappedType) }
    return false
  }

  /// The type of a literal initial value, for properties written without a type.
  static func inferred(from expression: ExprSyntax) -> TypeSyntax? {
    if expression.is(IntegerLiteralExprSyntax.self) { return "Swift.Int" }
    if expression.is(FloatLiteralExprSyntax.self) { return "Swift.Double" }
    if expression.is(StringLiteralExprSyntax.self) { return "Swift.String" }
    if expression.is(BooleanLiteralExprSyntax.self) { return "Swift.Bool" }
    if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
      return inferred(from: prefix.expression)
    }
    return nil
  }
}

/// A string literal's text, when the expression is a plain one.
func stringLiteralValue(_ expression: ExprSyntax) -> String? {
  guard let literal = expression.as(StringLiteralExprSyntax.self) else { return nil }
  var text = ""
  for segment in literal.segments {
    guard let plain = segment.as(StringSegmentSyntax.self) else { return nil }
    text += plain.content.text
  }
  if literal.openingPounds != nil { return text }
  // Unescape the few escapes a key may use.
  var result = ""
  var escaped = false
  for character in text {
    if escaped {
      switch character {
      case "\\": result += "\\"
      case "\"": result += "\""
      case "n": result += "\n"
      case "t": result += "\t"
      default: result += "\\" + String(character)
      }
      escaped = false
    } else if character == "\\" {
      escaped = true
    } else {
      result.append(character)
    }
  }
  return result
}
