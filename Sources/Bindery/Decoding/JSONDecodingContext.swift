import BinderyJSON

/// The state one model decode shares across every decoder it creates: the document, the
/// options, and the problems and warnings gathered so far.
///
/// One context belongs to one decode call on one thread; decoders holding it are not meant to
/// outlive the call.
@usableFromInline
final class JSONDecodingContext: LeasingContext {
  /// Reads the document: every value, member and description comes from it.
  let reader: TapeReader
  /// The document read.
  var document: JSONDocument { reader.document }
  /// The document's tape (kept alive by the reader's document).
  var tape: UnsafeBufferPointer<TapeEntry> { reader.tape }
  @usableFromInline let options: JSONDecodingOptions
  /// Set for a class's Codable `init(from:)`: the first problem is thrown as a `DecodingError`.
  var bridgesToDecodingError = false
  /// The coding path above the document's top, for those errors.
  var codingPathBase: [any CodingKey] = []
  /// Set when the document was written from what another Codable decoder read: its errors are
  /// that decoder's kind, a model's `validate()` error its own.
  var readsForeignValue = false
  /// The date formats in force somewhere in this decode.
  var dateFormats: DateFormatTable

  /// The mutable state read on every property, without the run-time exclusivity check.
  private let state: UncheckedState<State>
  /// The generation cell that tells borrowed references whether this decode still runs.
  let lease = ContextLease.acquire()

  private struct State {
    var problems: [JSONDecodingProblem] = []
    var warnings: [JSONDecodingWarning] = []
    /// Member search state per object depth: keys asked in input order cost one pass per
    /// object.
    var slots = MemberSearchSlots()
    /// Members found by ``prefetch(_:object:at:)``: a tape index + 1 per key of a table, or 0
    /// for a missing key. Nested objects use the regions above their parent's.
    var members: UnsafeMutablePointer<UInt32>?
    var memberCapacity = 0
    /// How many prefetches this decode has made (wrapping, never 0): the number each region
    /// is stamped with.
    var prefetches: UInt32 = 0
  }

  init(document: JSONDocument, options: JSONDecodingOptions) {
    self.reader = TapeReader(document)
    self.options = options
    self.dateFormats = DateFormatTable(callFormat: options.dates)
    var state = State()
    if let scratch = lease.scratch {
      // The member buffer of the thread's previous decode. What that decode left in it is
      // never read: a region is read only with the number of the prefetch, in this decode,
      // that wrote it.
      state.members = scratch.pointee.members
      state.memberCapacity = scratch.pointee.memberCapacity
    }
    self.state = UncheckedState(state)
  }

  deinit {
    state.pointee.slots.deallocate()
    if lease.scratch == nil || state.pointee.memberCapacity > Self.keptMemberCapacity {
      state.pointee.members?.deallocate()
      state.pointee.members = nil
      state.pointee.memberCapacity = 0
    }
    // The buffer (or none) goes back to the thread for its next decode.
    lease.scratch?.pointee.members = state.pointee.members
    lease.scratch?.pointee.memberCapacity = state.pointee.memberCapacity
    lease.release()
  }

  /// The largest member buffer a thread keeps for its next decode (in entries).
  private static let keptMemberCapacity = 1 << 14

  /// Every problem recorded so far.
  var problems: [JSONDecodingProblem] {
    get { state.pointee.problems }
    _modify { yield &state.pointee.problems }
  }

  /// Every warning recorded so far.
  var warnings: [JSONDecodingWarning] {
    get { state.pointee.warnings }
    _modify { yield &state.pointee.warnings }
  }

  /// How many problems are recorded: the mark lossy collections and defaults roll back to.
  @usableFromInline
  var problemCount: Int { state.pointee.problems.count }

  /// The index of a date format, adding it when new.
  func dateFormatIndex(_ format: JSONDateFormat) -> Int { dateFormats.index(of: format) }

  /// The date format at an index from ``dateFormatIndex(_:)``; 0 is the call's.
  func dateFormat(at index: Int) -> JSONDateFormat { dateFormats.format(at: index) }

  /// The tape index of `key`'s value in `object`, continuing the search state of `slot` when it
  /// belongs to the same object.
  func lookUp(_ key: String, in object: Int, slot: Int?) -> Int? {
    guard let slot else {
      var repeated = -1
      let found = reader.member(key, of: object, repeated: &repeated)
      if repeated >= 0 { noteRepeatedKey(repeated) }
      return found
    }
    return lookUp(key, inSlot: slot, object: object)
  }

  /// ``lookUp(_:in:slot:)`` with a slot: the path every property read takes.
  func lookUp(_ key: String, inSlot slot: Int, object: Int) -> Int? {
    let found = state.pointee.slots.member(key, in: object, slot: slot, reader: reader)
    let repeated = state.pointee.slots.repeated(inSlot: slot)
    if repeated >= 0 { noteRepeatedKey(repeated) }
    return found
  }

  /// Records that the duplicate-key policy chose between members with the key at tape index
  /// `key`: a warning in the report, once per key of an object.
  func noteRepeatedKey(_ key: Int) {
    let path = warningPath(at: key)
    guard !warnings.contains(where: { $0.kind == .repeatedKey && $0.path == path }) else {
      return
    }
    let name = reader.string(tape[key])
    let kept = document.options.duplicateKeys.laterMemberWins ? "last" : "first"
    warnings.append(
      JSONDecodingWarning(
        kind: .repeatedKey, path: path,
        message: "the object has the key '\(name)' more than once; the \(kept) value was read"))
  }

  /// Finds, in one pass over the object at tape index `object`, the member of every key of
  /// `table`, and keeps them in the member region starting at `base`: first the number of
  /// this prefetch in the decode (which says whose members the region holds), then one entry
  /// per key. Returns that number, for ``prefetchedMember(region:position:prefetch:)``.
  func prefetch(_ table: JSONKeyTable, object: Int, at base: Int) -> UInt32 {
    // The region: a header, then one entry per key.
    let end = base + 1 + table.count
    if end > state.pointee.memberCapacity { growMembers(to: end) }
    // Numbers wrap after 2^32 prefetches, skipping 0, which no region is stamped with. At the
    // wrap every region is cleared, so that no region keeps a number a later prefetch is given.
    var number = state.pointee.prefetches &+ 1
    if number == 0 {
      number = 1
      state.pointee.members?.update(repeating: 0, count: state.pointee.memberCapacity)
    }
    state.pointee.prefetches = number
    guard let members = state.pointee.members else { return number }
    members[base] = number
    let repeated = reader.prefetch(table, object: object, into: members + base + 1)
    if repeated >= 0 { noteRepeatedKey(repeated) }
    return number
  }

  /// The tape index of the member found for key `position` by the prefetch numbered
  /// `prefetch` into the region at `base`: -1 for a missing key, -2 when a later prefetch has
  /// reused the region (a decoder kept while its siblings were decoded), so that the key must
  /// be searched for.
  ///
  /// The caller checks that `position` is within the table of that prefetch.
  @usableFromInline @inline(__always)
  func prefetchedMember(region base: Int, position: Int, prefetch: UInt32) -> Int {
    guard let members = state.pointee.members, members[base] == prefetch else { return -2 }
    return Int(members[base + 1 + position]) - 1
  }

  private func growMembers(to needed: Int) {
    let capacity = max(64, needed * 2)
    let grown = UnsafeMutablePointer<UInt32>.allocate(capacity: capacity)
    if let old = state.pointee.members {
      grown.moveInitialize(from: old, count: state.pointee.memberCapacity)
      old.deallocate()
    }
    (grown + state.pointee.memberCapacity).initialize(
      repeating: 0, count: capacity - state.pointee.memberCapacity)
    state.pointee.members = grown
    state.pointee.memberCapacity = capacity
  }

  /// Builds a problem about the value at a tape index (or a key missing from the object there).
  func problem(
    _ kind: JSONDecodingProblem.Kind, at index: Int, appending component: JSONPath.Component? = nil,
    expected: String, found: String? = nil, hint: String = "", cause: (any Error)? = nil
  ) -> JSONDecodingProblem {
    let found = found ?? describe(at: index)
    guard spendDetail() else {
      // Past the budget: no path or position, each of which costs a pass over the input.
      return JSONDecodingProblem(
        kind: kind, path: JSONPath(), expected: expected, found: found, hint: hint, cause: cause)
    }
    var path = reader.path(to: index)
    if let component { path = path.appending(component) }
    // The reader gives no position in text the user never saw (objects written as text).
    return JSONDecodingProblem(
      kind: kind, path: path, location: reader.location(of: index), expected: expected,
      found: found, hint: hint, cause: cause)
  }

  /// How many more problems and warnings get a path, line, column and excerpt. Each costs a
  /// pass over the input, so a document with 10,000 bad values would otherwise take quadratic
  /// time; the rest are counted and keep their offset.
  private var detailBudget = 200

  /// Takes one unit of the detail budget, or returns false when it is spent.
  func spendDetail() -> Bool {
    guard detailBudget > 0 else { return false }
    detailBudget -= 1
    return true
  }

  /// The path of a value for a warning, or an empty path once the detail budget is spent.
  func warningPath(at index: Int) -> JSONPath {
    spendDetail() ? reader.path(to: index) : JSONPath()
  }

  /// What the value at `index` is, in the words of every "found …".
  func describe(at index: Int) -> String { reader.describe(at: index) }

  /// Records an error thrown while decoding the value at `index`: problems as they are, errors
  /// already recorded not again, anything else (a custom `init(json:)` or transformer's own
  /// error) as an invalid value there.
  @usableFromInline
  func record(_ error: any Error, at index: Int) {
    switch error {
    case is RecordedFailure: return
    case let error as DecodingError where bridgesToDecodingError && error.carriesReport:
      // Thrown by a nested model's failed property in first-error mode, after recording it.
      return
    case let problem as JSONDecodingProblem: problems.append(problem)
    case let report as JSONDecodingError:
      problems.append(contentsOf: report.problems)
    default:
      problems.append(
        problem(
          .invalidValue, at: index, expected: "a valid value", found: "\(error)", cause: error))
    }
  }

  /// Moves the problems recorded since `mark` out of the report and returns them.
  func takeProblems(since mark: Int) -> [JSONDecodingProblem] {
    let taken = Array(problems[mark...])
    problems.removeSubrange(mark...)
    return taken
  }
}

/// Thrown after a problem has been recorded in the context: the caller unwinds without
/// recording it again, and the top-level call throws the whole report.
@usableFromInline
struct RecordedFailure: Error {
  @usableFromInline init() {}
}

extension JSONCursor {
  /// A cursor at another tape index of the same document.
  func cursor(atIndex index: Int) -> JSONCursor { JSONCursor(document: document, index: index) }
}
