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

  /// The output: the first ``length`` bytes are written, the rest is room that is never read
  /// (see `grow(toFit:)`). Each token checks the room once and is then written through one
  /// pointer (an array `append` per piece checked uniqueness and capacity for every quote,
  /// comma and colon).
  var storage: [UInt8]
  /// How many bytes of ``storage`` are written.
  var length = 0
  /// How many bytes are written so far.
  package var byteCount: Int { length }

  fileprivate struct Frame: Sendable {
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
  private var top = Frame(isObject: false)
  /// The open containers around ``top``, outermost first: the first `depth - 1` entries
  /// (the array does not shrink as containers close, so that closing one is a plain read).
  private var outer: [Frame] = []
  /// For each open container, when sorting keys: each member's key and byte range.
  private var sortedMembers: [[(key: String, start: Int, end: Int)]] = []
  /// Key orders (see ``makeKeyOrder()``): each up to 64 distinct names.
  private var keyOrders: [[String]] = []
  /// For each name of each key order, at the same positions: its bytes as the writer writes
  /// them, when it has 1 to 16 bytes and nothing to escape (see ``ShortText``).
  private var keyTexts: [[ShortText]] = []
  /// For each open object whose keys are not all in its order, innermost last: its keys,
  /// each with the member count before it (for ``restore(_:)`` to take keys back).
  private var keySets: [[ExactText: Int]] = []
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
    fileprivate let keySetCount: Int
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
      keySetCount: keySets.count)
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
      // `sortedMembers` holds one list for each open container.
      if options.sortsKeys { sortedMembers.removeLast(depth - checkpoint.depth) }
    }
    depth = checkpoint.depth
    top = checkpoint.top
    innermostSerial = depth > 0 ? top.serial : 0
    length = checkpoint.length
    valuesBegun = checkpoint.valuesBegun
    wroteTopLevel = checkpoint.wroteTopLevel
    // Only the checkpoint's container and deeper ones can have begun a key set since, and
    // those are gone or back to their state then; keys added to the container's own set
    // since were added at its count then or later.
    keySets.removeLast(keySets.count - checkpoint.keySetCount)
    if depth > 0, top.keyOrder == KeyOrder.keySet {
      let count = top.count
      keySets[keySets.count - 1] = keySets[keySets.count - 1].filter { $0.value < count }
    }
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
    return outer[..<(depth - 1)].compactMap(memberComponent)
  }

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
  private static func putPlainKey(
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
  private mutating func leafMember<Element>(
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
  private mutating func member(
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
  private var plainKeyIsDue: Bool {
    depth > 0 && top.isObject && !top.expectsValue && !options.sortsKeys
  }

  /// Counts a member of the innermost object whose key and value are written in one call, and
  /// returns the lead before its key.
  @inline(__always)
  private mutating func countMember() -> Lead {
    let lead = Lead(comma: top.count > 0, indent: lineIndent(depth))
    top.keyStart = length &+ lead.count
    top.count &+= 1
    valuesBegun &+= 1
    return lead
  }

  /// Writes a key where one is due: from `known`, the bytes kept for it, when they are
  /// given (see ``ShortText``), else quoted and escaped from the key.
  @inline(__always)
  private mutating func writeKey(_ key: String, known: ShortText = ShortText()) {
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

  /// A text's bytes when it has 1 to 16 and none needs escaping under the options: what
  /// `writeQuoted` would store for it. A count of 0 otherwise.
  private func shortText(_ text: String) -> ShortText {
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

  /// A new key order: for an encoder to pass to ``newKey(_:order:)`` with every key of the
  /// objects of one type, whose keys usually come in the same order, some left out.
  ///
  /// - Parameter names: The names the order starts with: those another writer's order for
  ///   the type ended with (see ``keyOrderNames(_:)``), so distinct and at most 64.
  /// - Returns: The order, or ``KeyOrder/none`` once this writer has 64 (keys are then
  ///   checked by a hash set).
  package mutating func makeKeyOrder(startingWith names: [String] = []) -> Int {
    guard keyOrders.count < 64 else { return KeyOrder.none }
    // A repeated name would let a repeated key through: checked in debug builds (it costs as
    // much as learning the names again).
    assert(names.count <= 64)
    assert(
      names.indices.allSatisfy { index in
        !names[..<index].contains { ExactText.same($0, names[index]) }
      })
    var order = names
    if order.isEmpty { order.reserveCapacity(16) }
    keyOrders.append(order)
    keyTexts.append(names.map(shortText))
    return keyOrders.count - 1
  }

  /// Starts another document with this writer, keeping the key orders met so far: for an
  /// encoder that writes many documents of the same types. Call after ``takeFinished()``.
  ///
  /// - Parameter capacity: The bytes to make room for at once (the size of the last output).
  package mutating func restart(capacity: Int) {
    top = Frame(isObject: false)
    outer.removeAll(keepingCapacity: true)
    sortedMembers.removeAll(keepingCapacity: true)
    keySets.removeAll(keepingCapacity: true)
    nextSerial = 1
    wroteTopLevel = false
    valuesBegun = 0
    depth = 0
    innermostSerial = 0
    length = 0
    // Writes reserve a few bytes beyond what they write: a little room so that the same output
    // again does not grow the buffer at its last bytes.
    storage = []
    grow(toFit: Swift.max(256, capacity &+ capacity / 16 &+ 64))
  }

  /// The bytes the writer has room for before it grows its buffer.
  package var capacity: Int { storage.count }

  /// The names a key order has met so far, in its order. (Mutating only so that callers reach
  /// the writer in place rather than copying it.)
  package mutating func keyOrderNames(_ order: Int) -> [String] {
    keyOrders.indices.contains(order) ? keyOrders[order] : []
  }

  /// Writes an object member's key unless the innermost object already has it; for encoders
  /// that must not write a key twice. Only keys written by this method are remembered, so an
  /// object's keys should all be written by it.
  ///
  /// An order is a list of distinct names, the keys met in objects of one type, in the order
  /// first met (up to 64). An object's keys are marked by their positions in it, so a key is
  /// new when its position is unmarked; finding the position is one comparison when the keys
  /// come in the order's sequence, as a type's encoding writes them, with optional members
  /// left out. Objects whose keys are not all in their order keep a hash set of their keys.
  ///
  /// - Parameters:
  ///   - key: The key.
  ///   - order: A key order from ``makeKeyOrder()``, the same for the objects of one type, or
  ///     ``KeyOrder/none``.
  /// - Returns: `false`, having written nothing, when the object already has the key.
  /// - Throws: ``JSONWriteError/Kind/invalidState`` outside an object or where a value is due.
  package mutating func newKey(_ key: String, order: Int = KeyOrder.none) throws(JSONWriteError)
    -> Bool
  {
    let position = Int(top.nextPosition)
    // An object's first key takes the order it is written with.
    if order >= 0, depth > 0, top.isObject, !top.expectsValue,
      Int(top.keyOrder) == order || (top.count == 0 && Int(top.keyOrder) == KeyOrder.none),
      position < keyOrders[order].count,
      ExactText.identical(keyOrders[order][position], key),
      top.keyBits & (1 &<< UInt64(position)) == 0
    {
      writeKey(key, known: keyTexts[order][position])
      top.keyOrder = Int8(truncatingIfNeeded: order)
      top.keyBits |= 1 &<< UInt64(position)
      top.nextPosition = UInt8(truncatingIfNeeded: position &+ 1)
      return true
    }
    return try newKeySlowly(key, order: order)
  }

  /// ``newKey(_:order:)`` when the key is not the order's next name.
  @inline(never)
  private mutating func newKeySlowly(_ key: String, order: Int) throws(JSONWriteError) -> Bool {
    guard depth > 0, top.isObject, !top.expectsValue else {
      throw failure(.invalidState, "key '\(key)' written where no key is expected")
    }
    if top.keyOrder == KeyOrder.none {
      if top.count == 0, order >= 0 {
        top.keyOrder = Int8(truncatingIfNeeded: order)
      } else {
        // Keys written by `key(_:)` before are not known.
        beginKeySet()
      }
    } else if top.keyOrder >= 0, Int(top.keyOrder) != order {
      // Another container type writing into the same object.
      beginKeySet()
    }
    if top.keyOrder >= 0 {
      let current = Int(top.keyOrder)
      let count = keyOrders[current].count
      // From the expected position on, then from the start: a type's keys usually come in
      // its order with a few optional ones left out.
      var position: Int? = nil
      var index = Int(top.nextPosition)
      for _ in 0..<count {
        if index == count { index = 0 }
        if ExactText.same(keyOrders[current][index], key) {
          position = index
          break
        }
        index &+= 1
      }
      if position == nil, count < 64 {
        // A name the order has not met: it goes at the end.
        keyOrders[current].append(key)
        keyTexts[current].append(shortText(key))
        position = count
      }
      if let position {
        let bit: UInt64 = 1 &<< UInt64(position)
        if top.keyBits & bit != 0 { return false }
        try self.key(key)
        top.keyBits |= bit
        top.nextPosition = UInt8(truncatingIfNeeded: position &+ 1)
        return true
      }
      beginKeySet()
    }
    let last = keySets.count - 1
    let text = ExactText(key)
    if keySets[last][text] != nil { return false }
    keySets[last][text] = top.count
    try self.key(key)
    return true
  }

  /// Moves the innermost object to a hash set of its keys: those its order marks.
  private mutating func beginKeySet() {
    var set: [ExactText: Int] = [:]
    if top.keyOrder >= 0 {
      let names = keyOrders[Int(top.keyOrder)]
      var bits = top.keyBits
      var count = 0
      while bits != 0 {
        set[ExactText(names[bits.trailingZeroBitCount])] = count
        count += 1
        bits &= bits &- 1
      }
    }
    keySets.append(set)
    top.keyOrder = KeyOrder.keySet
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
    if storage.count > 2 &* length &+ 4096 {
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

  /// Writes each double as an element of the innermost open array: the output and errors of
  /// ``double(_:)`` for each in turn, with one check of the state and the room per run of
  /// finite values in compact output.
  ///
  /// - Parameter values: The elements.
  /// - Throws: ``JSONWriteError`` as ``double(_:)`` throws, at the failing element.
  package mutating func doubleElements(_ values: UnsafeBufferPointer<Double>)
    throws(JSONWriteError)
  {
    let foundation = options.foundationLayout
    try elements(
      values, room: 32, plain: { Self.isPlain($0, foundation: foundation) },
      put: ShortestDigits.writeNumber,
      one: { writer, value throws(JSONWriteError) in try writer.double(value) })
  }

  /// Whether ``double(_:)`` writes `value` as `ShortestDigits.writeNumber(_:to:)` does. In
  /// Foundation's layout, ±2^53 loses the `.0` that ``double(_:)`` takes back; every other
  /// finite value has the same text in both layouts.
  @inline(__always)
  private static func isPlain(_ value: Double, foundation: Bool) -> Bool {
    value.isFinite && !(foundation && value.magnitude == 0x1p53)
  }

  /// Writes an array of doubles where a value is due: the output and errors of
  /// ``beginArray()``, ``doubleElements(_:)`` and ``endArray()``, in one step in compact output
  /// (see `leafArray`).
  ///
  /// - Parameter values: The elements.
  /// - Throws: ``JSONWriteError`` as the three calls throw.
  package mutating func doubleArray(_ values: UnsafeBufferPointer<Double>) throws(JSONWriteError) {
    let foundation = options.foundationLayout
    try leafArray(
      values, room: 32, plain: { Self.isPlain($0, foundation: foundation) },
      put: ShortestDigits.writeNumber,
      elements: { writer, values throws(JSONWriteError) in try writer.doubleElements(values) })
  }

  /// Writes arrays of doubles as elements of the innermost open array, each as
  /// ``doubleArray(_:)`` writes it (GeoJSON's coordinate pairs, series of points).
  ///
  /// - Parameter arrays: The elements, each an array.
  /// - Throws: ``JSONWriteError`` as ``doubleArray(_:)`` throws, at the failing element.
  package mutating func doubleArrayElements(_ arrays: UnsafeBufferPointer<[Double]>)
    throws(JSONWriteError)
  {
    for array in arrays {
      try array.withUnsafeBufferPointer { values throws(JSONWriteError) in
        try doubleArray(values)
      }
    }
  }

  /// Writes an array of integers where a value is due: the output and errors of
  /// ``beginArray()``, ``integerElements(_:)`` and ``endArray()``, in one step in compact output
  /// (see `leafArray`).
  ///
  /// - Parameter values: The elements.
  /// - Throws: ``JSONWriteError`` as the three calls throw.
  package mutating func integerArray(_ values: UnsafeBufferPointer<Int>) throws(JSONWriteError) {
    try leafArray(
      values, room: 21, plain: { _ in true },
      put: Self.putInt,
      elements: { writer, values throws(JSONWriteError) in try writer.integerElements(values) })
  }

  /// Writes an array of numbers where a value is due. In compact output, an array of up to 64
  /// elements within the depth limit whose elements `plain` all accepts is written in one step,
  /// with no frame of its own: nothing can fail inside it, so no error or encoder can see it
  /// open (`put` writes one element at a pointer with `room` bytes and returns how many).
  /// Otherwise ``beginArray()``, `elements` (which writes long arrays in runs) and
  /// ``endArray()`` write it, so that the room reserved stays small.
  @inline(__always)
  private mutating func leafArray<Element>(
    _ values: UnsafeBufferPointer<Element>, room: Int, plain: (Element) -> Bool,
    put: (Element, UnsafeMutablePointer<UInt8>) -> Int,
    elements: (inout JSONWriter, UnsafeBufferPointer<Element>) throws(JSONWriteError) -> Void
  ) throws(JSONWriteError) {
    guard writesWhole(values, plain: plain) else {
      try beginArray()
      try elements(&self, values)
      try endArray()
      return
    }
    let lead = try beginValue()
    valuesBegun &+= values.count
    // The lead, the brackets, and each element in at most `room` bytes and its comma.
    append(reserving: lead.count &+ 2 &+ values.count &* (room &+ 1)) { output in
      let written = lead.write(to: output)
      return written &+ Self.putArray(values, to: output + written, put: put)
    }
  }

  /// Writes `values` at `output` as a whole array, brackets included, each element by `put`;
  /// returns how many bytes.
  @inline(__always)
  private static func putArray<Element>(
    _ values: UnsafeBufferPointer<Element>, to output: UnsafeMutablePointer<UInt8>,
    put: (Element, UnsafeMutablePointer<UInt8>) -> Int
  ) -> Int {
    output[0] = UInt8(ascii: "[")
    let written = 1 &+ putElements(values, values.indices, comma: false, to: output + 1, put: put)
    output[written] = UInt8(ascii: "]")
    return written &+ 1
  }

  /// Writes an `Int` element's digits at `output`; returns how many bytes.
  @inline(__always)
  private static func putInt(_ value: Int, to output: UnsafeMutablePointer<UInt8>) -> Int {
    putInteger(UInt64(value.magnitude), negative: value < 0, to: output)
  }

  /// Whether an array of numbers due here goes out in one step (see `leafArray`): compact
  /// output, at most 64 elements, within the depth limit, and every element one that `plain`
  /// accepts.
  @inline(__always)
  private func writesWhole<Element>(
    _ values: UnsafeBufferPointer<Element>, plain: (Element) -> Bool
  ) -> Bool {
    values.count <= 64 && !options.prettyPrinted && depth < options.maxDepth
      && values.allSatisfy(plain)
  }

  /// Writes each integer as an element of the innermost open array: the output and errors of
  /// ``integer(_:)-(Int64)`` for each in turn, with one check of the state and the room per
  /// run in compact output.
  ///
  /// - Parameter values: The elements.
  /// - Throws: ``JSONWriteError`` as ``integer(_:)-(Int64)`` throws.
  package mutating func integerElements(_ values: UnsafeBufferPointer<Int>)
    throws(JSONWriteError)
  {
    try elements(
      values, room: 21, plain: { _ in true },
      put: Self.putInt,
      one: { writer, value throws(JSONWriteError) in try writer.integer(Int64(value)) })
  }

  /// Writes elements of the innermost open array. In compact output, a run of up to 64
  /// elements that `plain` accepts is written in one step: `put` writes one at a pointer with
  /// `room` bytes and returns how many it wrote. Anything else goes through `one`, the
  /// element's own method, which checks the state, throws or writes the options' layout.
  @inline(__always)
  private mutating func elements<Element>(
    _ values: UnsafeBufferPointer<Element>, room: Int, plain: (Element) -> Bool,
    put: (Element, UnsafeMutablePointer<UInt8>) -> Int,
    one: (inout JSONWriter, Element) throws(JSONWriteError) -> Void
  ) throws(JSONWriteError) {
    let batched = depth > 0 && !top.isObject && !options.prettyPrinted
    var index = values.startIndex
    while index < values.endIndex {
      guard batched, plain(values[index]) else {
        try one(&self, values[index])
        index &+= 1
        continue
      }
      let start = index
      let limit = Swift.min(values.endIndex, start &+ 64)
      index &+= 1
      while index < limit, plain(values[index]) { index &+= 1 }
      let run = index &- start
      let first = top.count == 0
      top.count &+= run
      valuesBegun &+= run
      // Every element starts with `room` bytes left: each takes at most `room` and its comma.
      append(reserving: run &* (room &+ 1)) { output in
        Self.putElements(values, start..<(start &+ run), comma: !first, to: output, put: put)
      }
    }
  }

  /// Writes `values[range]` at `output` with a comma between each two (and before the first
  /// when `comma` is true), each by `put`, and returns how many bytes.
  @inline(__always)
  private static func putElements<Element>(
    _ values: UnsafeBufferPointer<Element>, _ range: Range<Int>, comma: Bool,
    to output: UnsafeMutablePointer<UInt8>, put: (Element, UnsafeMutablePointer<UInt8>) -> Int
  ) -> Int {
    var written = 0
    for position in range {
      if position != range.lowerBound || comma {
        output[written] = UInt8(ascii: ",")
        written &+= 1
      }
      written &+= put(values[position], output + written)
    }
    return written
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
    if frame.keyOrder == KeyOrder.keySet { keySets.removeLast() }
    depth &-= 1
    if depth > 0 { top = outer[depth &- 1] }
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

  /// The error of a container opened past the depth limit.
  @inline(never)
  private func depthFailure() -> JSONWriteError {
    failure(
      .depthLimitExceeded, "arrays and objects nested deeper than \(options.maxDepth) levels",
      pending: true)
  }

  /// An error at the current position, with the path rebuilt from the open containers.
  /// `pending` means the failing value was not begun yet: in an array, it is the next element.
  /// Never inlined: the hot paths that may throw it stay small.
  @inline(never)
  private func failure(_ kind: JSONWriteError.Kind, _ message: String, pending: Bool = false)
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
  private static func sameBytes(_ left: String, _ right: String) -> Bool {
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
