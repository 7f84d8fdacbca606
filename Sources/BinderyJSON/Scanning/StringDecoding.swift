/// Decodes the string of a tape entry: the raw bytes between its quotes, with escapes
/// resolved and, where the entry is flagged, invalid Unicode replaced by U+FFFD.
///
/// The scanner has already validated the content, so decoding never fails. `forHashing`: the
/// string will be hashed or compared (a `JSONValue`'s keys and strings), so it is worth
/// learning whether it is ASCII (see `String(scannedUTF8:checksASCII:)`).
func decodeString(_ entry: TapeEntry, base: UnsafePointer<UInt8>, forHashing: Bool = false)
  -> String
{
  let raw = UnsafeBufferPointer(start: base + entry.start, count: entry.length)
  // Only an entry flagged for invalid Unicode holds any; the rest is valid, as the scanner
  // checked it, and so is its text once unescaped (see `unescape`).
  guard entry.needsRepair else {
    return validString(raw, escaped: entry.hasEscapes, checksASCII: forHashing)
  }
  guard entry.hasEscapes else {
    // String(decoding:) repairs invalid UTF-8.
    return String(decoding: raw, as: UTF8.self)
  }
  // Unescaped text is never longer than its escaped form: the longest expansion, a lone
  // surrogate replaced by U+FFFD, turns six bytes into three.
  return String(unsafeUninitializedCapacity: raw.count) { out in unescape(raw, into: out) }
}

/// The string of the raw text between a string's quotes, which a reader of this module has
/// checked to be valid UTF-8 with valid escapes and no lone surrogate (see
/// `String(scannedUTF8:)`), resolving the escapes when `escaped` says there are any.
func validString(_ raw: UnsafeBufferPointer<UInt8>, escaped: Bool, checksASCII: Bool = false)
  -> String
{
  guard escaped else { return String(scannedUTF8: raw, checksASCII: checksASCII) }
  return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: raw.count) { out in
    String(
      scannedUTF8: UnsafeBufferPointer(rebasing: out[..<unescape(raw, into: out)]),
      checksASCII: checksASCII)
  }
}

extension String {
  /// A string of UTF-8 that the scanner has validated, made without checking it again: the
  /// standard library's `String(decoding:as:)` checks every byte again, about 9 % of the
  /// instructions of a model decode of twitter.json.
  ///
  /// Invariant: `bytes` is valid UTF-8. The only caller, `validString`, passes the text
  /// between a string's quotes, or that text unescaped, read from bytes that do not change
  /// between the check and this call:
  /// - `decodeString` passes a tape entry without the invalid-Unicode flag
  ///   (`TapeEntry.needsRepair`): the scanner validated every byte above 0x7F of the string
  ///   (`scanNonASCII`, `utf8Sequence`) and flagged or rejected every invalid one, and a
  ///   document keeps its bytes as they were (see `JSONDocument`; a path's quoted key is decoded
  ///   as soon as it is scanned);
  /// - `_JSONOnePassReader.string()` passes a string it has just scanned, in bytes it borrows
  ///   for the whole read, having given up on every invalid sequence (`utf8Sequence`) and on
  ///   every lone surrogate escape;
  /// - `unescape` copies the runs between backslashes whole (a backslash is never inside a
  ///   multi-byte sequence), and writes each escape as ASCII or as a scalar it encodes from a
  ///   `Unicode.Scalar` (U+FFFD for a lone surrogate, which neither caller passes).
  ///
  /// With `checksASCII`, the bytes are also checked for being ASCII, which the string then
  /// knows: an ASCII string is NFC, and hashing and comparing it take the fast path (a string
  /// not known to be NFC is normalized for every hash, about 880 instructions per dictionary
  /// lookup of a 25-byte key). Strings that are only read (a model's) skip the check: it
  /// costs about 3 % of a model decode of twitter.json.
  ///
  /// On a system without `UTF8Span` the bytes are checked as usual (and the flag set).
  @inline(__always)
  init(scannedUTF8 bytes: UnsafeBufferPointer<UInt8>, checksASCII: Bool = false) {
    #if compiler(>=6.2)
      if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
        let span = unsafe Span(_unsafeElements: bytes)
        var text = unsafe UTF8Span(unchecked: span)
        if checksASCII { _ = text.checkForASCII() }
        self.init(copying: text)
        return
      }
    #endif
    self.init(decoding: bytes, as: UTF8.self)
  }
}

/// True when the entry's string equals `key` (given as UTF-8), without allocating when the
/// entry's raw content is its text (no escapes, no invalid Unicode to replace).
@inline(__always)
func stringEquals(_ entry: TapeEntry, base: UnsafePointer<UInt8>, _ key: UnsafeBufferPointer<UInt8>)
  -> Bool
{
  if entry.isVerbatim {
    guard entry.length == key.count else { return false }
    guard let keyBase = key.baseAddress else { return true }
    let raw = base + entry.start
    for i in 0..<key.count where raw[i] != keyBase[i] { return false }
    return true
  }
  // Escaped or repaired keys are rare: decode and compare.
  let decoded = decodeString(entry, base: base)
  return decoded.utf8.elementsEqual(key)
}

/// Resolves escapes from `raw` into `out` and returns the number of bytes written.
private func unescape(
  _ raw: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>
)
  -> Int
{
  var i = 0
  var o = 0
  @inline(__always) func put(_ byte: UInt8) {
    out[o] = byte
    o += 1
  }
  func putScalar(_ value: UInt32) {
    let v = Unicode.Scalar(value)?.value ?? 0xFFFD
    if v < 0x80 {
      put(UInt8(v))
    } else if v < 0x800 {
      put(0xC0 | UInt8(v >> 6))
      put(0x80 | UInt8(v & 0x3F))
    } else if v < 0x10000 {
      put(0xE0 | UInt8(v >> 12))
      put(0x80 | UInt8(v >> 6 & 0x3F))
      put(0x80 | UInt8(v & 0x3F))
    } else {
      put(0xF0 | UInt8(v >> 18))
      put(0x80 | UInt8(v >> 12 & 0x3F))
      put(0x80 | UInt8(v >> 6 & 0x3F))
      put(0x80 | UInt8(v & 0x3F))
    }
  }
  func hex(_ at: Int, _ count: Int) -> UInt32 {
    var value: UInt32 = 0
    for k in 0..<count { value = value << 4 | UInt32(hexValue(raw[at + k]) ?? 0) }
    return value
  }
  let backslashes = ByteWord.repeated(UInt8(ascii: "\\"))
  while i < raw.count {
    // The run up to the next backslash, found eight bytes at a time and copied in one step.
    var run = i
    while run &+ 8 <= raw.count {
      let word = UInt64(
        littleEndian: UnsafeRawPointer(raw.baseAddress.unsafelyUnwrapped + run).loadUnaligned(
          as: UInt64.self))
      let hits = ByteWord.equal(word, backslashes)
      if hits != 0 {
        // The lowest flag is exact.
        run &+= hits.trailingZeroBitCount &>> 3
        break
      }
      run &+= 8
    }
    if run &+ 8 > raw.count {
      while run < raw.count, raw[run] != UInt8(ascii: "\\") { run &+= 1 }
    }
    if run > i {
      (out.baseAddress.unsafelyUnwrapped + o).update(
        from: raw.baseAddress.unsafelyUnwrapped + i, count: run &- i)
      o &+= run &- i
      i = run
      if i == raw.count { break }
    }
    let next = raw[i + 1]
    i += 2
    switch next {
    case UInt8(ascii: "b"): put(0x08)
    case UInt8(ascii: "f"): put(0x0C)
    case UInt8(ascii: "n"): put(0x0A)
    case UInt8(ascii: "r"): put(0x0D)
    case UInt8(ascii: "t"): put(0x09)
    case UInt8(ascii: "v"): put(0x0B)
    case UInt8(ascii: "0"): put(0x00)
    case UInt8(ascii: "x"):
      putScalar(hex(i, 2))
      i += 2
    case UInt8(ascii: "u"):
      let value = hex(i, 4)
      i += 4
      if (0xD800...0xDBFF).contains(value), i + 5 < raw.count, raw[i] == UInt8(ascii: "\\"),
        raw[i + 1] == UInt8(ascii: "u")
      {
        let low = hex(i + 2, 4)
        if (0xDC00...0xDFFF).contains(low) {
          putScalar(0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00))
          i += 6
          continue
        }
      }
      putScalar(value)  // a lone surrogate becomes U+FFFD (only accepted when replacing)
    case 0x0A:
      break  // JSON5 line continuation
    case 0x0D:
      if i < raw.count, raw[i] == 0x0A { i += 1 }
    case 0xE2
    where i + 1 < raw.count && raw[i] == 0x80 && (raw[i + 1] == 0xA8 || raw[i + 1] == 0xA9):
      i += 2  // JSON5 line continuation with U+2028 or U+2029
    case 0x80...0xFF:
      i -= 1  // identity escape of a non-ASCII scalar: copy the scalar itself
    default:
      put(next)  // \" \\ \/ \' and JSON5 identity escapes
    }
  }
  return o
}
