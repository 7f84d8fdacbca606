public import BinderyJSON

/// Reads the elements of one JSON array.
///
/// Collections decode through ``decode(_:)``, which is inlinable so that it is specialised for
/// the element type where it is used: an unspecialised generic loop looked up type metadata for
/// every element.
public struct JSONArrayDecoder: Sequence {
  /// The decode's state, borrowed from the entry point that owns it, and checked on every
  /// use to belong to a decode still running (see `ContextReference`).
  @usableFromInline let contextReference: ContextReference<JSONDecodingContext>
  /// The decode's state, for paths where a retain does not matter.
  @usableFromInline var context: JSONDecodingContext { contextReference.context }
  @usableFromInline let index: Int
  @usableFromInline let scope: JSONDecodingScope

  @usableFromInline
  init(context: JSONDecodingContext, index: Int, scope: JSONDecodingScope) {
    self.init(reference: ContextReference(context), index: index, scope: scope)
  }

  init(reference: ContextReference<JSONDecodingContext>, index: Int, scope: JSONDecodingScope) {
    self.contextReference = reference
    self.index = index
    self.scope = scope
  }

  /// The number of elements.
  public var count: Int {
    let index = index
    return contextReference.withContext { $0.tape[index].count }
  }
  /// The array as a cursor over the document.
  public var cursor: JSONCursor { context.document.root.cursor(atIndex: index) }

  /// Iterates over the elements' decoders.
  public struct Iterator: IteratorProtocol {
    let contextReference: ContextReference<JSONDecodingContext>
    let end: Int
    let scope: JSONDecodingScope
    var position: Int

    /// The next element's decoder, or `nil` at the end.
    public mutating func next() -> JSONValueDecoder? {
      guard position < end else { return nil }
      let element = JSONValueDecoder(reference: contextReference, index: position, scope: scope)
      position = contextReference.withContext { $0.reader.next(after: position) }
      return element
    }
  }

  /// Returns an iterator over the elements' decoders.
  public func makeIterator() -> Iterator {
    var elementScope = scope
    elementScope.lossy = context.options.lossyCollections
    return Iterator(
      contextReference: contextReference, end: context.tape[index].end,
      scope: elementScope, position: index + 1)
  }

  /// The number of elements.
  public var underestimatedCount: Int { count }

  /// Decodes every element, collecting every element's problems (or, in a lossy collection,
  /// skipping the elements that fail).
  ///
  /// - Parameter type: The element type.
  /// - Returns: The elements.
  /// - Throws: The elements' failures; for a lossy collection, only when every one failed.
  @inlinable
  public func decode<T: JSONDecodable>(_ type: T.Type = T.self) throws -> [T] {
    // Arrays of numbers are read straight from the tape when every element is one that reads
    // cleanly (a check specialised code settles when it is compiled); anything else takes the
    // element-by-element path, which records the problems.
    if T.self == Double.self, let values = doubles() {
      return identityCast(values, toArrayOf: T.self)
    }
    if T.self == Int.self, let values = integers() {
      return identityCast(values, toArrayOf: T.self)
    }
    var result: [T] = []
    result.reserveCapacity(count)
    try forEachDecoded(T.self) { result.append($0) }
    return result
  }

  /// The elements as `Double`s, when every one is a number within `Double`'s range (text
  /// that is not zero must not round to zero): what `Double(json:)` gives for each, without a
  /// decoder per element. `nil` otherwise.
  @usableFromInline
  func doubles() -> [Double]? {
    numbers { reader, entry in
      guard let value = reader.double(entry), value != 0 || !reader.roundsToZero(entry) else {
        return nil
      }
      return value
    }
  }

  /// The elements as `Int`s, when every one is a whole number within `Int`'s range: what
  /// `Int(json:)` gives for each, without a decoder per element. `nil` otherwise.
  @usableFromInline
  func integers() -> [Int]? {
    numbers { reader, entry in
      guard case .value(let wide) = reader.int64(entry) else { return nil }
      return Int(exactly: wide)
    }
  }

  /// Every element read by `read` from its tape entry, when every one is a number that `read`
  /// accepts; `nil` otherwise.
  @inline(__always)
  private func numbers<T>(_ read: (TapeReader, TapeEntry) -> T?) -> [T]? {
    let index = index
    return contextReference.withContext { context -> [T]? in
      let reader = context.reader
      let tape = context.tape
      var values: [T] = []
      values.reserveCapacity(tape[index].count)
      // A number is one tape entry.
      for element in (index + 1)..<tape[index].end {
        let entry = tape[element]
        guard entry.kind == .number, let value = read(reader, entry) else { return nil }
        values.append(value)
      }
      return values
    }
  }

  /// Decodes each element and hands it on; the shared loop of arrays and sets.
  @inlinable
  func forEachDecoded<T: JSONDecodable>(_: T.Type, _ body: (consuming T) throws -> Void) throws {
    var loop = CollectionLoop(
      reference: contextReference, container: index,
      lossy: scope.lossy || context.options.lossyCollections)
    var iterator = makeIterator()
    var position = 0
    while let element = iterator.next() {
      let mark = contextReference.withContext { $0.problemCount }
      do {
        try body(try T(json: element))
        loop.decoded += 1
      } catch {
        try loop.failed(error, at: element.index, since: mark) { "element \(position)" }
      }
      position += 1
    }
    try loop.finish()
  }
}
