/// Reads JSON bytes in one pass and builds the tape of a ``JSONDocument``.
///
/// The scanner is iterative — an explicit stack of open containers — so nesting depth is
/// bounded by ``JSONReadingOptions/maxDepth`` and never by the thread's stack. Every leniency
/// is checked only on the slow path, where strict JSON would already have failed.
struct JSONScanner {
  private let base: UnsafePointer<UInt8>
  private let bytes: UnsafeBufferPointer<UInt8>
  private let options: JSONReadingOptions
  private let json5: Bool
  private var index = 0
  private var end: Int
  private var tape: TapeBuilder

  private struct Frame {
    var entry: Int
    var count: UInt32
    var isObject: Bool
  }

  /// The open containers, innermost last: counting an element is a plain store (an array
  /// checked its uniqueness on every count). It starts in room on the stack, so that no
  /// allocation is made for documents nested at most `stackFrames` deep, and moves to the heap
  /// beyond; ``deallocate()`` frees what it allocated when the scan ends.
  ///
  /// Invariant: the stack room outlives the stack (both live in one call of `scanDocument`).
  private struct FrameStack {
    private var base: UnsafeMutablePointer<Frame>
    private var capacity: Int
    private var ownsBase = false
    private(set) var count = 0

    /// A stack that starts in `room`: memory the caller keeps for the stack's lifetime, of
    /// ``JSONScanner/stackFrames`` frames.
    init(room: UnsafeMutableBufferPointer<Frame>) {
      guard let start = room.baseAddress, room.count > 0 else {
        preconditionFailure("a frame stack starts with room for at least one frame")
      }
      base = start
      capacity = room.count
    }

    /// The innermost open container, or nil.
    var last: Frame? { count > 0 ? base[count &- 1] : nil }

    @inline(__always)
    mutating func append(_ frame: Frame) {
      if count == capacity { grow() }
      (base + count).initialize(to: frame)
      count &+= 1
    }

    /// Doubles the room, on the heap: past 32 open containers.
    @inline(never)
    private mutating func grow() {
      let larger = UnsafeMutablePointer<Frame>.allocate(capacity: capacity * 2)
      larger.moveInitialize(from: base, count: count)
      if ownsBase { base.deallocate() }
      base = larger
      ownsBase = true
      capacity *= 2
    }

    /// Removes the innermost container; only called with one open.
    mutating func removeLast() -> Frame {
      precondition(count > 0)
      count &-= 1
      return (base + count).move()
    }

    /// The innermost container's element count; only used with one open.
    var innermostCount: UInt32 {
      get { base[count &- 1].count }
      nonmutating set { base[count &- 1].count = newValue }
    }

    func deallocate() { if ownsBase { base.deallocate() } }
  }

  /// Containers open at once before the frame stack moves to the heap.
  private static let stackFrames = 32

  init(
    bytes: UnsafeBufferPointer<UInt8>, base: UnsafePointer<UInt8>, options: JSONReadingOptions,
    tapeCapacity: Int? = nil
  ) {
    self.bytes = bytes
    self.base = base
    self.options = options
    self.json5 = options.allowsJSON5
    self.end = bytes.count
    self.tape = TapeBuilder(capacity: tapeCapacity ?? min(bytes.count / 8 + 16, 1 << 20))
  }

  /// The first byte of the top-level value: what comes after the byte order mark, prefixes,
  /// whitespace and comments the options allow before it; nil when there is none, or when
  /// what comes before it is not what the options accept.
  static func firstValueByte(of bytes: UnsafeBufferPointer<UInt8>, options: JSONReadingOptions)
    -> UInt8?
  {
    guard let base = bytes.baseAddress else { return nil }
    var scanner = JSONScanner(bytes: bytes, base: base, options: options, tapeCapacity: 1)
    defer { scanner.tape.deallocate() }
    do {
      try scanner.skipPrefixes()
      try scanner.skipWhitespace()
    } catch {
      return nil
    }
    return scanner.index < scanner.end ? base[scanner.index] : nil
  }

  // MARK: - Errors

  private func error(_ kind: JSONReadError.Kind, _ message: String, at offset: Int)
    -> JSONReadError
  {
    JSONReadError(kind, message, at: offset, in: bytes)
  }

  private func unexpected(_ expectation: String, at offset: Int) -> JSONReadError {
    if offset >= end {
      return error(.unexpectedEndOfInput, "\(expectation), found end of input", at: offset)
    }
    return error(
      .unexpectedCharacter, "\(expectation), found \(describeFound(at: offset, in: bytes))",
      at: offset)
  }

  // MARK: - Driver

  /// Scans the whole input and returns the tape, which the caller then owns and frees.
  mutating func scan() throws(JSONReadError) -> UnsafeBufferPointer<TapeEntry> {
    do {
      try scanDocument()
    } catch {
      tape.deallocate()
      throw error
    }
    return UnsafeBufferPointer(start: tape.base, count: tape.count)
  }

  private mutating func scanDocument() throws(JSONReadError) {
    if let maxSize = options.maxSize, bytes.count > maxSize {
      throw error(
        .sizeLimitExceeded, "input of \(bytes.count) bytes exceeds the limit of \(maxSize) bytes",
        at: 0)
    }
    guard bytes.count < Int(clamping: UInt32.max) else {
      throw error(.sizeLimitExceeded, "input larger than 4 GiB is not supported", at: 0)
    }
    try skipPrefixes()
    try withUnsafeTemporaryAllocation(of: Frame.self, capacity: Self.stackFrames) {
      (room) throws(JSONReadError) in
      var frames = FrameStack(room: room)
      defer { frames.deallocate() }
      try scanValues(&frames)
    }
  }

  /// Scans the top-level value and what follows it, with `frames` as the container stack.
  private mutating func scanValues(_ frames: inout FrameStack) throws(JSONReadError) {
    try skipWhitespace()
    guard index < end else {
      throw error(.unexpectedEndOfInput, "expected a JSON value, found end of input", at: index)
    }
    valueLoop: while true {
      // At the first byte of a value.
      guard index < end else { throw unexpected("expected a value", at: index) }
      let byte = base[index]
      switch byte {
      case UInt8(ascii: "\""):
        try scanString(quote: byte)
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        let isObject = byte == UInt8(ascii: "{")
        guard frames.count < options.maxDepth else {
          throw error(
            .depthLimitExceeded,
            "arrays and objects nested deeper than \(options.maxDepth) levels", at: index)
        }
        tape.append(
          TapeEntry(
            offset: UInt32(truncatingIfNeeded: index), payload: 0,
            info: (isObject ? TapeKind.object : TapeKind.array).rawValue))
        frames.append(Frame(entry: tape.count - 1, count: 0, isObject: isObject))
        index += 1
        try skipWhitespace()
        let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        if index < end, base[index] == close {
          index += 1
          try closeContainer(frames.removeLast())
        } else {
          frames.innermostCount = 1
          if isObject {
            try scanMember(afterComma: false)
          }
          continue valueLoop
        }
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        if json5 { try scanJSON5Number() } else { try scanNumber() }
      case UInt8(ascii: "t"):
        try scanLiteral("true", kind: .true)
      case UInt8(ascii: "f"):
        try scanLiteral("false", kind: .false)
      case UInt8(ascii: "n"):
        try scanLiteral("null", kind: .null)
      default:
        if json5 {
          if byte == UInt8(ascii: "'") {
            try scanString(quote: byte)
            break
          }
          if byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "I")
            || byte == UInt8(ascii: "N")
          {
            try scanJSON5Number()
            break
          }
        }
        throw unexpected("expected a value", at: index)
      }

      // After a complete value: close containers until one expects another element.
      while let frame = frames.last {
        try skipWhitespace()
        guard index < end else {
          throw unexpected(
            frame.isObject
              ? "expected ',' or '}' after object member"
              : "expected ',' or ']' after array element",
            at: index)
        }
        let byte = base[index]
        if byte == UInt8(ascii: ",") {
          index += 1
          try skipWhitespace()
          let close = frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
          if index < end, base[index] == close {
            guard json5 || options.allowsTrailingCommas else {
              throw error(
                .unexpectedCharacter,
                "expected \(frame.isObject ? "a key" : "a value") after ',', found '\(Character(Unicode.Scalar(close)))' (trailing commas are not allowed)",
                at: index)
            }
            index += 1
            try closeContainer(frames.removeLast())
            continue
          }
          guard frames.innermostCount < TapeEntry.maxCount else {
            throw error(.sizeLimitExceeded, "more than \(TapeEntry.maxCount) elements", at: index)
          }
          frames.innermostCount += 1
          if frame.isObject {
            try scanMember(afterComma: true)
          }
          continue valueLoop
        }
        if frame.isObject ? byte == UInt8(ascii: "}") : byte == UInt8(ascii: "]") {
          index += 1
          try closeContainer(frames.removeLast())
          continue
        }
        throw unexpected(
          frame.isObject
            ? "expected ',' or '}' after object member" : "expected ',' or ']' after array element",
          at: index)
      }
      break valueLoop
    }

    try skipWhitespace()
    if index < end {
      throw error(
        .trailingContent,
        "unexpected content after the top-level value: \(describeFound(at: index, in: bytes))",
        at: index)
    }
  }

  private mutating func closeContainer(_ frame: Frame) throws(JSONReadError) {
    tape[frame.entry].payload = UInt32(truncatingIfNeeded: tape.count)
    tape[frame.entry].info |= frame.count << 3
    if frame.isObject, options.duplicateKeys == .reject, frame.count > 1 {
      try rejectDuplicateKeys(in: frame.entry)
    }
  }

  /// Scans `key :` and leaves the index at the member's value.
  private mutating func scanMember(afterComma: Bool) throws(JSONReadError) {
    guard index < end else {
      throw unexpected(afterComma ? "expected a key after ','" : "expected a key or '}'", at: index)
    }
    let byte = base[index]
    if byte == UInt8(ascii: "\"") {
      try scanString(quote: byte)
    } else if json5, byte == UInt8(ascii: "'") {
      try scanString(quote: byte)
    } else if json5, isIdentifierStart(byte) || byte == UInt8(ascii: "\\") {
      try scanIdentifierKey()
    } else {
      throw unexpected(
        afterComma
          ? "expected a string key after ','" : "expected a string key or '}' after '{'",
        at: index)
    }
    try skipWhitespace()
    guard index < end, base[index] == UInt8(ascii: ":") else {
      throw unexpected("expected ':' after object key", at: index)
    }
    index += 1
    try skipWhitespace()
  }

  // MARK: - Whitespace and prefixes

  @inline(__always)
  private mutating func skipWhitespace() throws(JSONReadError) {
    var i = index
    while i < end {
      let byte = base[i]
      if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
        || byte == UInt8(ascii: "\t")
      {
        i &+= 1
        // Indentation: the spaces that follow, up to eight at a time.
        while i &+ 8 <= end {
          let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
          let other = word ^ ByteWord.repeated(UInt8(ascii: " "))
          if other != 0 {
            i &+= other.trailingZeroBitCount &>> 3
            break
          }
          i &+= 8
        }
        continue
      }
      index = i
      if json5, try skipJSON5Trivia() {
        i = index
        continue
      }
      return
    }
    index = i
  }

  /// Skips one JSON5 comment or non-JSON whitespace character; returns false if there is none.
  private mutating func skipJSON5Trivia() throws(JSONReadError) -> Bool {
    let byte = base[index]
    if byte == UInt8(ascii: "/"), index + 1 < end {
      if base[index + 1] == UInt8(ascii: "/") {
        index += 2
        while index < end, base[index] != UInt8(ascii: "\n"), base[index] != UInt8(ascii: "\r") {
          index += 1
        }
        return true
      }
      if base[index + 1] == UInt8(ascii: "*") {
        let start = index
        index += 2
        while index + 1 < end {
          if base[index] == UInt8(ascii: "*"), base[index + 1] == UInt8(ascii: "/") {
            index += 2
            return true
          }
          index += 1
        }
        index = end
        throw error(
          .unexpectedEndOfInput, "unterminated block comment, found end of input", at: start)
      }
      return false
    }
    if byte == 0x0B || byte == 0x0C {
      index += 1
      return true
    }
    let width = json5WhitespaceWidth(at: index)
    index += width
    return width > 0
  }

  /// The byte width of a non-ASCII JSON5 whitespace scalar at `offset`, or 0.
  private func json5WhitespaceWidth(at offset: Int) -> Int {
    let byte = base[offset]
    if byte == 0xC2, offset + 1 < end, base[offset + 1] == 0xA0 { return 2 }  // U+00A0
    if byte == 0xEF, offset + 2 < end, base[offset + 1] == 0xBB, base[offset + 2] == 0xBF {
      return 3  // U+FEFF
    }
    if byte == 0xE2, offset + 2 < end {
      let b1 = base[offset + 1]
      let b2 = base[offset + 2]
      if b1 == 0x80, (0x80...0x8A).contains(b2) || b2 == 0xA8 || b2 == 0xA9 || b2 == 0xAF {
        return 3  // U+2000...U+200A, U+2028, U+2029, U+202F
      }
      if b1 == 0x81, b2 == 0x9F { return 3 }  // U+205F
    }
    if byte == 0xE3, offset + 2 < end, base[offset + 1] == 0x80, base[offset + 2] == 0x80 {
      return 3  // U+3000
    }
    if byte == 0xE1, offset + 2 < end, base[offset + 1] == 0x9A, base[offset + 2] == 0x80 {
      return 3  // U+1680
    }
    return 0
  }

  private mutating func skipPrefixes() throws(JSONReadError) {
    if end >= 3, base[0] == 0xEF, base[1] == 0xBB, base[2] == 0xBF {
      guard options.allowsByteOrderMark || json5 else {
        throw error(
          .unexpectedCharacter,
          "expected a JSON value, found a UTF-8 byte order mark (enable allowsByteOrderMark to skip it)",
          at: 0)
      }
      index = 3
    }
    if options.allowsAntiXSSIPrefix {
      try skipWhitespace()
      let prefix: [UInt8] = [0x29, 0x5D, 0x7D, 0x27]  // )]}'
      if end - index >= 4, (0..<4).allSatisfy({ base[index + $0] == prefix[$0] }) {
        index += 4
        if index < end, base[index] == UInt8(ascii: ",") { index += 1 }
      }
    }
    if options.allowsJSONP {
      try skipWhitespace()
      guard index < end, isIdentifierStart(base[index]) else { return }
      var cursor = index + 1
      while cursor < end,
        isIdentifierPart(base[cursor]) || base[cursor] == UInt8(ascii: ".")
      {
        cursor += 1
      }
      // `true`, `false` and `null` are values, not callbacks.
      let name = String(
        decoding: UnsafeBufferPointer(rebasing: bytes[index..<cursor]), as: UTF8.self)
      if name == "true" || name == "false" || name == "null" { return }
      index = cursor
      try skipWhitespace()
      guard index < end, base[index] == UInt8(ascii: "(") else {
        throw unexpected("expected '(' after the JSONP callback name", at: index)
      }
      index += 1
      var close = end - 1
      while close >= index, isJSONWhitespace(base[close]) { close -= 1 }
      if close >= index, base[close] == UInt8(ascii: ";") { close -= 1 }
      while close >= index, isJSONWhitespace(base[close]) { close -= 1 }
      guard close >= index, base[close] == UInt8(ascii: ")") else {
        throw unexpected("expected ')' to close the JSONP wrapper", at: max(close, index))
      }
      end = close
    }
  }

  // MARK: - Literals

  private mutating func scanLiteral(_ word: StaticString, kind: TapeKind) throws(JSONReadError) {
    let count = word.utf8CodeUnitCount
    let text = word.utf8Start
    if JSONGrammar.literal(word, base, end: end, at: index) {
      tape.append(
        TapeEntry(
          offset: UInt32(truncatingIfNeeded: index), payload: UInt32(count), info: kind.rawValue))
      index &+= count
      return
    }
    // Not the word: say where it differs.
    for i in 0..<count {
      guard index + i < end else {
        throw error(
          .unexpectedEndOfInput, "expected '\(word)', found end of input", at: index + i)
      }
      guard base[index + i] == text[i] else {
        throw error(
          .unexpectedCharacter,
          "expected a value, found \(describeFound(at: index, in: bytes))", at: index)
      }
    }
    tape.append(
      TapeEntry(
        offset: UInt32(truncatingIfNeeded: index), payload: UInt32(count), info: kind.rawValue))
    index += count
  }

  // MARK: - Numbers

  @inline(__always)
  private func isDigit(_ byte: UInt8) -> Bool { JSONGrammar.isDigit(byte) }

  private mutating func scanNumber() throws(JSONReadError) {
    let start = index
    let number = JSONGrammar.number(base, end: end, from: start)
    if let flaw = number.flaw { throw numberError(flaw, start: start, at: number.stop) }
    let i = number.stop
    guard i - start < Int(clamping: UInt32.max) else {
      throw error(.sizeLimitExceeded, "number text too long", at: start)
    }
    tape.append(
      TapeEntry(
        offset: UInt32(truncatingIfNeeded: start), payload: UInt32(truncatingIfNeeded: i - start),
        info: TapeKind.number.rawValue | (number.isInteger ? 0 : TapeEntry.flagA)))
    index = i
  }

  /// The error for a number that broke a rule of the grammar at `offset`.
  @inline(never)
  private func numberError(_ flaw: JSONGrammar.NumberFlaw, start: Int, at offset: Int)
    -> JSONReadError
  {
    let kind: JSONReadError.Kind = offset < end ? .invalidNumber : .unexpectedEndOfInput
    let found = describeFound(at: offset, in: bytes)
    switch flaw {
    case .leadingZero:
      return error(.invalidNumber, "leading zeros are not allowed in numbers", at: start)
    case .noDigit: return error(kind, "expected a digit after '-', found \(found)", at: offset)
    case .noFractionDigit:
      return error(kind, "expected a digit after '.', found \(found)", at: offset)
    case .noExponentDigit:
      return error(kind, "expected a digit in the exponent, found \(found)", at: offset)
    }
  }

  /// The index of the first byte at or after `start` that is not an ASCII digit (or `end`).
  @inline(__always)
  private func skipDigits(from start: Int) -> Int { digitRunEnd(base, end: end, from: start) }

  /// Scans `[+-]digits` after the `e` or `E` at `marker` of a JSON5 number; returns the index
  /// after the digits.
  private func scanExponent(after marker: Int) throws(JSONReadError) -> Int {
    var i = marker + 1
    if i < end, base[i] == UInt8(ascii: "+") || base[i] == UInt8(ascii: "-") { i += 1 }
    guard i < end, isDigit(base[i]) else {
      throw numberError(.noExponentDigit, start: marker, at: i)
    }
    return skipDigits(from: i + 1)
  }

  /// JSON5's numbers: everything strict JSON accepts, plus `+`, `.5`, `5.`, hex, `Infinity`
  /// and `NaN`. Such numbers are flagged so readers convert them on a slow path.
  private mutating func scanJSON5Number() throws(JSONReadError) {
    let start = index
    var i = index
    var flags: UInt32 = 0
    if base[i] == UInt8(ascii: "+") || base[i] == UInt8(ascii: "-") {
      if base[i] == UInt8(ascii: "+") { flags |= TapeEntry.flagB }
      i += 1
    }
    func matches(_ word: String, at offset: Int) -> Bool {
      var j = offset
      for byte in word.utf8 {
        guard j < end, base[j] == byte else { return false }
        j += 1
      }
      return true
    }
    if matches("Infinity", at: i) {
      i += 8
      flags |= TapeEntry.flagA | TapeEntry.flagB
    } else if matches("NaN", at: i) {
      i += 3
      flags |= TapeEntry.flagA | TapeEntry.flagB
    } else if i + 1 < end, base[i] == UInt8(ascii: "0"), base[i + 1] | 0x20 == UInt8(ascii: "x") {
      i += 2
      let digitsStart = i
      while i < end, base[i].isHexDigit { i += 1 }
      guard i > digitsStart else {
        throw unexpected("expected a hexadecimal digit after '0x'", at: i)
      }
      var significant = digitsStart
      while significant < i - 1, base[significant] == UInt8(ascii: "0") { significant += 1 }
      guard i - significant <= 16 else {
        throw error(
          .numberOutOfRange, "hexadecimal number does not fit in 64 bits", at: start)
      }
      flags |= TapeEntry.flagB
    } else {
      let integerStart = i
      if i < end, base[i] == UInt8(ascii: "0") {
        i += 1
        if i < end, isDigit(base[i]) {
          throw error(.invalidNumber, "leading zeros are not allowed in numbers", at: start)
        }
      } else {
        while i < end, isDigit(base[i]) { i += 1 }
      }
      let integerDigits = i - integerStart
      var fractionDigits = 0
      if i < end, base[i] == UInt8(ascii: ".") {
        flags |= TapeEntry.flagA
        i += 1
        let fractionStart = i
        while i < end, isDigit(base[i]) { i += 1 }
        fractionDigits = i - fractionStart
        if integerDigits == 0 || fractionDigits == 0 { flags |= TapeEntry.flagB }
      }
      guard integerDigits + fractionDigits > 0 else {
        throw error(
          i < end ? .invalidNumber : .unexpectedEndOfInput,
          "expected a digit, found \(describeFound(at: i, in: bytes))", at: i)
      }
      if i < end, base[i] | 0x20 == UInt8(ascii: "e") {
        flags |= TapeEntry.flagA
        i = try scanExponent(after: i)
      }
    }
    tape.append(
      TapeEntry(
        offset: UInt32(truncatingIfNeeded: start), payload: UInt32(truncatingIfNeeded: i - start),
        info: TapeKind.number.rawValue | flags))
    index = i
  }

  // MARK: - Strings

  /// Scans a string whose opening quote is at `index` and appends its entry. A string of plain
  /// ASCII, most keys and many values, is done here; one with an escape, non-ASCII text or an
  /// error goes on in ``scanStringSlowly(quote:start:at:)``, whose size this call avoids.
  private mutating func scanString(quote: UInt8) throws(JSONReadError) {
    let start = index &+ 1
    let stop = plainRun(from: start, quote: quote)
    guard stop < end, base[stop] == quote, stop &- start < Int(clamping: UInt32.max) else {
      return try scanStringSlowly(quote: quote, start: start, at: stop)
    }
    tape.append(
      TapeEntry(
        offset: UInt32(truncatingIfNeeded: start),
        payload: UInt32(truncatingIfNeeded: stop - start),
        info: TapeKind.string.rawValue))
    index = stop &+ 1
  }

  /// The index of the first byte from `start` that ends a run of plain ASCII in a string.
  @inline(__always)
  private func plainRun(from start: Int, quote: UInt8) -> Int {
    plainStringRun(base, end: end, from: start, quote: quote)
  }

  /// Scans the rest of a string that starts at `start` from `stop`, where a plain run ended:
  /// escapes, non-ASCII text, control bytes and the end of the input.
  @inline(never)
  private mutating func scanStringSlowly(quote: UInt8, start: Int, at stop: Int)
    throws(JSONReadError)
  {
    var i = stop
    var flags: UInt32 = 0
    while true {
      guard i < end else {
        throw error(
          .unexpectedEndOfInput, "unterminated string, found end of input", at: end)
      }
      let byte = base[i]
      if byte == quote { break }
      if byte == UInt8(ascii: "\\") {
        flags |= TapeEntry.flagA
        i = try scanEscape(at: i, flags: &flags)
      } else if byte < 0x20 {
        if json5, byte != 0x0A, byte != 0x0D {
          i += 1
          continue
        }
        throw error(
          .controlCharacterInString,
          "unescaped control character U+\(hex4(UInt32(byte))) in string", at: i)
      } else if byte >= 0x80 {
        i = try scanNonASCII(from: i, flags: &flags)
      } else {
        i += 1
      }
      i = plainRun(from: i, quote: quote)
    }
    guard i - start < Int(clamping: UInt32.max) else {
      throw error(.sizeLimitExceeded, "string too long", at: start)
    }
    tape.append(
      TapeEntry(
        offset: UInt32(truncatingIfNeeded: start), payload: UInt32(truncatingIfNeeded: i - start),
        info: TapeKind.string.rawValue | flags))
    index = i + 1
  }

  /// Validates a run of UTF-8 sequences that starts with a byte ≥ 0x80 and returns the index
  /// of the first ASCII byte after it (or the end): the common sequences by
  /// `commonUTF8Run`, the rest by ``validateUTF8(at:flags:)``.
  @inline(__always)
  private func scanNonASCII(from offset: Int, flags: inout UInt32) throws(JSONReadError) -> Int {
    var i = offset
    while true {
      i = commonUTF8Run(base, end: end, from: i)
      guard i < end, base[i] >= 0x80 else { return i }
      i = try validateUTF8(at: i, flags: &flags)
    }
  }

  /// Validates one UTF-8 sequence starting with a byte ≥ 0x80 and returns the index after it.
  private func validateUTF8(at offset: Int, flags: inout UInt32) throws(JSONReadError) -> Int {
    let (valid, consumed) = utf8Sequence(base, end: end, at: offset)
    if valid { return offset + consumed }
    guard options.invalidUnicode == .replace else {
      throw error(
        .invalidUTF8,
        "invalid UTF-8 byte 0x\(String(base[offset], radix: 16, uppercase: true)) in string",
        at: offset)
    }
    flags |= TapeEntry.flagB
    return offset + consumed
  }

  /// Scans the escape whose backslash is at `offset` and returns the index after it: strict
  /// JSON's by the grammar, then what the options allow beyond it.
  private func scanEscape(at offset: Int, flags: inout UInt32) throws(JSONReadError) -> Int {
    let escape = JSONGrammar.escape(base, end: end, at: offset)
    switch escape {
    case .end(let next): return next
    case .loneSurrogate(let value): return try loneSurrogate(value, at: offset, flags: &flags)
    case .truncated:
      throw error(.unexpectedEndOfInput, "unterminated escape, found end of input", at: end)
    case .truncatedHex, .badHex: throw hexError(escape)
    case .other(let byte):
      if byte == UInt8(ascii: "'"), options.acceptsEscapedApostrophe { return offset + 2 }
      if json5 { return try scanJSON5Escape(at: offset) }
      var hint = ""
      if byte == UInt8(ascii: "'") {
        hint = " (enable allowsEscapedApostrophe to accept Flickr-style \\')"
      }
      throw error(
        .invalidEscape,
        "invalid escape '\\\(byte < 0x80 && byte >= 0x20 ? String(Character(Unicode.Scalar(byte))) : describeFound(at: offset + 1, in: bytes))' in string\(hint)",
        at: offset)
    }
  }

  /// The error for the four hexadecimal digits of a `\\u` escape.
  private func hexError(_ flaw: JSONGrammar.Escape) -> JSONReadError {
    if case .badHex(let escape, let digit) = flaw {
      return error(
        .invalidUnicodeEscape,
        "expected 4 hexadecimal digits after \\u, found \(describeFound(at: digit, in: bytes))",
        at: escape)
    }
    return error(.unexpectedEndOfInput, "unterminated \\u escape, found end of input", at: end)
  }

  private func loneSurrogate(_ value: UInt32, at offset: Int, flags: inout UInt32)
    throws(JSONReadError) -> Int
  {
    guard options.invalidUnicode == .replace else {
      throw error(
        .invalidUnicodeEscape, "lone surrogate \\u\(hex4(value)) in string", at: offset)
    }
    flags |= TapeEntry.flagB
    return offset + 6
  }

  private func scanJSON5Escape(at offset: Int) throws(JSONReadError) -> Int {
    let byte = base[offset + 1]
    switch byte {
    case UInt8(ascii: "x"):
      guard offset + 3 < end, hexValue(base[offset + 2]) != nil, hexValue(base[offset + 3]) != nil
      else {
        throw error(.invalidEscape, "expected 2 hexadecimal digits after \\x", at: offset)
      }
      return offset + 4
    case UInt8(ascii: "0"):
      if offset + 2 < end, isDigit(base[offset + 2]) {
        throw error(.invalidEscape, "octal escapes are not allowed", at: offset)
      }
      return offset + 2
    case UInt8(ascii: "1")...UInt8(ascii: "9"):
      throw error(.invalidEscape, "octal escapes are not allowed", at: offset)
    case 0x0D:
      if offset + 2 < end, base[offset + 2] == 0x0A { return offset + 3 }
      return offset + 2
    case 0x80...0xFF:
      // An identity escape of a non-ASCII scalar: the scalar is validated as string content.
      return offset + 1
    default:
      // \v, line continuations and identity escapes of any other character.
      return offset + 2
    }
  }

  // MARK: - JSON5 identifiers

  private func isIdentifierStart(_ byte: UInt8) -> Bool {
    (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
      || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || byte >= 0x80
  }

  private func isIdentifierPart(_ byte: UInt8) -> Bool {
    isIdentifierStart(byte) || isDigit(byte)
  }

  private func isJSONWhitespace(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
      || byte == UInt8(ascii: "\t")
  }

  private mutating func scanIdentifierKey() throws(JSONReadError) {
    let start = index
    var i = index
    var flags: UInt32 = 0
    while i < end {
      if base[i] == UInt8(ascii: "\\") {
        // An unquoted key may spell a character as `\uXXXX`; the key reads as that character.
        guard i + 1 < end, base[i + 1] == UInt8(ascii: "u") else {
          throw error(.invalidEscape, "expected \\u after '\\' in an unquoted key", at: i)
        }
        if let flaw = JSONGrammar.hexQuad(base, end: end, escape: i).1 { throw hexError(flaw) }
        flags |= TapeEntry.flagA
        i += 6
      } else if !isIdentifierPart(base[i]) {
        break
      } else if base[i] >= 0x80 {
        if json5WhitespaceWidth(at: i) > 0 { break }
        i = try validateUTF8(at: i, flags: &flags)
      } else {
        i += 1
      }
    }
    tape.append(
      TapeEntry(
        offset: UInt32(truncatingIfNeeded: start), payload: UInt32(truncatingIfNeeded: i - start),
        info: TapeKind.string.rawValue | flags))
    index = i
  }

  // MARK: - Duplicate keys

  private func rejectDuplicateKeys(in objectEntry: Int) throws(JSONReadError) {
    var seen = Set<String>()
    var member = objectEntry + 1
    let end = tape[objectEntry].end
    while member < end {
      let key = tape[member]
      let name = decodeString(key, base: base)
      if !seen.insert(name).inserted {
        throw error(.duplicateKey, "duplicate key '\(name)' in object", at: key.start - 1)
      }
      let value = tape[member + 1]
      member = value.kind == .array || value.kind == .object ? value.end : member + 2
    }
  }
}

/// The index of the first byte from `start` that ends a run of plain ASCII in a string (a
/// quote, a backslash, a control or non-ASCII byte), or `end`: the scanner's and the one-pass
/// reader's inner loop.
@inline(__always)
func plainStringRun(_ base: UnsafePointer<UInt8>, end: Int, from start: Int, quote: UInt8) -> Int {
  var i = start
  let (quoteLanes, backslashLanes) = (ByteWord.lanes(quote), ByteWord.lanes(UInt8(ascii: "\\")))
  // Sixteen bytes at a time...
  while i &+ 16 <= end {
    let block = ByteWord.block(at: base + i)
    let clean = ByteWord.cleanPrefix(
      (block .<= ByteWord.lanes(0x1F)) .| (block .== quoteLanes) .| (block .== backslashLanes)
        .| (block .> ByteWord.lanes(0x7F)))
    i &+= clean
    if clean < 16 { return i }
  }
  // ...then eight, and one, near the end.
  let (quotes, backslashes) = (ByteWord.repeated(quote), ByteWord.repeated(UInt8(ascii: "\\")))
  while i &+ 8 <= end {
    let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
    let hits =
      ByteWord.control(word) | ByteWord.equal(word, quotes) | ByteWord.equal(word, backslashes)
      | (word & ByteWord.highs)
    // The lowest flagged byte is exact (borrows only flag bytes above a true hit).
    if hits != 0 { return i &+ hits.trailingZeroBitCount &>> 3 }
    i &+= 8
  }
  while i < end {
    let byte = base[i]
    if byte == quote || byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { return i }
    i &+= 1
  }
  return i
}

/// Checks the UTF-8 sequence that starts with the byte ≥ 0x80 at `offset` (RFC 3629: no
/// overlong forms, no surrogates, nothing above U+10FFFF) and returns whether it is valid and
/// how many bytes it spans: for an invalid one, the lead and the continuation bytes that fit.
@inline(__always)
func utf8Sequence(_ base: UnsafePointer<UInt8>, end: Int, at offset: Int) -> (
  valid: Bool, consumed: Int
) {
  let lead = base[offset]
  var count = 0
  var lower: UInt8 = 0x80
  var upper: UInt8 = 0xBF
  switch lead {
  case 0xC2...0xDF: count = 1
  case 0xE0:
    count = 2
    lower = 0xA0
  case 0xE1...0xEC, 0xEE...0xEF: count = 2
  case 0xED:
    count = 2
    upper = 0x9F
  case 0xF0:
    count = 3
    lower = 0x90
  case 0xF1...0xF3: count = 3
  case 0xF4:
    count = 3
    upper = 0x8F
  default: count = 0
  }
  guard count > 0 else { return (false, 1) }
  var consumed = 1
  for k in 1...count {
    guard offset + k < end else { return (false, consumed) }
    let byte = base[offset + k]
    let (lo, hi): (UInt8, UInt8) = k == 1 ? (lower, upper) : (0x80, 0xBF)
    guard byte >= lo, byte <= hi else { return (false, consumed) }
    consumed += 1
  }
  return (true, consumed)
}

/// The index of the first byte from `start` that is ASCII, or that starts anything but a valid
/// two- or three-byte UTF-8 sequence whose continuation bytes may be any of 0x80–0xBF (the
/// end when there is none). Text in most scripts is runs of such sequences, checked here byte
/// by byte; the rest (leads with narrower ranges, four-byte sequences and invalid bytes) are
/// left to `utf8Sequence`.
@inline(__always)
func commonUTF8Run(_ base: UnsafePointer<UInt8>, end: Int, from start: Int) -> Int {
  var i = start
  while i < end {
    let lead = base[i]
    if lead >= 0xE1, lead <= 0xEF, lead != 0xED, i &+ 2 < end {
      guard base[i &+ 1] & 0xC0 == 0x80, base[i &+ 2] & 0xC0 == 0x80 else { return i }
      i &+= 3
    } else if lead >= 0xC2, lead <= 0xDF, i &+ 1 < end, base[i &+ 1] & 0xC0 == 0x80 {
      i &+= 2
    } else {
      return i
    }
  }
  return i
}

/// The index of the first byte at or after `start` that is not an ASCII digit (or `end`).
@inline(__always)
func digitRunEnd(_ base: UnsafePointer<UInt8>, end: Int, from start: Int) -> Int {
  var i = start
  // Eight bytes at a time: a byte is flagged when below '0' (the subtraction borrows), above
  // '9' (the addition reaches 0x80) or not ASCII. Borrows and carries only disturb bytes
  // above the first flagged one, so the lowest flag is exact.
  while i &+ 8 <= end {
    let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
    let flags =
      ((word &- 0x3030_3030_3030_3030) | (word &+ 0x4646_4646_4646_4646) | word)
      & 0x8080_8080_8080_8080
    if flags != 0 { return i &+ flags.trailingZeroBitCount &>> 3 }
    i &+= 8
  }
  while i < end, base[i] &- UInt8(ascii: "0") < 10 { i &+= 1 }
  return i
}

/// The index of the first byte at or after `start` that is not JSON whitespace (or `end`);
/// indentation is skipped eight spaces at a time, as `JSONScanner.skipWhitespace` does.
///
/// The one-pass reader's. The scanner keeps its own loop, which also looks for JSON5 comments:
/// built on this function it scanned canada.json in 3 % more instructions (the larger loop
/// body cost the inlining of other steps).
@inline(__always)
func whitespaceEnd(_ base: UnsafePointer<UInt8>, end: Int, from start: Int) -> Int {
  var i = start
  while i < end {
    let byte = base[i]
    guard
      byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
        || byte == UInt8(ascii: "\t")
    else { return i }
    i &+= 1
    // Indentation: the spaces that follow, up to eight at a time.
    while i &+ 8 <= end {
      let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
      let other = word ^ ByteWord.repeated(UInt8(ascii: " "))
      if other != 0 {
        i &+= other.trailingZeroBitCount &>> 3
        break
      }
      i &+= 8
    }
  }
  return i
}
