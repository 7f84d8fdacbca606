public import BinderyJSON

/// Reads the elements of one JSON array.
public struct JSONArrayDecoder: Sequence {
  let context: JSONDecodingContext
  let index: Int
  let scope: JSONDecodingScope

  /// The number of elements.
  public var count: Int { context.document.tape[index].count }
  /// The array as a cursor over the document.
  public var cursor: JSONCursor { context.document.root.cursor(atIndex: index) }

  /// Iterates over the elements' decoders.
  public struct Iterator: IteratorProtocol {
    let context: JSONDecodingContext
    let end: Int
    let scope: JSONDecodingScope
    var position: Int

    /// The next element's decoder, or `nil` at the end.
    public mutating func next() -> JSONValueDecoder? {
      guard position < end else { return nil }
      let element = JSONValueDecoder(context: context, index: position, scope: scope)
      position = context.document.next(after: position)
      return element
    }
  }

  /// Returns an iterator over the elements' decoders.
  public func makeIterator() -> Iterator {
    var elementScope = scope
    elementScope.lossy = context.options.lossyCollections
    return Iterator(
      context: context, end: context.document.tape[index].end, scope: elementScope,
      position: index + 1)
  }

  /// The number of elements.
  public var underestimatedCount: Int { count }

  /// Decodes every element, collecting every element's problems (or, in a lossy collection,
  /// skipping the elements that fail).
  ///
  /// - Parameter type: The element type.
  /// - Returns: The elements.
  /// - Throws: The elements' failures; for a lossy collection, only when every one failed.
  public func decode<T: JSONDecodable>(_ type: T.Type = T.self) throws -> [T] {
    var result: [T] = []
    result.reserveCapacity(count)
    try forEachDecoded(T.self) { result.append($0) }
    return result
  }

  /// Decodes each element and hands it on; the shared loop of arrays and sets.
  func forEachDecoded<T: JSONDecodable>(_: T.Type, _ body: (T) throws -> Void) throws {
    let lossy = scope.lossy || context.options.lossyCollections
    var failed = false
    var decoded = 0
    var position = 0
    for element in self {
      defer { position += 1 }
      let mark = context.problems.count
      do {
        try body(try T(json: element))
        decoded += 1
      } catch {
        context.record(error, at: element.index)
        if lossy {
          skip(element, position: position, since: mark)
        } else if context.options.stopsAtFirstError {
          throw RecordedFailure()
        } else {
          failed = true
        }
      }
    }
    if failed { throw RecordedFailure() }
    if lossy, decoded == 0, count > 0 {
      throw context.problem(
        .everyElementFailed, at: index,
        expected: "at least one element to decode (skipped all \(count))", found: "")
    }
  }

  func skip(_ element: JSONValueDecoder, position: Int, since mark: Int) {
    let causes = context.takeProblems(since: mark)
    context.warnings.append(
      JSONDecodingWarning(
        kind: .skippedElement, path: element.path,
        message: "skipped element \(position) that failed to decode", problems: causes))
  }
}
