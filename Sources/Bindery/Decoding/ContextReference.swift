import Foundation

// The model decoders (`JSONObjectDecoder`, `JSONValueDecoder`, `JSONArrayDecoder`) reach the
// decode's state through `ContextReference`, which does not own it: retaining the context in
// every decoder made each property read pay for reference counting. This file is the one place
// where that borrowing is done, and where it is made safe.
//
// Invariant: a `ContextReference` is used only while its decode runs. That is checked, not
// assumed. Each context leases a `DecodeLease` cell for its lifetime; the cell holds a
// generation number that changes when the context is freed. Cells are never deallocated (they
// return to a free list and are reused with a new generation), so reading a cell is always
// safe, and every use of a reference compares the cell's generation with the one it was made
// with before it touches the context. A decoder stored past its decode (in a property, a
// global, an escaping closure) therefore stops with a message in every build, instead of
// reading freed memory.
//
// Decoders are not `Sendable`, so a reference is used on the thread of its decode; the cell's
// generation is written only when the context is freed, after its decode has returned.

/// A borrowed reference to a model decode's state that checks, on every use, that the decode
/// it came from is still running.
@usableFromInline
struct ContextReference {
  @usableFromInline let unmanaged: Unmanaged<JSONDecodingContext>
  @usableFromInline let cell: UnsafeMutablePointer<UInt64>
  @usableFromInline let generation: UInt64

  init(_ context: JSONDecodingContext) {
    unmanaged = .passUnretained(context)
    cell = context.lease.cell
    generation = context.lease.cell.pointee
  }

  /// Stops the program when the decode this reference came from has ended.
  @inlinable @inline(__always)
  func verify() {
    if cell.pointee != generation { Self.outlived() }
  }

  @usableFromInline @inline(never)
  static func outlived() -> Never {
    fatalError(
      """
      A Bindery model decoder (JSONObjectDecoder, JSONValueDecoder or JSONArrayDecoder) was \
      used after the decode that made it had returned. A decoder is valid only inside the \
      init(json:), update(from:) or transformer it is handed to: do not store it or let an \
      escaping closure capture it.
      """)
  }

  /// The context, after checking that its decode is running.
  @inlinable
  var context: JSONDecodingContext {
    verify()
    return unmanaged.takeUnretainedValue()
  }

  /// Runs `body` with the context, without reference counting, after checking that its decode
  /// is running.
  @inlinable @inline(__always)
  func withContext<R>(_ body: (JSONDecodingContext) -> R) -> R {
    verify()
    return unmanaged._withUnsafeGuaranteedRef(body)
  }
}

/// A generation cell leased by one decode context for its lifetime (see `ContextReference`).
struct DecodeLease {
  let cell: UnsafeMutablePointer<UInt64>

  /// Cells whose context has been freed, ready for another. Never deallocated.
  private static let free = Locked<[FreeCell]>([])

  /// A cell in the free list; `@unchecked Sendable` because only the lock's holder touches it.
  private struct FreeCell: @unchecked Sendable {
    let cell: UnsafeMutablePointer<UInt64>
  }

  /// Takes a free cell, or makes one.
  static func acquire() -> DecodeLease {
    if let reused = free.withLock({ $0.popLast() }) { return DecodeLease(cell: reused.cell) }
    let cell = UnsafeMutablePointer<UInt64>.allocate(capacity: 1)
    cell.initialize(to: 0)
    return DecodeLease(cell: cell)
  }

  /// Ends the lease: references made during it stop working, and the cell can be reused.
  func release() {
    cell.pointee &+= 1
    DecodeLease.free.withLock { $0.append(FreeCell(cell: cell)) }
  }
}
