import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

// The model decoders (`JSONObjectDecoder`, `JSONValueDecoder`, `JSONArrayDecoder`) and encoders
// (`JSONValueEncoder`, `JSONObjectEncoder`) reach the state of their decode or export through
// `ContextReference`, which does not own it: retaining the context in every decoder and encoder
// made each property read or written pay for reference counting (an atomic increment and
// decrement per value). This file is the one place where that borrowing is done, and where it
// is made safe.
//
// Invariant: a `ContextReference` is used only while its decode or export runs. That is
// checked, not assumed. Each context leases a `ContextLease` cell for its lifetime; the cell
// holds a generation number that changes when the context is freed. Cells are never
// deallocated (they return to a free list and are reused with a new generation), so reading a
// cell is always safe, and every use of a reference compares the cell's generation with the one
// it was made with before it touches the context. A decoder or encoder stored past its call (in
// a property, a global, an escaping closure) therefore stops with a message in every build,
// instead of reaching freed memory.
//
// Decoders and encoders are not `Sendable`, so a reference is used on the thread of its
// context; the cell's generation is written only when the context is freed, after its call has
// returned.

/// A context that leases a generation cell for its lifetime, so that references to it can be
/// checked.
protocol LeasingContext: AnyObject {
  /// The context's cell, leased when it was made and released when it is freed.
  var lease: ContextLease { get }
}

/// A borrowed reference to the state of a model decode or export that checks, on every use,
/// that the call it came from is still running.
@usableFromInline
struct ContextReference<Context: AnyObject> {
  @usableFromInline let unmanaged: Unmanaged<Context>
  @usableFromInline let cell: UnsafeMutablePointer<UInt64>
  @usableFromInline let generation: UInt64

  init(_ context: Context) where Context: LeasingContext {
    unmanaged = .passUnretained(context)
    cell = context.lease.cell
    generation = context.lease.cell.pointee
  }

  /// Stops the program when the call this reference came from has ended.
  @inlinable @inline(__always)
  func verify() {
    if cell.pointee != generation { ContextLease.outlived() }
  }

  /// The context, after checking that its call is running.
  @inlinable
  var context: Context {
    verify()
    return unmanaged.takeUnretainedValue()
  }

  /// Runs `body` with the context, without reference counting, after checking that its call
  /// is running.
  @inlinable @inline(__always)
  func withContext<R>(_ body: (Context) -> R) -> R {
    verify()
    return unmanaged._withUnsafeGuaranteedRef(body)
  }
}

/// A generation cell leased by one decode or export context for its lifetime (see
/// `ContextReference`).
///
/// A context first leases its thread's `ThreadScratch`: the cell and the member buffer that
/// the previous decode on the thread used, so that a small document's decode allocates
/// neither (an export leaves the buffer as it is). A context made while its thread's scratch is
/// leased (a decode inside a transformer or a Codable `init(from:)`, an export inside an
/// encode) takes a cell from the shared free list instead, and a decode makes its own member
/// buffer.
@usableFromInline
struct ContextLease {
  let cell: UnsafeMutablePointer<UInt64>
  /// The thread's scratch, when this lease holds it.
  let scratch: UnsafeMutablePointer<ThreadScratch>?

  /// Cells whose context has been freed, ready for another. Never deallocated.
  private static let free = Locked<[FreeCell]>([])

  /// A cell in the free list; `@unchecked Sendable` because only the lock's holder touches it.
  private struct FreeCell: @unchecked Sendable {
    let cell: UnsafeMutablePointer<UInt64>
  }

  /// Takes the thread's scratch when it is not leased, or else a free cell, or a new one.
  static func acquire() -> ContextLease {
    if let scratch = ThreadScratch.current(), !scratch.pointee.isLeased {
      scratch.pointee.isLeased = true
      return ContextLease(cell: scratch.pointee.cell, scratch: scratch)
    }
    return ContextLease(cell: sharedCell(), scratch: nil)
  }

  /// A cell from the free list, or a new one.
  static func sharedCell() -> UnsafeMutablePointer<UInt64> {
    if let reused = free.withLock({ $0.popLast() }) { return reused.cell }
    let cell = UnsafeMutablePointer<UInt64>.allocate(capacity: 1)
    cell.initialize(to: 0)
    return cell
  }

  /// Puts a cell whose references have all been made stale back in the free list.
  static func recycle(_ cell: UnsafeMutablePointer<UInt64>) {
    free.withLock { $0.append(FreeCell(cell: cell)) }
  }

  @usableFromInline @inline(never)
  static func outlived() -> Never {
    fatalError(
      """
      A Bindery model decoder or encoder (JSONObjectDecoder, JSONValueDecoder, \
      JSONArrayDecoder, JSONValueEncoder or JSONObjectEncoder) was used after the decode or \
      export that made it had returned. A decoder or encoder is valid only inside the \
      init(json:), update(from:), encode(to:) or transformer it is handed to: do not store it \
      or let an escaping closure capture it.
      """)
  }

  /// Ends the lease: references made during it stop working, and the cell (with the scratch)
  /// can be reused.
  func release() {
    cell.pointee &+= 1
    if let scratch {
      scratch.pointee.isLeased = false
      if scratch.pointee.isOrphaned { ThreadScratch.destroy(scratch) }
    } else {
      ContextLease.recycle(cell)
    }
  }
}

/// What one thread's model decodes and exports reuse: the generation cell and the member buffer
/// (with its capacity) of its decodes, and the output sizes of its recent exports.
///
/// Invariants: a scratch is reached only from its thread (through a thread-specific key), or
/// from a lease made on that thread, which is held by a context that is not `Sendable` and
/// lives within one synchronous decode call, so no two threads touch it. Its memory is freed
/// when the thread ends, unless a lease still holds it (`isOrphaned`), in which case the
/// lease's release frees it. What a decode leaves in the member buffer is never read by the next
/// (see `JSONDecodingContext.init`).
struct ThreadScratch {
  var cell: UnsafeMutablePointer<UInt64>
  var members: UnsafeMutablePointer<UInt32>?
  var memberCapacity = 0
  var isLeased = false
  var isOrphaned = false
  /// The output size of the last export of a type (see `OutputSizeHint`): a table of eight,
  /// each slot holding a type's identity and its size.
  var outputTypes = SIMD8<UInt64>()
  var outputSizes = SIMD8<UInt64>()

  #if canImport(Darwin) || canImport(Glibc) || canImport(Musl)
    /// The key of each thread's scratch; its destructor runs when a thread that has one ends.
    private static let key: pthread_key_t = {
      var key = pthread_key_t()
      let status = pthread_key_create(&key) { raw in ThreadScratch.threadEnded(raw) }
      precondition(status == 0, "Bindery could not create a thread-specific key")
      return key
    }()

    /// This thread's scratch, made on first use.
    static func current() -> UnsafeMutablePointer<ThreadScratch>? {
      if let raw = pthread_getspecific(key) {
        return raw.assumingMemoryBound(to: ThreadScratch.self)
      }
      let scratch = UnsafeMutablePointer<ThreadScratch>.allocate(capacity: 1)
      scratch.initialize(to: ThreadScratch(cell: ContextLease.sharedCell()))
      guard pthread_setspecific(key, scratch) == 0 else {
        destroy(scratch)
        return nil
      }
      return scratch
    }
  #else
    /// Platforms without POSIX threads use the shared cells only.
    static func current() -> UnsafeMutablePointer<ThreadScratch>? { nil }
  #endif

  /// A thread with a scratch has ended.
  private static func threadEnded(_ raw: UnsafeMutableRawPointer?) {
    guard let scratch = raw?.assumingMemoryBound(to: ThreadScratch.self) else { return }
    if scratch.pointee.isLeased {
      scratch.pointee.isOrphaned = true
    } else {
      destroy(scratch)
    }
  }

  /// Frees a scratch that no lease holds: its cell goes back to the shared free list (with a
  /// new generation, so that no reference made with it works again), its buffer is freed.
  static func destroy(_ scratch: UnsafeMutablePointer<ThreadScratch>) {
    scratch.pointee.cell.pointee &+= 1
    ContextLease.recycle(scratch.pointee.cell)
    scratch.pointee.members?.deallocate()
    scratch.deinitialize(count: 1)
    scratch.deallocate()
  }
}
