import Foundation

/// A value guarded by a lock: the settings of ``BinderyDecoder`` and ``BinderyEncoder``, read as
/// one snapshot when a call starts so that later changes never reach a call in progress; the
/// remote module's cache and body chunks.
package final class Locked<Value: Sendable>: @unchecked Sendable {
  // @unchecked: `value` is read and written only while `lock` is held.
  private let lock = NSLock()
  private var value: Value

  package init(_ value: Value) {
    self.value = value
  }

  package func withLock<T>(_ body: (inout Value) -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    return body(&value)
  }
}
