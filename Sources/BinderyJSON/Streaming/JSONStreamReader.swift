/// Reads a stream of JSON values in bounded memory: JSON Lines, concatenated values, or the
/// elements of one large array, given a chunk of bytes at a time.
///
/// The reader finds where each value ends, then reads that value alone with the same reader
/// every decode uses, into a ``JSONDocument`` whose errors name lines and columns of the whole
/// input. It keeps only the bytes of the value it is in, so memory follows the largest value,
/// not the input.
///
/// ```swift
/// var reader = JSONStreamReader(framing: .lines)
/// reader.append(Array("{\"id\": 1}\n{\"id\": 2}\n".utf8))
/// reader.finish()
/// while let document = try reader.next() {
///   print(try document.root.member("id").integer(Int.self))
/// }
/// ```
///
/// ``next()`` returns `nil` when it needs more input (``append(_:)``) or, after ``finish()``,
/// when the input is over (``isAtEnd``). After it throws, ``canContinue`` says whether the
/// stream can go on with the next value (the value was bad) or not (the stream's own structure
/// is broken, or it ended inside a value).
public struct JSONStreamReader: Sendable {
  /// How the values are laid out.
  public let framing: JSONStreamFraming
  /// How each value is read.
  public let reading: JSONReadingOptions
  /// Limits for the stream.
  public let options: JSONStreamOptions

  /// Bytes not yet consumed start at `head`; the current step has looked up to `scan`.
  private var buffer: [UInt8] = []
  private var head = 0
  private var scan = 0
  /// The position of `buffer[head]` in the input: after a JSON Lines value, the start of the
  /// next line.
  package private(set) var position: JSONTextPosition
  private var isFinished = false
  private var startChecked = false
  /// The error that ended the stream; thrown again by every later call.
  private var failure: JSONReadError?
  /// Set while an oversized value's bytes are being dropped: where that value started.
  private var discarding: JSONTextPosition?
  /// The `\r`s of the current JSON Lines line found so far (each ends a line in positions,
  /// except the one of a closing `\r\n`), and whether the last byte dropped of an oversized
  /// line was a `\r`.
  private var lineReturns = 0
  private var droppedReturn = false
  /// Whether the last byte the position moved over was a `\r`: a `\n` right after it ends the
  /// same line.
  private var afterReturn = false
  /// The value whose end is being looked for, when there is one.
  private var extent: Extent?
  /// The state of the array framing.
  private var expect = Expect.value
  private var frames: [Frame] = []
  private var pathKeys: [String] = []
  private var memberOnPath = false
  private var foundArray = false

  /// The bytes the reader holds: what memory it uses beyond the documents it returned.
  package var bufferedByteCount: Int { buffer.count }

  /// How many values ``next()`` has returned.
  public private(set) var valueCount = 0

  /// A reader to which input is given with ``append(_:)``.
  ///
  /// - Parameters:
  ///   - framing: How the values are laid out.
  ///   - reading: How each value is read (UTF-16 and UTF-32 are not read in streams).
  ///   - options: Limits; the value size limit applies here.
  ///   - position: Where the first byte sits in a larger input; its start by default.
  public init(
    framing: JSONStreamFraming, reading: JSONReadingOptions = .strict,
    options: JSONStreamOptions = JSONStreamOptions(), startingAt position: JSONTextPosition = .start
  ) {
    self.framing = framing
    var reading = reading
    reading.allowsUTF16AndUTF32 = false
    self.reading = reading
    self.options = options
    self.position = position
    if case .array(let path) = framing {
      for component in path.components {
        guard case .key(let key) = component else {
          failure = JSONReadError(
            kind: .invalidPath,
            message: "a streamed array's path names object keys only, not \(path.placeDescription)",
            location: nil)
          break
        }
        pathKeys.append(key)
      }
    }
  }

  /// A reader over a whole input held in memory. The reader shares the array rather than
  /// copying it; each value is copied once, into its document.
  ///
  /// - Parameters:
  ///   - bytes: The input.
  ///   - framing: How the values are laid out.
  ///   - reading: How each value is read.
  ///   - options: Limits.
  ///   - position: Where `bytes` starts in a larger input; its start by default.
  public init(
    bytes: [UInt8], framing: JSONStreamFraming, reading: JSONReadingOptions = .strict,
    options: JSONStreamOptions = JSONStreamOptions(), startingAt position: JSONTextPosition = .start
  ) {
    self.init(framing: framing, reading: reading, options: options, startingAt: position)
    buffer = bytes
    isFinished = true
  }

  /// Adds input after what was given so far.
  ///
  /// - Parameter bytes: The next bytes of the input.
  public mutating func append(_ bytes: some Sequence<UInt8>) {
    if head == buffer.count, let array = bytes as? [UInt8] {
      // Nothing is kept from before: take the array itself, without a copy.
      buffer = array
      head = 0
      scan = 0
      return
    }
    compact()
    // One copy of contiguous bytes (`[UInt8]`, `Data`, slices), even where this generic
    // function runs unspecialised, rather than a loop over the sequence's elements.
    let copied: Void? = bytes.withContiguousStorageIfAvailable { buffer.append(contentsOf: $0) }
    if copied == nil { buffer.append(contentsOf: bytes) }
  }

  /// Says that no more input follows: the next calls read what is left and then return `nil`.
  public mutating func finish() {
    isFinished = true
  }

  /// Whether the input is over and every value in it was returned.
  public var isAtEnd: Bool { isFinished && atEnd }
  private var atEnd = false

  /// Whether reading may go on after an error: `true` when only one value was bad.
  public var canContinue: Bool { failure == nil }

  /// The next value, `nil` when more input is needed or the input is over.
  ///
  /// - Returns: The next value as a document whose ``JSONDocument/position`` is its place in
  ///   the input.
  /// - Throws: ``JSONReadError`` naming the line and column in the input of the first problem
  ///   of a bad value (the reader can go on) or of a broken stream (it cannot: see
  ///   ``canContinue``).
  public mutating func next() throws(JSONReadError) -> JSONDocument? {
    guard let (range, start, reading) = try nextExtent() else { return nil }
    return try document(range, at: start, reading: reading)
  }

  /// A value of the stream: made straight from its bytes, or read into its document.
  package enum Framed<Value> {
    case made(Value)
    case document(JSONDocument)
  }

  /// As ``next()``, but a value is first offered, as its bytes, to `make`, and read into a
  /// document only when `make` gives up (returns `nil`) or is not given: a value made from its
  /// bytes skips the document. `make` must give up on every input whose document would not
  /// be read without a problem (the one-pass model reader does).
  ///
  /// - Parameter make: Makes a value of a whole value's bytes, read with the given options.
  /// - Returns: The value, made or as a document, or `nil` as ``next()``.
  /// - Throws: As ``next()``.
  package mutating func next<Value>(
    madeBy make: ((UnsafeBufferPointer<UInt8>, JSONReadingOptions) -> Value?)?
  ) throws(JSONReadError) -> Framed<Value>? {
    guard let (range, start, reading) = try nextExtent() else { return nil }
    if let make,
      let value = buffer.withUnsafeBufferPointer({
        make(UnsafeBufferPointer(rebasing: $0[range]), reading)
      })
    {
      return .made(value)
    }
    return .document(try document(range, at: start, reading: reading))
  }

  /// Where the next value's bytes are in the buffer (valid until the next `append`), where it
  /// starts in the input, and how it is read; `nil` as ``next()``.
  private mutating func nextExtent() throws(JSONReadError) -> (
    Range<Int>, JSONTextPosition, JSONReadingOptions
  )? {
    if let failure { throw failure }
    let step: Step
    switch framing {
    case .lines: step = try nextLine()
    case .concatenated, .array: step = try nextValue()
    }
    switch step {
    case .value(let range, let start, let reading):
      valueCount += 1
      return (range, start, reading)
    case .needMore:
      return nil
    case .end:
      atEnd = true
      return nil
    }
  }

  private enum Step {
    /// A value's bytes in the buffer, where it starts, and how it is read.
    case value(Range<Int>, JSONTextPosition, JSONReadingOptions)
    case needMore
    case end
  }

  // MARK: - Buffer

  /// Drops consumed bytes once they are at least half the buffer, so appending stays linear.
  private mutating func compact() {
    guard head > 0, head >= buffer.count - head else { return }
    buffer.removeSubrange(0..<head)
    scan -= head
    head = 0
  }

  /// Consumes the bytes up to `end`, moving the position over them.
  private mutating func advance(to end: Int) {
    var line = position.line
    var column = position.column
    buffer.withUnsafeBufferPointer { bytes in
      movePosition(
        over: UnsafeBufferPointer(rebasing: bytes[head..<end]), line: &line, column: &column,
        afterReturn: &afterReturn)
    }
    position = JSONTextPosition(
      offset: position.offset + (end - head), line: line, column: column)
    head = end
    scan = max(scan, end)
  }

  /// A document of the bytes in `range`, placed at `start`.
  private func document(
    _ range: Range<Int>, at start: JSONTextPosition, reading: JSONReadingOptions
  )
    throws(JSONReadError) -> JSONDocument
  {
    try JSONDocument(
      parsing: Array(buffer[range]), options: reading, sourceObjects: nil, position: start)
  }

  private func oversized(at start: JSONTextPosition) -> JSONReadError {
    JSONReadError.valueTooLarge(limit: options.maxValueSize, at: start)
  }

  private mutating func fatal(_ error: JSONReadError) -> JSONReadError {
    failure = error
    return error
  }

  private mutating func fatal(_ kind: JSONReadError.Kind, _ message: String) -> JSONReadError {
    fatal(JSONReadError(kind: kind, message: message, location: position.location))
  }

  /// Whether the stream starts with a UTF-8 byte order mark; `nil` until three bytes are here.
  private func startsWithByteOrderMark() -> Bool? {
    let available = buffer.count - head
    let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
    for index in 0..<min(3, available) where buffer[head + index] != mark[index] { return false }
    return available >= 3 ? true : (isFinished ? false : nil)
  }

  // MARK: - JSON Lines

  private mutating func nextLine() throws(JSONReadError) -> Step {
    while true {
      let end = buffer.count
      let newline = buffer.withUnsafeBufferPointer {
        firstNewline(in: $0, from: scan, returns: &lineReturns)
      }
      if newline == nil {
        scan = end
        if !isFinished {
          // A last `\r` may be the line's end (before a `\n` still to come), not its value's.
          let mayEndLine = end > head && buffer[end - 1] == UInt8(ascii: "\r")
          if end - head > options.maxValueSize + (mayEndLine ? 1 : 0) {
            // Drop the line's bytes as they come, remembering where it started.
            if discarding == nil { discarding = position }
            droppedReturn = mayEndLine
            position.offset += end - head
            head = end
          }
          return .needMore
        }
        if head == end {
          if let start = discarding {
            discarding = nil
            throw oversized(at: start)
          }
          return .end
        }
      }
      let lineEnd = newline ?? end
      let start = discarding ?? position
      let wasDiscarding = discarding != nil
      discarding = nil
      let lineStart = head
      var valueEnd = lineEnd
      if valueEnd > lineStart, buffer[valueEnd - 1] == UInt8(ascii: "\r") { valueEnd -= 1 }
      // The next line starts after the newline, and after every lone `\r` of this one, which
      // ends a line too (as in a document's positions).
      let closingReturn =
        newline != nil && (lineEnd > lineStart ? valueEnd < lineEnd : droppedReturn)
      let breaks = lineReturns - (closingReturn ? 1 : 0)
      (lineReturns, droppedReturn) = (0, false)
      position = JSONTextPosition(
        offset: position.offset + (lineEnd - head) + (newline == nil ? 0 : 1),
        line: position.line + 1 + breaks, column: 1)
      head = newline.map { $0 + 1 } ?? end
      scan = head
      if wasDiscarding || valueEnd - lineStart > options.maxValueSize {
        throw oversized(at: start)
      }
      if isBlank(lineStart..<valueEnd) {
        if options.allowsBlankLines { continue }
        throw JSONReadError(
          kind: .unexpectedEndOfInput,
          message: "expected a JSON value, found an empty line (allowsBlankLines passes over them)",
          location: start.location)
      }
      var reading = reading
      if start.offset > 0 {
        if buffer[lineStart...].starts(with: [0xEF, 0xBB, 0xBF]) {
          throw JSONReadError(
            kind: .unexpectedCharacter,
            message:
              "expected a JSON value, found a byte order mark, which only the first line may have",
            location: start.location)
        }
        reading.allowsByteOrderMark = false
      }
      return .value(lineStart..<valueEnd, start, reading)
    }
  }

  private func isBlank(_ range: Range<Int>) -> Bool {
    for index in range {
      switch buffer[index] {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): continue
      default: return false
      }
    }
    return true
  }

  // MARK: - Concatenated values and arrays

  /// What the array framing expects next.
  private enum Expect {
    case value
    case elementOrClose(first: Bool)
    case keyOrClose(first: Bool)
    case colon
    case commaOrClose
    case end
  }

  /// An array or object of the envelope around the streamed array, or that array itself.
  private struct Frame {
    var isArray: Bool
  }

  /// What a value whose end is being looked for is for.
  private enum Role {
    /// A value the stream returns.
    case element
    /// A member of an object around the streamed array: checked, then passed over.
    case passedOver
    /// A key of an object around the streamed array.
    case key
  }

  /// The scan for the end of one value: its kind, nesting and string state.
  private struct Extent {
    var role: Role
    var start: JSONTextPosition
    var isScalar: Bool
    var depth = 0
    var inString = false
    var escaped = false
  }

  private var isArrayFraming: Bool {
    if case .array = framing { return true }
    return false
  }

  private mutating func nextValue() throws(JSONReadError) -> Step {
    if !startChecked {
      guard let mark = startsWithByteOrderMark() else { return .needMore }
      startChecked = true
      if mark {
        guard reading.allowsByteOrderMark || reading.allowsJSON5 else {
          throw fatal(
            .unexpectedCharacter,
            "expected a JSON value, found a UTF-8 byte order mark (enable allowsByteOrderMark to skip it)"
          )
        }
        head += 3
        scan = max(scan, head)
        position.offset += 3
      }
    }
    while true {
      if extent != nil {
        guard let end = findExtentEnd() else {
          if isFinished, let extent, extent.isScalar {
            if let step = try finishExtent(at: buffer.count) { return step }
            continue
          }
          if isFinished {
            // Named at the value's start, however much of it was passed over before (a value
            // over the size limit is dropped as it arrives).
            let start = extent?.start ?? position
            throw fatal(
              JSONReadError(
                kind: .unexpectedEndOfInput,
                message: "the input ends inside the value that starts at \(start)",
                location: start.location))
          }
          if buffer.count - head > options.maxValueSize, var current = extent {
            if discarding == nil { discarding = current.start }
            current.start = discarding ?? current.start
            extent = current
            advance(to: buffer.count)
          }
          return .needMore
        }
        if let step = try finishExtent(at: end) { return step }
        continue
      }
      skipWhitespace()
      guard head < buffer.count else {
        guard isFinished else { return .needMore }
        switch expect {
        case .end: return .end
        case .value where !isArrayFraming: return .end
        default:
          throw fatal(.unexpectedEndOfInput, "the input ends before the streamed array closes")
        }
      }
      try step(at: buffer[head])
    }
  }

  /// Acts on the byte at `head`, outside any value being scanned.
  private mutating func step(at byte: UInt8) throws(JSONReadError) {
    switch expect {
    case .value:
      guard isArrayFraming else { return beginExtent(.element) }
      if frames.isEmpty {
        try open(array: pathKeys.isEmpty, at: byte)
      } else if memberOnPath {
        memberOnPath = false
        try open(array: frames.count == pathKeys.count, at: byte)
      } else {
        beginExtent(.passedOver)
      }
    case .elementOrClose(let first):
      if byte == UInt8(ascii: "]") {
        try close(isArray: true, afterComma: !first)
      } else {
        beginExtent(.element)
      }
    case .keyOrClose(let first):
      if byte == UInt8(ascii: "}") {
        try close(isArray: false, afterComma: !first)
      } else if byte == UInt8(ascii: "\"") {
        beginExtent(.key)
      } else {
        throw fatal(.unexpectedCharacter, "expected a key or '}', found \(found())")
      }
    case .colon:
      guard byte == UInt8(ascii: ":") else {
        throw fatal(.unexpectedCharacter, "expected ':' after the key, found \(found())")
      }
      advance(to: head + 1)
      expect = .value
    case .commaOrClose:
      let isArray = frames.last?.isArray ?? false
      if byte == UInt8(ascii: ",") {
        advance(to: head + 1)
        expect = isArray ? .elementOrClose(first: false) : .keyOrClose(first: false)
      } else if byte == UInt8(ascii: isArray ? "]" : "}") {
        try close(isArray: isArray, afterComma: false)
      } else {
        throw fatal(
          .unexpectedCharacter, "expected ',' or '\(isArray ? "]" : "}")', found \(found())")
      }
    case .end:
      throw fatal(.trailingContent, "unexpected content after the streamed array: \(found())")
    }
  }

  /// Opens an object on the way to the streamed array, or that array itself.
  private mutating func open(array: Bool, at byte: UInt8) throws(JSONReadError) {
    guard byte == UInt8(ascii: array ? "[" : "{") else {
      let place = JSONPath(pathKeys.prefix(frames.count).map { .key($0) }).placeDescription
      throw fatal(
        .typeMismatch,
        "expected \(array ? "the array to stream" : "an object") at \(place), found \(found())")
    }
    advance(to: head + 1)
    frames.append(Frame(isArray: array))
    expect = array ? .elementOrClose(first: true) : .keyOrClose(first: true)
  }

  private mutating func close(isArray: Bool, afterComma: Bool) throws(JSONReadError) {
    if afterComma, !reading.allowsTrailingCommas, !reading.allowsJSON5 {
      throw fatal(
        .unexpectedCharacter,
        "expected \(isArray ? "a value" : "a key") after ',', found \(found())")
    }
    if isArray {
      foundArray = true
    } else if !foundArray {
      let key = pathKeys[frames.count - 1]
      let place = JSONPath(pathKeys.prefix(frames.count - 1).map { .key($0) }).placeDescription
      throw fatal(.keyNotFound, "no member \"\(key)\" holding the array to stream at \(place)")
    }
    advance(to: head + 1)
    frames.removeLast()
    expect = frames.isEmpty ? .end : .commaOrClose
  }

  private func found() -> String {
    buffer.withUnsafeBufferPointer { describeFound(at: head, in: $0) }
  }

  private mutating func skipWhitespace() {
    var end = head
    while end < buffer.count {
      switch buffer[end] {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
        end += 1
      default:
        advance(to: end)
        return
      }
    }
    advance(to: end)
  }

  private mutating func beginExtent(_ role: Role) {
    let first = buffer[head]
    var extent = Extent(role: role, start: position, isScalar: false)
    switch first {
    case UInt8(ascii: "{"), UInt8(ascii: "["): extent.depth = 1
    case UInt8(ascii: "\""): extent.inString = true
    default: extent.isScalar = true
    }
    // The first byte belongs to the value even when it is a stray ']' or ',': the reader then
    // reports it, and the stream moves past it.
    scan = head + 1
    self.extent = extent
  }

  /// The index just past the end of the value being scanned, or `nil` when it goes on past
  /// the buffer. Only structure is followed here; the value is read properly afterwards.
  private mutating func findExtentEnd() -> Int? {
    guard var state = extent else { return nil }
    defer { extent = state }
    let found: Int? = buffer.withUnsafeBufferPointer { bytes in
      var index = scan
      let end = bytes.count
      while index < end {
        if state.inString {
          if state.escaped {
            state.escaped = false
            index += 1
            continue
          }
          index = firstQuoteOrBackslash(in: bytes, from: index)
          guard index < end else { break }
          if bytes[index] == UInt8(ascii: "\\") {
            state.escaped = true
          } else {
            state.inString = false
            if !state.isScalar, state.depth == 0 { return index + 1 }
          }
          index += 1
          continue
        }
        if !state.isScalar {
          // Only quotes and brackets matter between the strings of a container.
          index = firstStructural(in: bytes, from: index)
          guard index < end else { break }
        }
        let byte = bytes[index]
        if state.isScalar {
          switch byte {
          case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"),
            UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "["), UInt8(ascii: "]"),
            UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "\""):
            return index
          default: break
          }
        } else {
          switch byte {
          case UInt8(ascii: "\""): state.inString = true
          case UInt8(ascii: "{"), UInt8(ascii: "["): state.depth += 1
          case UInt8(ascii: "}"), UInt8(ascii: "]"):
            state.depth -= 1
            if state.depth == 0 { return index + 1 }
          default: break
          }
        }
        index += 1
      }
      return nil
    }
    scan = found ?? buffer.count
    return found
  }

  /// Acts on a value whose bytes end at `end`: returns it, checks it, or reads it as a key.
  private mutating func finishExtent(at end: Int) throws(JSONReadError) -> Step? {
    guard let current = extent else { return nil }
    extent = nil
    let start = current.start
    let range = head..<end
    advance(to: end)
    if discarding != nil || range.count > options.maxValueSize {
      discarding = nil
      if current.role == .element {
        expect = isArrayFraming ? .commaOrClose : .value
        throw oversized(at: start)
      }
      throw fatal(oversized(at: start))
    }
    var reading = reading
    reading.allowsByteOrderMark = false
    switch current.role {
    case .element:
      expect = isArrayFraming ? .commaOrClose : .value
      return .value(range, start, reading)
    case .passedOver:
      expect = .commaOrClose
      do {
        _ = try document(range, at: start, reading: reading)
      } catch {
        throw fatal(error)
      }
      return nil
    case .key:
      expect = .colon
      let key: String
      do {
        key = try document(range, at: start, reading: reading).root.string()
      } catch {
        throw fatal(error)
      }
      let depth = frames.count - 1
      memberOnPath = !foundArray && depth < pathKeys.count && key == pathKeys[depth]
      return nil
    }
  }
}

extension JSONReadError {
  /// A streamed value longer than the stream's limit, starting at `start`.
  static func valueTooLarge(limit: Int, at start: JSONTextPosition) -> JSONReadError {
    JSONReadError(
      kind: .sizeLimitExceeded,
      message: "a value of more than \(limit) bytes exceeds the stream's value limit",
      location: start.location)
  }
}

// MARK: - Byte searches

/// The index of the first byte at or after `start` that `matches`, or the end of `bytes`:
/// eight bytes at a time with `flags`, which flags (in the high bit of a byte) at least every
/// matching byte of a word, its lowest flag exact.
@inline(__always)
func firstByte(
  in bytes: UnsafeBufferPointer<UInt8>, from start: Int, flags: (UInt64) -> UInt64,
  matches: (UInt8) -> Bool
) -> Int {
  var index = start
  let end = bytes.count
  guard let base = bytes.baseAddress else { return end }
  while index + 8 <= end {
    let word = UInt64(
      littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
    let hits = flags(word)
    if hits != 0 {
      let found = index + hits.trailingZeroBitCount / 8
      if matches(bytes[found]) { return found }
      index = found + 1
      continue
    }
    index += 8
  }
  while index < end, !matches(bytes[index]) { index += 1 }
  return index
}

/// The index of the first `\n` at or after `start`, counting the `\r`s before it (or before
/// the end) in `returns`: one search finds a JSON Lines line's end and its line breaks.
@inline(__always)
func firstNewline(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, returns: inout Int)
  -> Int?
{
  let newlines = ByteWord.repeated(UInt8(ascii: "\n"))
  let carriageReturns = ByteWord.repeated(UInt8(ascii: "\r"))
  var index = start
  while true {
    index = firstByte(
      in: bytes, from: index,
      flags: { ByteWord.equal($0, newlines) | ByteWord.equal($0, carriageReturns) },
      matches: { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") })
    guard index < bytes.count else { return nil }
    if bytes[index] == UInt8(ascii: "\n") { return index }
    returns += 1
    index += 1
  }
}

/// The index of the first `"` or `\` at or after `start`, or the end of `bytes`.
@inline(__always)
func firstQuoteOrBackslash(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
  let quotes = ByteWord.repeated(UInt8(ascii: "\""))
  let backslashes = ByteWord.repeated(UInt8(ascii: "\\"))
  return firstByte(
    in: bytes, from: start,
    flags: { ByteWord.equal($0, quotes) | ByteWord.equal($0, backslashes) },
    matches: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") })
}

/// The index of the first `"`, `{`, `}`, `[` or `]` at or after `start`, or the end of `bytes`.
@inline(__always)
func firstStructural(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
  let quotes = ByteWord.repeated(UInt8(ascii: "\""))
  // The four brackets (0x5B, 0x5D, 0x7B, 0x7D) differ only in bits 0x26: with those set, each
  // is 0x7F. So are `Y`, `_`, `y` and DEL, which `matches` then turns down.
  let brackets = ByteWord.repeated(0x7F)
  let folding = ByteWord.repeated(0x26)
  return firstByte(
    in: bytes, from: start,
    flags: { ByteWord.equal($0, quotes) | ByteWord.equal($0 | folding, brackets) },
    matches: { byte in
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["),
        UInt8(ascii: "]"):
        true
      default: false
      }
    })
}

/// Moves a line and a column (in Unicode scalars) over UTF-8 `bytes`, eight bytes at a time
/// where a word holds no line break. Lines end as in a document's positions (see
/// `JSONSourceLocation`): at `\n`, `\r\n` or a lone `\r`. `afterReturn` says whether the byte
/// before `bytes` was a `\r`, and is left saying whether their last one is.
func movePosition(
  over bytes: UnsafeBufferPointer<UInt8>, line: inout Int, column: inout Int,
  afterReturn: inout Bool
) {
  var index = 0
  guard let base = bytes.baseAddress else { return }
  let newlines = ByteWord.repeated(UInt8(ascii: "\n"))
  let returns = ByteWord.repeated(UInt8(ascii: "\r"))
  func byByte(_ range: Range<Int>) {
    for position in range {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\n") {
        // The `\n` of a `\r\n` ends the line the `\r` ended.
        if !afterReturn { line += 1 }
        column = 1
        afterReturn = false
      } else if byte == UInt8(ascii: "\r") {
        line += 1
        column = 1
        afterReturn = true
      } else {
        afterReturn = false
        if byte & 0xC0 != 0x80 { column += 1 }
      }
    }
  }
  while index + 8 <= bytes.count {
    let word = UInt64(
      littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
    if ByteWord.equal(word, newlines) | ByteWord.equal(word, returns) != 0 {
      byByte(index..<index + 8)
    } else {
      // Continuation bytes (`10xxxxxx`) start no scalar: bit 7 set, and bit 6 (shifted up to
      // bit 7 of the same byte) clear.
      column += 8 - (word & ~(word << 1) & ByteWord.highs).nonzeroBitCount
      afterReturn = false
    }
    index += 8
  }
  byByte(index..<bytes.count)
}
