public import BinderyJSON

/// Reads the elements of one JSON array.
///
/// Collections decode through ``decode(_:)``, which is inlinable so that it is specialised for
/// the element type where it is used: an unspecialised generic loop looked up type metadata for
/// every element.
public struct JSONArrayDecoder: Sequence {
  @usableFromInline unowned(unsafe) let context: JSONDecodingContext
  @usableFromInline let index: Int
  @usableFromInline let scope: JSONDecodingScope

  @usableFromInline
  init(context: JSONDecodingContext, index: Int, scope: JSONDecodingScope) {
    self.context = context
    self.index = index
    self.scope = scope
  }

  /// The number of elements.
  public var count: Int { context.document.tape[index].count }
  /// The array as a cursor over the document.
  public var cursor: JSONCursor { context.document.root.cursor(atIndex: index) }

  /// Iterates over the elements' decoders.
  public struct Iterator: IteratorProtocol {
    unowned(unsafe) let context: JSONDecodingContext
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
  @inlinable
  public func decode<T: JSONDecodable>(_ type: T.Type = T.self) throws -> [T] {
    var result: [T] = []
    result.reserveCapacity(count)
    try forEachDecoded(T.self) { result.append($0) }
    return result
  }

  /// Decodes each element and hands it on; the shared loop of arrays and sets.
  @inlinable
  func forEachDecoded<T: JSONDecodable>(_: T.Type, _ body: (T) throws -> Void) throws {
    var state = LoopState(lossy: scope.lossy || context.options.lossyCollections)
    var iterator = makeIterator()
    while let element = iterator.next() {
      let mark = context.problemCount
      do {
        try body(try T(json: element))
        state.decoded += 1
      } catch {
        try failed(error, element: element, since: mark, state: &state)
      }
      state.position += 1
    }
    try finish(state)
  }

  /// What a collection's loop keeps between elements.
  @usableFromInline
  struct LoopState {
    @usableFromInline let lossy: Bool
    @usableFromInline var failed = false
    @usableFromInline var decoded = 0
    @usableFromInline var position = 0
    @usableFromInline var skipped = 0

    @usableFromInline
    init(lossy: Bool) { self.lossy = lossy }
  }

  /// Skipped elements reported one by one; more are summed up in one warning.
  static let reportedSkips = 20

  /// Records an element's failure: skipped in a lossy collection, rethrown in first-error mode.
  @usableFromInline
  func failed(
    _ error: any Error, element: JSONValueDecoder, since mark: Int, state: inout LoopState
  ) throws {
    context.record(error, at: element.index)
    if state.lossy {
      state.skipped += 1
      if state.skipped <= Self.reportedSkips {
        skip(element, position: state.position, since: mark)
      } else {
        _ = context.takeProblems(since: mark)
      }
    } else if context.options.stopsAtFirstError {
      throw RecordedFailure()
    } else {
      state.failed = true
    }
  }

  /// Ends a collection's loop: failures recorded on the way, or a lossy collection that lost
  /// every element, are thrown.
  @usableFromInline
  func finish(_ state: LoopState) throws {
    if state.failed { throw RecordedFailure() }
    if state.skipped > Self.reportedSkips {
      context.warnings.append(
        JSONDecodingWarning(
          kind: .skippedElement, path: cursor.path,
          message: "skipped \(state.skipped - Self.reportedSkips) more elements that failed to "
            + "decode (\(state.skipped) of \(count) in all)"))
    }
    if state.lossy, state.decoded == 0, count > 0 {
      throw context.problem(
        .everyElementFailed, at: index,
        expected: "at least one element to decode (skipped all \(count))", found: "")
    }
  }

  func skip(_ element: JSONValueDecoder, position: Int, since mark: Int) {
    let causes = context.takeProblems(since: mark)
    context.warnings.append(
      JSONDecodingWarning(
        kind: .skippedElement, path: context.warningPath(at: element.index),
        message: "skipped element \(position) that failed to decode", problems: causes))
  }
}
