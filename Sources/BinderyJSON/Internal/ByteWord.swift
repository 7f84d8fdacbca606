/// Eight bytes tested at once (SWAR), and sixteen in a vector, for the scanner's string scan and
/// the writer's escaping.
///
/// Each test returns a word whose byte k has its high bit set when byte k of the input passes
/// it. The lowest flagged byte is exact; a borrow can also flag bytes above a true hit, so
/// callers use only the lowest flag, or whether any byte is flagged. Byte k of a word is bits
/// 8k..<8k+8 (little-endian loads). Vector tests are exact in every lane.
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

  // Sixteen bytes in one vector register, for the longest runs: the scanner's strings and the
  // writer's escaping. Every comparison takes a vector operand: with a scalar one
  // (`block .== 0x22`) the compiler tests lane by lane through memory, with a vector one it
  // emits one instruction (SSE2 on x86-64, NEON on arm64).

  /// Sixteen bytes from `pointer` (any alignment), byte k in lane k.
  @inline(__always)
  static func block(at pointer: UnsafeRawPointer) -> SIMD16<UInt8> {
    pointer.loadUnaligned(as: SIMD16<UInt8>.self)
  }

  /// `byte` in every lane: the operand comparisons take.
  @inline(__always)
  static func lanes(_ byte: UInt8) -> SIMD16<UInt8> { SIMD16(repeating: byte) }

  /// How many lanes come before the first one set in `mask` (16 if none).
  @inline(__always)
  static func cleanPrefix(_ mask: SIMDMask<SIMD16<Int8>>) -> Int {
    // 0xFF in each set lane, read as two words whose byte k is lane k (or 8 + k).
    let bytes = SIMD16<UInt8>(repeating: 0).replacing(with: 0xFF, where: mask)
    let words = unsafeBitCast(bytes, to: SIMD2<UInt64>.self)
    let (low, high) = (UInt64(littleEndian: words[0]), UInt64(littleEndian: words[1]))
    if low != 0 { return low.trailingZeroBitCount &>> 3 }
    return 8 &+ high.trailingZeroBitCount &>> 3
  }
}
