import BinderyJSON

/// The state one model decode shares across every decoder it creates: the document, the
/// options, and the problems and warnings gathered so far.
///
/// One context belongs to one decode call on one thread; decoders holding it are not meant to
/// outlive the call.
@usableFromInline
final class JSONDecodingContext {
  let document: JSONDocument
  /// The document's tape (kept alive by `document`), read without touching the document.
  let tape: UnsafeBufferPointer<TapeEntry>
  @usableFromInline let options: JSONDecodingOptions
  /// Set for a class's Codable `init(from:)`: the first problem is thrown as a `DecodingError`.
  var bridgesToDecodingError = false
  /// The coding path above the document's top, for those errors.
  var codingPathBase: [any CodingKey] = []
  /// False when the document is not the user's input but a value re-written from another
  /// Codable decoder: problems then name their path only, since a line, column or excerpt
  /// would point into text the user never sent.
  var hasUserText = true
  /// The date formats in force somewhere in this decode.
  var dateFormats: DateFormatTable

  /// The mutable state read on every property, behind a pointer: a class's stored properties
  /// are checked for exclusive access at run time on every access, which cost more than a tenth
  /// of a decode.
  private let state: UnsafeMutablePointer<State>
  /// The generation cell that tells borrowed references whether this decode still runs.
  let lease = DecodeLease.acquire()

  private struct State {
    var problems: [JSONDecodingProblem] = []
    var warnings: [JSONDecodingWarning] = []
    /// Member search state per object depth: keys asked in input order cost one pass per
    /// object.
    var slots: UnsafeMutablePointer<MemberLookup>?
    var slotCount = 0
    var slotCapacity = 0
    /// Members found by ``prefetch(_:object:at:)``: a tape index + 1 per key of a table, or 0
    /// for a missing key. Nested objects use the regions above their parent's.
    var members: UnsafeMutablePointer<UInt32>?
    var memberCapacity = 0
  }

  init(document: JSONDocument, options: JSONDecodingOptions) {
    self.document = document
    self.tape = document.tape
    self.options = options
    self.dateFormats = DateFormatTable(callFormat: options.dates)
    state = .allocate(capacity: 1)
    state.initialize(to: State())
  }

  deinit {
    lease.release()
    if let slots = state.pointee.slots {
      slots.deinitialize(count: state.pointee.slotCount)
      slots.deallocate()
    }
    state.pointee.members?.deallocate()
    state.deinitialize(count: 1)
    state.deallocate()
  }

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
      return MemberLookup.valueIndex(forKey: key, inObject: object, of: document)
    }
    return lookUp(key, inSlot: slot, object: object)
  }

  /// ``lookUp(_:in:slot:)`` with a slot: the path every property read takes.
  func lookUp(_ key: String, inSlot slot: Int, object: Int) -> Int? {
    if slot >= state.pointee.slotCount { grow(toInclude: slot, object: object) }
    guard let slots = state.pointee.slots else { return nil }
    if slots[slot].object != object {
      slots[slot] = MemberLookup(document: document, object: object)
    }
    return slots[slot].valueIndex(forKey: key, in: document)
  }

  /// Finds, in one pass over the object at tape index `object`, the member of every key of
  /// `table`, and keeps them in the member region starting at `base`.
  ///
  /// Members are matched in input order, each against the key after the last one matched
  /// first, so an object whose keys come in the model's order costs one comparison per member.
  /// A key the object repeats follows the document's duplicate-key policy.
  func prefetch(_ table: _JSONKeyTable, object: Int, at base: Int) {
    let count = table.count
    if base + count > state.pointee.memberCapacity { growMembers(to: base + count) }
    guard let members = state.pointee.members.map({ $0 + base }) else { return }
    members.update(repeating: 0, count: count)
    let document = document
    let lastWins = document.options.duplicateKeys != .firstWins
    let tape = document.tape
    let end = tape[object].end
    document.withInput { input in
      guard let base = input.baseAddress else { return }
      let inputCount = input.count
      var member = object + 1
      var expected = 0
      while member < end {
        let entry = tape[member]
        let found: Int
        if entry.hasEscapes {
          var key = document.string(entry)
          found = key.withUTF8 { table.find($0) }
        } else {
          let start = entry.start
          let length = entry.length
          if expected < count,
            table.matches(expected, base + start, length, readable: start &+ 8 <= inputCount)
          {
            found = expected
          } else {
            found = table.find(UnsafeBufferPointer(start: base + start, count: length))
          }
        }
        if found >= 0 {
          if lastWins || members[found] == 0 {
            members[found] = UInt32(truncatingIfNeeded: member + 2)
          }
          expected = found + 1
        }
        let value = tape[member + 1]
        member = value.kind.rawValue >= TapeKind.array.rawValue ? value.end : member + 2
      }
    }
  }

  /// The tape index of the member found for a key by ``prefetch(_:object:at:)``, or `nil`.
  @inline(__always)
  func prefetched(at position: Int) -> Int? {
    guard let members = state.pointee.members else { return nil }
    let stored = Int(members[position])
    return stored == 0 ? nil : stored - 1
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

  private func grow(toInclude slot: Int, object: Int) {
    let fresh = MemberLookup(document: document, object: object)
    if slot >= state.pointee.slotCapacity {
      let capacity = max(16, (slot + 1) * 2)
      let grown = UnsafeMutablePointer<MemberLookup>.allocate(capacity: capacity)
      if let old = state.pointee.slots {
        grown.moveInitialize(from: old, count: state.pointee.slotCount)
        old.deallocate()
      }
      state.pointee.slots = grown
      state.pointee.slotCapacity = capacity
    }
    guard let slots = state.pointee.slots else { return }
    (slots + state.pointee.slotCount).initialize(
      repeating: fresh, count: slot + 1 - state.pointee.slotCount)
    state.pointee.slotCount = slot + 1
  }

  /// Builds a problem about the value at a tape index (or a key missing from the object there).
  func problem(
    _ kind: JSONDecodingProblem.Kind, at index: Int, appending component: JSONPath.Component? = nil,
    expected: String, found: String? = nil, hint: String = ""
  ) -> JSONDecodingProblem {
    let cursor = document.root.cursor(atIndex: index)
    guard spendDetail() else {
      // Past the budget: the offset and the values, but no path, line or excerpt, each of which
      // costs a pass over the input.
      return JSONDecodingProblem(
        kind: kind, path: JSONPath(), offset: cursor.offset, line: 0, column: 0,
        expected: expected, found: found ?? describe(at: index), hint: hint)
    }
    var path = cursor.path
    if let component { path = path.appending(component) }
    guard hasUserText else {
      return JSONDecodingProblem(
        kind: kind, path: path, offset: 0, line: 0, column: 0, expected: expected,
        found: found ?? describe(at: index), hint: hint)
    }
    let location = document.locate(offset: cursor.offset)
    return JSONDecodingProblem(
      kind: kind, path: path, offset: cursor.offset, line: location.line, column: location.column,
      excerpt: location.excerpt, excerptColumn: location.excerptColumn, expected: expected,
      found: found ?? describe(at: index), hint: hint)
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
    spendDetail() ? document.root.cursor(atIndex: index).path : JSONPath()
  }

  /// What the value at `index` is, in the words of every "found …" (see `JSONCursor`).
  func describe(at index: Int) -> String {
    document.root.cursor(atIndex: index).describe()
  }

  /// Records an error thrown while decoding the value at `index`: problems as they are, errors
  /// already recorded not again, anything else (a custom `init(json:)` or transformer's own
  /// error) as an invalid value there.
  @usableFromInline
  func record(_ error: any Error, at index: Int) {
    switch error {
    case is RecordedFailure: return
    case let problem as JSONDecodingProblem: problems.append(problem)
    case let report as JSONDecodingError:
      problems.append(contentsOf: report.problems)
    default:
      problems.append(
        problem(.invalidValue, at: index, expected: "a valid value", found: "\(error)"))
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
