/// The mutable state of a decode or export object, kept behind a pointer so that reading and
/// writing it costs a plain load and store.
///
/// Why: every access to a class's stored `var` is checked for exclusivity at run time, and the
/// decoders and encoders touch their state for every value (the checks cost more than a tenth
/// of a decode). A class stores its state here instead, in a `let`.
///
/// Invariant: one owner, on one thread at a time. The owner (a decode context, a Codable decoder
/// or encoder, an export context) is not shared while it works, and the box is not copyable:
/// the owner's `let` is the only handle, and the state is freed with the owner. Accesses are
/// not checked for overlap, so a caller must not hold `pointee` across a call that changes it.
@usableFromInline
struct UncheckedState<State>: ~Copyable {
  @usableFromInline let address: UnsafeMutablePointer<State>

  /// Allocates the state with its first value.
  init(_ initial: consuming State) {
    address = .allocate(capacity: 1)
    address.initialize(to: initial)
  }

  deinit {
    address.deinitialize(count: 1)
    address.deallocate()
  }

  /// The state, read and written in place.
  @inlinable
  var pointee: State {
    _read { yield address.pointee }
    nonmutating _modify { yield &address.pointee }
  }
}
