import BinderyMacros
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
    conformances: ["JSONModel", "JSONUpdatable", "_JSONValueModel", "Codable"].map {
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
]

// Snapshots missing from a test are recorded into its source on the first run (and the test
// fails so the recording is reviewed); `SNAPSHOT_TESTING_RECORD=all swift test --filter
// BinderyMacrosTests` re-records every one.
