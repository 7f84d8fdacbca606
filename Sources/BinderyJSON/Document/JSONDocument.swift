/// JSON text read once into a flat tape, ready to be walked by a ``JSONCursor``.
///
/// Parsing validates the whole input and records one fixed-size entry per value; it allocates
/// nothing per value. Strings are unescaped and numbers converted only when they are read.
///
/// ```swift
/// let document = try JSONDocument(parsing: #"{"photos": {"photo": [{"id": "1"}]}}"#)
/// let id = try document.root.member("photos").member("photo").element(at: 0).member("id")
/// print(try id.string())  // 1
/// ```
///
/// A document is immutable and `Sendable`: cursors into it may be used from any task.
public final class JSONDocument: @unchecked Sendable {
  // @unchecked: `tape` points to memory this document owns, written only by the scanner before
  // init returns and freed in deinit; it is never mutated while shared, so reads need no lock.
  /// The input: the caller's own array when it was given as `[UInt8]` (shared, never copied);
  /// a copy of the bytes for any other input (`Data`, `String`, a sequence); empty when the
  /// bytes are borrowed.
  @usableFromInline let bytes: [UInt8]
  /// The input when it lives in another library's buffer (a SwiftNIO `ByteBuffer`), read in
  /// place. Invariant: `owner` keeps this memory allocated and unchanged for as long as it is
  /// referenced, and the document references it until deinit.
  @usableFromInline let borrowed: UnsafeBufferPointer<UInt8>?
  /// What keeps ``borrowed`` alive; `nil` when the bytes are the document's own.
  private let owner: AnyObject?
  /// The tape, in memory the document owns: plain loads, no reference counting.
  @usableFromInline package let tape: UnsafeBufferPointer<TapeEntry>
  /// The options the document was read with; lookups follow its duplicate-key policy.
  public let options: JSONReadingOptions
  /// Set when the text was written by Bindery from values an app held (dictionaries, arrays,
  /// numbers, a ``JSONValue``) rather than given by the user: positions in it mean nothing to
  /// the user, so errors name paths only. Maps the offset of each string written for an object
  /// JSON has no type for (a date, bytes) to that object, so that a property of its type can
  /// take it as is.
  package let sourceObjects: [Int: any Sendable]?
  /// Where the text starts in the input it was read from: the start for a whole input, the
  /// value's place for one read from a stream. Error locations are given in that input.
  public let position: JSONTextPosition

  /// Whether the text is the user's own, so that errors can point into it.
  package var hasUserText: Bool { sourceObjects == nil }

  /// The object a string at tape `index` was written for, when the document was written from
  /// objects and that string stands for one; `nil` otherwise (and at once for the user's text).
  package func sourceObject(at index: Int) -> (any Sendable)? {
    guard let sourceObjects, tape[index].kind == .string else { return nil }
    return sourceObjects[tape[index].start]
  }

  /// Reads JSON bytes without copying them: the document shares the array with the caller.
  ///
  /// - Parameters:
  ///   - bytes: The JSON text, UTF-8 encoded (or UTF-16 or UTF-32, copied as UTF-8, when the
  ///     options allow them).
  ///   - options: How strictly to read; exactly RFC 8259 by default.
  /// - Throws: ``JSONReadError`` naming the line and column of the first problem.
  public convenience init(parsing bytes: [UInt8], options: JSONReadingOptions = .strict)
    throws(JSONReadError)
  {
    try self.init(parsing: bytes, options: options, sourceObjects: nil)
  }

  /// The first byte of the top-level value of `bytes` (UTF-8): what comes after the byte order
  /// mark, whitespace and comments `options` allow before it, as the reader finds it; nil when
  /// there is none or what comes before it is not what the options accept. For callers that
  /// decide how to read text by how it starts.
  ///
  /// - Parameters:
  ///   - bytes: UTF-8 JSON text.
  ///   - options: How it would be read.
  /// - Returns: The byte, or nil.
  package static func firstValueByte(of bytes: [UInt8], options: JSONReadingOptions) -> UInt8? {
    bytes.withUnsafeBufferPointer { JSONScanner.firstValueByte(of: $0, options: options) }
  }

  /// Reads JSON bytes without copying them, recording where they came from.
  ///
  /// - Parameters:
  ///   - bytes: The JSON text, UTF-8 encoded.
  ///   - options: How strictly to read.
  ///   - sourceObjects: `nil` for the user's own text; for text Bindery wrote from objects,
  ///     the objects behind its strings (see ``sourceObjects``), possibly none.
  ///   - position: Where the text starts in the input it was read from.
  /// - Throws: ``JSONReadError`` naming the line and column of the first problem.
  package init(
    parsing bytes: [UInt8], options: JSONReadingOptions, sourceObjects: [Int: any Sendable]?,
    position: JSONTextPosition = .start
  ) throws(JSONReadError) {
    var bytes = bytes
    if options.allowsUTF16AndUTF32, let utf8 = try UnicodeInput.utf8(from: bytes) { bytes = utf8 }
    self.tape = try bytes.withUnsafeBufferPointer {
      (input) throws(JSONReadError) -> UnsafeBufferPointer<TapeEntry> in
      guard let base = input.baseAddress, !input.isEmpty else {
        throw JSONReadError(
          .unexpectedEndOfInput, "expected a JSON value, found end of input", at: 0, in: input
        ).placed(at: position)
      }
      var scanner = JSONScanner(bytes: input, base: base, options: options)
      do throws(JSONReadError) {
        return try scanner.scan()
      } catch {
        throw error.placed(at: position)
      }
    }
    self.bytes = bytes
    self.borrowed = nil
    self.owner = nil
    self.options = options
    self.sourceObjects = sourceObjects
    self.position = position
    #if BINDERY_INTERNAL_CHECKS
      checkInvariants()
    #endif
  }

  /// Reads JSON bytes in place, in memory that `owner` keeps alive: for adapters to buffers of
  /// other libraries, whose bytes would otherwise be copied into an array first.
  ///
  /// The caller guarantees that `input` is memory bound to `UInt8`, and that `owner` keeps it
  /// allocated and unchanged while it is referenced (a `ByteBuffer`'s storage object does:
  /// SwiftNIO binds its storage to `UInt8`, buffers are copy-on-write, and a write through
  /// another reference copies first). The document holds `owner` until deinit, so no
  /// cursor, value or error can outlive the bytes. Input in UTF-16 or UTF-32, when the options
  /// allow it, is converted into an array of the document's own.
  ///
  /// - Parameters:
  ///   - input: The JSON text, UTF-8 encoded.
  ///   - owner: The object that keeps `input` alive.
  ///   - options: How strictly to read.
  /// - Throws: ``JSONReadError`` naming the line and column of the first problem.
  package convenience init(
    borrowing input: UnsafeRawBufferPointer, owner: AnyObject, options: JSONReadingOptions
  ) throws(JSONReadError) {
    let bytes = input.assumingMemoryBound(to: UInt8.self)
    if options.allowsUTF16AndUTF32, let utf8 = try UnicodeInput.utf8(from: Array(bytes)) {
      try self.init(parsing: utf8, options: options, sourceObjects: nil)
      return
    }
    guard let base = bytes.baseAddress, !bytes.isEmpty else {
      throw JSONReadError(
        .unexpectedEndOfInput, "expected a JSON value, found end of input", at: 0, in: bytes)
    }
    var scanner = JSONScanner(bytes: bytes, base: base, options: options)
    self.init(tape: try scanner.scan(), borrowed: bytes, owner: owner, options: options)
  }

  /// A document over borrowed bytes, scanned into `tape`.
  private init(
    tape: UnsafeBufferPointer<TapeEntry>, borrowed: UnsafeBufferPointer<UInt8>, owner: AnyObject,
    options: JSONReadingOptions
  ) {
    self.tape = tape
    self.bytes = []
    self.borrowed = borrowed
    self.owner = owner
    self.options = options
    self.sourceObjects = nil
    self.position = .start
    #if BINDERY_INTERNAL_CHECKS
      checkInvariants()
    #endif
  }

  /// Reads JSON bytes from any sequence (`Data`, `ArraySlice`, a `String`'s UTF-8 view),
  /// copied once into an array the document keeps: pass a `[UInt8]` to share instead.
  ///
  /// - Parameters:
  ///   - bytes: The JSON text, UTF-8 encoded.
  ///   - options: How strictly to read; exactly RFC 8259 by default.
  /// - Throws: ``JSONReadError`` naming the line and column of the first problem.
  public convenience init(
    parsing bytes: some Sequence<UInt8>, options: JSONReadingOptions = .strict
  )
    throws(JSONReadError)
  {
    try self.init(parsing: Array(bytes), options: options)
  }

  /// Reads JSON text, whose UTF-8 is copied once into an array the document keeps.
  ///
  /// - Parameters:
  ///   - text: The JSON text.
  ///   - options: How strictly to read; exactly RFC 8259 by default.
  /// - Throws: ``JSONReadError`` naming the line and column of the first problem.
  public convenience init(parsing text: String, options: JSONReadingOptions = .strict)
    throws(JSONReadError)
  {
    try self.init(parsing: Array(text.utf8), options: options)
  }

  deinit {
    UnsafeMutablePointer(mutating: tape.baseAddress)?.deallocate()
  }

  /// Calls `body` with the input bytes. A document is never empty, so the buffer always has
  /// a base address.
  @inlinable
  package func withInput<R, E: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E)
    -> R
  {
    if let borrowed { return try body(borrowed) }
    return try bytes.withUnsafeBufferPointer { (input) throws(E) -> R in try body(input) }
  }

  /// The number of bytes that were read.
  public var byteCount: Int { borrowed?.count ?? bytes.count }

  /// The number of JSON values in the document, keys included.
  public var valueCount: Int { tape.count }

  /// The deepest nesting of arrays and objects in the document (0 for a scalar).
  public var depth: Int {
    var deepest = 0
    var ends: [Int] = []
    for index in tape.indices {
      while let last = ends.last, last <= index { ends.removeLast() }
      let entry = tape[index]
      if entry.kind == .array || entry.kind == .object {
        ends.append(entry.end)
        deepest = max(deepest, ends.count)
      }
    }
    return deepest
  }

  /// The tape index just past the value at `index`: O(1) for containers too.
  @inlinable
  package func next(after index: Int) -> Int {
    let entry = tape[index]
    return entry.kind.rawValue >= TapeKind.array.rawValue ? entry.end : index + 1
  }
}
