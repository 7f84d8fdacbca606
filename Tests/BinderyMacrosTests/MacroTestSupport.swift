import BinderyMacros
import Foundation
import MacroTesting
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import Testing

/// Every macro of the package, by the name it is used with. `@JSONModel` is given the
/// conformances it declares, as the compiler does, so snapshots show the extension's.
let binderyMacros: [String: MacroSpec] = [
  "JSONModel": MacroSpec(
    type: JSONModelMacro.self,
    conformances: [
      "JSONModel", "JSONDescribedModel", "JSONUpdatable", "_JSONValueModel",
      "JSONSchemaProviding", "Codable",
    ].map {
      TypeSyntax(IdentifierTypeSyntax(name: .identifier($0)))
    }),
  "Key": MacroSpec(type: MarkerMacro.self),
  "Default": MacroSpec(type: MarkerMacro.self),
  "Transform": MacroSpec(type: MarkerMacro.self),
  "Ignore": MacroSpec(type: MarkerMacro.self),
  "Lossy": MacroSpec(type: MarkerMacro.self),
  "Coerce": MacroSpec(type: MarkerMacro.self),
  "Nulls": MacroSpec(type: MarkerMacro.self),
  "UnknownKeys": MacroSpec(type: MarkerMacro.self),
  "Constraint": MacroSpec(type: MarkerMacro.self),
]

// Snapshots missing from a test are recorded into its source on the first run (and the test
// fails so the recording is reviewed); `SNAPSHOT_TESTING_RECORD=all swift test --filter
// BinderyMacrosTests` re-records every one.

/// Checks that `source`, the input of an expansion test, is also declared as code in the test's
/// file (whitespace aside), so the model a test expands is the model it runs.
func expectDeclared(
  _ source: String, filePath: String = #filePath,
  sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws {
  let file = try String(contentsOfFile: filePath, encoding: .utf8)
  func squeezed(_ text: String) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }
  let occurrences = squeezed(file).components(separatedBy: squeezed(source)).count - 1
  // Once in the `source` string, once as the declaration.
  #expect(
    occurrences >= 2, "the model's source is not declared in \(filePath)",
    sourceLocation: sourceLocation)
}
