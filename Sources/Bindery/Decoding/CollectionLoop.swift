/// The bookkeeping every collection's decode loop shares (arrays, sets, dictionaries): a
/// failing element is recorded, or skipped with a warning when the collection is lossy; the
/// end throws what was recorded, or a problem when a lossy collection lost every element.
@usableFromInline
struct CollectionLoop {
  /// The decode's state, borrowed from the entry point that owns it, and checked on every
  /// use to belong to a decode still running (see `ContextReference`).
  @usableFromInline let contextReference: ContextReference<JSONDecodingContext>
  /// The decode's state, for paths where a retain does not matter.
  @usableFromInline var context: JSONDecodingContext { contextReference.context }
  /// The tape index of the array or object.
  let container: Int
  @usableFromInline let lossy: Bool
  @usableFromInline var decoded = 0
  var failed = false
  var skipped = 0

  /// Skipped elements reported one by one; more are summed up in one warning.
  static let reportedSkips = 20

  @usableFromInline
  init(context: JSONDecodingContext, container: Int, lossy: Bool) {
    self.init(reference: ContextReference(context), container: container, lossy: lossy)
  }

  @usableFromInline
  init(reference: ContextReference<JSONDecodingContext>, container: Int, lossy: Bool) {
    self.contextReference = reference
    self.container = container
    self.lossy = lossy
  }

  /// Records an element's failure: skipped in a lossy collection, rethrown in first-error mode.
  ///
  /// - Parameters:
  ///   - error: The element's error.
  ///   - index: The element's tape index.
  ///   - mark: The problem count before the element was decoded.
  ///   - label: Names the element in a skip warning (`element 3`, `member 'id'`).
  /// - Throws: An error standing for the recorded failure, in first-error mode.
  @usableFromInline
  mutating func failed(
    _ error: any Error, at index: Int, since mark: Int, label: () -> String
  ) throws {
    context.record(error, at: index)
    if lossy {
      skipped += 1
      let causes = context.takeProblems(since: mark)
      guard skipped <= Self.reportedSkips else { return }
      context.warnings.append(
        JSONDecodingWarning(
          kind: .skippedElement, path: context.warningPath(at: index),
          message: "skipped \(label()) that failed to decode", problems: causes))
    } else if context.options.stopsAtFirstError {
      throw RecordedFailure()
    } else {
      failed = true
    }
  }

  /// Ends the loop: failures recorded on the way, or a lossy collection that lost every
  /// element, are thrown.
  ///
  /// - Throws: An error standing for the failures recorded, or ``JSONDecodingProblem`` when a
  ///   lossy collection lost every element.
  @usableFromInline
  func finish() throws {
    if failed { throw RecordedFailure() }
    guard lossy else { return }
    let reader = context.reader
    let path = { reader.path(to: container) }
    let count = reader.count(at: container)
    // Messages name what the collection holds.
    let noun = reader.kind(at: container) == .object ? "member" : "element"
    if skipped > Self.reportedSkips {
      context.warnings.append(
        JSONDecodingWarning(
          kind: .skippedElement, path: path(),
          message: "skipped \(skipped - Self.reportedSkips) more \(noun)s that failed to "
            + "decode (\(skipped) of \(count) in all)"))
    }
    if decoded == 0, count > 0 {
      throw context.problem(
        .everyElementFailed, at: container,
        expected: "at least one \(noun) to decode (skipped all \(count))", found: "")
    }
  }
}
