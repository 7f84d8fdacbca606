// The byte level of JSONWriter: each token makes room once, then writes its separator and its
// text through one pointer.

/// What goes before a token: a comma, and when pretty-printing a line break and indentation.
struct Lead {
  var comma: Bool
  /// Spaces after a line break, or -1 for no line break.
  var indent: Int

  /// How many bytes the lead writes.
  @inline(__always)
  var count: Int { (comma ? 1 : 0) &+ (indent >= 0 ? 1 &+ indent : 0) }

  /// Writes the lead at `output`; returns how many bytes it wrote.
  @inline(__always)
  func write(to output: UnsafeMutablePointer<UInt8>) -> Int {
    var written = 0
    if comma {
      output.pointee = UInt8(ascii: ",")
      written = 1
    }
    if indent >= 0 {
      output[written] = UInt8(ascii: "\n")
      (output + written + 1).update(repeating: UInt8(ascii: " "), count: indent)
      written &+= 1 &+ indent
    }
    return written
  }
}

/// A text of at most 16 bytes with nothing to escape, as `JSONWriter.shortPlain` gives it:
/// two little-endian words holding the bytes, and how many there are (0: not such a text).
struct ShortText {
  var low: UInt64 = 0
  var high: UInt64 = 0
  var count: UInt8 = 0
}

/// The zeros small output buffers are copied from (see `JSONWriter.room(_:)`).
private let zeroRoom = [UInt8](repeating: 0, count: 2048)

extension JSONWriter {
  /// Runs `body` on the output's end with at least `needed` bytes of room; `body` returns how
  /// many bytes it wrote.
  @inline(__always)
  mutating func append(reserving needed: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
    if storage.count &- length < needed { grow(toFit: needed) }
    let start = length
    length =
      start
      &+ storage.withUnsafeMutableBufferPointer { buffer in
        body(buffer.baseAddress.unsafelyUnwrapped + start)
      }
  }

  /// Whether a buffer of `capacity` bytes has far more room than `needed`: an output taken from
  /// it gets an array of its own size, and a buffer kept for the next output is made anew,
  /// rather than hold on to the room.
  @inline(__always)
  static func hasFarMoreRoom(_ capacity: Int, than needed: Int) -> Bool {
    capacity > 2 &* needed &+ 4096
  }

  /// An output buffer of `count` bytes.
  ///
  /// A small buffer is copied from zeros: that allocation is specialised in this module, while
  /// `Array(unsafeUninitializedCapacity:)` and `Array(repeating:count:)` call the standard
  /// library's generic allocation, which looks up the storage type's metadata at run time
  /// (about 310 instructions on Linux, more than copying a few hundred bytes; a small export
  /// paid it on every call). A large buffer is left as the allocator gave it (see
  /// ``grow(toFit:)``).
  @inline(__always)
  static func room(_ count: Int) -> [UInt8] {
    if count <= zeroRoom.count {
      return zeroRoom.withUnsafeBufferPointer { Array(UnsafeBufferPointer(rebasing: $0[..<count])) }
    }
    return [UInt8](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
  }

  /// Enlarges the output to hold `needed` more bytes, at least doubling it, copying only the
  /// bytes written.
  ///
  /// The room past ``length`` of a large buffer is left as the allocator gave it, not zeroed:
  /// `UInt8` is a trivial type, every byte is written before ``length`` covers it, and nothing
  /// reads ``storage`` past ``length`` (the output is always cut to ``length`` before it is
  /// handed out). Zeroing it would cost a pass over every byte of the output.
  @inline(never)
  mutating func grow(toFit needed: Int) {
    // Checked arithmetic: on a 32-bit platform a doubled size can pass `Int.max`.
    let target = Swift.max(
      storage.count < Int.max / 2 ? storage.count * 2 : Int.max, length + needed)
    let written = length
    var grown = Self.room(target)
    if written > 0 {
      grown.withUnsafeMutableBufferPointer { grown in
        storage.withUnsafeBufferPointer { old in
          grown.baseAddress.unsafelyUnwrapped.update(
            from: old.baseAddress.unsafelyUnwrapped, count: written)
        }
      }
    }
    storage = grown
  }

  /// Copies `count` bytes eight at a time, reading only `source[0..<count]` but writing up to
  /// 7 bytes past `count` (callers reserve that room): no call into `memcpy` for a key.
  @inline(__always)
  static func copyShort(
    from source: UnsafePointer<UInt8>, count: Int, to output: UnsafeMutablePointer<UInt8>
  ) {
    let from = UnsafeRawPointer(source)
    let to = UnsafeMutableRawPointer(output)
    var offset = 0
    while count &- offset >= 8 {
      to.storeBytes(
        of: from.loadUnaligned(fromByteOffset: offset, as: UInt64.self), toByteOffset: offset,
        as: UInt64.self)
      offset &+= 8
    }
    if offset < count {
      to.storeBytes(
        of: loadShort(source + offset, count: count &- offset).littleEndian,
        toByteOffset: offset, as: UInt64.self)
    }
  }

  /// Writes the lead and then up to 8 bytes given as a little-endian word.
  @inline(__always)
  mutating func writeLiteral(_ word: UInt64, count: Int, lead: Lead) {
    append(reserving: lead.count &+ 8) { output in
      let written = lead.write(to: output)
      UnsafeMutableRawPointer(output + written).storeBytes(of: word.littleEndian, as: UInt64.self)
      return written &+ count
    }
  }

  /// Writes the lead and text that needs no escaping (numbers, literals).
  mutating func writeRaw(_ text: String, lead: Lead) {
    var text = text
    text.withUTF8 { writeRaw($0, lead: lead) }
  }

  /// Writes the lead and bytes that need no escaping.
  @inline(__always)
  mutating func writeRaw(_ bytes: UnsafeBufferPointer<UInt8>, lead: Lead) {
    append(reserving: lead.count &+ bytes.count) { output in
      let written = lead.write(to: output)
      if let base = bytes.baseAddress {
        (output + written).update(from: base, count: bytes.count)
      }
      return written &+ bytes.count
    }
  }

  /// Writes an integer's digits. Concrete on purpose: unspecialised generic arithmetic costs a
  /// witness-table call per digit (measured: encoding integers about 7 times slower).
  @inline(__always)
  mutating func writeDigits(_ magnitude: UInt64, negative: Bool, lead: Lead) {
    if !negative, magnitude < 10 {
      writeLiteral(
        UInt64(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude)), count: 1, lead: lead)
      return
    }
    append(reserving: lead.count &+ 21) { output in
      let written = lead.write(to: output)
      return written &+ Self.putInteger(magnitude, negative: negative, to: output + written)
    }
  }

  /// Writes an integer's text (at most 21 bytes) at `output`; returns its length.
  @inline(__always)
  static func putInteger(
    _ magnitude: UInt64, negative: Bool, to output: UnsafeMutablePointer<UInt8>
  )
    -> Int
  {
    var written = 0
    if negative {
      output[0] = UInt8(ascii: "-")
      written = 1
    }
    let digits = ShortestDigits.digitCount(magnitude)
    ShortestDigits.putDigits(magnitude, count: digits, at: output + written)
    return written &+ digits
  }

  /// Writes the lead, then `value` quoted and escaped, then `closing` (1 to 4 bytes given as a
  /// little-endian word: `"`, or `":` after a key).
  @inline(__always)
  mutating func writeString(_ value: String, lead: Lead, closing: (bytes: UInt32, count: Int)) {
    // Non-mutating access to the bytes: `withUTF8` would need a mutable copy of the string.
    let done: Void? = value.utf8.withContiguousStorageIfAvailable {
      writeQuoted($0, lead: lead, closing: closing)
    }
    if done == nil {
      var contiguous = value
      contiguous.makeContiguousUTF8()
      contiguous.withUTF8 { writeQuoted($0, lead: lead, closing: closing) }
    }
  }

  /// Writes UTF-8 text as a quoted JSON string. Text with nothing to escape is copied in one
  /// pass with one capacity check; escapes that outgrow the room continue in a larger one.
  mutating func writeQuoted(
    _ text: UnsafeBufferPointer<UInt8>, lead: Lead, closing: (bytes: UInt32, count: Int)
  ) {
    let count = text.count
    let escapesSlashes = options.escapesSlashes
    let asciiOnly = options.asciiOnly
    guard let input = text.baseAddress, count > 0 else {
      append(reserving: lead.count &+ 8) { output in
        let written = lead.write(to: output)
        output[written] = UInt8(ascii: "\"")
        UnsafeMutableRawPointer(output + written + 1).storeBytes(
          of: closing.bytes.littleEndian, as: UInt32.self)
        return written &+ 1 &+ closing.count
      }
      return
    }
    if count <= 16 {
      // Most keys and many values: one or two words, tested together and stored whole.
      if let (low, high) = Self.shortPlain(
        input, count: count, escapesSlashes: escapesSlashes, asciiOnly: asciiOnly)
      {
        let text = ShortText(low: low, high: high, count: UInt8(count))
        writeShort(text, lead: lead, closing: closing)
        return
      }
    }
    var read = 0
    var first = true
    while true {
      // First: room for the lead, the quotes and the text unescaped, plus the slack
      // `copyEscaping` works within. Escapes that outgrow it continue with twice the rest.
      let remaining = count &- read
      let needed = first ? lead.count &+ 1 &+ remaining &+ 40 : 2 &* remaining &+ 40
      let start = read
      let isFirst = first
      append(reserving: needed) { output in
        var written = 0
        if isFirst {
          written = lead.write(to: output)
          output[written] = UInt8(ascii: "\"")
          written &+= 1
        }
        let step = Self.copyEscaping(
          input, count: count, from: start, to: output + written, room: needed &- written,
          escapesSlashes: escapesSlashes, asciiOnly: asciiOnly)
        read = step.read
        written &+= step.written
        if read == count {
          UnsafeMutableRawPointer(output + written).storeBytes(
            of: closing.bytes.littleEndian, as: UInt32.self)
          written &+= closing.count
        }
        return written
      }
      if read == count { return }
      first = false
    }
  }

  /// Writes the lead and a short text with nothing to escape, quoted: its two words stored
  /// whole, then `closing` over the bytes past the text.
  @inline(__always)
  mutating func writeShort(_ text: ShortText, lead: Lead, closing: (bytes: UInt32, count: Int)) {
    append(reserving: lead.count &+ 24) { output in
      let written = lead.write(to: output)
      output[written] = UInt8(ascii: "\"")
      let bytes = UnsafeMutableRawPointer(output + written + 1)
      bytes.storeBytes(of: text.low.littleEndian, as: UInt64.self)
      bytes.storeBytes(of: text.high.littleEndian, toByteOffset: 8, as: UInt64.self)
      bytes.storeBytes(
        of: closing.bytes.littleEndian, toByteOffset: Int(text.count), as: UInt32.self)
      return written &+ 1 &+ Int(text.count) &+ closing.count
    }
  }

  /// The bytes of a text of 1 to 16 bytes that needs no escaping under the options, as two
  /// little-endian words (bytes past the text are padding, not to be written as text); nil
  /// when some byte needs escaping.
  @inline(__always)
  static func shortPlain(
    _ input: UnsafePointer<UInt8>, count: Int, escapesSlashes: Bool, asciiOnly: Bool
  ) -> (low: UInt64, high: UInt64)? {
    let slashes = ByteWord.repeated(escapesSlashes ? UInt8(ascii: "/") : UInt8(ascii: "\""))
    let nonASCII = asciiOnly ? ByteWord.highs : 0
    let low =
      count >= 8
      ? UInt64(littleEndian: UnsafeRawPointer(input).loadUnaligned(as: UInt64.self))
      : Self.loadShort(input, count: count) | 0x6161_6161_6161_6161 &<< UInt64(count &* 8)
    var high: UInt64 = 0x6161_6161_6161_6161
    if count > 8 {
      // The last eight bytes, shifted so that byte 8 of the text comes first.
      let tail = UInt64(
        littleEndian: UnsafeRawPointer(input + count - 8).loadUnaligned(as: UInt64.self))
      let shift = UInt64((16 &- count) &* 8)
      high = tail &>> shift | (shift == 0 ? 0 : 0x6161_6161_6161_6161 &<< (64 &- shift))
    }
    let flags =
      Self.escapeFlags(low, slashes: slashes, nonASCII: nonASCII)
      | Self.escapeFlags(high, slashes: slashes, nonASCII: nonASCII)
    return flags == 0 ? (low, high) : nil
  }

  /// Copies `input[start...]` to `output`, escaping what JSON and the options require, sixteen
  /// or eight bytes at a time while nothing needs escaping. Stops at the end of the input or
  /// when fewer than 25 bytes of `room` remain (one step writes at most 21: fifteen clean bytes
  /// and a six-byte escape), leaving at least 4 bytes free after the last byte written.
  @inline(__always)
  static func copyEscaping(
    _ input: UnsafePointer<UInt8>, count: Int, from start: Int,
    to output: UnsafeMutablePointer<UInt8>, room: Int, escapesSlashes: Bool, asciiOnly: Bool
  ) -> (read: Int, written: Int) {
    let nonASCII: UInt64 = asciiOnly ? ByteWord.highs : 0
    // Without slash escaping, the slash test looks for quotes again: no branch in the loop.
    let slash = escapesSlashes ? UInt8(ascii: "/") : UInt8(ascii: "\"")
    let slashes = ByteWord.repeated(slash)
    // The same two tests for sixteen-byte blocks: no byte is above 0xFF.
    let (slashLanes, highestLanes) = (
      ByteWord.lanes(slash), ByteWord.lanes(asciiOnly ? 0x7F : 0xFF)
    )
    var read = start
    var written = 0
    while read < count, written &+ 25 <= room {
      let available = count &- read
      if available >= 16 {
        // Sixteen bytes tested in one vector; the clean ones are kept, and a flagged ASCII
        // byte (a quote, a backslash, a slash, a control byte) is escaped at once. A flagged
        // non-ASCII byte, escaped only for ASCII output, is left to the eight-byte step below.
        let block = ByteWord.block(at: input + read)
        UnsafeMutableRawPointer(output + written).storeBytes(of: block, as: SIMD16<UInt8>.self)
        let clean = ByteWord.cleanPrefix(
          escapeMask(block, slashes: slashLanes, highest: highestLanes))
        read &+= clean
        written &+= clean
        if clean == 16 { continue }
        let byte = input[read]
        if byte < 0x80 {
          written &+= Self.writeEscape(byte, to: output + written)
          read &+= 1
          continue
        }
        // Having moved, go round again: the room and what is left are checked afresh. With
        // nothing moved, the flagged byte is the first, for the step below.
        if clean > 0 { continue }
      }
      var word: UInt64
      let taken: Int
      // Byte k of the text is bits 8k..<8k+8 of `word`.
      if available >= 8 {
        word = UInt64(littleEndian: UnsafeRawPointer(input + read).loadUnaligned(as: UInt64.self))
        taken = 8
      } else {
        // The last 1 to 7 bytes, padded with 'a', which needs no escape.
        word = Self.loadShort(input + read, count: available)
        word |= 0x6161_6161_6161_6161 &<< UInt64(available &* 8)
        taken = available
      }
      let flagged = escapeFlags(word, slashes: slashes, nonASCII: nonASCII)
      UnsafeMutableRawPointer(output + written).storeBytes(of: word.littleEndian, as: UInt64.self)
      if flagged == 0 {
        read &+= taken
        written &+= taken
        continue
      }
      // The lowest flagged byte is exact (borrows only flag bytes above a true hit).
      let clean = flagged.trailingZeroBitCount &>> 3
      read &+= clean
      written &+= clean
      let byte = input[read]
      if byte < 0x80 {
        written &+= Self.writeEscape(byte, to: output + written)
        read &+= 1
      } else {
        let (scalar, length) = Self.decodeScalar(input + read, count: count &- read)
        if scalar >= 0x1_0000 {
          let offset = scalar &- 0x1_0000
          Self.writeUnicodeEscape(0xD800 &+ (offset &>> 10), to: output + written)
          Self.writeUnicodeEscape(0xDC00 &+ (offset & 0x3FF), to: output + written + 6)
          written &+= 12
        } else {
          Self.writeUnicodeEscape(scalar, to: output + written)
          written &+= 6
        }
        read &+= length
      }
    }
    return (read, written)
  }

  /// The high bit of each byte of `word` that needs escaping: a quote, a backslash, a control
  /// byte, the byte repeated in `slashes` (a slash when escaping them, else a quote again), and
  /// a non-ASCII byte when `nonASCII` is ``ByteWord/highs``. The lowest flag is exact.
  @inline(__always)
  static func escapeFlags(_ word: UInt64, slashes: UInt64, nonASCII: UInt64) -> UInt64 {
    ByteWord.control(word) | ByteWord.equal(word, ByteWord.repeated(UInt8(ascii: "\"")))
      | ByteWord.equal(word, ByteWord.repeated(UInt8(ascii: "\\")))
      | ByteWord.equal(word, slashes) | (word & nonASCII)
  }

  /// The lanes of `block` that need escaping: a quote, a backslash, a control byte, the byte
  /// in `slashes` (a slash when escaping them, else a quote again), and a byte above the one in
  /// `highest` (0x7F when escaping non-ASCII, else 0xFF, which flags none).
  @inline(__always)
  static func escapeMask(
    _ block: SIMD16<UInt8>, slashes: SIMD16<UInt8>, highest: SIMD16<UInt8>
  ) -> SIMDMask<SIMD16<Int8>> {
    (block .<= ByteWord.lanes(0x1F)) .| (block .== ByteWord.lanes(UInt8(ascii: "\"")))
      .| (block .== ByteWord.lanes(UInt8(ascii: "\\"))) .| (block .== slashes)
      .| (block .> highest)
  }

  /// Loads 1 to 7 bytes, byte k into bits 8k..<8k+8, zero above: two overlapping loads whose
  /// shared bytes agree, so or-ing them is exact.
  @inline(__always)
  static func loadShort(_ input: UnsafePointer<UInt8>, count: Int) -> UInt64 {
    let raw = UnsafeRawPointer(input)
    if count >= 4 {
      let low = UInt64(UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self)))
      let high = UInt64(
        UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)))
      return low | high &<< UInt64((count &- 4) &* 8)
    }
    if count >= 2 {
      let low = UInt64(UInt16(littleEndian: raw.loadUnaligned(as: UInt16.self)))
      let high = UInt64(
        UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: count &- 2, as: UInt16.self)))
      return low | high &<< UInt64((count &- 2) &* 8)
    }
    return UInt64(input.pointee)
  }

  /// Writes the escape for an ASCII byte that needs one; returns its length.
  @inline(__always)
  static func writeEscape(_ byte: UInt8, to output: UnsafeMutablePointer<UInt8>) -> Int {
    let second: UInt8
    switch byte {
    case UInt8(ascii: "\""): second = UInt8(ascii: "\"")
    case UInt8(ascii: "\\"): second = UInt8(ascii: "\\")
    case UInt8(ascii: "/"): second = UInt8(ascii: "/")
    case 0x0A: second = UInt8(ascii: "n")
    case 0x0D: second = UInt8(ascii: "r")
    case 0x09: second = UInt8(ascii: "t")
    case 0x08: second = UInt8(ascii: "b")
    case 0x0C: second = UInt8(ascii: "f")
    default:
      writeUnicodeEscape(UInt32(byte), to: output)
      return 6
    }
    output[0] = UInt8(ascii: "\\")
    output[1] = second
    return 2
  }

  /// Writes `\u` and four lowercase hex digits.
  @inline(__always)
  static func writeUnicodeEscape(_ unit: UInt32, to output: UnsafeMutablePointer<UInt8>) {
    @inline(__always) func hex(_ nibble: UInt32) -> UInt8 {
      let digit = UInt8(truncatingIfNeeded: nibble & 0xF)
      return digit < 10 ? UInt8(ascii: "0") &+ digit : UInt8(ascii: "a") &+ digit &- 10
    }
    output[0] = UInt8(ascii: "\\")
    output[1] = UInt8(ascii: "u")
    output[2] = hex(unit &>> 12)
    output[3] = hex(unit &>> 8)
    output[4] = hex(unit &>> 4)
    output[5] = hex(unit)
  }

  /// Decodes the scalar of a UTF-8 sequence starting with a byte ≥ 0x80. The text comes from
  /// a `String`, so it is valid; a truncated sequence still never reads past `count`.
  @inline(__always)
  static func decodeScalar(_ input: UnsafePointer<UInt8>, count: Int) -> (UInt32, Int) {
    let lead = UInt32(input[0])
    let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
    guard length <= count else { return (0xFFFD, count) }
    var scalar = lead & (0x7F &>> UInt32(length))
    for offset in 1..<length { scalar = scalar &<< 6 | UInt32(input[offset] & 0x3F) }
    return (scalar, length)
  }
}

/// Collects the standard library's shortest text of a float: at most 32 ASCII bytes, held
/// inline so formatting a number allocates nothing.
struct ShortestTextSink: TextOutputStream {
  private var inline: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
  private var count = 0
  /// Set if the text ever outgrew the inline room (a `Double`'s shortest form has at most 24
  /// bytes): the caller then writes the value's `description` instead.
  private(set) var overflowed = false

  mutating func write(_ string: String) {
    var string = string
    string.withUTF8 { _writeASCII($0) }
  }

  // The standard library's floating-point formatting hands its digits to this requirement,
  // all at once.
  mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
    guard let source = buffer.baseAddress, !overflowed else { return }
    let position = count
    guard position &+ buffer.count <= 32 else {
      overflowed = true
      return
    }
    withUnsafeMutableBytes(of: &inline) {
      $0.baseAddress.unsafelyUnwrapped.advanced(by: position).copyMemory(
        from: source, byteCount: buffer.count)
    }
    count &+= buffer.count
  }

  /// Calls `body` with the collected bytes (all of them unless ``overflowed``).
  func withText(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    withUnsafeBytes(of: inline) { raw in
      body(UnsafeBufferPointer(start: raw.bindMemory(to: UInt8.self).baseAddress, count: count))
    }
  }
}
