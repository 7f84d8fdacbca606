/// Reads strict JSON front to back for code that builds its values as it reads, with no
/// document in between: the fast path of `@JSONModel` decoding.
///
/// The reader accepts exactly what the strict reading options accept (RFC 8259), value by
/// value, and no more: anything else — invalid input, a leniency, an escaped key, a lone
/// surrogate, a number its caller cannot take exactly — makes a read return `nil` (or `false`,
/// or a negative position), and its caller gives up. A caller that gives up reads the input
/// again through a ``JSONDocument``, which accepts what the options allow and reports what is
/// wrong with its path, line and column; so the reader never has to explain a failure.
///
/// It is non-copyable and has no public initializer: it exists only inside
/// ``read(_:options:_:)``, whose bytes it borrows, and cannot be moved out of it.
@_documentation(visibility: private)
public struct _JSONOnePassReader: ~Copyable {
  /// The input, borrowed for the duration of ``read(_:options:_:)``.
  private let base: UnsafePointer<UInt8>
  private let end: Int
  /// The next byte to read.
  private var index = 0
  /// Containers open, against the options' ``JSONReadingOptions/maxDepth``.
  private var depth = 0
  private let maxDepth: Int

  /// A reader at the start of `bytes`, or nil when the options are ones the reader cannot
  /// follow alone (duplicate keys rejected anywhere) or the input is too large for them.
  ///
  /// Invariant: `bytes` stay alive and unchanged while the reader exists. The reader is made
  /// only in ``read(_:options:_:)``, whose caller lends it the bytes for the call, and cannot
  /// outlive that call: it is non-copyable and lent to `body` only `inout`.
  @usableFromInline
  init?(_ bytes: UnsafeBufferPointer<UInt8>, options: JSONReadingOptions) {
    // Rejecting repeated keys needs every object's keys, the ones no model reads too.
    guard options.duplicateKeys != .reject, let base = bytes.baseAddress,
      bytes.count < Int(clamping: UInt32.max), bytes.count <= options.maxSize ?? Int.max
    else { return nil }
    self.base = base
    self.end = bytes.count
    self.maxDepth = options.maxDepth
  }

  /// Reads `bytes` with `body` and returns the value it read when that value was the whole
  /// input (with whitespace around it); nil when `body` gave up, or when the options are ones
  /// the reader cannot follow alone (duplicate keys rejected anywhere).
  ///
  /// Inlinable, so that it is specialised for the value's type where it is called: the value
  /// is moved out as it is, without a copy and without the type's metadata.
  ///
  /// - Parameters:
  ///   - bytes: UTF-8 JSON text.
  ///   - options: The options the input would be read with through a document.
  ///   - body: Reads one value; nil to give up.
  /// - Returns: The value, or nil.
  @inlinable
  public static func read<Value>(
    _ bytes: UnsafeBufferPointer<UInt8>, options: JSONReadingOptions,
    _ body: (inout _JSONOnePassReader) -> Value?
  ) -> Value? {
    guard var reader = _JSONOnePassReader(bytes, options: options),
      let value = body(&reader), reader.isAtEnd()
    else { return nil }
    return value
  }

  /// Whether only whitespace is left.
  @usableFromInline
  mutating func isAtEnd() -> Bool {
    skipWhitespace()
    return index == end
  }

  // MARK: Tokens

  @inline(__always)
  private mutating func skipWhitespace() {
    if index < end {
      // Compact JSON has none.
      let byte = base[index]
      if byte > 0x20 { return }
      // Pretty-printed JSON has one space after each colon.
      if byte == UInt8(ascii: " "), end &- index > 1, base[index &+ 1] > 0x20 {
        index &+= 1
        return
      }
    }
    index = whitespaceEnd(base, end: end, from: index)
  }

  /// The next byte after whitespace, or 0 at the end (no JSON token starts with it).
  @inline(__always)
  private mutating func nextByte() -> UInt8 {
    skipWhitespace()
    return index < end ? base[index] : 0
  }

  /// Reads `word` (`true`, `false`, `null`) when it comes next.
  @inline(__always)
  private mutating func literal(_ word: StaticString) -> Bool {
    guard JSONGrammar.literal(word, base, end: end, at: index) else { return false }
    index &+= word.utf8CodeUnitCount
    return true
  }

  // MARK: Scalars

  /// Reads `null` when it comes next and returns true; false (reading nothing) otherwise.
  public mutating func null() -> Bool {
    nextByte() == UInt8(ascii: "n") && literal("null")
  }

  /// Reads `true` or `false`.
  public mutating func bool() -> Bool? {
    switch nextByte() {
    case UInt8(ascii: "t"): return literal("true") ? true : nil
    case UInt8(ascii: "f"): return literal("false") ? false : nil
    default: return nil
    }
  }

  /// Reads a string.
  public mutating func string() -> String? {
    guard nextByte() == UInt8(ascii: "\""), let (start, stop, escaped) = scanString() else {
      return nil
    }
    return validString(
      UnsafeBufferPointer(start: base + start, count: stop &- start), escaped: escaped)
  }

  /// Reads an integer written without a fraction or exponent that fits in `Int64`, in one
  /// pass over its digits.
  public mutating func int64() -> Int64? {
    skipWhitespace()
    var i = index
    let negative = i < end && base[i] == UInt8(ascii: "-")
    if negative { i &+= 1 }
    let first = i
    var magnitude: UInt64 = 0
    // Eight digits at a time while they last, then one by one. Nineteen digits cannot overflow
    // a `UInt64`.
    let text = UnsafeBufferPointer(start: base, count: end)
    while end &- i >= 8, i &- first <= 11, let eight = NumberConversion.eightDigits(text, at: i) {
      magnitude = magnitude &* 100_000_000 &+ eight
      i &+= 8
    }
    while i < end, i &- first < 19 {
      let digit = base[i] &- UInt8(ascii: "0")
      guard digit < 10 else { break }
      magnitude = magnitude &* 10 &+ UInt64(digit)
      i &+= 1
    }
    guard i > first, base[first] != UInt8(ascii: "0") || i &- first == 1 else { return nil }
    if i < end {
      // Another digit, a fraction or an exponent.
      let next = base[i]
      if isDigit(next) || next == UInt8(ascii: ".") || next | 0x20 == UInt8(ascii: "e") {
        return nil
      }
    }
    let limit = UInt64(Int64.max)
    guard magnitude <= (negative ? limit &+ 1 : limit) else { return nil }
    index = i
    return negative ? Int64(bitPattern: 0 &- magnitude) : Int64(magnitude)
  }

  /// Reads a number as the nearest `Double`, when it is within `Double`'s range and not too
  /// small to be told from zero.
  public mutating func double() -> Double? {
    guard let (start, stop, _) = scanNumber() else { return nil }
    let text = UnsafeBufferPointer(start: base + start, count: stop &- start)
    guard let value = NumberConversion.double(text, nonStandard: false) else { return nil }
    if value == 0 {
      // Only text whose digits before the exponent are all zeros is zero (`1e-400` is not).
      for byte in text {
        if byte | 0x20 == UInt8(ascii: "e") { break }
        if byte >= UInt8(ascii: "1"), byte <= UInt8(ascii: "9") { return nil }
      }
    }
    return value
  }

  /// Scans a number from the next byte: where its text starts and stops, and whether it has
  /// neither fraction nor exponent.
  private mutating func scanNumber() -> (start: Int, stop: Int, isInteger: Bool)? {
    skipWhitespace()
    let start = index
    let number = JSONGrammar.number(base, end: end, from: start)
    guard number.flaw == nil else { return nil }
    index = number.stop
    return (start, number.stop, number.isInteger)
  }

  @inline(__always)
  private func isDigit(_ byte: UInt8) -> Bool { JSONGrammar.isDigit(byte) }

  /// Scans the string whose opening quote is at `index`: where its text starts and stops, and
  /// whether it holds escapes. Nil for what strict JSON rejects or a document would flag: an
  /// unterminated string, a control byte, an invalid escape or UTF-8 sequence, a lone
  /// surrogate.
  private mutating func scanString() -> (start: Int, stop: Int, escaped: Bool)? {
    let quote = UInt8(ascii: "\"")
    let start = index &+ 1
    var i = start
    var escaped = false
    while true {
      i = plainStringRun(base, end: end, from: i, quote: quote)
      guard i < end else { return nil }
      let byte = base[i]
      if byte == quote { break }
      if byte == UInt8(ascii: "\\") {
        escaped = true
        guard let next = escapeEnd(at: i) else { return nil }
        i = next
      } else if byte < 0x20 {
        return nil
      } else {
        // Not ASCII (plain runs stop only at the bytes above).
        i = commonUTF8Run(base, end: end, from: i)
        if i < end, base[i] >= 0x80 {
          let (valid, consumed) = utf8Sequence(base, end: end, at: i)
          guard valid else { return nil }
          i &+= consumed
        }
      }
    }
    index = i &+ 1
    return (start, i, escaped)
  }

  /// The index after the escape whose backslash is at `offset`, or nil when it is not one of
  /// strict JSON's or is a lone surrogate.
  @inline(__always)
  private func escapeEnd(at offset: Int) -> Int? {
    guard case .end(let next) = JSONGrammar.escape(base, end: end, at: offset) else {
      return nil
    }
    return next
  }

  // MARK: Containers

  /// Where the reader is in an object or array: whether a member or element has been read.
  public struct Container {
    var started = false
    /// The position in the key table after the last key matched: the next key's, for objects
    /// whose keys come in the model's order.
    var next = 0
  }

  /// Opens the object that comes next.
  public mutating func beginObject() -> Container? {
    guard nextByte() == UInt8(ascii: "{"), depth < maxDepth else { return nil }
    index &+= 1
    depth &+= 1
    return Container()
  }

  /// Opens the array that comes next.
  public mutating func beginArray() -> Container? {
    guard nextByte() == UInt8(ascii: "["), depth < maxDepth else { return nil }
    index &+= 1
    depth &+= 1
    return Container()
  }

  /// Moves to the next element of an open array: true when there is one, false after the
  /// array's end, nil when the text is not JSON there.
  public mutating func nextElement(_ array: inout Container) -> Bool? {
    let byte = nextByte()
    if byte == UInt8(ascii: "]") {
      index &+= 1
      depth &-= 1
      return false
    }
    if array.started {
      guard byte == UInt8(ascii: ",") else { return nil }
      index &+= 1
    }
    array.started = true
    return true
  }

  /// Moves to the value of the next member of an open object whose key is in `table`, and
  /// returns the key's position there; members with other keys are read and skipped. -1 after
  /// the object's end; -2 when the text is not JSON there or a key has escapes.
  package mutating func member(in table: JSONKeyTable, _ object: inout Container) -> Int {
    while true {
      var byte = nextByte()
      if byte == UInt8(ascii: "}") {
        index &+= 1
        depth &-= 1
        return -1
      }
      if object.started {
        guard byte == UInt8(ascii: ",") else { return -2 }
        index &+= 1
        byte = nextByte()
      }
      object.started = true
      guard byte == UInt8(ascii: "\"") else { return -2 }
      var position = object.next
      let start = index &+ 1
      if position < table.count,
        let length = table.quotedMatch(position, at: base + start, available: end &- start)
      {
        // Keys in the model's order match at the first try, without a scan of their own.
        index = start &+ length &+ 1
      } else {
        guard let (start, stop, escaped) = scanString(), !escaped else { return -2 }
        position = table.find(UnsafeBufferPointer(start: base + start, count: stop &- start))
      }
      guard nextByte() == UInt8(ascii: ":") else { return -2 }
      index &+= 1
      if position >= 0 {
        object.next = position &+ 1
        return position
      }
      guard skipValue() else { return -2 }
    }
  }

  /// Reads the next value whatever it is, checking it as a document would, and keeps nothing.
  ///
  /// Iterative, with one bit per open container: values nested more than 64 deep give up
  /// rather than use more stack.
  @inline(never)
  public mutating func skipValue() -> Bool {
    // Bit k set: the container at level k + 1 is an object.
    var objects: UInt64 = 0
    var level = 0
    while true {
      // At a value.
      let byte = nextByte()
      switch byte {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        guard level < 64, depth < maxDepth else { return false }
        let isObject = byte == UInt8(ascii: "{")
        index &+= 1
        depth &+= 1
        if isObject { objects |= 1 << UInt64(level) } else { objects &= ~(1 << UInt64(level)) }
        level &+= 1
        if nextByte() == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
          index &+= 1
          depth &-= 1
          level &-= 1
        } else {
          if isObject, !skipKey() { return false }
          continue
        }
      case UInt8(ascii: "\""):
        guard scanString() != nil else { return false }
      case UInt8(ascii: "t"):
        guard literal("true") else { return false }
      case UInt8(ascii: "f"):
        guard literal("false") else { return false }
      case UInt8(ascii: "n"):
        guard literal("null") else { return false }
      default:
        guard scanNumber() != nil else { return false }
      }
      // After a value: close what ends here, then move to the next value.
      while true {
        if level == 0 { return true }
        let isObject = objects >> UInt64(level &- 1) & 1 == 1
        let byte = nextByte()
        if byte == UInt8(ascii: ",") {
          index &+= 1
          if isObject, !skipKey() { return false }
          break
        }
        guard byte == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else { return false }
        index &+= 1
        depth &-= 1
        level &-= 1
      }
    }
  }

  /// Reads a key and its colon.
  private mutating func skipKey() -> Bool {
    guard nextByte() == UInt8(ascii: "\""), scanString() != nil,
      nextByte() == UInt8(ascii: ":")
    else { return false }
    index &+= 1
    return true
  }
}
