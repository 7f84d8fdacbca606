public import SwiftDiagnostics

/// Every diagnostic the Bindery macros emit, each with a stable ID (`Bindery.<case>`).
public enum BinderyDiagnostic: DiagnosticMessage, Sendable {
  /// `@JSONModel` on a protocol, actor or other declaration it cannot map.
  case unsupportedDeclaration(kind: String)
  /// A mapping attribute on a computed property; fix-it: remove it.
  case attributeOnComputedProperty(attribute: String, property: String)
  /// A property that is not decoded has no initial value and is not optional; fix-it: make it
  /// optional.
  case ignoredWithoutDefault(property: String)
  /// A mapped property whose type cannot be read from its declaration.
  case missingTypeAnnotation(property: String)
  /// A function, tuple, `Any` or metatype without a transformer; fix-it: add `@Ignore`.
  case undecodableType(property: String, type: String)
  /// Two properties read from the same key.
  case duplicateKey(key: String, property: String, other: String)
  /// A decoding attribute on a `let` with an initial value; fix-it: make it a `var`.
  case letWithInitialValue(attribute: String, property: String)
  /// A case of a tagged enum that does not carry exactly one model.
  case unionCaseShape(name: String)
  /// A case with values in an enum of strings (other than one case keeping unknown strings).
  case stringEnumCaseShape(name: String)
  /// `tag:` on a struct or class.
  case tagOutsideEnum
  /// `@UnknownKeys` on a property that is not `[String: JSONValue]`.
  case unknownKeysType(property: String)
  /// `@Key` without a non-empty string literal.
  case invalidKey(property: String)
  /// Two attributes that cannot apply together.
  case conflictingAttributes(first: String, second: String, property: String)
  /// A case of an adjacently tagged or untagged enum that does not carry one value (or, for
  /// the fallback, a `String` tag and a `JSONValue`).
  case unionCaseValues(name: String, untagged: Bool)
  /// `content:` without `tag:`, or `untagged:` with `tag:`.
  case unionOptions(String)
  /// A case of an untagged enum that an earlier case always reads first.
  case unreachableUntaggedCase(name: String, earlier: String)
  /// A property written at the key a `@TaggedBy` property writes its tag at; fix-it: stop
  /// writing it (`@Ignore(.encoding)`).
  case tagKeyIsAProperty(key: String, property: String, tagged: String)
  /// `@TaggedBy` without a non-empty string literal, or with a transformer or default.
  case invalidTaggedBy(property: String)
  /// `@Flatten` on a type that cannot be a model (optional, collection, scalar); fix-it:
  /// remove it.
  case flattenType(property: String, type: String)
  /// A `@Constraint` that does not apply to the property's type; fix-it: the constraint that
  /// does, where there is one (`.maxLength` ↔ `.maxCount`).
  case constraintType(constraint: String, applies: String, property: String, type: String)
  /// `@Constraint` bounds that allow no value, or a divisor or length that cannot be.
  case constraintBounds(property: String, reason: String)
  /// A `@Constraint` pattern that does not compile as an ECMA-262 regular expression.
  case constraintPattern(property: String, reason: String)

  /// The text shown to the user.
  public var message: String {
    switch self {
    case .unsupportedDeclaration(let kind):
      "@JSONModel applies to structs, classes and enums, not to \(kind)"
    case .attributeOnComputedProperty(let attribute, let property):
      "@\(attribute) has no effect on computed property '\(property)': only stored properties are mapped"
    case .ignoredWithoutDefault(let property):
      "'\(property)' is not decoded, so it needs an initial value or an optional type"
    case .missingTypeAnnotation(let property):
      "'\(property)' needs a type annotation so its JSON mapping can be generated"
    case .undecodableType(let property, let type):
      "'\(property)' has type '\(type)', which cannot be read from JSON; add @Transform with a transformer, or @Ignore"
    case .duplicateKey(let key, let property, let other):
      "'\(property)' and '\(other)' are both mapped to the key '\(key)'"
    case .letWithInitialValue(let attribute, let property):
      "@\(attribute) cannot apply to '\(property)': a 'let' with an initial value is never decoded"
    case .unionCaseShape(let name):
      "case '\(name)' of a tagged @JSONModel enum must carry exactly one model value"
    case .stringEnumCaseShape(let name):
      "case '\(name)' carries values, but this @JSONModel enum reads JSON strings: only one case with a single String value (for unknown strings) may; add 'tag:' for an enum of models"
    case .tagOutsideEnum:
      "'tag:' applies only to enums whose cases carry models"
    case .unknownKeysType(let property):
      "@UnknownKeys property '\(property)' must have type [String: JSONValue]"
    case .invalidKey(let property):
      "the key of '\(property)' must be a non-empty string literal"
    case .conflictingAttributes(let first, let second, let property):
      "@\(first) and @\(second) cannot both apply to '\(property)'"
    case .unionCaseValues(let name, let untagged):
      untagged
        ? "case '\(name)' of an untagged @JSONModel enum must carry exactly one value"
        : "case '\(name)' of an adjacently tagged @JSONModel enum must carry exactly one value, "
          + "or, to keep unknown tags, a String and a JSONValue"
    case .unionOptions(let message): message
    case .unreachableUntaggedCase(let name, let earlier):
      "case '\(name)' can never be read: case '\(earlier)' before it reads every value it reads"
    case .tagKeyIsAProperty(let key, let property, let tagged):
      "'\(property)' is written at '\(key)', where '\(tagged)' writes its tag: the key would "
        + "be written twice"
    case .flattenType(let property, let type):
      "@Flatten on '\(property)' needs a @JSONModel type whose members join this object's; "
        + "'\(type)' is not one"
    case .invalidTaggedBy(let property):
      "@TaggedBy on '\(property)' needs a non-empty string literal key, and no @Transform or "
        + "@Default"
    case .constraintType(let constraint, let applies, let property, let type):
      ".\(constraint) applies to \(applies), not to '\(property)' of type '\(type)'"
    case .constraintBounds(let property, let reason):
      "@Constraint on '\(property)': \(reason)"
    case .constraintPattern(let property, let reason):
      "@Constraint on '\(property)': the pattern does not compile: \(reason)"
    }
  }

  /// The stable identifier, `Bindery.<case>`.
  public var diagnosticID: MessageID {
    let id: String
    switch self {
    case .unsupportedDeclaration: id = "unsupportedDeclaration"
    case .attributeOnComputedProperty: id = "attributeOnComputedProperty"
    case .ignoredWithoutDefault: id = "ignoredWithoutDefault"
    case .missingTypeAnnotation: id = "missingTypeAnnotation"
    case .undecodableType: id = "undecodableType"
    case .duplicateKey: id = "duplicateKey"
    case .letWithInitialValue: id = "letWithInitialValue"
    case .unionCaseShape: id = "unionCaseShape"
    case .stringEnumCaseShape: id = "stringEnumCaseShape"
    case .tagOutsideEnum: id = "tagOutsideEnum"
    case .unknownKeysType: id = "unknownKeysType"
    case .invalidKey: id = "invalidKey"
    case .conflictingAttributes: id = "conflictingAttributes"
    case .unionCaseValues: id = "unionCaseValues"
    case .unionOptions: id = "unionOptions"
    case .unreachableUntaggedCase: id = "unreachableUntaggedCase"
    case .tagKeyIsAProperty: id = "tagKeyIsAProperty"
    case .invalidTaggedBy: id = "invalidTaggedBy"
    case .flattenType: id = "flattenType"
    case .constraintType: id = "constraintType"
    case .constraintBounds: id = "constraintBounds"
    case .constraintPattern: id = "constraintPattern"
    }
    return MessageID(domain: "Bindery", id: id)
  }

  /// Errors stop the build.
  public var severity: DiagnosticSeverity { .error }
}

/// The fix-its offered with ``BinderyDiagnostic``s.
public enum BinderyFixIt: FixItMessage, Sendable {
  /// Removes the named attribute.
  case removeAttribute(String)
  /// Makes the property's type optional.
  case makeOptional
  /// Adds `@Ignore`.
  case addIgnore
  /// Turns `let` into `var`.
  case changeLetToVar
  /// Adds `@Ignore(.encoding)`.
  case ignoreEncoding
  /// Removes a case.
  case removeCase(String)
  /// Adds a conformance to the type's inheritance clause.
  case addConformance(String)
  /// Replaces one constraint with another.
  case replaceConstraint(String, String)

  /// The text shown on the fix-it.
  public var message: String {
    switch self {
    case .removeAttribute(let name): "Remove @\(name)"
    case .makeOptional: "Make the property optional"
    case .addIgnore: "Add @Ignore"
    case .changeLetToVar: "Change 'let' to 'var'"
    case .ignoreEncoding: "Read it but do not write it: add @Ignore(.encoding)"
    case .removeCase(let name): "Remove case '\(name)'"
    case .addConformance(let name): "Add ': \(name)'"
    case .replaceConstraint(let old, let new): "Use .\(new) instead of .\(old)"
    }
  }

  /// The stable identifier, `Bindery.fixit.<case>`.
  public var fixItID: MessageID {
    let id: String
    switch self {
    case .removeAttribute: id = "removeAttribute"
    case .makeOptional: id = "makeOptional"
    case .addIgnore: id = "addIgnore"
    case .changeLetToVar: id = "changeLetToVar"
    case .ignoreEncoding: id = "ignoreEncoding"
    case .removeCase: id = "removeCase"
    case .addConformance: id = "addConformance"
    case .replaceConstraint: id = "replaceConstraint"
    }
    return MessageID(domain: "Bindery", id: "fixit." + id)
  }
}
