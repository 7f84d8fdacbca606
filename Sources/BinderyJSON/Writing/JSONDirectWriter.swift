/// Writes compact JSON for code that knows the shape it writes: the fast path of `@JSONModel`
/// exports.
///
/// ``JSONWriter`` checks that every call comes in a valid order, tracks each container's keys
/// for error paths, and formats as its options say. Generated code needs none of that: a model
/// writes its members in a fixed order, each key checked at compile time. This writer trusts
/// its caller instead. A member's key comes pre-encoded with its separator and colon (the bytes
/// `,"key":`), and values go straight into the output with one room check each.
///
/// It writes the compact layout with the default escaping only (``supports(_:)``), and it never
/// fails with an error: what it cannot write — a non-finite number, nesting past the limit —
/// makes a write return `false`, and its caller gives up. A caller that gives up writes the value
/// again with ``JSONWriter``, which applies every option and names what is wrong with its path.
///
/// It is non-copyable and has no public initializer: it exists only inside
/// ``write(capacity:maxDepth:omitsNulls:_:)``, whose output it borrows, and cannot be moved out
/// of it. Calls in the wrong order write invalid JSON, but never touch memory outside the
/// output.
@_documentation(visibility: private)
public struct _JSONDirectWriter: ~Copyable {
  /// The output's start: the buffer of the array ``write(capacity:maxDepth:omitsNulls:_:)``
  /// returns, or ``spill`` once that is outgrown. The first ``length`` bytes are written.
  @usableFromInline var base: UnsafeMutablePointer<UInt8>
  @usableFromInline var capacity: Int
  @usableFromInline var length = 0
  /// The output when it outgrew the array: allocated here, freed when the writer ends.
  private var spill: UnsafeMutablePointer<UInt8>?
  /// Whether the next member or element needs a comma before it: true after a value, false
  /// after an opening bracket.
  @usableFromInline var needsComma = false
  /// Containers open, against the options' ``JSONWritingOptions/maxDepth``.
  @usableFromInline var depth = 0
  @usableFromInline let maxDepth: Int
  /// Whether members whose value is `nil` are left out (the export's null policy; a property
  /// may say otherwise).
  public let omitsNulls: Bool

  private init(base: UnsafeMutablePointer<UInt8>, capacity: Int, maxDepth: Int, omitsNulls: Bool) {
    self.base = base
    self.capacity = capacity
    self.maxDepth = maxDepth
    self.omitsNulls = omitsNulls
  }

  deinit { spill?.deallocate() }

  /// Whether the writer writes what ``JSONWriter`` writes with `options`: the compact layout
  /// (not Foundation's, whose numbers differ), unsorted keys, slashes and non-ASCII text as
  /// they are.
  ///
  /// - Parameter options: The options of the export.
  /// - Returns: The answer.
  package static func supports(_ options: JSONWritingOptions) -> Bool {
    !options.prettyPrinted && !options.foundationLayout && !options.sortsKeys
      && !options.escapesSlashes && !options.asciiOnly
  }

  /// Writes one value with `body` and returns the output; nil when `body` gave up or left a
  /// container open.
  ///
  /// Not generic, so that a call costs no type metadata.
  ///
  /// - Parameters:
  ///   - capacity: The bytes to make room for at once (the size expected).
  ///   - maxDepth: How deep containers may nest.
  ///   - omitsNulls: Whether members whose value is `nil` are left out.
  ///   - body: Writes one value and returns whether it did.
  /// - Returns: UTF-8 JSON, or nil.
  package static func write(
    capacity: Int, maxDepth: Int, omitsNulls: Bool, _ body: (inout _JSONDirectWriter) -> Bool
  ) -> [UInt8]? {
    var storage = JSONWriter.room(Swift.max(64, capacity))
    var spilled: [UInt8]?
    var written = -1
    storage.withUnsafeMutableBufferPointer { buffer in
      // The pointer is used only inside this closure: the writer cannot leave it.
      var writer = _JSONDirectWriter(
        base: buffer.baseAddress.unsafelyUnwrapped, capacity: buffer.count, maxDepth: maxDepth,
        omitsNulls: omitsNulls)
      guard body(&writer), writer.depth == 0 else { return }
      if let spill = writer.spill {
        spilled = Array(UnsafeBufferPointer(start: spill, count: writer.length))
      } else {
        written = writer.length
      }
    }
    if let spilled { return spilled }
    guard written >= 0 else { return nil }
    if JSONWriter.hasFarMoreRoom(storage.count, than: written) {
      // Room made for far more than was written: the output gets an array of its own size.
      return Array(storage[..<written])
    }
    storage.removeLast(storage.count &- written)
    return storage
  }

  // MARK: Room

  /// The output's end, with at least `needed` bytes of room after it.
  @inlinable @inline(__always)
  mutating func room(_ needed: Int) -> UnsafeMutablePointer<UInt8> {
    if capacity &- length < needed { grow(needed) }
    return base + length
  }

  /// Moves the output to a larger buffer of the writer's own, at least twice the size.
  @usableFromInline @inline(never)
  mutating func grow(_ needed: Int) {
    // Checked arithmetic: on a 32-bit platform a doubled size can pass `Int.max`.
    let target = Swift.max(capacity < Int.max / 2 ? capacity * 2 : Int.max, length + needed)
    let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: target)
    grown.initialize(from: base, count: length)
    spill?.deallocate()
    spill = grown
    base = grown
    capacity = target
  }

  // MARK: Structure

  /// Writes `{`; false when it would nest deeper than the limit.
  @inlinable
  public mutating func beginObject() -> Bool {
    open(UInt8(ascii: "{"))
  }

  /// Writes `}`.
  @inlinable
  public mutating func endObject() {
    close(UInt8(ascii: "}"))
  }

  /// Writes `[`; false when it would nest deeper than the limit.
  @inlinable
  public mutating func beginArray() -> Bool {
    open(UInt8(ascii: "["))
  }

  /// Writes `]`.
  @inlinable
  public mutating func endArray() {
    close(UInt8(ascii: "]"))
  }

  @inlinable @inline(__always)
  mutating func open(_ bracket: UInt8) -> Bool {
    guard depth < maxDepth else { return false }
    depth &+= 1
    room(1).pointee = bracket
    length &+= 1
    needsComma = false
    return true
  }

  @inlinable @inline(__always)
  mutating func close(_ bracket: UInt8) {
    depth &-= 1
    room(1).pointee = bracket
    length &+= 1
    needsComma = true
  }

  /// Writes a member's key: `fragment` is the bytes `,"key":`, the key printable ASCII other
  /// than `"`, `\\` and `/` (a macro checks it). Call it after ``beginObject()`` or after a
  /// member's value; the first member's comma lands on the `{` before it, which is written
  /// again.
  ///
  /// Inlinable, so that where the fragment is a literal its length is known and the copy is
  /// a few loads and stores with no loop or branch.
  ///
  /// - Parameter fragment: The comma, the quoted key and the colon.
  @inlinable @inline(__always)
  public mutating func key(_ fragment: StaticString) {
    let count = fragment.utf8CodeUnitCount
    guard count >= 4 else { return shortKey(fragment) }
    let output = room(count)
    // Back over the `{` for the first member (never before the output's start).
    let back = needsComma || length == 0 ? 0 : 1
    let source = UnsafeRawPointer(fragment.utf8Start)
    let target = UnsafeMutableRawPointer(output - back)
    // Overlapping words, or two overlapping halves below eight bytes.
    if count >= 8 {
      var offset = 0
      while count &- offset > 8 {
        target.storeBytes(
          of: source.loadUnaligned(fromByteOffset: offset, as: UInt64.self),
          toByteOffset: offset, as: UInt64.self)
        offset &+= 8
      }
      target.storeBytes(
        of: source.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self),
        toByteOffset: count &- 8, as: UInt64.self)
    } else {
      target.storeBytes(of: source.loadUnaligned(as: UInt32.self), as: UInt32.self)
      target.storeBytes(
        of: source.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self),
        toByteOffset: count &- 4, as: UInt32.self)
    }
    if back != 0 { target.storeBytes(of: UInt8(ascii: "{"), as: UInt8.self) }
    length &+= count &- back
  }

  /// ``key(_:)`` for a fragment of fewer than four bytes (never one from a macro).
  @usableFromInline
  mutating func shortKey(_ fragment: StaticString) {
    let skip = needsComma ? 0 : 1
    let count = Swift.max(0, fragment.utf8CodeUnitCount &- skip)
    let output = room(count)
    for offset in 0..<count { output[offset] = fragment.utf8Start[skip &+ offset] }
    length &+= count
  }

  /// Writes a member's key given as text, escaped as a string is, with the comma before it
  /// unless it is the first member, and the colon after it.
  ///
  /// - Parameter key: The key.
  public mutating func key(_ key: String) {
    element()
    string(key)
    room(1).pointee = UInt8(ascii: ":")
    length &+= 1
  }

  /// Writes the comma before an array's element, unless it is the first.
  @inlinable
  public mutating func element() {
    guard needsComma else { return }
    room(1).pointee = UInt8(ascii: ",")
    length &+= 1
  }

  // MARK: Scalars

  /// Writes `null`.
  public mutating func null() {
    put(0x6C6C_756E, count: 4)
  }

  /// Writes `true` or `false`.
  public mutating func bool(_ value: Bool) {
    value ? put(0x6575_7274, count: 4) : put(0x65_736C_6166, count: 5)
  }

  /// Writes up to 8 bytes given as a little-endian word.
  @inline(__always)
  private mutating func put(_ word: UInt64, count: Int) {
    UnsafeMutableRawPointer(room(8)).storeBytes(of: word.littleEndian, as: UInt64.self)
    length &+= count
    needsComma = true
  }

  /// Writes a signed integer.
  public mutating func integer(_ value: Int64) {
    length &+= JSONWriter.putInteger(value.magnitude, negative: value < 0, to: room(24))
    needsComma = true
  }

  /// Writes an unsigned integer.
  public mutating func integer(_ value: UInt64) {
    length &+= JSONWriter.putInteger(value, negative: false, to: room(24))
    needsComma = true
  }

  /// Writes a `Double` as ``JSONWriter/double(_:)`` does; false for infinities and NaN, whose
  /// writing the options decide.
  public mutating func double(_ value: Double) -> Bool {
    guard value.isFinite else { return false }
    length &+= ShortestDigits.writeNumber(value, to: room(32))
    needsComma = true
    return true
  }

  /// Writes an array of doubles as ``beginArray()``, ``element()`` and ``double(_:)`` for each,
  /// and ``endArray()`` would, in one call; false at the first infinity or NaN, or when the
  /// array would nest deeper than the limit.
  public mutating func doubleArray(_ values: [Double]) -> Bool {
    guard beginArray() else { return false }
    let finished = values.withUnsafeBufferPointer { values in
      for index in values.indices {
        let value = values[index]
        guard value.isFinite else { return false }
        let output = room(33)
        // A comma before each element but the first, then the number.
        let comma = index == 0 ? 0 : 1
        output.pointee = UInt8(ascii: ",")
        length &+= comma &+ ShortestDigits.writeNumber(value, to: output + comma)
      }
      return true
    }
    guard finished else { return false }
    endArray()
    return true
  }

  /// Writes a string, quoted and escaped as ``JSONWriter/string(_:)`` does with the default
  /// options.
  public mutating func string(_ value: String) {
    // Non-mutating access to the bytes: `withUTF8` would need a mutable copy of the string.
    let done: Void? = value.utf8.withContiguousStorageIfAvailable { quoted($0) }
    if done == nil {
      var contiguous = value
      contiguous.makeContiguousUTF8()
      contiguous.withUTF8 { quoted($0) }
    }
    needsComma = true
  }

  /// Writes UTF-8 text as a quoted JSON string.
  private mutating func quoted(_ text: UnsafeBufferPointer<UInt8>) {
    let count = text.count
    guard let input = text.baseAddress, count > 0 else {
      put(0x2222, count: 2)
      return
    }
    if count <= 16,
      let (low, high) = JSONWriter.shortPlain(
        input, count: count, escapesSlashes: false, asciiOnly: false)
    {
      // Most strings: one or two words, tested together and stored whole.
      let output = room(24)
      output.pointee = UInt8(ascii: "\"")
      let raw = UnsafeMutableRawPointer(output + 1)
      raw.storeBytes(of: low.littleEndian, as: UInt64.self)
      raw.storeBytes(of: high.littleEndian, toByteOffset: 8, as: UInt64.self)
      output[count &+ 1] = UInt8(ascii: "\"")
      length &+= count &+ 2
      return
    }
    // Room for the quotes and the text unescaped, plus the slack `copyEscaping` works within;
    // escapes that outgrow it continue with twice the rest.
    room(count &+ 42).pointee = UInt8(ascii: "\"")
    length &+= 1
    var read = 0
    while true {
      let step = JSONWriter.copyEscaping(
        input, count: count, from: read, to: base + length, room: capacity &- length,
        escapesSlashes: false, asciiOnly: false)
      read = step.read
      length &+= step.written
      if read == count { break }
      _ = room(2 &* (count &- read) &+ 40)
    }
    // `copyEscaping` leaves at least 4 bytes of room.
    base[length] = UInt8(ascii: "\"")
    length &+= 1
  }
}
