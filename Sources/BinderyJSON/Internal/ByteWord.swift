/// Eight bytes tested at once (SWAR), for the scanner's string scan and the writer's escaping.
///
/// Each test returns a word whose byte k has its high bit set when byte k of the input passes
/// it. The lowest flagged byte is exact; a borrow can also flag bytes above a true hit, so
/// callers use only the lowest flag, or whether any byte is flagged. Byte k of a word is bits
/// 8k..<8k+8 (little-endian loads).
enum ByteWord {
  /// 0x01 in every byte.
  @inline(__always) static var lows: UInt64 { 0x0101_0101_0101_0101 }
  /// 0x80 in every byte.
  @inline(__always) static var highs: UInt64 { 0x8080_8080_8080_8080 }

  /// `byte` in every byte: the pattern ``equal(_:_:)`` compares against.
  @inline(__always)
  static func repeated(_ byte: UInt8) -> UInt64 { UInt64(byte) &* lows }

  /// Bytes equal to the byte repeated in `pattern`.
  @inline(__always)
  static func equal(_ word: UInt64, _ pattern: UInt64) -> UInt64 {
    let difference = word ^ pattern
    // Swift gives `&` a higher precedence than `&-`: every group is parenthesised.
    return ((difference &- lows) & ~difference) & highs
  }

  /// Control bytes (below 0x20).
  @inline(__always)
  static func control(_ word: UInt64) -> UInt64 {
    ((word &- (lows &* 0x20)) & ~word) & highs
  }

  // Sixteen bytes as two words in one vector register: the same tests, lane by lane, in as
  // many vector instructions as one word takes scalar ones.

  /// Sixteen bytes from `pointer` (any alignment): bytes 0–7 in lane 0, 8–15 in lane 1, each
  /// lane little-endian like a word.
  @inline(__always)
  static func block(at pointer: UnsafeRawPointer) -> SIMD2<UInt64> {
    let raw = pointer.loadUnaligned(as: SIMD2<UInt64>.self)
    return SIMD2(UInt64(littleEndian: raw[0]), UInt64(littleEndian: raw[1]))
  }

  /// ``equal(_:_:)`` for both lanes; `pattern` is one word.
  @inline(__always)
  static func equal(_ block: SIMD2<UInt64>, _ pattern: UInt64) -> SIMD2<UInt64> {
    let difference = block ^ SIMD2(repeating: pattern)
    return ((difference &- SIMD2(repeating: lows)) & ~difference) & SIMD2(repeating: highs)
  }

  /// ``control(_:)`` for both lanes.
  @inline(__always)
  static func control(_ block: SIMD2<UInt64>) -> SIMD2<UInt64> {
    ((block &- SIMD2(repeating: lows &* 0x20)) & ~block) & SIMD2(repeating: highs)
  }

  /// How many bytes of a sixteen-byte block come before its first flagged byte (16 if none):
  /// the lowest flag of the first lane with one is exact.
  @inline(__always)
  static func cleanPrefix(_ flags: SIMD2<UInt64>) -> Int {
    if flags[0] != 0 { return flags[0].trailingZeroBitCount &>> 3 }
    return 8 &+ flags[1].trailingZeroBitCount &>> 3
  }
}
