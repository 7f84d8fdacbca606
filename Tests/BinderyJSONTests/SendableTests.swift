import BinderyJSON
import Testing

/// Compile-only: every public type of the core is Sendable. A type that loses the conformance
/// breaks the build here, not in a user's concurrent code.
@Suite("Sendable")
struct SendableTests {
  static func requireSendable<T: Sendable>(_: T.Type) {}

  @Test func publicTypesAreSendable() {
    Self.requireSendable(JSONDocument.self)
    Self.requireSendable(JSONCursor.self)
    Self.requireSendable(JSONElements.self)
    Self.requireSendable(JSONMembers.self)
    Self.requireSendable(JSONMember.self)
    Self.requireSendable(JSONKind.self)
    Self.requireSendable(JSONReadingOptions.self)
    Self.requireSendable(JSONReadError.self)
    Self.requireSendable(JSONReadError.Kind.self)
    Self.requireSendable(JSONValue.self)
    Self.requireSendable(JSONNumber.self)
    Self.requireSendable(JSONObject.self)
    Self.requireSendable(JSONPath.self)
    Self.requireSendable(JSONWriter.self)
    Self.requireSendable(JSONWritingOptions.self)
    Self.requireSendable(JSONWriteError.self)
  }
}
