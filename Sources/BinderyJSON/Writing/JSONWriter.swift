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
  let keyClosing: (bytes: UInt32, count: Int)
  /// Whether keys are written with nothing around them but a comma and `":`: neither
  /// pretty-printed nor sorted (see `writeCompactKey(_:)`).
  let writesCompactKeys: Bool

  /// The bytes written so far (a copy; ``finish()`` is the way to take finished output).
  public var bytes: [UInt8] { Array(storage[..<length]) }

  /// The output: the first ``length`` bytes are written, the rest is room that is never read
  /// (see `grow(toFit:)`). Each token checks the room once and is then written through one
  /// pointer (an array `append` per piece checked uniqueness and capacity for every quote,
  /// comma and colon).
  var storage: [UInt8]
  /// How many bytes of ``storage`` are written: the output's size so far. (Stored, so that
  /// an encoder in another module reads it in place, without a copy of the writer.)
  package internal(set) var length = 0

  struct Frame: Sendable {
    var isObject: Bool
    var expectsValue = false
    /// What ``newKey(_:order:)`` knows of this object's keys: ``KeyOrder/none`` before the
    /// first; an index into ``keyOrders`` while each key is one of that order's names, with
    /// ``keyBits`` marking their positions and ``nextPosition`` the position after the last;
    /// ``KeyOrder/keySet`` once they are not (the last of ``keySets`` holds them). Small
    /// fields together: frames are copied on every container opened and closed.
    var keyOrder = Int8(KeyOrder.none)
    var nextPosition: UInt8 = 0
    var count = 0
    /// Where the current key starts in the output (objects), for error paths.
    var keyStart = 0
    /// A number no other container of this writer has: encoders tell containers apart by it.
    var serial = 0
    /// The output length before the container's lead (comma, line break), and the values
    /// begun before it: what ``detachInnermost()`` puts back.
    var leadStart = 0
    var valuesBefore = 0
    var keyBits: UInt64 = 0
  }
  /// The innermost open container (meaningless while ``depth`` is 0). Kept out of the stack
  /// so that updating it per key and value is a plain store, not a checked array write.
  var top = Frame(isObject: false)
  /// The open containers around ``top``, outermost first: the first `depth - 1` entries
  /// (the array does not shrink as containers close, so that closing one is a plain read).
  var outer: [Frame] = []
  /// For each open container, when sorting keys: each member's key and byte range.
  var sortedMembers: [[(key: String, start: Int, end: Int)]] = []
  /// Key orders (see ``makeKeyOrder()``): each up to 64 distinct names.
  var keyOrders: [[String]] = []
  /// For each name of each key order, at the same positions: its bytes as the writer writes
  /// them, when it has 1 to 16 bytes and nothing to escape (see ``ShortText``).
  var keyTexts: [[ShortText]] = []
  /// For each open object whose keys are not all in its order, innermost last: its keys,
  /// each with the member count before it (for ``restore(_:)`` to take keys back).
  var keySets: [[ExactText: Int]] = []
  /// The serial the next container gets.
  var nextSerial = 1
  var wroteTopLevel = false
  /// How many values have been begun, for encoders that need to know whether a value slot was
  /// filled.
  package internal(set) var valuesBegun = 0

  /// How many containers are open (stored, not computed: encoders read it on every write).
  package internal(set) var depth = 0

  /// The serial of the innermost open container (see ``serial(atDepth:)``).
  package internal(set) var innermostSerial = 0

  /// Creates a writer.
  ///
  /// - Parameter options: How to format the output.
  public init(options: JSONWritingOptions = .compact) {
    self.init(options: options, capacity: 256)
  }

  /// Creates a writer with room for `capacity` bytes of output at once: the size an encoder
  /// expects, so that the output is not grown (and copied) on the way there.
  ///
  /// - Parameters:
  ///   - options: How to format the output.
  ///   - capacity: The bytes to make room for; at least 64.
  package init(options: JSONWritingOptions, capacity: Int) {
    self.options = options
    let room = Swift.max(64, capacity)
    storage = Self.room(room)
    writesCompactKeys = !options.prettyPrinted && !options.sortsKeys
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
    writeKey(key)
  }

  /// Counts a member of the innermost object whose key and value are written in one call, and
  /// returns the lead before its key.
  @inline(__always)
  mutating func countMember() -> Lead {
    let lead = Lead(comma: top.count > 0, indent: lineIndent(depth))
    top.keyStart = length &+ lead.count
    top.count &+= 1
    valuesBegun &+= 1
    return lead
  }

  /// Writes a key where one is due: from `known`, the bytes kept for it, when they are
  /// given (see ``ShortText``), else quoted and escaped from the key.
  @inline(__always)
  mutating func writeKey(_ key: String, known: ShortText = ShortText()) {
    let lead = Lead(comma: top.count > 0, indent: lineIndent(depth))
    let keyStart = length &+ lead.count
    if options.sortsKeys { recordSortedMember(key, start: keyStart) }
    top.keyStart = keyStart
    top.count &+= 1
    top.expectsValue = true
    if known.count > 0 {
      writeShort(known, lead: lead, closing: keyClosing)
    } else {
      writeString(key, lead: lead, closing: keyClosing)
    }
  }

  /// ``writeKey(_:known:)`` out of line: for the rarer layouts, so that the common path of a
  /// caller stays small (no registers saved for, or stack kept for, what it seldom runs).
  @inline(never)
  mutating func writeKeyOutOfLine(_ key: String, known: ShortText) {
    writeKey(key, known: known)
  }

  /// Writes a key kept as `ShortText` in compact, unsorted output: a comma when members came
  /// before, then the quoted key and `:`, with one capacity check and no layout to work out.
  @inline(__always)
  mutating func writeCompactKey(_ text: ShortText) {
    let comma = top.count > 0 ? 1 : 0
    let start = length
    top.keyStart = start &+ comma
    top.count &+= 1
    top.expectsValue = true
    // A comma, a quote, 16 bytes of text and `":`.
    if storage.count &- start < 20 { grow(toFit: 20) }
    storage.withUnsafeMutableBufferPointer { buffer in
      let output = buffer.baseAddress.unsafelyUnwrapped + start
      // Written either way: without a comma, the quote takes its place.
      output.pointee = UInt8(ascii: ",")
      let quote = output + comma
      quote.pointee = UInt8(ascii: "\"")
      let bytes = UnsafeMutableRawPointer(quote + 1)
      bytes.storeBytes(of: text.low.littleEndian, as: UInt64.self)
      bytes.storeBytes(of: text.high.littleEndian, toByteOffset: 8, as: UInt64.self)
      bytes.storeBytes(
        of: UInt16(0x3A22).littleEndian, toByteOffset: Int(text.count), as: UInt16.self)
    }
    length = start &+ comma &+ 3 &+ Int(text.count)
  }

  /// A text's bytes when it has 1 to 16 and none needs escaping under the options: what
  /// `writeQuoted` would store for it. A count of 0 otherwise.
  func shortText(_ text: String) -> ShortText {
    var copy = text
    return copy.withUTF8 { bytes in
      guard let start = bytes.baseAddress, (1...16).contains(bytes.count),
        let (low, high) = Self.shortPlain(
          start, count: bytes.count, escapesSlashes: options.escapesSlashes,
          asciiOnly: options.asciiOnly)
      else { return ShortText() }
      return ShortText(low: low, high: high, count: UInt8(bytes.count))
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
    if Self.hasFarMoreRoom(storage.count, than: length) {
      // Room made for far more than was written (a size expected from an earlier, larger
      // output): the output gets an array of its own size rather than hold the room.
      defer { length = 0 }
      return Array(storage[..<length])
    }
    var output: [UInt8] = []
    swap(&output, &storage)
    output.removeLast(output.count &- length)
    length = 0
    return output
  }

  /// Passes the finished output to `body` in place, keeping the buffer: after
  /// ``restart(capacity:)`` the next document is written into it, so a caller that copies
  /// the output anyway (into `Data`, say) allocates nothing more for it.
  ///
  /// - Parameter body: Reads the output; the buffer is valid only during the call.
  /// - Returns: What `body` returns.
  /// - Throws: `JSONWriteError` when no value was written or containers are still open.
  ///
  /// `mutating` although it changes nothing, so that a writer reached through a pointer is
  /// read in place rather than copied.
  package mutating func withFinished<R>(
    _ body: (UnsafeBufferPointer<UInt8>) -> R
  ) throws(JSONWriteError) -> R {
    try checkFinished()
    return storage.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[..<length])) }
  }

  func checkFinished() throws(JSONWriteError) {
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
  mutating func floatingPoint<F: BinaryFloatingPoint & TextOutputStreamable>(
    _ value: F, wholeBelow limit: F
  ) throws(JSONWriteError) {
    guard value.isFinite else {
      try writeNonFinite(JSONNumber.shortestText(Double(value)))
      return
    }
    let lead = try beginValue()
    if F.self == Double.self {
      // Doubles: whole numbers as integers, the rest with Schubfach's digits, in place.
      let double = Double(value)
      append(reserving: lead.count &+ 32) { output in
        let written = lead.write(to: output)
        return written &+ ShortestDigits.writeNumber(double, to: output + written)
      }
      if options.foundationLayout { dropPointZero() }
      return
    }
    // Floats: whole numbers below the limit as integers (a value is whole exactly when
    // truncating it and converting back gives it again), the rest through the standard
    // library, which formats into a stack buffer and hands the digits to the sink.
    let wide = Double(value)
    if abs(wide) < Double(limit), Double(Int64(wide)) == wide {
      if wide == 0 && wide.sign == .minus {
        writeLiteral(0x302D, count: 2, lead: lead)
      } else {
        let whole = Int64(wide)
        writeDigits(whole.magnitude, negative: whole < 0, lead: lead)
      }
      return
    }
    var sink = ShortestTextSink()
    value.write(to: &sink)
    if sink.overflowed {
      writeRaw(String(describing: value), lead: lead)
    } else {
      sink.withText { writeRaw($0, lead: lead) }
    }
    if options.foundationLayout { dropPointZero() }
  }

  /// Takes back the `.0` ending the number just written: Foundation's encoder drops it from
  /// whole numbers at or beyond the exact-integer limit (`16777216`, not `16777216.0`).
  mutating func dropPointZero() {
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

  mutating func writeNonFinite(_ text: String) throws(JSONWriteError) {
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
  func lineIndent(_ depth: Int) -> Int {
    options.prettyPrinted ? depth &* Swift.max(options.indentWidth, 0) : -1
  }

  /// Checks that a value may come next, records it, and returns what goes before it.
  @inline(__always)
  mutating func beginValue() throws(JSONWriteError) -> Lead {
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

  mutating func beginContainer(isObject: Bool, open: UInt8) throws(JSONWriteError) {
    guard depth < options.maxDepth else { throw depthFailure() }
    let (leadStart, valuesBefore) = (length, valuesBegun)
    let lead = try beginValue()
    writeLiteral(UInt64(open), count: 1, lead: lead)
    if depth > 0 {
      if outer.count >= depth { outer[depth &- 1] = top } else { outer.append(top) }
    }
    top = Frame(
      isObject: isObject, serial: nextSerial, leadStart: leadStart, valuesBefore: valuesBefore)
    innermostSerial = nextSerial
    nextSerial &+= 1
    if options.sortsKeys { sortedMembers.append([]) }
    depth &+= 1
  }

  mutating func endContainer(close: UInt8) {
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
    if frame.keyOrder == KeyOrder.keySet { keySets.removeLast() }
    depth &-= 1
    if depth > 0 { top = outer[depth &- 1] }
    innermostSerial = depth > 0 ? top.serial : 0
  }

  /// Notes where a member of the innermost object starts, ending the one before it.
  mutating func recordSortedMember(_ key: String, start: Int) {
    let last = sortedMembers.count - 1
    if top.count > 0 { sortedMembers[last][top.count - 1].end = length }
    sortedMembers[last].append((key, start, 0))
  }

  /// Rewrites one object's members in key order. Every member was written at the same depth,
  /// so each byte range moves as it is and the separators between them stay where they are.
  mutating func sortMembers(_ members: [(key: String, start: Int, end: Int)], depth: Int) {
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

  /// The error of a container opened past the depth limit.
  @inline(never)
  func depthFailure() -> JSONWriteError {
    failure(
      .depthLimitExceeded, "arrays and objects nested deeper than \(options.maxDepth) levels",
      pending: true)
  }

  /// An error at the current position, with the path rebuilt from the open containers.
  /// `pending` means the failing value was not begun yet: in an array, it is the next element.
  /// Never inlined: the hot paths that may throw it stay small.
  @inline(never)
  func failure(_ kind: JSONWriteError.Kind, _ message: String, pending: Bool = false)
    -> JSONWriteError
  {
    var components: [JSONPath.Component] = []
    let frames = depth > 0 ? outer[..<(depth - 1)] + [top] : []
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
  func memberComponent(_ frame: Frame) -> JSONPath.Component? {
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
  func prefixString(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    var i = bytes.startIndex + 1
    while i < bytes.endIndex, bytes[i] != UInt8(ascii: "\"") {
      if bytes[i] == UInt8(ascii: "\\") { i += 1 }
      i += 1
    }
    return bytes[bytes.startIndex..<min(i + 1, bytes.endIndex)]
  }
}

/// Markers for a writer frame's key order besides an index of one.
package enum KeyOrder {
  /// No key written by ``JSONWriter/newKey(_:order:)`` yet, or no order to check keys by.
  package static let none = -1
  /// The object's keys are in a hash set.
  static let keySet: Int8 = -2
}

/// A key compared by its exact UTF-8 text: `String`'s own equality treats canonically
/// equivalent texts (`é` and `e` + U+0301) as equal, but they are different JSON keys.
struct ExactText: Hashable {
  let text: String

  init(_ text: String) { self.text = text }

  static func == (left: ExactText, right: ExactText) -> Bool { same(left.text, right.text) }

  func hash(into hasher: inout Hasher) {
    var text = text
    text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
  }

  /// Whether two strings have the same UTF-8 text.
  @inline(__always)
  static func same(_ left: String, _ right: String) -> Bool {
    identical(left, right) || (left.utf8.count == right.utf8.count && sameBytes(left, right))
  }

  /// Whether two strings of one length have the same UTF-8 bytes.
  static func sameBytes(_ left: String, _ right: String) -> Bool {
    let compared = left.utf8.withContiguousStorageIfAvailable { left in
      right.utf8.withContiguousStorageIfAvailable { right in left.elementsEqual(right) }
    }
    return (compared ?? nil) ?? left.utf8.elementsEqual(right.utf8)
  }

  /// Whether two strings share their representation, so have the same text (a key's name is
  /// usually the same literal, or the same short string stored inline, each time). Strings
  /// with the same text may still have different representations.
  @inline(__always)
  static func identical(_ left: String, _ right: String) -> Bool {
    withUnsafeBytes(of: left) { left in
      withUnsafeBytes(of: right) { right in
        if MemoryLayout<String>.size == 16 {
          return left.load(as: UInt64.self) == right.load(as: UInt64.self)
            && left.load(fromByteOffset: 8, as: UInt64.self)
              == right.load(fromByteOffset: 8, as: UInt64.self)
        }
        return left.elementsEqual(right)
      }
    }
  }
}
