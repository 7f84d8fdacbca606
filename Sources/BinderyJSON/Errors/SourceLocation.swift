/// Line, column and excerpt of a byte offset, computed only when an error is built: the hot
/// path carries offsets alone.
struct SourceLocation {
  var line: Int
  var column: Int
  var excerpt: String
  var excerptColumn: Int

  /// The widest excerpt kept, in Unicode scalars.
  static let excerptWidth = 80

  init(offset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
    let offset = min(max(offset, 0), bytes.count)
    var line = 1
    var lineStart = 0
    var index = 0
    while index < offset {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\n") {
        line += 1
        lineStart = index + 1
      } else if byte == UInt8(ascii: "\r") {
        if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") {
          if index + 1 == offset { break }
          index += 1
        }
        line += 1
        lineStart = index + 1
      }
      index += 1
    }
    var lineEnd = offset
    while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n"),
      bytes[lineEnd] != UInt8(ascii: "\r")
    {
      lineEnd += 1
    }
    func scalars(_ range: Range<Int>) -> Int {
      var count = 0
      for i in range where bytes[i] & 0xC0 != 0x80 { count += 1 }
      return count
    }
    self.line = line
    self.column = scalars(lineStart..<offset) + 1
    // Keep the excerpt short: up to 40 scalars before the problem and the rest after.
    var excerptStart = lineStart
    var before = column - 1
    while before > Self.excerptWidth / 2 {
      excerptStart += 1
      while excerptStart < offset, bytes[excerptStart] & 0xC0 == 0x80 { excerptStart += 1 }
      before -= 1
    }
    var excerptEnd = offset
    var after = 0
    while excerptEnd < lineEnd, after < Self.excerptWidth - before {
      excerptEnd += 1
      while excerptEnd < lineEnd, bytes[excerptEnd] & 0xC0 == 0x80 { excerptEnd += 1 }
      after += 1
    }
    var text = ""
    for scalar in String(
      decoding: UnsafeBufferPointer(rebasing: bytes[excerptStart..<excerptEnd]), as: UTF8.self
    ).unicodeScalars {
      // Tabs and control characters would shift the caret; show them as spaces.
      text.unicodeScalars.append(scalar.value < 0x20 ? " " : scalar)
    }
    self.excerpt = text
    self.excerptColumn = before + 1
  }
}

extension JSONReadError {
  /// Builds an error at `offset` in `bytes`, resolving line, column and excerpt.
  init(
    _ kind: Kind, _ message: String, at offset: Int, in bytes: UnsafeBufferPointer<UInt8>,
    path: String? = nil
  ) {
    let location = SourceLocation(offset: offset, in: bytes)
    self.init(
      kind: kind, message: message, offset: offset, line: location.line,
      column: location.column, excerpt: location.excerpt,
      excerptColumn: location.excerptColumn, path: path)
  }
}

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

/// At least four upper-case hex digits.
func hex4(_ value: UInt32) -> String {
  let digits = String(value, radix: 16, uppercase: true)
  return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}
