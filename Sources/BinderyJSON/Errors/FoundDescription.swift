/// Describes the input at `offset` for a "found …" message: `end of input`, `'x'`, a short
/// word such as `'NaN'`, or a scalar such as `U+0007`.
func describeFound(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> String {
  guard offset < bytes.count else { return "end of input" }
  let byte = bytes[offset]
  func isWordByte(_ b: UInt8) -> Bool {
    (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z"))
      || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
      || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "_")
  }
  if isWordByte(byte) {
    var end = offset
    while end < bytes.count, end - offset < 16, isWordByte(bytes[end]) { end += 1 }
    let word = String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self)
    return "'\(word)'"
  }
  if byte < 0x20 || byte == 0x7F {
    return "U+" + hex4(UInt32(byte))
  }
  if byte < 0x80 {
    return "'\(Character(Unicode.Scalar(byte)))'"
  }
  // Decode one scalar for the message; invalid UTF-8 is named by its byte.
  var end = offset + 1
  while end < bytes.count, end - offset < 4, bytes[end] & 0xC0 == 0x80 { end += 1 }
  var decoder = UTF8()
  var iterator = UnsafeBufferPointer(rebasing: bytes[offset..<end]).makeIterator()
  if case .scalarValue(let scalar) = decoder.decode(&iterator) {
    return "'\(Character(scalar))' (U+\(hex4(scalar.value)))"
  }
  return "byte 0x" + String(byte, radix: 16, uppercase: true)
}
