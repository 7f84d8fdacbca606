/// UTF-16 and UTF-32 input, told apart from UTF-8 by its first bytes and read as UTF-8 (see
/// ``JSONReadingOptions/allowsUTF16AndUTF32``).
///
/// JSON text starts with an ASCII character (or a UTF-8 byte order mark), so its encoding shows
/// in the first four bytes: a UTF-16 or UTF-32 byte order mark, or the zero bytes around that
/// character (RFC 4627, section 3). Foundation's `JSONDecoder` reads the same forms.
package enum UnicodeInput {
  private enum Width { case utf16, utf32 }

  /// The input as UTF-8, or nil when it is UTF-8 already (a UTF-8 byte order mark stays for
  /// the scanner to skip).
  ///
  /// - Parameter bytes: The input.
  /// - Returns: The transcoded text, without its byte order mark.
  /// - Throws: ``JSONReadError/Kind/invalidUTF8`` for a lone surrogate, a code point beyond
  ///   U+10FFFF, or bytes left over after the last whole code unit, at the offset in the
  ///   UTF-8 text where that character would have been.
  package static func utf8(from bytes: [UInt8]) throws(JSONReadError) -> [UInt8]? {
    // The one check UTF-8 input pays: its first two bytes are nonzero, and not 0xFE or 0xFF,
    // which never occur in UTF-8.
    guard bytes.count >= 2, bytes[0] == 0 || bytes[1] == 0 || bytes[0] >= 0xFE else {
      return nil
    }
    guard let (width, bigEndian, skip) = encoding(of: bytes) else { return nil }
    return try transcode(bytes, width: width, bigEndian: bigEndian, from: skip)
  }

  /// The width, byte order and byte order mark length of UTF-16 or UTF-32 input; nil for UTF-8.
  private static func encoding(of b: [UInt8]) -> (Width, bigEndian: Bool, skip: Int)? {
    let count = b.count
    if count >= 4, b[0] == 0, b[1] == 0, b[2] == 0xFE, b[3] == 0xFF { return (.utf32, true, 4) }
    if count >= 4, b[0] == 0xFF, b[1] == 0xFE, b[2] == 0, b[3] == 0 { return (.utf32, false, 4) }
    if b[0] == 0xFE, b[1] == 0xFF { return (.utf16, true, 2) }
    if b[0] == 0xFF, b[1] == 0xFE { return (.utf16, false, 2) }
    if count >= 4 {
      switch (b[0], b[1], b[2], b[3]) {
      case (0, 0, 0, _): return (.utf32, true, 0)
      case (_, 0, 0, 0): return (.utf32, false, 0)
      case (0, _, 0, _): return (.utf16, true, 0)
      case (_, 0, _, 0): return (.utf16, false, 0)
      default: return nil
      }
    }
    if b[0] == 0 { return (.utf16, true, 0) }
    if b[1] == 0 { return (.utf16, false, 0) }
    return nil
  }

  private static func transcode(
    _ bytes: [UInt8], width: Width, bigEndian: Bool, from start: Int
  ) throws(JSONReadError) -> [UInt8] {
    let unitSize = width == .utf16 ? 2 : 4
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count - start)
    /// The code unit at `offset`.
    func unit(_ offset: Int) -> UInt32 {
      var value: UInt32 = 0
      for k in 0..<unitSize {
        let byte = UInt32(bytes[offset + (bigEndian ? k : unitSize - 1 - k)])
        value = value << 8 | byte
      }
      return value
    }
    func failure(_ message: String) -> JSONReadError {
      output.withUnsafeBufferPointer {
        JSONReadError(.invalidUTF8, message, at: $0.count, in: $0)
      }
    }
    let name = width == .utf16 ? "UTF-16" : "UTF-32"
    var offset = start
    while offset < bytes.count {
      guard offset + unitSize <= bytes.count else {
        throw failure("\(name) text ends inside a code unit (byte \(offset) of the input)")
      }
      var scalar = unit(offset)
      offset += unitSize
      if width == .utf16, (0xD800...0xDBFF).contains(scalar), offset + 2 <= bytes.count {
        let low = unit(offset)
        if (0xDC00...0xDFFF).contains(low) {
          scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
          offset += 2
        }
      }
      guard scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else {
        throw failure(
          "invalid \(name): \(scalar <= 0x10FFFF ? "a lone surrogate" : "a code point beyond U+10FFFF") at byte \(offset - unitSize) of the input"
        )
      }
      append(scalar, to: &output)
    }
    return output
  }

  /// Appends the UTF-8 of a valid scalar value.
  private static func append(_ scalar: UInt32, to output: inout [UInt8]) {
    switch scalar {
    case ..<0x80:
      output.append(UInt8(scalar))
    case ..<0x800:
      output.append(UInt8(0xC0 | scalar >> 6))
      output.append(UInt8(0x80 | scalar & 0x3F))
    case ..<0x10000:
      output.append(UInt8(0xE0 | scalar >> 12))
      output.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      output.append(UInt8(0x80 | scalar & 0x3F))
    default:
      output.append(UInt8(0xF0 | scalar >> 18))
      output.append(UInt8(0x80 | scalar >> 12 & 0x3F))
      output.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      output.append(UInt8(0x80 | scalar & 0x3F))
    }
  }
}
