/// One fixed-size (12-byte) entry of a ``JSONDocument``'s tape.
///
/// The tape holds one entry per JSON value, in document order; an object's members appear as
/// key (a string entry) then value. Entries index into the input bytes, so building the tape
/// allocates nothing per value, and a container records the index just past its last entry,
/// so skipping a subtree is O(1).
@usableFromInline
package struct TapeEntry: Sendable {
  /// Byte offset: the first byte of a number or literal, the first byte *inside* a string's
  /// quotes, the `[` or `{` of a container.
  @usableFromInline package var offset: UInt32
  /// Scalars: the length in bytes of the number text or raw string content.
  /// Containers: the tape index just past the container's last entry.
  @usableFromInline package var payload: UInt32
  /// The kind in the low 3 bits; for scalars, flags above them; for containers, the number of
  /// elements (members for objects) shifted left by 3.
  @usableFromInline package var info: UInt32

  @usableFromInline static let kindMask: UInt32 = 0b111
  /// Strings: the raw content holds escapes. Numbers: the text has a fraction or exponent.
  @usableFromInline static let flagA: UInt32 = 1 << 3
  /// Strings: the content holds invalid Unicode to be replaced with U+FFFD.
  /// Numbers: the text is JSON5-only syntax (hex, `+`, `.5`, `Infinity`, `NaN`).
  @usableFromInline static let flagB: UInt32 = 1 << 4
  /// The largest element count a container may record.
  static let maxCount: UInt32 = (1 << 29) - 1

  @inlinable @inline(__always) package var kind: TapeKind {
    // The scanner only writes valid kinds, so the fallback is unreachable.
    TapeKind(rawValue: info & Self.kindMask) ?? .null
  }
  @inlinable package var count: Int { Int(info >> 3) }
  @inlinable package var hasEscapes: Bool { info & Self.flagA != 0 }
  /// Strings: the raw content is exactly the string's UTF-8 (no escapes, nothing to repair),
  /// so it may be compared and handed out as it stands.
  @inlinable package var isVerbatim: Bool { info & (Self.flagA | Self.flagB) == 0 }
  /// Strings: the content holds invalid Unicode (raw bytes or a lone surrogate escape) that
  /// reading replaces with U+FFFD; without this flag it is valid UTF-8, escapes aside.
  @inlinable package var needsRepair: Bool { info & Self.flagB != 0 }
  @inlinable package var isIntegerText: Bool { info & Self.flagA == 0 }
  @inlinable package var isNonStandardNumber: Bool { info & Self.flagB != 0 }
  @inlinable package var start: Int { Int(offset) }
  @inlinable package var length: Int { Int(payload) }
  @inlinable package var end: Int { Int(payload) }
}

/// The kind of one tape entry.
@usableFromInline
package enum TapeKind: UInt32, Sendable {
  case null = 0
  case `false`, `true`, number, string, array, object
}

/// The tape while the scanner builds it: raw memory that grows by doubling, handed to the
/// ``JSONDocument`` that owns and frees it. A struct held by the scanner, so appending costs no
/// reference counting, bounds check or exclusivity check.
struct TapeBuilder {
  private(set) var base: UnsafeMutablePointer<TapeEntry>
  private(set) var count = 0
  private var capacity: Int

  init(capacity: Int) {
    self.capacity = max(capacity, 16)
    self.base = .allocate(capacity: self.capacity)
  }

  @inline(__always)
  mutating func append(_ entry: TapeEntry) {
    if count == capacity { grow() }
    (base + count).initialize(to: entry)
    count &+= 1
  }

  private mutating func grow() {
    let larger = UnsafeMutablePointer<TapeEntry>.allocate(capacity: capacity * 2)
    larger.moveInitialize(from: base, count: count)
    base.deallocate()
    base = larger
    capacity *= 2
  }

  @inline(__always)
  subscript(index: Int) -> TapeEntry {
    get { base[index] }
    nonmutating set { base[index] = newValue }
  }

  /// Frees the memory; for a scan that failed.
  func deallocate() { base.deallocate() }
}
