import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// The arguments of `@JSONModel(...)`.
struct ModelOptions {
  var keyStrategy = KeyStrategyChoice.builtin("useDefaultKeys")
  var coercesValues = false
  var dates: ExprSyntax?
  var nulls: ExprSyntax?
  var tag: String?
  var tagNode: Syntax?
  /// `content:`: the key of an adjacently tagged union's content.
  var content: String?
  var contentNode: Syntax?
  /// `untagged: true`: cases tried in order.
  var untagged = false
  var untaggedNode: Syntax?
  /// Set by `@JSONModel(inheriting: Base.self)`.
  var inherits = false
  /// The superclass named by `inheriting:`, as written.
  var superclass: String?

  init(attribute: AttributeSyntax) {
    guard let arguments = attribute.arguments?.as(LabeledExprListSyntax.self) else { return }
    for argument in arguments {
      switch argument.label?.text {
      case "keyStrategy":
        if let member = argument.expression.as(MemberAccessExprSyntax.self), member.base == nil {
          keyStrategy = .builtin(member.declName.baseName.text)
        } else {
          keyStrategy = .custom(argument.expression)
        }
      case "coercesValues":
        coercesValues = argument.expression.trimmedDescription == "true"
      case "dates": dates = argument.expression
      case "nulls": nulls = argument.expression
      case "inheriting":
        inherits = true
        var base = argument.expression.trimmedDescription
        if base.hasSuffix(".self") { base.removeLast(".self".count) }
        superclass = base
      case "tag":
        tag = stringLiteralValue(argument.expression)
        tagNode = Syntax(argument)
        if tag == "" { tag = nil }
      case "content":
        content = stringLiteralValue(argument.expression)
        contentNode = Syntax(argument)
        if content == "" { content = nil }
      case "untagged":
        untagged = argument.expression.trimmedDescription == "true"
        untaggedNode = Syntax(argument)
      default: break
      }
    }
    if case .builtin(let name) = keyStrategy, name == "custom" { keyStrategy = .builtin(name) }
  }
}

/// The kind of declaration `@JSONModel` is attached to.
enum ModelKind {
  case structure
  case finalClass
  /// A class that may be subclassed; `isSubclass` when it inherits from another model class.
  case openClass(isSubclass: Bool, isOpen: Bool)
  case enumeration
}

/// Everything the code generator needs about one model type.
struct ModelDescription {
  var kind: ModelKind
  var options: ModelOptions
  var access: String
  var typeName: String
  var properties: [ModelProperty]
  /// Whether the type may declare static stored properties (not in generic contexts): the
  /// generated initializer then keeps a key table and finds its members in one pass.
  var storesStatics = false
  /// The model is declared at file scope: the types its properties name are in scope in an
  /// extension of it.
  var isAtFileScope = false

  var isClass: Bool {
    switch kind {
    case .finalClass, .openClass: true
    default: false
    }
  }

  var isSubclass: Bool {
    if case .openClass(true, _) = kind { return true }
    return false
  }
}

enum ModelAnalysis {
  /// The access modifier members get: the type's, with `open` written as `public`.
  static func access(of modifiers: DeclModifierListSyntax) -> String {
    for modifier in modifiers {
      switch modifier.name.tokenKind {
      case .keyword(.public), .keyword(.open): return "public "
      case .keyword(.package): return "package "
      default: continue
      }
    }
    return ""
  }

  static func kind(of declaration: some DeclGroupSyntax, options: ModelOptions) -> ModelKind? {
    if declaration.is(StructDeclSyntax.self) { return .structure }
    if declaration.is(EnumDeclSyntax.self) { return .enumeration }
    guard let classDecl = declaration.as(ClassDeclSyntax.self) else { return nil }
    let isOpen = classDecl.modifiers.contains(where: { $0.name.tokenKind == .keyword(.open) })
    if options.inherits { return .openClass(isSubclass: true, isOpen: isOpen) }
    if classDecl.modifiers.contains(where: { $0.name.tokenKind == .keyword(.final) }) {
      return .finalClass
    }
    return .openClass(isSubclass: options.inherits, isOpen: isOpen)
  }

  /// Whether a static stored property is allowed in the type: it is not generic, and neither is
  /// anything around it. Extensions are taken as possibly generic, since the extended type's
  /// declaration cannot be seen from here.
  static func storesStatics(
    _ declaration: some DeclGroupSyntax, in context: some MacroExpansionContext
  ) -> Bool {
    func isGeneric(_ syntax: Syntax) -> Bool? {
      if let decl = syntax.as(StructDeclSyntax.self) { return decl.genericParameterClause != nil }
      if let decl = syntax.as(ClassDeclSyntax.self) { return decl.genericParameterClause != nil }
      if let decl = syntax.as(EnumDeclSyntax.self) { return decl.genericParameterClause != nil }
      if let decl = syntax.as(ActorDeclSyntax.self) { return decl.genericParameterClause != nil }
      if syntax.is(ExtensionDeclSyntax.self) || syntax.is(ProtocolDeclSyntax.self) { return true }
      if let decl = syntax.as(FunctionDeclSyntax.self) { return decl.genericParameterClause != nil }
      return nil
    }
    if isGeneric(Syntax(declaration)) == true { return false }
    return !context.lexicalContext.contains { isGeneric($0) == true }
  }

  static func typeName(of declaration: some DeclGroupSyntax) -> String {
    func withGenerics(_ name: TokenSyntax, _ clause: GenericParameterClauseSyntax?) -> String {
      guard let clause else { return name.text }
      return name.text + "<" + clause.parameters.map(\.name.text).joined(separator: ", ") + ">"
    }
    if let decl = declaration.as(StructDeclSyntax.self) {
      return withGenerics(decl.name, decl.genericParameterClause)
    }
    if let decl = declaration.as(ClassDeclSyntax.self) {
      return withGenerics(decl.name, decl.genericParameterClause)
    }
    if let decl = declaration.as(EnumDeclSyntax.self) {
      return withGenerics(decl.name, decl.genericParameterClause)
    }
    return "Self"
  }

  /// Reads the stored properties and their attributes, reporting misuse.
  static func properties(
    of declaration: some DeclGroupSyntax, options: ModelOptions, diagnose: (Diagnostic) -> Void
  ) -> [ModelProperty] {
    var result: [ModelProperty] = []
    for member in declaration.memberBlock.members {
      guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
      let isStatic = variable.modifiers.contains {
        $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class)
      }
      if isStatic { continue }
      let isLazy = variable.modifiers.contains { $0.name.tokenKind == .keyword(.lazy) }
      let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)
      let attributes = mappingAttributes(of: variable)
      let bindings = Array(variable.bindings)
      for (position, binding) in bindings.enumerated() {
        guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
        let name = pattern.identifier.text.trimmingBackticks
        if isComputed(binding) {
          for (attributeName, attribute) in attributes {
            diagnose(
              Diagnostic(
                node: attribute,
                message: BinderyDiagnostic.attributeOnComputedProperty(
                  attribute: attributeName, property: name),
                fixIt: FixIt(
                  message: BinderyFixIt.removeAttribute(attributeName),
                  changes: [
                    .replace(
                      oldNode: Syntax(variable),
                      newNode: Syntax(removing(attribute, from: variable)))
                  ]))
            )
          }
          continue
        }
        if isLazy { continue }
        var type = binding.typeAnnotation?.type
        if type == nil {
          // `var a, b: Int` gives both bindings the type written last.
          type = bindings[position...].lazy.compactMap { $0.typeAnnotation?.type }.first
          if let initializer = binding.initializer?.value, binding.typeAnnotation == nil {
            type = TypeShape.inferred(from: initializer)
          }
        }
        var property = ModelProperty(
          name: name, type: type?.trimmed, initializer: binding.initializer?.value, isLet: isLet,
          node: variable, binding: binding)
        property.attributes = attributes
        apply(attributes, to: &property, options: options, diagnose: diagnose)
        if isLet, property.initializer != nil {
          property.decodes = false
          for attributeName in ["Key", "Default", "Transform", "Lossy", "Coerce"] {
            guard let attribute = attributes[attributeName] else { continue }
            diagnose(
              Diagnostic(
                node: attribute,
                message: BinderyDiagnostic.letWithInitialValue(
                  attribute: attributeName, property: name),
                fixIt: FixIt(
                  message: BinderyFixIt.changeLetToVar,
                  changes: [
                    .replace(
                      oldNode: Syntax(variable.bindingSpecifier),
                      newNode: Syntax(
                        TokenSyntax.keyword(.var).with(
                          \.leadingTrivia, variable.bindingSpecifier.leadingTrivia
                        ).with(\.trailingTrivia, variable.bindingSpecifier.trailingTrivia)))
                  ])))
          }
        }
        validate(&property, diagnose: diagnose)
        if let attribute = attributes["Constraint"] {
          if property.decodes {
            ConstraintAnalysis.read(attribute, into: &property, diagnose: diagnose)
          } else {
            diagnose(
              Diagnostic(
                node: attribute,
                message: BinderyDiagnostic.constraintBounds(
                  property: name, reason: "the property is not read, so nothing is checked")))
          }
        }
        result.append(property)
      }
    }
    checkDuplicateKeys(result, diagnose: diagnose)
    checkTagKeys(result, diagnose: diagnose)
    return result
  }

  /// A `@TaggedBy` property writes its tag beside its value: no other property may write there.
  static func checkTagKeys(_ properties: [ModelProperty], diagnose: (Diagnostic) -> Void) {
    for tagged in properties where tagged.encodes {
      guard let tag = tagged.tagKey else { continue }
      for other in properties where other.encodes && other.encodePath == tag {
        // The attribute goes first, taking the declaration's leading trivia (its line).
        let attribute = AttributeListSyntax.Element.attribute("@Ignore(.encoding)")
          .with(\.leadingTrivia, other.node.leadingTrivia).with(\.trailingTrivia, .space)
        var fixed = other.node.with(\.leadingTrivia, [])
        fixed.attributes = [attribute] + fixed.attributes
        diagnose(
          Diagnostic(
            node: Syntax(other.binding.pattern),
            message: BinderyDiagnostic.tagKeyIsAProperty(
              key: tag.components.joined(separator: "."), property: other.name,
              tagged: tagged.name),
            fixIt: FixIt(
              message: BinderyFixIt.ignoreEncoding,
              changes: [.replace(oldNode: Syntax(other.node), newNode: Syntax(fixed))])))
      }
    }
  }

  /// The property without one of its attributes, keeping its place in the source.
  static func removing(_ attribute: AttributeSyntax, from variable: VariableDeclSyntax)
    -> VariableDeclSyntax
  {
    var fixed = variable
    fixed.attributes = variable.attributes.filter {
      $0.as(AttributeSyntax.self).map { Syntax($0).id != Syntax(attribute).id } ?? true
    }
    return fixed.with(\.leadingTrivia, variable.leadingTrivia)
  }

  static let attributeNames: Set<String> = [
    "Key", "Default", "Transform", "Ignore", "Lossy", "Coerce", "Nulls", "UnknownKeys", "TaggedBy",
    "Flatten", "Constraint",
  ]

  static func mappingAttributes(of variable: VariableDeclSyntax) -> [String: AttributeSyntax] {
    var found: [String: AttributeSyntax] = [:]
    for element in variable.attributes {
      guard let attribute = element.as(AttributeSyntax.self) else { continue }
      var name = attribute.attributeName.trimmedDescription
      if name.hasPrefix("Bindery.") { name.removeFirst("Bindery.".count) }
      if let generic = name.firstIndex(of: "<") { name = String(name[..<generic]) }
      if attributeNames.contains(name) { found[name] = attribute }
    }
    return found
  }

  static func isComputed(_ binding: PatternBindingSyntax) -> Bool {
    guard let accessors = binding.accessorBlock?.accessors else { return false }
    switch accessors {
    case .getter: return true
    case .accessors(let list):
      return list.contains {
        [.keyword(.get), .keyword(.set), .keyword(._read), .keyword(._modify)].contains(
          $0.accessorSpecifier.tokenKind)
      }
    }
  }

  static func apply(
    _ attributes: [String: AttributeSyntax], to property: inout ModelProperty,
    options: ModelOptions, diagnose: (Diagnostic) -> Void
  ) {
    let automatic = options.keyStrategy.key(for: property.name)
    let defaultPath = KeyPathSpec(components: [automatic ?? property.name])
    property.decodePaths = [defaultPath]
    property.encodePath = defaultPath
    if let key = attributes["Key"] {
      let arguments = Array(key.arguments?.as(LabeledExprListSyntax.self) ?? [])
      var decode: [KeyPathSpec] = []
      var encode: KeyPathSpec?
      var valid = !arguments.isEmpty
      var inDecode = true
      for argument in arguments {
        guard let text = stringLiteralValue(argument.expression), !text.isEmpty else {
          valid = false
          continue
        }
        switch argument.label?.text {
        case "encode":
          encode = KeyPathSpec(dotted: text)
          inDecode = false
        case "decode", nil:
          if inDecode || argument.label != nil { decode.append(KeyPathSpec(dotted: text)) }
        default: valid = false
        }
      }
      if !valid || decode.isEmpty {
        diagnose(
          Diagnostic(node: key, message: BinderyDiagnostic.invalidKey(property: property.name)))
      } else {
        property.decodePaths = decode
        property.encodePath = encode ?? decode[0]
        property.hasExplicitKey = true
      }
    }
    if let attribute = attributes["Default"],
      let arguments = attribute.arguments?.as(LabeledExprListSyntax.self)
    {
      for argument in arguments {
        if argument.label?.text == "when" {
          property.defaultTrigger = argument.expression
        } else {
          property.defaultValue = argument.expression
        }
      }
    }
    if let attribute = attributes["Transform"],
      let argument = attribute.arguments?.as(LabeledExprListSyntax.self)?.first
    {
      property.transformer = argument.expression
    }
    if let attribute = attributes["Ignore"] {
      let direction =
        attribute.arguments?.as(LabeledExprListSyntax.self)?.first?.expression.trimmedDescription
        ?? ".both"
      switch direction {
      case ".decoding", "JSONIgnoreDirection.decoding": property.decodes = false
      case ".encoding", "JSONIgnoreDirection.encoding": property.encodes = false
      default:
        property.decodes = false
        property.encodes = false
      }
    }
    property.isLossy = attributes["Lossy"] != nil
    property.coerces = attributes["Coerce"] != nil || options.coercesValues
    if let attribute = attributes["Nulls"],
      let argument = attribute.arguments?.as(LabeledExprListSyntax.self)?.first
    {
      property.nulls = argument.expression
    } else {
      property.nulls = options.nulls
    }
    property.isUnknownKeys = attributes["UnknownKeys"] != nil
    if let attribute = attributes["Flatten"] {
      if let type = property.type, TypeShape.isMemberDictionary(type) {
        // The members no other property reads, as `@UnknownKeys` keeps them.
        property.isUnknownKeys = true
      } else {
        property.isFlattened = true
        property.decodePaths = []
        property.encodePath = KeyPathSpec(components: [])
      }
      for other in [
        "Key", "Default", "Transform", "Lossy", "Coerce", "Nulls", "TaggedBy", "UnknownKeys",
      ]
      where attributes[other] != nil {
        diagnose(
          Diagnostic(
            node: attribute,
            message: BinderyDiagnostic.conflictingAttributes(
              first: "Flatten", second: other, property: property.name)))
      }
    }
    if let attribute = attributes["TaggedBy"] {
      let argument = attribute.arguments?.as(LabeledExprListSyntax.self)?.first
      if let text = argument.flatMap({ stringLiteralValue($0.expression) }), !text.isEmpty,
        property.transformer == nil, property.defaultValue == nil
      {
        property.tagKey = KeyPathSpec(dotted: text)
      } else {
        diagnose(
          Diagnostic(
            node: attribute, message: BinderyDiagnostic.invalidTaggedBy(property: property.name)))
      }
    }
  }

  static func validate(_ property: inout ModelProperty, diagnose: (Diagnostic) -> Void) {
    let node = Syntax(property.binding.pattern)
    if property.isUnknownKeys {
      if !(property.type.map(TypeShape.isMemberDictionary) ?? false) {
        diagnose(
          Diagnostic(
            node: node, message: BinderyDiagnostic.unknownKeysType(property: property.name)))
      }
      property.decodes = false
      property.encodes = false
      return
    }
    if property.isFlattened, let attribute = property.attributes["Flatten"],
      let type = property.type,
      !TypeShape.mayBeModel(type)
    {
      diagnose(
        Diagnostic(
          node: attribute,
          message: BinderyDiagnostic.flattenType(
            property: property.name, type: type.trimmedDescription),
          fixIt: FixIt(
            message: BinderyFixIt.removeAttribute("Flatten"),
            changes: [
              .replace(
                oldNode: Syntax(property.node),
                newNode: Syntax(removing(attribute, from: property.node)))
            ])))
      property.decodes = false
      property.encodes = false
      return
    }
    if property.isLossy, let transform = property.attributes["Transform"] {
      diagnose(
        Diagnostic(
          node: transform,
          message: BinderyDiagnostic.conflictingAttributes(
            first: "Lossy", second: "Transform", property: property.name)))
    }
    guard let type = property.type else {
      if property.decodes || property.encodes {
        diagnose(
          Diagnostic(
            node: node, message: BinderyDiagnostic.missingTypeAnnotation(property: property.name)))
      }
      property.decodes = false
      property.encodes = false
      return
    }
    // Diagnostics attach to the type as written; `property.type` is a detached copy.
    let sourceType = property.binding.typeAnnotation?.type ?? type
    if !property.decodes, property.initializer == nil, !property.isOptional {
      let optionalType = OptionalTypeSyntax(wrappedType: type.trimmed)
      diagnose(
        Diagnostic(
          node: property.attributes["Ignore"].map(Syntax.init) ?? node,
          message: BinderyDiagnostic.ignoredWithoutDefault(property: property.name),
          fixIt: FixIt(
            message: BinderyFixIt.makeOptional,
            changes: [
              .replace(
                oldNode: Syntax(sourceType),
                newNode: Syntax(optionalType.with(\.trailingTrivia, type.trailingTrivia)))
            ])))
    }
    if property.transformer == nil, property.decodes || property.encodes,
      TypeShape.undecodable(type)
    {
      diagnose(
        Diagnostic(
          node: Syntax(sourceType),
          message: BinderyDiagnostic.undecodableType(
            property: property.name, type: type.trimmedDescription),
          fixIt: FixIt(
            message: BinderyFixIt.addIgnore,
            changes: [
              .replace(
                oldNode: Syntax(property.node.bindingSpecifier),
                newNode: Syntax(
                  TokenSyntax.identifier(
                    "@Ignore " + property.node.bindingSpecifier.text,
                    leadingTrivia: property.node.bindingSpecifier.leadingTrivia,
                    trailingTrivia: property.node.bindingSpecifier.trailingTrivia)))
            ])))
      property.decodes = false
      property.encodes = false
    }
  }

  static func checkDuplicateKeys(_ properties: [ModelProperty], diagnose: (Diagnostic) -> Void) {
    var decoded: [[String]: String] = [:]
    for property in properties where property.decodes && !property.isUnknownKeys {
      guard let path = property.decodePaths.first?.components else { continue }
      if let other = decoded[path] {
        diagnose(
          Diagnostic(
            node: Syntax(property.binding.pattern),
            message: BinderyDiagnostic.duplicateKey(
              key: path.joined(separator: "."), property: property.name, other: other)))
      } else {
        decoded[path] = property.name
      }
    }
  }
}

extension String {
  var trimmingBackticks: String {
    hasPrefix("`") && hasSuffix("`") && count > 1 ? String(dropFirst().dropLast()) : self
  }
}
