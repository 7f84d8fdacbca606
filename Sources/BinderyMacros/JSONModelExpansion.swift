import SwiftDiagnostics
public import SwiftSyntax
import SwiftSyntaxBuilder
public import SwiftSyntaxMacros

/// `@JSONModel`: adds the JSON mapping members and the conformances to `JSONModel`,
/// `JSONUpdatable` and `Codable` (or, on an enum of strings, `JSONDecodable`/`JSONEncodable`).
public enum JSONModelExpansion {
  /// Adds `init(json:)`, `encode(to:)`, `update(from:)` and `_propertyName(for:)` (and a
  /// class's `Codable` members), reporting misuse on the offending property.
  ///
  /// - Parameters:
  ///   - node: The `@JSONModel` attribute.
  ///   - declaration: The type.
  ///   - protocols: Conformances the type still lacks.
  ///   - context: The expansion context.
  /// - Returns: The members.
  public static func expansion(
    of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
  ) -> [DeclSyntax] {
    let options = ModelOptions(attribute: node)
    guard let kind = ModelAnalysis.kind(of: declaration, options: options) else {
      let kindName =
        declaration.is(ProtocolDeclSyntax.self)
        ? "protocols" : declaration.is(ActorDeclSyntax.self) ? "actors" : "this declaration"
      context.diagnose(
        Diagnostic(node: node, message: BinderyDiagnostic.unsupportedDeclaration(kind: kindName)))
      return []
    }
    let access = ModelAnalysis.access(of: declaration.modifiers)
    // Diagnostics are reported here, once; structs and enums get their members in the
    // extension, which keeps a struct's memberwise initializer.
    if case .enumeration = kind, let enumDecl = declaration.as(EnumDeclSyntax.self) {
      let generator = EnumCodeGenerator(declaration: enumDecl, options: options, access: access)
      generator.validate { context.diagnose($0) }
      return []
    }
    if options.tag != nil, let tagNode = options.tagNode {
      context.diagnose(Diagnostic(node: tagNode, message: BinderyDiagnostic.tagOutsideEnum))
    }
    let properties = ModelAnalysis.properties(of: declaration, options: options) {
      context.diagnose($0)
    }
    guard case .structure = kind else {
      var model = ModelDescription(
        kind: kind, options: options, access: access,
        typeName: ModelAnalysis.typeName(of: declaration), properties: properties)
      model.storesStatics = ModelAnalysis.storesStatics(declaration, in: context)
      model.isAtFileScope = context.lexicalContext.isEmpty
      // A class gets its Codable members in its body (a non-final class's initializer must be
      // `required`), whether the extension adds the conformance or the class lists it: the
      // compiler's synthesized conformance would ignore the mapping.
      let addsCodable = !writesOwnCodable(declaration)
      return ModelCodeGenerator(model: model, context: context, addsCodable: addsCodable)
        .members().map { DeclSyntax(stringLiteral: $0) }
    }
    return []
  }

  /// Adds the conformances, with `Codable` members for structs and enums.
  ///
  /// - Parameters:
  ///   - node: The `@JSONModel` attribute.
  ///   - declaration: The type.
  ///   - type: The type's name.
  ///   - protocols: Conformances the type still lacks.
  ///   - context: The expansion context.
  /// - Returns: One extension, or none when nothing is missing.
  public static func expansion(
    of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) -> [ExtensionDeclSyntax] {
    let options = ModelOptions(attribute: node)
    // A subclass inherits its superclass's conformances.
    guard !options.inherits, let kind = ModelAnalysis.kind(of: declaration, options: options)
    else { return [] }
    let access = ModelAnalysis.access(of: declaration.modifiers)
    let names = protocols.map {
      $0.trimmedDescription.split(separator: ".").last.map(String.init) ?? ""
    }
    var wanted: [String]
    var members: [String] = []
    /// The members that make the type `Codable` with the mapping.
    var codableMembers: [String] = []
    let codable = names.contains { ["Codable", "Decodable", "Encodable"].contains($0) }
    switch kind {
    case .enumeration:
      let isUnion = options.tag != nil
      wanted =
        isUnion
        ? ["JSONModel", "_JSONValueModel", "JSONSchemaProviding"]
        : ["_JSONValueModel", "JSONSchemaProviding"]
      if let enumDecl = declaration.as(EnumDeclSyntax.self) {
        let generator = EnumCodeGenerator(declaration: enumDecl, options: options, access: access)
        members = generator.members()
        if codable { wanted.append("Codable") }
        // Also when the enum lists Codable itself: the mapping's members replace the
        // compiler's synthesized ones.
        if !generator.hasRawType, !writesOwnCodable(declaration) {
          codableMembers = generator.codableMembers()
        }
      }
    case .structure:
      // Every protocol the macro may add is added when missing: the compiler counts on the
      // conformances a macro declares, and those they imply, being there.
      wanted = [
        "JSONModel", "JSONDescribedModel", "JSONUpdatable", "_JSONValueModel",
        "JSONSchemaProviding",
      ]
      let properties = ModelAnalysis.properties(of: declaration, options: options) { _ in }
      var model = ModelDescription(
        kind: kind, options: options, access: access,
        typeName: ModelAnalysis.typeName(of: declaration), properties: properties)
      model.storesStatics = ModelAnalysis.storesStatics(declaration, in: context)
      model.isAtFileScope = context.lexicalContext.isEmpty
      let generator = ModelCodeGenerator(model: model, context: context, addsCodable: false)
      members = generator.members()
      // Its Codable members are the library's, for every struct with a description (see
      // `JSONDescribedModel+Codable.swift`): they are the witnesses also when the struct lists
      // Codable itself, so the compiler synthesizes nothing that would ignore the mapping.
      if codable { wanted.append("Codable") }
    case .finalClass:
      wanted = [
        "JSONModel", "JSONDescribedModel", "JSONUpdatable", "_JSONValueModel",
        "JSONSchemaProviding",
      ]
      if codable { wanted.append("Codable") }
    case .openClass:
      wanted = [
        "JSONModel", "JSONDescribedModel", "JSONUpdatable", "_JSONValueModel",
        "JSONSchemaProviding",
      ]
      if codable { wanted.append("Codable") }
    }
    wanted = wanted.filter { want in
      names.contains(want) || (want == "Codable" && codable)
    }
    // The Codable members sit with the conformance when this extension adds it; for a type that
    // lists `Codable` itself, in an extension of their own, where they cannot be taken for
    // near misses of `JSONEncodable`'s `encode(to:)`.
    var separateCodable: [String] = []
    if wanted.contains("Codable") {
      members += codableMembers
    } else {
      separateCodable = codableMembers
    }
    guard !wanted.isEmpty || !members.isEmpty || !separateCodable.isEmpty else { return [] }
    // A type that lists half of Codable gets the other half: conforming to `Codable` again
    // would repeat the half it has.
    let listed = Set(
      declaration.inheritanceClause?.inheritedTypes.map {
        $0.type.trimmedDescription.split(separator: ".").last.map(String.init) ?? ""
      } ?? [])
    let codableName =
      listed.contains("Decodable")
      ? "Swift.Encodable"
      : listed.contains("Encodable") ? "Swift.Decodable" : "Swift.Codable"
    let conformances = wanted.map { $0 == "Codable" ? codableName : "Bindery.\($0)" }
    let body = members.map(indented).joined(separator: "\n\n")
    let clause = conformances.isEmpty ? "" : ": " + conformances.joined(separator: ", ")
    var extensions: [ExtensionDeclSyntax] = []
    if !wanted.isEmpty || !members.isEmpty {
      let decl: DeclSyntax = """
        extension \(type.trimmed)\(raw: clause) {
        \(raw: body)
        }
        """
      if let ext = decl.as(ExtensionDeclSyntax.self) { extensions.append(ext) }
    }
    if !separateCodable.isEmpty {
      let decl: DeclSyntax = """
        extension \(type.trimmed) {
        \(raw: separateCodable.map(indented).joined(separator: "\n\n"))
        }
        """
      if let ext = decl.as(ExtensionDeclSyntax.self) { extensions.append(ext) }
    }
    return extensions
  }

  /// A member's text indented one level, as it stands in its type or extension: the macro's
  /// output is not reformatted.
  static func indented(_ member: String) -> String {
    member.split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
  }

  /// Whether the type declares `init(from:)` or `encode(to:)` with a Codable coder itself:
  /// then it keeps its own Codable conformance.
  static func writesOwnCodable(_ declaration: some DeclGroupSyntax) -> Bool {
    func isCoder(_ parameters: FunctionParameterListSyntax, label: String, suffix: String) -> Bool {
      guard parameters.count == 1, let parameter = parameters.first,
        parameter.firstName.text == label
      else { return false }
      let type = parameter.type.trimmedDescription
      return type.hasSuffix(suffix) && !type.contains("JSON")
    }
    return declaration.memberBlock.members.contains { member in
      if let initializer = member.decl.as(InitializerDeclSyntax.self) {
        return isCoder(
          initializer.signature.parameterClause.parameters, label: "from", suffix: "Decoder")
      }
      if let function = member.decl.as(FunctionDeclSyntax.self), function.name.text == "encode" {
        return isCoder(
          function.signature.parameterClause.parameters, label: "to", suffix: "Encoder")
      }
      return false
    }
  }
}
