/// Writes JSON into a byte buffer, one call per token, with no intermediate tree.
///
/// The writer checks that calls come in a valid order, limits nesting depth, and sorts keys or
/// pretty-prints as its options say — sorting happens per object, as each one ends.
///
/// ```swift
/// var writer = JSONWriter(options: .pretty)
/// try writer.beginObject()
/// try writer.key("title")
/// try writer.string("Sunset")
/// try writer.key("views")
/// try writer.integer(12)
/// try writer.endObject()
/// let bytes = try writer.finish()
/// ```
///
/// `JSONWriter` is a value: a copy writes on without affecting the original.
public struct JSONWriter: Sendable {
  /// The options in force.
  public let options: JSONWritingOptions
  /// What follows a key: `":`, and a space when pretty-printing (a space on both sides of the
  /// colon in Foundation's layout), as one little-endian word.
  private let keyClosing: (bytes: UInt32, count: Int)

  /// The bytes written so far (a copy; ``finish()`` is the way to take finished output).
  public var bytes: [UInt8] { Array(storage[..<length]) }

  /// The output: the first ``length`` bytes are written, the rest is zeroed room. Each token
  /// checks the room once and is then written through one pointer (an array `append` per
  /// piece checked uniqueness and capacity for every quote, comma and colon).
  var storage: [UInt8]
  /// How many bytes of ``storage`` are written.
  var length = 0
  /// How many bytes are written so far.
  package var byteCount: Int { length }

  fileprivate struct Frame: Sendable {
    var isObject: Bool
    var count = 0
    var expectsValue = false
    /// Where the current key starts in the output (objects), for error paths.
    var keyStart = 0
    /// A number no other container of this writer has: encoders tell containers apart by it.
    var serial = 0
    /// The output length before the container's lead (comma, line break), and the values
    /// begun before it: what ``detachInnermost()`` puts back.
    var leadStart = 0
    var valuesBefore = 0
    /// For keys written by ``newKey(_:)``: a 128-bit Bloom filter of their fingerprints (two
    /// bits per key: under 5% false hits up to 20 keys), and where this container's entries of
    /// ``keyLog`` start.
    var keyBloom: (UInt64, UInt64) = (0, 0)
    var keyLogStart = 0
  }
  /// The innermost open container (meaningless while ``depth`` is 0). Kept out of the stack
  /// so that updating it per key and value is a plain store, not a checked array write.
  private var top = Frame(isObject: false)
  /// The open containers around ``top``, outermost first.
  private var outer: [Frame] = []
  /// For each open container, when sorting keys: each member's key and byte range.
  private var sortedMembers: [[(key: String, start: Int, end: Int)]] = []
  /// Each key written by ``newKey(_:)`` in the open containers, innermost last: its
  /// fingerprint and where its text lies in the output.
  private var keyLog: [(fingerprint: UInt64, start: Int, end: Int)] = []
  private var keyLogCount = 0
  /// The serial the next container gets.
  private var nextSerial = 1
  private var wroteTopLevel = false
  /// How many values have been begun, for encoders that need to know whether a value slot was
  /// filled.
  package private(set) var valuesBegun = 0

  /// How many containers are open (stored, not computed: encoders read it on every write).
  package private(set) var depth = 0

  /// The serial of the innermost open container (see ``serial(atDepth:)``).
  package private(set) var innermostSerial = 0

  /// A serial no container gets: it orders an event after every container opened so far and
  /// before every container opened later.
  package mutating func takeSerial() -> Int {
    defer { nextSerial &+= 1 }
    return nextSerial
  }

  /// A field of the open container at `depth` (1 is the outermost), or `absent` if fewer
  /// are open.
  @inline(__always)
  private func field<T>(atDepth depth: Int, _ field: KeyPath<Frame, T>, absent: T) -> T {
    if depth == self.depth { return top[keyPath: field] }
    guard depth > 0, depth < self.depth else { return absent }
    return outer[depth &- 1][keyPath: field]
  }

  /// How many members or elements the open container at `depth` has; 0 if fewer are open.
  package func count(atDepth depth: Int) -> Int { field(atDepth: depth, \.count, absent: 0) }

  /// Whether the open container at `depth` is an object; false if fewer are open.
  package func isObject(atDepth depth: Int) -> Bool {
    field(atDepth: depth, \.isObject, absent: false)
  }

  /// True when the innermost open container is an object.
  package var isInnermostObject: Bool { depth > 0 && top.isObject }

  /// Ends the innermost open container, whichever kind it is.
  package mutating func closeInnermost() throws(JSONWriteError) {
    if isInnermostObject { try endObject() } else { try endArray() }
  }

  /// The serial of the open container at `depth` (1 is the outermost), or -1 if fewer are open.
  /// Every container a writer opens gets a serial of its own.
  package func serial(atDepth depth: Int) -> Int {
    field(atDepth: depth, \.serial, absent: -1)
  }

  /// Ends the innermost container and takes it back out of the output: the writer is left
  /// expecting a value where the container began, as if it had never been opened.
  ///
  /// - Returns: The container's text, as it would have stayed in the output.
  /// - Throws: ``JSONWriteError/Kind/invalidState`` if no container is open or an object's last
  ///   key has no value.
  package mutating func detachInnermost() throws(JSONWriteError) -> [UInt8] {
    guard depth > 0 else { throw failure(.invalidState, "no open container to detach") }
    let frame = top
    try closeInnermost()
    let text = Array(
      storage[frame.leadStart..<length].drop {
        $0 != (frame.isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
      })
    length = frame.leadStart
    valuesBegun = frame.valuesBefore
    if depth == 0 {
      wroteTopLevel = false
    } else if top.isObject {
      top.expectsValue = true
    } else {
      top.count &-= 1
    }
    return text
  }

  /// The writer's state before a value, for ``restore(_:)`` to go back to.
  package struct Checkpoint {
    fileprivate let top: Frame
    /// The depth of the container the checkpoint was taken in.
    package let depth: Int
    fileprivate let length: Int
    fileprivate let valuesBegun: Int
    fileprivate let wroteTopLevel: Bool
    fileprivate let sortedCount: Int
    fileprivate let keyLogCount: Int
  }

  /// The state to go back to if the value about to be written fails.
  ///
  /// Mutating only so that callers reach the writer in place: a getter on a writer held
  /// behind an accessor made a copy of the whole writer.
  package mutating func checkpoint() -> Checkpoint {
    Checkpoint(
      top: top, depth: depth, length: length, valuesBegun: valuesBegun,
      wroteTopLevel: wroteTopLevel,
      sortedCount: options.sortsKeys && depth > 0 ? sortedMembers[depth - 1].count : 0,
      keyLogCount: keyLogCount)
  }

  /// Goes back to a checkpoint taken in the same container, dropping what was written since.
  ///
  /// - Parameter checkpoint: A checkpoint of this writer.
  /// - Returns: `false`, changing nothing, if the container of the checkpoint has been closed.
  package mutating func restore(_ checkpoint: Checkpoint) -> Bool {
    let stillOpen =
      checkpoint.depth == 0
      || (depth >= checkpoint.depth
        && serial(atDepth: checkpoint.depth) == checkpoint.top.serial)
    guard stillOpen else { return false }
    if depth > checkpoint.depth {
      // `outer` holds the containers around the innermost, `sortedMembers` one list for each.
      outer.removeLast(depth - Swift.max(checkpoint.depth, 1))
      if options.sortsKeys { sortedMembers.removeLast(depth - checkpoint.depth) }
    }
    depth = checkpoint.depth
    top = checkpoint.top
    innermostSerial = depth > 0 ? top.serial : 0
    length = checkpoint.length
    valuesBegun = checkpoint.valuesBegun
    wroteTopLevel = checkpoint.wroteTopLevel
    // Log entries below the checkpoint's count belong to containers still open, and are
    // never overwritten while they stay open.
    keyLogCount = checkpoint.keyLogCount
    if options.sortsKeys, depth > 0 {
      let members = sortedMembers[depth - 1].count
      sortedMembers[depth - 1].removeLast(members - checkpoint.sortedCount)
    }
    return true
  }

  /// The path from the top-level value to the innermost open container: for each open
  /// container but the innermost, the key or index of the member holding the next one.
  package var openPath: [JSONPath.Component] {
    guard depth > 1 else { return [] }
    return outer.compactMap(memberComponent)
  }

  /// Creates a writer.
  ///
  /// - Parameter options: How to format the output.
  public init(options: JSONWritingOptions = .compact) {
    self.options = options
    storage = [UInt8](repeating: 0, count: 256)
    if !options.prettyPrinted {
      keyClosing = (0x3A22, 2)
    } else {
      keyClosing = options.foundationLayout ? (0x203A_2022, 4) : (0x20_3A22, 3)
    }
  }

  // MARK: Structure

  /// Starts an object; follow with ``key(_:)`` and a value for each member, then ``endObject()``.
  ///
  /// - Throws: ``JSONWriteError`` if a value is not allowed here or nesting is too deep.
  public mutating func beginObject() throws(JSONWriteError) {
    try beginContainer(isObject: true, open: UInt8(ascii: "{"))
  }

  /// Starts an array; follow with its elements, then ``endArray()``.
  ///
  /// - Throws: ``JSONWriteError`` if a value is not allowed here or nesting is too deep.
  public mutating func beginArray() throws(JSONWriteError) {
    try beginContainer(isObject: false, open: UInt8(ascii: "["))
  }

  /// Ends the innermost object.
  ///
  /// - Throws: ``JSONWriteError/Kind/invalidState`` if the innermost container is not an object
  ///   or its last key has no value.
  public mutating func endObject() throws(JSONWriteError) {
    guard depth > 0, top.isObject, !top.expectsValue else {
      throw failure(.invalidState, "endObject() without an open object awaiting a key")
    }
    endContainer(close: UInt8(ascii: "}"))
  }

  /// Ends the innermost array.
  ///
  /// - Throws: ``JSONWriteError/Kind/invalidState`` if the innermost container is not an array.
  public mutating func endArray() throws(JSONWriteError) {
    guard depth > 0, !top.isObject else {
      throw failure(.invalidState, "endArray() without an open array")
    }
    endContainer(close: UInt8(ascii: "]"))
  }

  /// Writes an object member's key; the next call writes its value.
  ///
  /// - Parameter key: The key.
  /// - Throws: ``JSONWriteError/Kind/invalidState`` outside an object or where a value is due.
  public mutating func key(_ key: String) throws(JSONWriteError) {
    guard depth > 0, top.isObject, !top.expectsValue else {
      throw failure(.invalidState, "key '\(key)' written where no key is expected")
    }
    let lead = Lead(comma: top.count > 0, indent: lineIndent(depth))
    let keyStart = length &+ lead.count
    if options.sortsKeys { recordSortedMember(key, start: keyStart) }
    top.keyStart = keyStart
    top.count &+= 1
    top.expectsValue = true
    writeString(key, lead: lead, closing: keyClosing)
  }

  /// Writes an object member's key unless the innermost object already has it; for encoders
  /// that must not write a key twice. Only keys written by this method are remembered, so an
  /// object's keys should all be written by it.
  ///
  /// - Parameter key: The key.
  /// - Returns: `false`, having written nothing, when the object already has the key.
  /// - Throws: ``JSONWriteError/Kind/invalidState`` outside an object or where a value is due.
  package mutating func newKey(_ key: String) throws(JSONWriteError) -> Bool {
    let before = length
    let keyStartBefore = top.keyStart
    try self.key(key)
    // The key's text as written (escaped): between its quotes (the closing quote is the
    // first byte of `keyClosing`).
    let start = top.keyStart &+ 1
    let end = length &- keyClosing.count
    let fingerprint = keyFingerprint(start: start, end: end)
    // Two bits of 128, from two 7-bit fields of the fingerprint: bit `i` of the pair is bit
    // `i & 63` of word `i >> 6`.
    let one = fingerprint &>> 57
    let two = (fingerprint &>> 50) & 127
    let oneBit: UInt64 = 1 &<< (one & 63)
    let twoBit: UInt64 = 1 &<< (two & 63)
    let oneHigh = 0 &- (one &>> 6)
    let twoHigh = 0 &- (two &>> 6)
    let low = (oneBit & ~oneHigh) | (twoBit & ~twoHigh)
    let high = (oneBit & oneHigh) | (twoBit & twoHigh)
    let bloom = top.keyBloom
    if bloom.0 & low == low, bloom.1 & high == high,
      logHasKey(fingerprint: fingerprint, start: start, end: end)
    {
      // Take the key back: the object stays as it was.
      length = before
      top.count &-= 1
      top.expectsValue = false
      top.keyStart = keyStartBefore
      if options.sortsKeys { sortedMembers[sortedMembers.count - 1].removeLast() }
      return false
    }
    top.keyBloom = (bloom.0 | low, bloom.1 | high)
    if keyLogCount == keyLog.count {
      keyLog.append((fingerprint, start, end))
    } else {
      keyLog[keyLogCount] = (fingerprint, start, end)
    }
    keyLogCount &+= 1
    return true
  }

  /// A hash of the output bytes `start..<end`, from their count and first and last eight bytes.
  @inline(__always)
  private func keyFingerprint(start: Int, end: Int) -> UInt64 {
    storage.withUnsafeBufferPointer { buffer in
      let base = buffer.baseAddress.unsafelyUnwrapped
      let count = end &- start
      var first: UInt64 = 0
      var last: UInt64 = 0
      if count >= 8 {
        first = UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self)
        last = UnsafeRawPointer(base + end - 8).loadUnaligned(as: UInt64.self)
      } else if count > 0 {
        first = Self.loadShort(base + start, count: count)
      }
      let mixed = (first &* 0x9E37_79B9_7F4A_7C15) ^ (last &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(count)
      return mixed ^ (mixed &>> 29) &* 0xBF58_476D_1CE4_E5B9
    }
  }

  /// Whether a key of the innermost object, other than the last, has the text `start..<end`.
  @inline(never)
  private func logHasKey(fingerprint: UInt64, start: Int, end: Int) -> Bool {
    let (first, count) = (top.keyLogStart, keyLogCount)
    return keyLog.withUnsafeBufferPointer { log in
      var entry = first
      while entry < count {
        let logged = log[entry]
        if logged.fingerprint == fingerprint, logged.end &- logged.start == end &- start,
          storage[logged.start..<logged.end].elementsEqual(storage[start..<end])
        {
          return true
        }
        entry &+= 1
      }
      return false
    }
  }

  /// Returns the finished JSON text and resets nothing: the writer stays complete.
  ///
  /// - Returns: The bytes written.
  /// - Throws: ``JSONWriteError/Kind/invalidState`` if no value was written or a container is
  ///   still open.
  public func finish() throws(JSONWriteError) -> [UInt8] {
    try checkFinished()
    return bytes
  }

  /// Moves the finished output out without copying it; the writer is empty afterwards. For
  /// encoders that own their writer.
  package mutating func takeFinished() throws(JSONWriteError) -> [UInt8] {
    try checkFinished()
    var output: [UInt8] = []
    swap(&output, &storage)
    output.removeLast(output.count &- length)
    length = 0
    return output
  }

  private func checkFinished() throws(JSONWriteError) {
    guard wroteTopLevel, depth == 0 else {
      throw failure(
        .invalidState, depth == 0 ? "no value was written" : "\(depth) container(s) still open")
    }
  }

  // MARK: Scalars

  /// Writes `null`.
  ///
  /// - Throws: ``JSONWriteError/Kind/invalidState`` if a value is not allowed here.
  public mutating func null() throws(JSONWriteError) {
    let lead = try beginValue()
    writeLiteral(0x6C6C_756E, count: 4, lead: lead)
  }

  /// Writes `true` or `false`.
  ///
  /// - Parameter value: The Boolean.
  /// - Throws: ``JSONWriteError/Kind/invalidState`` if a value is not allowed here.
  public mutating func bool(_ value: Bool) throws(JSONWriteError) {
    let lead = try beginValue()
    if value {
      writeLiteral(0x6575_7274, count: 4, lead: lead)
    } else {
      writeLiteral(0x65_736C_6166, count: 5, lead: lead)
    }
  }

  /// Writes a string, escaping what JSON and the options require.
  ///
  /// - Parameter value: The string.
  /// - Throws: ``JSONWriteError/Kind/invalidState`` if a value is not allowed here.
  public mutating func string(_ value: String) throws(JSONWriteError) {
    let lead = try beginValue()
    writeString(value, lead: lead, closing: (0x22, 1))
  }

  /// Writes an integer, exactly.
  ///
  /// - Parameter value: The integer.
  /// - Throws: ``JSONWriteError/Kind/invalidState`` if a value is not allowed here.
  public mutating func integer(_ value: some FixedWidthInteger) throws(JSONWriteError) {
    if let small = Int64(exactly: value) { return try integer(small) }
    if let small = UInt64(exactly: value) { return try integer(small) }
    // Wider than 64 bits (`Int128`): its decimal text.
    let lead = try beginValue()
    writeRaw(String(value), lead: lead)
  }

  /// Writes a signed integer, exactly.
  ///
  /// - Parameter value: The integer.
  /// - Throws: ``JSONWriteError/Kind/invalidState`` if a value is not allowed here.
  public mutating func integer(_ value: Int64) throws(JSONWriteError) {
    let lead = try beginValue()
    writeDigits(value.magnitude, negative: value < 0, lead: lead)
  }

  /// Writes an unsigned integer, exactly.
  ///
  /// - Parameter value: The integer.
  /// - Throws: ``JSONWriteError/Kind/invalidState`` if a value is not allowed here.
  public mutating func integer(_ value: UInt64) throws(JSONWriteError) {
    let lead = try beginValue()
    writeDigits(value, negative: false, lead: lead)
  }

  /// Writes a `Double` in the shortest form that reads back as the same value; whole numbers
  /// below 2^53 without a fraction.
  ///
  /// - Parameter value: The number.
  /// - Throws: ``JSONWriteError/Kind/nonFiniteNumber`` for infinities and NaN unless the options
  ///   say otherwise; ``JSONWriteError/Kind/invalidState`` if a value is not allowed here.
  public mutating func double(_ value: Double) throws(JSONWriteError) {
    try floatingPoint(value, wholeBelow: 9_007_199_254_740_992)
  }

  /// Writes a `Float` in the shortest form that reads back as the same `Float`; whole numbers
  /// below 2^24 without a fraction.
  ///
  /// - Parameter value: The number.
  /// - Throws: ``JSONWriteError/Kind/nonFiniteNumber`` for infinities and NaN unless the options
  ///   say otherwise; ``JSONWriteError/Kind/invalidState`` if a value is not allowed here.
  public mutating func float(_ value: Float) throws(JSONWriteError) {
    try floatingPoint(value, wholeBelow: 16_777_216)
  }

  /// Writes a `Double` or `Float`: non-finite values by the policy, whole numbers below the
  /// type's exact-integer limit as integers, anything else in its shortest round-trip form.
  private mutating func floatingPoint<F: BinaryFloatingPoint & TextOutputStreamable>(
    _ value: F, wholeBelow limit: F
  ) throws(JSONWriteError) {
    guard value.isFinite else {
      try writeNonFinite(JSONNumber.shortestText(Double(value)))
      return
    }
    let lead = try beginValue()
    if value == value.rounded(), abs(value) < limit {
      if value == 0 && value.sign == .minus {
        writeLiteral(0x302D, count: 2, lead: lead)
      } else {
        let whole = Int64(value)
        writeDigits(whole.magnitude, negative: whole < 0, lead: lead)
      }
      return
    }
    // The standard library formats into a stack buffer and hands the digits to the sink
    // (`description` would allocate a heap string for numbers longer than 15 characters).
    var sink = ShortestTextSink()
    value.write(to: &sink)
    sink.withText { writeRaw($0, lead: lead) }
    if options.foundationLayout { dropPointZero() }
  }

  /// Takes back the `.0` ending the number just written: Foundation's encoder drops it from
  /// whole numbers at or beyond the exact-integer limit (`16777216`, not `16777216.0`).
  private mutating func dropPointZero() {
    guard length >= 3 else { return }
    let ending = storage.withUnsafeBufferPointer { ($0[length &- 2], $0[length &- 1]) }
    if ending == (UInt8(ascii: "."), UInt8(ascii: "0")) { length &-= 2 }
  }

  /// Writes a number's exact text.
  ///
  /// - Parameter value: The number.
  /// - Throws: ``JSONWriteError/Kind/nonFiniteNumber`` for infinities and NaN unless the options
  ///   say otherwise; ``JSONWriteError/Kind/invalidState`` if a value is not allowed here.
  public mutating func number(_ value: JSONNumber) throws(JSONWriteError) {
    guard value.isFinite else {
      try writeNonFinite(value.text)
      return
    }
    let lead = try beginValue()
    writeRaw(value.text, lead: lead)
  }

  /// Writes the decimal number `digits` × 10^`exponent` (negated when `negative`) exactly: in
  /// plain notation when that needs at most 24 zeros, with an exponent otherwise, and without
  /// trailing zeros in a fraction.
  ///
  /// - Parameters:
  ///   - negative: The sign.
  ///   - digits: The significant digits as an integer.
  ///   - exponent: The power of ten to multiply them by.
  /// - Throws: ``JSONWriteError/Kind/invalidState`` if a value is not allowed here.
  package mutating func decimal(negative: Bool, digits: UInt64, exponent: Int)
    throws(JSONWriteError)
  {
    var digits = digits
    var exponent = exponent
    while exponent < 0, digits != 0, digits % 10 == 0 {
      digits /= 10
      exponent += 1
    }
    // The digits right-aligned in bytes 0..<20, the text from byte 24: at most a sign, 20
    // digits and 24 zeros with a point, or 20 digits and an exponent of up to 20 digits.
    var scratch: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) =
      (0, 0, 0, 0, 0, 0, 0, 0, 0)
    let lead = try beginValue()
    withUnsafeMutableBytes(of: &scratch) { raw in
      let digitEnd = 20
      var digitStart = digitEnd
      var rest = digits
      repeat {
        digitStart -= 1
        raw[digitStart] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
        rest /= 10
      } while rest != 0
      let count = digitEnd - digitStart
      var length = 24
      func put(_ byte: UInt8) {
        raw[length] = byte
        length += 1
      }
      func putDigits(_ range: Range<Int>) {
        for index in range { put(raw[digitStart + index]) }
      }
      func putZeros(_ count: Int) {
        for _ in 0..<count { put(UInt8(ascii: "0")) }
      }
      if negative && digits != 0 { put(UInt8(ascii: "-")) }
      if digits == 0 || exponent == 0 {
        putDigits(0..<count)
      } else if exponent > 0 && exponent <= 24 {
        putDigits(0..<count)
        putZeros(exponent)
      } else if exponent < 0 && -exponent < count {
        putDigits(0..<(count + exponent))
        put(UInt8(ascii: "."))
        putDigits((count + exponent)..<count)
      } else if exponent < 0 && -exponent - count <= 24 {
        put(UInt8(ascii: "0"))
        put(UInt8(ascii: "."))
        putZeros(-exponent - count)
        putDigits(0..<count)
      } else {
        putDigits(0..<count)
        put(UInt8(ascii: "e"))
        if exponent < 0 { put(UInt8(ascii: "-")) }
        let magnitude = exponent.magnitude
        var divisor: UInt = 1
        while magnitude / divisor >= 10 { divisor *= 10 }
        repeat {
          put(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude / divisor % 10))
          divisor /= 10
        } while divisor > 0
      }
      let written = UnsafeRawBufferPointer(rebasing: raw[24..<length])
      writeRaw(written.assumingMemoryBound(to: UInt8.self), lead: lead)
    }
  }

  /// Writes a whole ``JSONValue`` tree.
  ///
  /// - Parameter value: The value.
  /// - Throws: ``JSONWriteError`` for non-finite numbers, too deep nesting, or a value where
  ///   none is allowed.
  public mutating func value(_ value: JSONValue) throws(JSONWriteError) {
    switch value {
    case .null: try null()
    case .bool(let flag): try bool(flag)
    case .number(let number): try self.number(number)
    case .string(let text): try string(text)
    case .array(let elements):
      try beginArray()
      for element in elements { try self.value(element) }
      try endArray()
    case .object(let object):
      try beginObject()
      for (name, member) in object {
        try key(name)
        try self.value(member)
      }
      try endObject()
    }
  }

  // MARK: State

  private mutating func writeNonFinite(_ text: String) throws(JSONWriteError) {
    switch options.nonFiniteNumbers {
    case .reject:
      throw failure(.nonFiniteNumber, "\(text) cannot be written as JSON", pending: true)
    case .literals:
      let lead = try beginValue()
      writeRaw(text, lead: lead)
    case .strings(let positive, let negative, let nan):
      try string(text == "NaN" ? nan : text.hasPrefix("-") ? negative : positive)
    }
  }

  /// The indentation of a new line inside `depth` open containers, or -1 when not
  /// pretty-printing.
  @inline(__always)
  private func lineIndent(_ depth: Int) -> Int {
    options.prettyPrinted ? depth &* Swift.max(options.indentWidth, 0) : -1
  }

  /// Checks that a value may come next, records it, and returns what goes before it.
  @inline(__always)
  private mutating func beginValue() throws(JSONWriteError) -> Lead {
    valuesBegun &+= 1
    guard depth > 0 else {
      guard !wroteTopLevel else { throw failure(.invalidState, "a second top-level value") }
      wroteTopLevel = true
      return Lead(comma: false, indent: -1)
    }
    if top.isObject {
      guard top.expectsValue else {
        throw failure(.invalidState, "a value written where a key is expected")
      }
      top.expectsValue = false
      return Lead(comma: false, indent: -1)
    }
    let lead = Lead(comma: top.count > 0, indent: lineIndent(depth))
    top.count &+= 1
    return lead
  }

  private mutating func beginContainer(isObject: Bool, open: UInt8) throws(JSONWriteError) {
    guard depth < options.maxDepth else {
      throw failure(
        .depthLimitExceeded, "arrays and objects nested deeper than \(options.maxDepth) levels",
        pending: true)
    }
    let (leadStart, valuesBefore) = (length, valuesBegun)
    let lead = try beginValue()
    writeLiteral(UInt64(open), count: 1, lead: lead)
    if depth > 0 { outer.append(top) }
    top = Frame(
      isObject: isObject, serial: nextSerial, leadStart: leadStart, valuesBefore: valuesBefore,
      keyLogStart: keyLogCount)
    innermostSerial = nextSerial
    nextSerial &+= 1
    if options.sortsKeys { sortedMembers.append([]) }
    depth &+= 1
  }

  private mutating func endContainer(close: UInt8) {
    let frame = top
    if options.sortsKeys {
      var members = sortedMembers.removeLast()
      if frame.isObject, frame.count > 1 {
        members[frame.count - 1].end = length
        sortMembers(members, depth: depth)
      }
    }
    if frame.count == 0, options.prettyPrinted, options.foundationLayout {
      // Foundation's pretty printer puts a blank line between the brackets of an empty container.
      writeLiteral(0x0A, count: 1, lead: Lead(comma: false, indent: -1))
    }
    let indent = frame.count > 0 || options.foundationLayout ? lineIndent(depth &- 1) : -1
    writeLiteral(UInt64(close), count: 1, lead: Lead(comma: false, indent: indent))
    keyLogCount = frame.keyLogStart
    depth &-= 1
    if depth > 0 { top = outer.removeLast() }
    innermostSerial = depth > 0 ? top.serial : 0
  }

  /// Notes where a member of the innermost object starts, ending the one before it.
  private mutating func recordSortedMember(_ key: String, start: Int) {
    let last = sortedMembers.count - 1
    if top.count > 0 { sortedMembers[last][top.count - 1].end = length }
    sortedMembers[last].append((key, start, 0))
  }

  /// Rewrites one object's members in key order. Every member was written at the same depth,
  /// so each byte range moves as it is and the separators between them stay where they are.
  private mutating func sortMembers(_ members: [(key: String, start: Int, end: Int)], depth: Int) {
    // Unicode scalar order, without normalising (`é` and `e` + U+0301 are different keys), as
    // Foundation's encoder sorts: UTF-8 bytes compare in that order.
    let sorted = members.enumerated().sorted { a, b in
      let (left, right) = (a.element.key.utf8, b.element.key.utf8)
      return left.elementsEqual(right)
        ? a.offset < b.offset : left.lexicographicallyPrecedes(right)
    }
    guard let first = members.first, let last = members.last else { return }
    var separator: [UInt8] = [UInt8(ascii: ",")]
    if options.prettyPrinted {
      separator.append(UInt8(ascii: "\n"))
      separator.append(contentsOf: repeatElement(UInt8(ascii: " "), count: lineIndent(depth)))
    }
    var region: [UInt8] = []
    region.reserveCapacity(last.end - first.start)
    for (position, member) in sorted.enumerated() {
      if position > 0 { region.append(contentsOf: separator) }
      region.append(contentsOf: storage[member.element.start..<member.element.end])
    }
    storage.replaceSubrange(first.start..<last.end, with: region)
  }

  /// An error about the value about to be written (or being written) here, with its path
  /// rebuilt from the open containers: for encoders that refuse a value.
  ///
  /// - Parameters:
  ///   - kind: What went wrong.
  ///   - message: Why.
  ///   - cause: The error behind it, if any.
  /// - Returns: The error.
  package func error(_ kind: JSONWriteError.Kind, _ message: String, cause: (any Error)? = nil)
    -> JSONWriteError
  {
    let at = failure(kind, message, pending: true)
    return JSONWriteError(kind: kind, message: message, path: at.path, cause: cause)
  }

  /// An error at the current position, with the path rebuilt from the open containers.
  /// `pending` means the failing value was not begun yet: in an array, it is the next element.
  private func failure(_ kind: JSONWriteError.Kind, _ message: String, pending: Bool = false)
    -> JSONWriteError
  {
    var components: [JSONPath.Component] = []
    let frames = depth > 0 ? outer + [top] : []
    for (level, frame) in frames.enumerated() {
      if pending, level == frames.count - 1, !frame.isObject {
        components.append(.index(frame.count))
      } else if let component = memberComponent(frame) {
        components.append(component)
      }
    }
    return JSONWriteError(kind: kind, message: message, path: JSONPath(components))
  }

  /// The key or index of a container's last member, or nil if it has none.
  private func memberComponent(_ frame: Frame) -> JSONPath.Component? {
    guard frame.count > 0 else { return nil }
    guard frame.isObject else { return .index(frame.count - 1) }
    // The key is read back from the output: no key is stored on the fast path.
    let tail = storage[frame.keyStart..<length]
    guard let document = try? JSONDocument(parsing: prefixString(tail)),
      let key = try? document.root.string()
    else { return nil }
    return .key(key)
  }

  /// The leading JSON string of `bytes`, quotes included.
  private func prefixString(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    var i = bytes.startIndex + 1
    while i < bytes.endIndex, bytes[i] != UInt8(ascii: "\"") {
      if bytes[i] == UInt8(ascii: "\\") { i += 1 }
      i += 1
    }
    return bytes[bytes.startIndex..<min(i + 1, bytes.endIndex)]
  }
}
