import SwiftCompilerPlugin
public import SwiftSyntax
public import SwiftSyntaxMacros

/// The compiler plugin: one forwarder per macro.
@main
struct BinderyMacrosPlugin: CompilerPlugin {
  let providingMacros: [any Macro.Type] = [JSONModelMacro.self, MarkerMacro.self]
}

/// `@JSONModel`; see `JSONModelExpansion`.
public struct JSONModelMacro: MemberMacro, ExtensionMacro {
  /// The generated code is laid out as it is written, not reformatted.
  public static var formatMode: FormatMode { .disabled }

  /// Forwards to `JSONModelExpansion`.
  ///
  /// - Parameters:
  ///   - node: The attribute.
  ///   - declaration: The type.
  ///   - protocols: Conformances the type still lacks.
  ///   - context: The expansion context.
  /// - Returns: The members.
  public static func expansion(
    of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
  ) -> [DeclSyntax] {
    JSONModelExpansion.expansion(
      of: node, providingMembersOf: declaration, conformingTo: protocols, in: context)
  }

  /// Forwards to `JSONModelExpansion`.
  ///
  /// - Parameters:
  ///   - node: The attribute.
  ///   - declaration: The type.
  ///   - type: The type's name.
  ///   - protocols: Conformances the type still lacks.
  ///   - context: The expansion context.
  /// - Returns: The extensions.
  public static func expansion(
    of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) -> [ExtensionDeclSyntax] {
    JSONModelExpansion.expansion(
      of: node, attachedTo: declaration, providingExtensionsOf: type, conformingTo: protocols,
      in: context)
  }
}

/// `@Key`, `@Default`, `@Transform`, `@Ignore`, `@Lossy`, `@Coerce`, `@Nulls`, `@UnknownKeys`:
/// markers read by `@JSONModel`.
public struct MarkerMacro: PeerMacro {
  /// Adds nothing.
  ///
  /// - Parameters:
  ///   - node: The attribute.
  ///   - declaration: The property or case.
  ///   - context: The expansion context.
  /// - Returns: No declarations.
  public static func expansion(
    of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) -> [DeclSyntax] {
    []
  }
}
