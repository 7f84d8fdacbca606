/// One ``MemberSearch`` per nesting depth, for a decoder that reads objects nested in objects:
/// a container's search state survives the decoding of its members' values, so keys asked in
/// input order cost about one pass per object at every depth.
///
/// Plain memory rather than an array: a lookup then costs no uniqueness or bounds check. The
/// owner frees it once, from its `deinit`, with ``deallocate()``. `MemberSearch` holds only
/// integers, so its slots need no deinitialization.
package struct MemberSearchSlots {
  private var base: UnsafeMutablePointer<MemberSearch>?
  private var count = 0
  private var capacity = 0

  /// No slots yet; they are made as depths are reached.
  package init() {}

  /// The tape index of `key`'s value in the object at `object`, continuing the search of
  /// `slot` when it belongs to that object and starting it there otherwise.
  @inline(__always)
  package mutating func member(
    _ key: String, in object: Int, slot: Int, reader: TapeReader
  ) -> Int? {
    if slot >= count { grow(toInclude: slot, fresh: reader.search(object)) }
    let search = base.unsafelyUnwrapped + slot
    if search.pointee.object != object { search.pointee = reader.search(object) }
    return reader.member(key, using: &search.pointee)
  }

  /// The member whose key the last search of `slot` found more than once and the duplicate-key
  /// policy passed over, or -1.
  @inline(__always)
  package func repeated(inSlot slot: Int) -> Int {
    slot < count ? base.unsafelyUnwrapped[slot].repeated : -1
  }

  /// Starts the search of `slot` afresh on the object at `object`.
  package mutating func claim(_ slot: Int, object: Int, reader: TapeReader) {
    let fresh = reader.search(object)
    if slot >= count { grow(toInclude: slot, fresh: fresh) }
    base.unsafelyUnwrapped[slot] = fresh
  }

  private mutating func grow(toInclude slot: Int, fresh: MemberSearch) {
    if slot >= capacity {
      let larger = max(16, (slot + 1) * 2)
      let grown = UnsafeMutablePointer<MemberSearch>.allocate(capacity: larger)
      if let base {
        grown.moveInitialize(from: base, count: count)
        base.deallocate()
      }
      base = grown
      capacity = larger
    }
    // Fits: `count <= slot < capacity`.
    (base.unsafelyUnwrapped + count).initialize(repeating: fresh, count: slot + 1 - count)
    count = slot + 1
  }

  /// Frees the slots. Call once, when the decoder that owns them is freed.
  package func deallocate() { base?.deallocate() }
}
