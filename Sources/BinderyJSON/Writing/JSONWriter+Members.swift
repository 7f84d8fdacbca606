// Members written in one step by generated model code: a plain key (known to need no escaping)
// and its value with one room check.
extension JSONWriter {
  /// Writes an object member's key whose UTF-8 bytes need no escaping under any options:
  /// printable ASCII other than `"`, `\\` and `/` (keys a macro checked at compile time).
  /// They are copied as they are, with no scan.
  ///
  /// - Parameters:
  ///   - key: The key's first byte.
  ///   - count: How many bytes it has.
  /// - Throws: ``JSONWriteError/Kind/invalidState`` outside an object or where a value is due.
  package mutating func plainKey(_ key: UnsafePointer<UInt8>, count: Int) throws(JSONWriteError) {
    guard plainKeyIsDue else {
      let text = String(decoding: UnsafeBufferPointer(start: key, count: count), as: UTF8.self)
      return try self.key(text)
    }
    let lead = Lead(comma: top.count > 0, indent: lineIndent(depth))
    top.keyStart = length &+ lead.count
    top.count &+= 1
    top.expectsValue = true
    let closing = keyClosing
    append(reserving: lead.count &+ count &+ 16) { output in
      Self.putPlainKey(key, count: count, lead: lead, closing: closing, to: output)
    }
  }

  /// Writes the lead, a plain key quoted and what closes it; returns how many bytes, having
  /// written up to 16 bytes past the key's own (callers reserve that room).
  @inline(__always)
  static func putPlainKey(
    _ key: UnsafePointer<UInt8>, count: Int, lead: Lead, closing: (bytes: UInt32, count: Int),
    to output: UnsafeMutablePointer<UInt8>
  ) -> Int {
    var written = lead.write(to: output)
    output[written] = UInt8(ascii: "\"")
    copyShort(from: key, count: count, to: output + (written &+ 1))
    written &+= 1 &+ count
    UnsafeMutableRawPointer(output + written).storeBytes(
      of: closing.bytes.littleEndian, as: UInt32.self)
    return written &+ closing.count
  }

  /// Writes a member whose key needs no escaping (see ``plainKey(_:count:)``) and whose value
  /// is a string: the two calls in one, for generated encoders.
  ///
  /// - Throws: ``JSONWriteError/Kind/invalidState`` outside an object or where a value is due.
  package mutating func plainMember(_ key: UnsafePointer<UInt8>, count: Int, string value: String)
    throws(JSONWriteError)
  {
    // A value of 1 to 16 bytes with nothing to escape goes out with its key in one step.
    let (escapesSlashes, asciiOnly) = (options.escapesSlashes, options.asciiOnly)
    let fused = value.utf8.withContiguousStorageIfAvailable { text -> Bool in
      guard let input = text.baseAddress, text.count > 0, text.count <= 16,
        let (low, high) = Self.shortPlain(
          input, count: text.count, escapesSlashes: escapesSlashes, asciiOnly: asciiOnly)
      else { return false }
      let length = text.count
      return member(key, count: count, valueRoom: 24) { output in
        output[0] = UInt8(ascii: "\"")
        let raw = UnsafeMutableRawPointer(output + 1)
        raw.storeBytes(of: low.littleEndian, as: UInt64.self)
        raw.storeBytes(of: high.littleEndian, toByteOffset: 8, as: UInt64.self)
        output[1 &+ length] = UInt8(ascii: "\"")
        return length &+ 2
      }
    }
    if fused == true { return }
    guard plainKeyIsDue else {
      try plainKey(key, count: count)
      try string(value)
      return
    }
    // A longer value, or one to escape: the key, then the value's text with no second check
    // of the state.
    let lead = countMember()
    let closing = keyClosing
    append(reserving: lead.count &+ count &+ 16) { output in
      Self.putPlainKey(key, count: count, lead: lead, closing: closing, to: output)
    }
    writeString(value, lead: Lead(comma: false, indent: -1), closing: (0x22, 1))
  }

  /// ``plainMember(_:count:string:)`` with an integer value.
  package mutating func plainMember(_ key: UnsafePointer<UInt8>, count: Int, integer value: Int64)
    throws(JSONWriteError)
  {
    let fused = member(key, count: count, valueRoom: 21) { output in
      Self.putInteger(value.magnitude, negative: value < 0, to: output)
    }
    if fused { return }
    try plainKey(key, count: count)
    try integer(value)
  }

  /// ``plainMember(_:count:string:)`` with a Boolean value.
  package mutating func plainMember(_ key: UnsafePointer<UInt8>, count: Int, bool value: Bool)
    throws(JSONWriteError)
  {
    let fused = member(key, count: count, valueRoom: 8) { output in
      UnsafeMutableRawPointer(output).storeBytes(
        of: (value ? 0x6575_7274 : 0x65_736C_6166 as UInt64).littleEndian, as: UInt64.self)
      return value ? 4 : 5
    }
    if fused { return }
    try plainKey(key, count: count)
    try bool(value)
  }

  /// ``plainMember(_:count:string:)`` with a `Double` value: a non-finite one throws as
  /// ``double(_:)`` does, after the key, so the error names it.
  package mutating func plainMember(_ key: UnsafePointer<UInt8>, count: Int, double value: Double)
    throws(JSONWriteError)
  {
    if value.isFinite, !options.foundationLayout {
      let fused = member(key, count: count, valueRoom: 32) { output in
        ShortestDigits.writeNumber(value, to: output)
      }
      if fused { return }
    }
    try plainKey(key, count: count)
    try double(value)
  }

  /// ``plainMember(_:count:string:)`` with an array of integers: the output and errors of
  /// ``plainKey(_:count:)`` and ``integerArray(_:)``, in one step when the array goes out whole
  /// (see `leafArray`).
  package mutating func plainMember(
    _ key: UnsafePointer<UInt8>, count: Int, integers values: UnsafeBufferPointer<Int>
  ) throws(JSONWriteError) {
    let fused = leafMember(
      key, count: count, values, room: 21, plain: { _ in true },
      put: Self.putInt)
    if fused { return }
    try plainKey(key, count: count)
    try integerArray(values)
  }

  /// ``plainMember(_:count:string:)`` with an array of doubles: the output and errors of
  /// ``plainKey(_:count:)`` and ``doubleArray(_:)``, in one step when the array goes out whole
  /// (see `leafArray`).
  package mutating func plainMember(
    _ key: UnsafePointer<UInt8>, count: Int, doubles values: UnsafeBufferPointer<Double>
  ) throws(JSONWriteError) {
    let foundation = options.foundationLayout
    let fused = leafMember(
      key, count: count, values, room: 32, plain: { Self.isPlain($0, foundation: foundation) },
      put: ShortestDigits.writeNumber)
    if fused { return }
    try plainKey(key, count: count)
    try doubleArray(values)
  }

  /// Writes a plain key and an array of numbers as its value in one step, as `leafArray` writes
  /// the array; returns false, writing nothing, unless a key of an unsorted object is due and the
  /// array goes out whole.
  @inline(__always)
  mutating func leafMember<Element>(
    _ key: UnsafePointer<UInt8>, count: Int, _ values: UnsafeBufferPointer<Element>, room: Int,
    plain: (Element) -> Bool, put: (Element, UnsafeMutablePointer<UInt8>) -> Int
  ) -> Bool {
    guard plainKeyIsDue, writesWhole(values, plain: plain) else { return false }
    let lead = countMember()
    valuesBegun &+= values.count
    let closing = keyClosing
    // The key as `member` reserves it, the brackets, each element and its comma.
    append(reserving: lead.count &+ count &+ 16 &+ 2 &+ values.count &* (room &+ 1)) { output in
      let written = Self.putPlainKey(key, count: count, lead: lead, closing: closing, to: output)
      return written &+ Self.putArray(values, to: output + written, put: put)
    }
    return true
  }

  /// Writes a plain key (see ``plainKey(_:count:)``) and its value in one step with one check
  /// of the room: `value` writes at most `valueRoom` bytes at the pointer it is given and
  /// returns how many. Returns false, writing nothing, unless a key of an unsorted object is
  /// due: the caller then takes the two steps, which report the error or sort.
  @inline(__always)
  mutating func member(
    _ key: UnsafePointer<UInt8>, count: Int, valueRoom: Int,
    _ value: (UnsafeMutablePointer<UInt8>) -> Int
  ) -> Bool {
    guard plainKeyIsDue else { return false }
    let lead = countMember()
    let closing = keyClosing
    append(reserving: lead.count &+ count &+ 16 &+ valueRoom) { output in
      let written = Self.putPlainKey(key, count: count, lead: lead, closing: closing, to: output)
      return written &+ value(output + written)
    }
    return true
  }

  /// Whether a plain key may be written straight to the output: a key is due in an object
  /// whose keys are not sorted.
  @inline(__always)
  var plainKeyIsDue: Bool {
    depth > 0 && top.isObject && !top.expectsValue && !options.sortsKeys
  }
}
