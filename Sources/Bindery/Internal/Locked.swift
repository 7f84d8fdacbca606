#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Bionic)
  import Bionic
#else
  import Foundation
#endif

/// A value guarded by a lock: the settings of ``BinderyDecoder`` and ``BinderyEncoder``, read as
/// one snapshot when a call starts so that later changes never reach a call in progress; the
/// remote module's cache and body chunks.
///
/// The value and the platform's lock (`os_unfair_lock`, a `pthread_mutex_t`) live in one
/// allocation: a coder made for one call pays for one object, not for a `NSLock` and the
/// mutexes and condition it allocates. Copies share the value and the lock.
package struct Locked<Value: Sendable>: @unchecked Sendable {
  // @unchecked: the value is read and written only while the lock is held.
  private let storage: LockStorage<Value>

  package init(_ value: Value) {
    storage = LockStorage.make(value)
  }

  package func withLock<T>(_ body: (inout Value) -> T) -> T {
    storage.withLock(body)
  }
}

#if canImport(Darwin) || canImport(Glibc) || canImport(Musl) || canImport(Bionic)
  #if canImport(Darwin)
    private typealias LockPrimitive = os_unfair_lock
  #else
    private typealias LockPrimitive = pthread_mutex_t
  #endif

  /// The value (the buffer's header) and one lock (its only element), allocated together.
  ///
  /// Invariant: the element is initialized by ``make(_:)`` before the buffer is used and
  /// destroyed only in `deinit`, when no call can hold it; the pointers
  /// `withUnsafeMutablePointers` gives are used only inside its closure.
  private final class LockStorage<Value>: ManagedBuffer<Value, LockPrimitive> {
    static func make(_ value: Value) -> LockStorage {
      let buffer = create(minimumCapacity: 1) { _ in value }
      // `create` returns the dynamic type it was called on.
      let storage = unsafeDowncast(buffer, to: LockStorage.self)
      storage.withUnsafeMutablePointerToElements { lock in
        #if canImport(Darwin)
          lock.initialize(to: os_unfair_lock())
        #else
          lock.initialize(to: pthread_mutex_t())
          pthread_mutex_init(lock, nil)
        #endif
      }
      return storage
    }

    func withLock<T>(_ body: (inout Value) -> T) -> T {
      withUnsafeMutablePointers { value, lock in
        #if canImport(Darwin)
          os_unfair_lock_lock(lock)
          defer { os_unfair_lock_unlock(lock) }
        #else
          pthread_mutex_lock(lock)
          defer { pthread_mutex_unlock(lock) }
        #endif
        return body(&value.pointee)
      }
    }

    deinit {
      // The header (the value) is destroyed with the object; the element is ours to destroy.
      withUnsafeMutablePointerToElements { lock in
        #if !canImport(Darwin)
          pthread_mutex_destroy(lock)
        #endif
        _ = lock.deinitialize(count: 1)
      }
    }
  }
#else
  /// Platforms without the primitives above: a `NSLock` beside the value.
  private final class LockStorage<Value> {
    private let lock = NSLock()
    private var value: Value

    private init(_ value: Value) { self.value = value }

    static func make(_ value: Value) -> LockStorage { LockStorage(value) }

    func withLock<T>(_ body: (inout Value) -> T) -> T {
      lock.lock()
      defer { lock.unlock() }
      return body(&value)
    }
  }
#endif
