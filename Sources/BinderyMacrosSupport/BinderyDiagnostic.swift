public import SwiftDiagnostics

/// Every diagnostic the Bindery macros emit, each with a stable ID (`Bindery.<case>`).
public enum BinderyDiagnostic: DiagnosticMessage, Sendable {
  case unsupportedDeclaration(kind: String)
  case attributeOnComputedProperty(attribute: String, property: String)
  case ignoredWithoutDefault(property: String)
  case missingTypeAnnotation(property: String)
  case undecodableType(property: String, type: String)
  case duplicateKey(key: String, property: String, other: String)
  case letWithInitialValue(attribute: String, property: String)
  case unionCaseShape(name: String)
  case tagOutsideEnum
  case unknownKeysType(property: String)
  case invalidKey(property: String)
  case conflictingAttributes(first: String, second: String, property: String)

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
    case .tagOutsideEnum:
      "'tag:' applies only to enums whose cases carry models"
    case .unknownKeysType(let property):
      "@UnknownKeys property '\(property)' must have type [String: JSONValue]"
    case .invalidKey(let property):
      "the key of '\(property)' must be a non-empty string literal"
    case .conflictingAttributes(let first, let second, let property):
      "@\(first) and @\(second) cannot both apply to '\(property)'"
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
    case .tagOutsideEnum: id = "tagOutsideEnum"
    case .unknownKeysType: id = "unknownKeysType"
    case .invalidKey: id = "invalidKey"
    case .conflictingAttributes: id = "conflictingAttributes"
    }
    return MessageID(domain: "Bindery", id: id)
  }

  /// Errors stop the build.
  public var severity: DiagnosticSeverity { .error }
}

/// The fix-its offered with ``BinderyDiagnostic``s.
public enum BinderyFixIt: FixItMessage, Sendable {
  case removeAttribute(String)
  case makeOptional
  case addIgnore
  case changeLetToVar

  /// The text shown on the fix-it.
  public var message: String {
    switch self {
    case .removeAttribute(let name): "Remove @\(name)"
    case .makeOptional: "Make the property optional"
    case .addIgnore: "Add @Ignore"
    case .changeLetToVar: "Change 'let' to 'var'"
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
    }
    return MessageID(domain: "Bindery", id: "fixit." + id)
  }
}
