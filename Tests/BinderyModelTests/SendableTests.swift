import Bindery
import Testing

// Compile-only: the public value types of the models API are Sendable.
@Suite struct SendableTests {
  @Test func publicValueTypesAreSendable() {
    func requireSendable<T: Sendable>(_: T.Type) {}
    requireSendable(JSONDecodingOptions.self)
    requireSendable(JSONEncodingOptions.self)
    requireSendable(JSONDecodingError.self)
    requireSendable(JSONDecodingProblem.self)
    requireSendable(JSONDecodingWarning.self)
    requireSendable(JSONWriteError.self)
    requireSendable(JSONKey.self)
    requireSendable(JSONKeyStrategy.self)
    requireSendable(JSONDateFormat.self)
    requireSendable(RGBAColor.self)
    requireSendable(JSONSeparatedTransformer.self)
    requireSendable(JSONNullEncoding.self)
    requireSendable(JSONDefaultTrigger.self)
    requireSendable(JSONIgnoreDirection.self)
  }
}
