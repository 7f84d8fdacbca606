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
}
