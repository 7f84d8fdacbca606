import BinderyJSON

/// The state one model decode shares across every decoder it creates: the document, the
/// options, and the problems and warnings gathered so far.
///
/// One context belongs to one decode call on one thread; decoders holding it are not meant to
/// outlive the call.
@usableFromInline
final class JSONDecodingContext {
  let document: JSONDocument
  let options: JSONDecodingOptions
  var problems: [JSONDecodingProblem] = []
  var warnings: [JSONDecodingWarning] = []
  /// Set for a class's Codable `init(from:)`: the first problem is thrown as a `DecodingError`.
  var bridgesToDecodingError = false
  /// The coding path above the document's top, for those errors.
  var codingPathBase: [any CodingKey] = []

  /// Member search state per object depth: keys asked in input order cost one pass per object.
  private var slots: [MemberLookup] = []

  init(document: JSONDocument, options: JSONDecodingOptions) {
    self.document = document
    self.options = options
  }

  /// The tape index of `key`'s value in `object`, continuing the search state of `slot` when it
  /// belongs to the same object.
  func lookUp(_ key: String, in object: Int, slot: Int?) -> Int? {
    guard let slot else {
      var lookup = MemberLookup(document: document, object: object)
      return lookup.valueIndex(forKey: key, in: document)
    }
    if slot < slots.count {
      if slots[slot].object != object {
        slots[slot] = MemberLookup(document: document, object: object)
      }
      return slots[slot].valueIndex(forKey: key, in: document)
    }
    var lookup = MemberLookup(document: document, object: object)
    let found = lookup.valueIndex(forKey: key, in: document)
    while slots.count < slot { slots.append(lookup) }
    slots.append(lookup)
    return found
  }

  /// Builds a problem about the value at a tape index (or a key missing from the object there).
  func problem(
    _ kind: JSONDecodingProblem.Kind, at index: Int, appending component: JSONPath.Component? = nil,
    expected: String, found: String? = nil, hint: String = ""
  ) -> JSONDecodingProblem {
    let cursor = document.root.cursor(atIndex: index)
    var path = cursor.path
    if let component { path = path.appending(component) }
    let location = document.locate(offset: cursor.offset)
    return JSONDecodingProblem(
      kind: kind, path: path, offset: cursor.offset, line: location.line, column: location.column,
      excerpt: location.excerpt, excerptColumn: location.excerptColumn, expected: expected,
      found: found ?? describe(at: index), hint: hint)
  }

  /// `string "abc"`, `number 12`, `object`, `array of 3`, `null`, `true`.
  func describe(at index: Int) -> String {
    let cursor = document.root.cursor(atIndex: index)
    switch cursor.kind {
    case .null: return "null"
    case .bool: return (try? cursor.bool()) == true ? "true" : "false"
    case .number: return "number " + ((try? cursor.numberText()) ?? "")
    case .string:
      let text = (try? cursor.string()) ?? ""
      let short = text.count > 40 ? String(text.prefix(40)) + "…" : text
      return "string \"\(short)\""
    case .array: return "an array of \(cursor.count)"
    case .object: return "an object"
    }
  }

  /// Records an error thrown while decoding the value at `index`: problems as they are, errors
  /// already recorded not again, anything else (a custom `init(json:)` or transformer's own
  /// error) as an invalid value there.
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
