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
public struct JSONWriter: Sendable {
  /// The options in force.
  public let options: JSONWritingOptions
  /// The bytes written so far.
  public private(set) var bytes: [UInt8] = []

  private struct Frame: Sendable {
    var isObject: Bool
    var count = 0
    var expectsValue = false
    /// Where the current key starts in ``bytes`` (objects), for error paths.
    var keyStart = 0
  }
  /// The open containers. A frame holds no reference, so reading and updating one costs no
  /// reference counting (once per key and value).
  private var frames: [Frame] = []
  /// For each open container, when sorting keys: each member's key and byte range.
  private var sortedMembers: [[(key: String, start: Int, end: Int)]] = []
  private var wroteTopLevel = false
  /// How many values have been begun, for encoders that need to know whether a value slot was
  /// filled.
  package private(set) var valuesBegun = 0

  /// How many containers are open.
  /// How many containers are open (stored, not computed: encoders read it on every write).
  package private(set) var depth = 0

  /// True when the innermost open container is an object.
  package var isInnermostObject: Bool { frames.last?.isObject ?? false }

  /// Ends the innermost open container, whichever kind it is.
  package mutating func closeInnermost() throws(JSONWriteError) {
    if frames.last?.isObject == true { try endObject() } else { try endArray() }
  }

  /// Creates a writer.
  ///
  /// - Parameter options: How to format the output.
  public init(options: JSONWritingOptions = .compact) {
    self.options = options
    bytes.reserveCapacity(256)
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
    guard let frame = frames.last, frame.isObject, !frame.expectsValue else {
      throw failure(.invalidState, "endObject() without an open object awaiting a key")
    }
    try endContainer(close: UInt8(ascii: "}"))
  }

  /// Ends the innermost array.
  ///
  /// - Throws: ``JSONWriteError/Kind/invalidState`` if the innermost container is not an array.
  public mutating func endArray() throws(JSONWriteError) {
    guard let frame = frames.last, !frame.isObject else {
      throw failure(.invalidState, "endArray() without an open array")
    }
    try endContainer(close: UInt8(ascii: "]"))
  }

  /// Writes an object member's key; the next call writes its value.
  ///
  /// - Parameter key: The key.
  /// - Throws: ``JSONWriteError/Kind/invalidState`` outside an object or where a value is due.
  public mutating func key(_ key: String) throws(JSONWriteError) {
    guard let frame = frames.last, frame.isObject, !frame.expectsValue else {
      throw failure(.invalidState, "key '\(key)' written where no key is expected")
    }
    let top = frames.count - 1
    if options.sortsKeys, frame.count > 0 {
      sortedMembers[top][frame.count - 1].end = bytes.count
    }
    if frame.count > 0 { bytes.append(UInt8(ascii: ",")) }
    newline()
    if options.sortsKeys { sortedMembers[top].append((key, bytes.count, 0)) }
    frames.withUnsafeMutableBufferPointer { frames in
      frames[top].keyStart = bytes.count
      frames[top].count += 1
      frames[top].expectsValue = true
    }
    writeString(key)
    bytes.append(UInt8(ascii: ":"))
    if options.prettyPrinted { bytes.append(UInt8(ascii: " ")) }
  }

  /// Returns the finished JSON text and resets nothing: the writer stays complete.
  ///
  /// - Returns: The bytes written.
  /// - Throws: ``JSONWriteError/Kind/invalidState`` if no value was written or a container is
  ///   still open.
  public func finish() throws(JSONWriteError) -> [UInt8] {
    guard wroteTopLevel, frames.isEmpty else {
      throw failure(
        .invalidState,
        frames.isEmpty ? "no value was written" : "\(frames.count) container(s) still open")
    }
    return bytes
  }

  // MARK: Scalars

  /// Writes `null`.
  ///
  /// - Throws: ``JSONWriteError/Kind/invalidState`` if a value is not allowed here.
  public mutating func null() throws(JSONWriteError) {
    try beginValue()
    bytes.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])
  }

  /// Writes `true` or `false`.
  ///
  /// - Parameter value: The Boolean.
  /// - Throws: ``JSONWriteError/Kind/invalidState`` if a value is not allowed here.
  public mutating func bool(_ value: Bool) throws(JSONWriteError) {
    try beginValue()
    if value {
      bytes.append(contentsOf: [0x74, 0x72, 0x75, 0x65])
    } else {
      bytes.append(contentsOf: [0x66, 0x61, 0x6C, 0x73, 0x65])
    }
  }

  /// Writes a string, escaping what JSON and the options require.
  ///
  /// - Parameter value: The string.
  /// - Throws: ``JSONWriteError/Kind/invalidState`` if a value is not allowed here.
  public mutating func string(_ value: String) throws(JSONWriteError) {
    try beginValue()
    writeString(value)
  }

  /// Writes an integer, exactly.
  ///
  /// - Parameter value: The integer.
  /// - Throws: ``JSONWriteError/Kind/invalidState`` if a value is not allowed here.
  public mutating func integer(_ value: some FixedWidthInteger) throws(JSONWriteError) {
    try beginValue()
    writeInteger(value)
  }

  /// Writes a signed integer, exactly.
  ///
  /// - Parameter value: The integer.
  /// - Throws: ``JSONWriteError/Kind/invalidState`` if a value is not allowed here.
  public mutating func integer(_ value: Int64) throws(JSONWriteError) {
    try beginValue()
    writeDigits(value.magnitude, negative: value < 0)
  }

  /// Writes an unsigned integer, exactly.
  ///
  /// - Parameter value: The integer.
  /// - Throws: ``JSONWriteError/Kind/invalidState`` if a value is not allowed here.
  public mutating func integer(_ value: UInt64) throws(JSONWriteError) {
    try beginValue()
    writeDigits(value, negative: false)
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

  /// Appends the shortest round-trip text of a float through `TextOutputStreamable`, which
  /// formats into a stack buffer: `description` allocates a heap string for numbers longer
  /// than 15 characters (measured 1.5 times slower).
  private mutating func appendShortest(_ value: some BinaryFloatingPoint & TextOutputStreamable) {
    var sink = ByteSink()
    swap(&sink.bytes, &bytes)
    value.write(to: &sink)
    swap(&sink.bytes, &bytes)
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
    try beginValue()
    if value == value.rounded(), abs(value) < limit {
      if value == 0 && value.sign == .minus {
        bytes.append(contentsOf: [UInt8(ascii: "-"), UInt8(ascii: "0")])
      } else {
        writeInteger(Int64(value))
      }
      return
    }
    appendShortest(value)
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
    try beginValue()
    bytes.append(contentsOf: value.text.utf8)
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

  // MARK: Internals

  private mutating func writeNonFinite(_ text: String) throws(JSONWriteError) {
    switch options.nonFiniteNumbers {
    case .reject:
      throw failure(.nonFiniteNumber, "\(text) cannot be written as JSON", pending: true)
    case .literals:
      try beginValue()
      bytes.append(contentsOf: text.utf8)
    case .strings(let positive, let negative, let nan):
      try string(text == "NaN" ? nan : text.hasPrefix("-") ? negative : positive)
    }
  }

  private mutating func beginValue() throws(JSONWriteError) {
    valuesBegun &+= 1
    guard let frame = frames.last else {
      guard !wroteTopLevel else {
        throw failure(.invalidState, "a second top-level value")
      }
      wroteTopLevel = true
      return
    }
    let top = frames.count - 1
    if frame.isObject {
      guard frame.expectsValue else {
        throw failure(.invalidState, "a value written where a key is expected")
      }
      frames[top].expectsValue = false
    } else {
      if frame.count > 0 { bytes.append(UInt8(ascii: ",")) }
      frames[top].count += 1
      newline()
    }
  }

  private mutating func beginContainer(isObject: Bool, open: UInt8) throws(JSONWriteError) {
    guard frames.count < options.maxDepth else {
      throw failure(
        .depthLimitExceeded, "arrays and objects nested deeper than \(options.maxDepth) levels",
        pending: true)
    }
    try beginValue()
    bytes.append(open)
    frames.append(Frame(isObject: isObject))
    if options.sortsKeys { sortedMembers.append([]) }
    depth = frames.count
  }

  private mutating func endContainer(close: UInt8) throws(JSONWriteError) {
    let frame = frames.removeLast()
    depth = frames.count
    if options.sortsKeys {
      var members = sortedMembers.removeLast()
      if frame.isObject, frame.count > 1 {
        members[frame.count - 1].end = bytes.count
        sortMembers(members)
      }
    }
    if frame.count > 0 { newline() }
    bytes.append(close)
  }

  /// Rewrites one object's members in key order. Every member was written at the same depth,
  /// so each byte range moves as it is; only the separators are written anew.
  private mutating func sortMembers(_ members: [(key: String, start: Int, end: Int)]) {
    let sorted = members.enumerated().sorted {
      $0.element.key == $1.element.key ? $0.offset < $1.offset : $0.element.key < $1.element.key
    }
    guard let first = members.first, let last = members.last else { return }
    var region: [UInt8] = []
    region.reserveCapacity(last.end - first.start)
    for (position, member) in sorted.enumerated() {
      if position > 0 {
        region.append(UInt8(ascii: ","))
        if options.prettyPrinted {
          region.append(UInt8(ascii: "\n"))
          region.append(
            contentsOf: repeatElement(
              UInt8(ascii: " "), count: frames.count * options.indentWidth + options.indentWidth))
        }
      }
      region.append(contentsOf: bytes[member.element.start..<member.element.end])
    }
    bytes.replaceSubrange(first.start..<last.end, with: region)
  }

  @inline(__always)
  private mutating func newline() {
    guard options.prettyPrinted else { return }
    bytes.append(UInt8(ascii: "\n"))
    let width = frames.count * options.indentWidth
    if width > 0 { bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: width)) }
  }

  /// Writes an integer's digits through the concrete paths below.
  private mutating func writeInteger(_ value: some FixedWidthInteger) {
    if value < 0 {
      writeDigits(Int64(truncatingIfNeeded: value).magnitude, negative: true)
    } else {
      writeDigits(UInt64(truncatingIfNeeded: value), negative: false)
    }
  }

  /// Concrete on purpose: unspecialised generic arithmetic costs a witness-table call per
  /// digit (measured: encoding integers about 7 times slower).
  private mutating func writeDigits(_ magnitude: UInt64, negative: Bool) {
    if negative { bytes.append(UInt8(ascii: "-")) }
    if magnitude < 10 {
      bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude))
      return
    }
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
    var remaining = magnitude
    var count = 0
    withUnsafeMutableBytes(of: &digits) { buffer in
      while remaining != 0 {
        let (quotient, remainder) = remaining.quotientAndRemainder(dividingBy: 10)
        count &+= 1
        buffer[24 &- count] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remainder)
        remaining = quotient
      }
      bytes.append(contentsOf: buffer[(24 - count)...])
    }
  }

  private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

  private mutating func writeString(_ value: String) {
    bytes.append(UInt8(ascii: "\""))
    var value = value
    value.withUTF8 { utf8 in
      var runStart = 0
      var i = 0
      let escapesSlashes = options.escapesSlashes
      let asciiOnly = options.asciiOnly
      // Skip eight bytes at a time while none needs escaping: no quote, backslash or control
      // byte, and (when those options are on) no slash or non-ASCII byte.
      let lows: UInt64 = 0x0101_0101_0101_0101
      let highs: UInt64 = 0x8080_8080_8080_8080
      let extra: UInt64 = asciiOnly ? highs : 0
      while i < utf8.count {
        while i &+ 8 <= utf8.count, let base = utf8.baseAddress {
          let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
          let control = (word &- (lows &* 0x20)) & ~word
          let quote = word ^ (lows &* 0x22)
          let backslash = word ^ (lows &* 0x5C)
          let slash = escapesSlashes ? word ^ (lows &* 0x2F) : ~0
          let hits =
            control | ((quote &- lows) & ~quote) | ((backslash &- lows) & ~backslash)
            | ((slash &- lows) & ~slash)
          let flagged = (hits & highs) | (word & extra)
          if flagged != 0 {
            // The lowest flagged byte is exact (borrows only flag bytes above a true hit).
            i &+= flagged.trailingZeroBitCount &>> 3
            break
          }
          i &+= 8
        }
        guard i < utf8.count else { break }
        // The last 1 to 7 bytes: copy them into a word padded with 'a' and test it the same way.
        if i &+ 8 > utf8.count, let base = utf8.baseAddress {
          var word: UInt64 = 0x6161_6161_6161_6161
          withUnsafeMutableBytes(of: &word) {
            $0.copyMemory(from: UnsafeRawBufferPointer(start: base + i, count: utf8.count &- i))
          }
          let control = (word &- (lows &* 0x20)) & ~word
          let quote = word ^ (lows &* 0x22)
          let backslash = word ^ (lows &* 0x5C)
          let slash = escapesSlashes ? word ^ (lows &* 0x2F) : ~0
          let hits =
            control | ((quote &- lows) & ~quote) | ((backslash &- lows) & ~backslash)
            | ((slash &- lows) & ~slash)
          let flagged = (hits & highs) | (word & extra)
          if flagged == 0 {
            i = utf8.count
            break
          }
          i &+= flagged.trailingZeroBitCount &>> 3
        }
        let byte = utf8[i]
        let needsEscape =
          byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
          || (escapesSlashes && byte == UInt8(ascii: "/")) || (asciiOnly && byte >= 0x80)
        guard needsEscape else {
          i += 1
          continue
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<i]))
        switch byte {
        case UInt8(ascii: "\""): bytes.append(contentsOf: [0x5C, 0x22])
        case UInt8(ascii: "\\"): bytes.append(contentsOf: [0x5C, 0x5C])
        case UInt8(ascii: "/"): bytes.append(contentsOf: [0x5C, 0x2F])
        case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
        case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "r")])
        case 0x09: bytes.append(contentsOf: [0x5C, UInt8(ascii: "t")])
        case 0x08: bytes.append(contentsOf: [0x5C, UInt8(ascii: "b")])
        case 0x0C: bytes.append(contentsOf: [0x5C, UInt8(ascii: "f")])
        case 0x80...:
          // Decode the scalar and write it as one or two \u escapes.
          var length = 1
          while i + length < utf8.count, utf8[i + length] & 0xC0 == 0x80 { length += 1 }
          let scalar =
            String(decoding: UnsafeBufferPointer(rebasing: utf8[i..<i + length]), as: UTF8.self)
            .unicodeScalars.first?.value ?? 0xFFFD
          for unit in String(String.UnicodeScalarView([Unicode.Scalar(scalar) ?? "\u{FFFD}"])).utf16
          {
            writeUnicodeEscape(UInt32(unit))
          }
          i += length
          runStart = i
          continue
        default:
          writeUnicodeEscape(UInt32(byte))
        }
        i += 1
        runStart = i
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
    }
    bytes.append(UInt8(ascii: "\""))
  }

  private mutating func writeUnicodeEscape(_ unit: UInt32) {
    bytes.append(contentsOf: [
      UInt8(ascii: "\\"), UInt8(ascii: "u"),
      Self.hexDigits[Int(unit >> 12 & 0xF)], Self.hexDigits[Int(unit >> 8 & 0xF)],
      Self.hexDigits[Int(unit >> 4 & 0xF)], Self.hexDigits[Int(unit & 0xF)],
    ])
  }

  /// An error at the current position, with the path rebuilt from the open containers.
  /// `pending` means the failing value was not begun yet: in an array, it is the next element.
  private func failure(_ kind: JSONWriteError.Kind, _ message: String, pending: Bool = false)
    -> JSONWriteError
  {
    var components: [JSONPath.Component] = []
    for (depth, frame) in frames.enumerated() {
      if pending, depth == frames.count - 1, !frame.isObject {
        components.append(.index(frame.count))
        continue
      }
      if frame.isObject {
        guard frame.count > 0 else { continue }
        // The key is read back from the output: no key is stored on the fast path.
        let tail = bytes[frame.keyStart...]
        if let document = try? JSONDocument(parsing: prefixString(tail)),
          let key = try? document.root.string()
        {
          components.append(.key(key))
        }
      } else if frame.count > 0 {
        components.append(.index(frame.count - 1))
      }
    }
    return JSONWriteError(kind: kind, message: message, path: JSONPath(components))
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

extension JSONValue {
  /// Writes the value as JSON bytes.
  ///
  /// - Parameter options: How to format the output; compact by default.
  /// - Returns: UTF-8 JSON text.
  /// - Throws: ``JSONWriteError`` for non-finite numbers or nesting beyond the limit.
  public func jsonBytes(options: JSONWritingOptions = .compact) throws(JSONWriteError) -> [UInt8] {
    var writer = JSONWriter(options: options)
    try writer.value(self)
    return try writer.finish()
  }

  /// Writes the value as JSON text.
  ///
  /// - Parameter options: How to format the output; compact by default.
  /// - Returns: JSON text.
  /// - Throws: ``JSONWriteError`` for non-finite numbers or nesting beyond the limit.
  public func jsonString(options: JSONWritingOptions = .compact) throws(JSONWriteError) -> String {
    String(decoding: try jsonBytes(options: options), as: UTF8.self)
  }
}

/// A text stream into a byte array; takes ASCII runs without making a `String`.
private struct ByteSink: TextOutputStream {
  var bytes: [UInt8] = []

  mutating func write(_ string: String) {
    bytes.append(contentsOf: string.utf8)
  }

  // The standard library's floating-point formatting hands its digits to this requirement.
  mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
    bytes.append(contentsOf: buffer)
  }
}
