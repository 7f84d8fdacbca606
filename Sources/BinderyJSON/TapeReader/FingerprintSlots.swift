/// The one hash-table design behind member lookup: a power-of-two array of 32-bit slots, each
/// 0 (empty) or an item number + 1, probed linearly from the slot a key's fingerprint picks.
///
/// ``JSONKeyTable`` keeps a model's keys in one; ``MemberSearch`` builds a temporary one over
/// an object's keys to prove that none repeats. The caller owns the slots' memory and says
/// what an item's key is through `matches`.
struct FingerprintSlots {
  private let slots: UnsafeMutablePointer<UInt32>
  private let mask: Int
  private let shift: UInt64

  /// The number of slots for `count` items: a power of two, at least 8 and at least twice
  /// `count`, so probes stay short.
  static func capacity(for count: Int) -> Int {
    var capacity = 8
    while capacity < count * 2 { capacity <<= 1 }
    return capacity
  }

  /// Empties `capacity` slots at `slots` (a value from ``capacity(for:)``) and uses them.
  init(_ slots: UnsafeMutablePointer<UInt32>, capacity: Int) {
    slots.initialize(repeating: 0, count: capacity)
    self.slots = slots
    self.mask = capacity - 1
    self.shift = UInt64(64 - capacity.trailingZeroBitCount)
  }

  /// The item whose key is the one fingerprinted, or -1: `matches` says whether an item with
  /// the same slot holds that key.
  @inline(__always)
  func find(_ fingerprint: UInt64, _ matches: (Int) -> Bool) -> Int {
    var slot = home(fingerprint)
    while true {
      let stored = Int(slots[slot])
      if stored == 0 { return -1 }
      if matches(stored - 1) { return stored - 1 }
      slot = (slot + 1) & mask
    }
  }

  /// Adds `item` unless an item with the same key is there (`matches` says which): returns
  /// that item, or -1 when `item` was added.
  @inline(__always)
  func insert(_ item: Int, _ fingerprint: UInt64, _ matches: (Int) -> Bool) -> Int {
    var slot = home(fingerprint)
    while true {
      let stored = Int(slots[slot])
      if stored == 0 {
        // Fits: items are tape indices or table positions, fewer than 2^32 (the scanner
        // accepts less than 4 GiB of input).
        slots[slot] = UInt32(truncatingIfNeeded: item + 1)
        return -1
      }
      if matches(stored - 1) { return stored - 1 }
      slot = (slot + 1) & mask
    }
  }

  @inline(__always)
  private func home(_ fingerprint: UInt64) -> Int {
    Int(truncatingIfNeeded: (fingerprint &* 0x9E37_79B9_7F4A_7C15) >> shift)
  }
}

/// A cheap 64-bit summary of a key for ``FingerprintSlots``: its length (capped) and the bytes
/// at its start, middle and end. Equal keys have equal fingerprints.
@inline(__always)
func keyFingerprint(_ start: UnsafePointer<UInt8>, _ length: Int) -> UInt64 {
  var value = UInt64(truncatingIfNeeded: min(length, 0xFFFF)) << 48
  if length > 0 { value |= UInt64(start[0]) << 40 | UInt64(start[length - 1]) << 16 }
  if length > 1 { value |= UInt64(start[1]) << 32 | UInt64(start[length - 2]) << 8 }
  if length > 2 { value |= UInt64(start[2]) << 24 | UInt64(start[length / 2]) }
  return value
}

/// True when the `count` bytes at `a` and at `b` are equal.
@inline(__always)
func memcmpEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
  // Eight bytes at a time, then the tail.
  var i = 0
  while i &+ 8 <= count {
    let left = UnsafeRawPointer(a + i).loadUnaligned(as: UInt64.self)
    let right = UnsafeRawPointer(b + i).loadUnaligned(as: UInt64.self)
    if left != right { return false }
    i &+= 8
  }
  while i < count {
    if a[i] != b[i] { return false }
    i &+= 1
  }
  return true
}
