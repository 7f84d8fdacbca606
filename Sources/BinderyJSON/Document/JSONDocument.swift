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
  // @unchecked: both buffers are written only in init and never mutated afterwards, so
  // concurrent reads need no lock.
  let storage: UnsafeMutableBufferPointer<UInt8>
  let base: UnsafePointer<UInt8>
  let tape: [TapeEntry]
  /// The options the document was read with; lookups follow its duplicate-key policy.
  public let options: JSONReadingOptions

  /// Reads JSON bytes.
  ///
  /// - Parameters:
  ///   - bytes: The JSON text, UTF-8 encoded.
  ///   - options: How strictly to read; exactly RFC 8259 by default.
  /// - Throws: ``JSONReadError`` naming the line and column of the first problem.
  public init(parsing bytes: some Sequence<UInt8>, options: JSONReadingOptions = .strict)
    throws(JSONReadError)
  {
    let copy = Array(bytes)
    // One spare byte keeps the buffer non-empty, so its base address always exists.
    let storage = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: copy.count + 1)
    _ = storage.initialize(from: copy)
    storage[copy.count] = 0
    guard let address = storage.baseAddress else {
      // An allocation of at least one byte always has an address.
      preconditionFailure("allocation without a base address")
    }
    let base = UnsafePointer(address)
    let input = UnsafeBufferPointer(start: base, count: copy.count)
    do {
      var scanner = JSONScanner(bytes: input, base: base, options: options)
      self.tape = try scanner.scan()
    } catch {
      storage.deallocate()
      throw error
    }
    self.storage = storage
    self.base = base
    self.options = options
  }

  /// Reads JSON text.
  ///
  /// - Parameters:
  ///   - text: The JSON text.
  ///   - options: How strictly to read; exactly RFC 8259 by default.
  /// - Throws: ``JSONReadError`` naming the line and column of the first problem.
  public convenience init(parsing text: String, options: JSONReadingOptions = .strict)
    throws(JSONReadError)
  {
    try self.init(parsing: text.utf8, options: options)
  }

  deinit {
    storage.deallocate()
  }

  /// The input bytes (without the spare terminator).
  var input: UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: base, count: storage.count - 1)
  }

  /// The number of bytes that were read.
  public var byteCount: Int { storage.count - 1 }

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

  /// A cursor at the top-level value.
  public var root: JSONCursor { JSONCursor(document: self, index: 0) }

  /// The tape index just past the value at `index`: O(1) for containers too.
  @inline(__always)
  func next(after index: Int) -> Int {
    let entry = tape[index]
    return entry.kind.rawValue >= TapeKind.array.rawValue ? entry.end : index + 1
  }
}
