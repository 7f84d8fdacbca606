// Hexadecimal digits, read and written: shared by the scanner, number conversion, paths and
// error messages.

/// The value of one hexadecimal digit, or `nil`.
@inline(__always)
package func hexValue(_ byte: UInt8) -> UInt8? {
  switch byte {
  case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
  case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
  case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
  default: return nil
  }
}

extension UInt8 {
  @inline(__always) package var isHexDigit: Bool { hexValue(self) != nil }
}

/// At least four upper-case hex digits.
func hex4(_ value: UInt32) -> String {
  let digits = String(value, radix: 16, uppercase: true)
  return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}
