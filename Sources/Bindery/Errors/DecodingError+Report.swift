import BinderyJSON

extension DecodingError {
  /// The `DecodingError` that fits the first problem of a report, below the coding path `base`,
  /// with the report as its underlying error: what a model read by a Codable decoder throws.
  init(_ report: JSONDecodingError, base: [any CodingKey]) {
    guard let problem = report.problems.first else {
      self = .dataCorrupted(.init(codingPath: base, debugDescription: "\(report)"))
      return
    }
    var path = base + problem.path.components.map(Self.codingKey)
    let description = problem.description
    switch problem.kind {
    case .missingKey:
      let key = path.popLast() ?? StringKey("")
      self = .keyNotFound(
        key, .init(codingPath: path, debugDescription: description, underlyingError: report))
    case .typeMismatch:
      self = .typeMismatch(
        Any.self, .init(codingPath: path, debugDescription: description, underlyingError: report))
    case .nullValue:
      self = .valueNotFound(
        Any.self, .init(codingPath: path, debugDescription: description, underlyingError: report))
    default:
      self = .dataCorrupted(
        .init(codingPath: path, debugDescription: description, underlyingError: report))
    }
  }

  /// Whether the error stands for a model decode's report (its underlying error), as the
  /// errors a bridged decode throws do.
  var carriesReport: Bool {
    switch self {
    case .dataCorrupted(let context), .keyNotFound(_, let context),
      .typeMismatch(_, let context), .valueNotFound(_, let context):
      return context.underlyingError is JSONDecodingError
    @unknown default: return false
    }
  }

  private static func codingKey(_ component: JSONPath.Component) -> any CodingKey {
    switch component {
    case .key(let key): StringKey(key)
    case .index(let index): IndexKey(index)
    }
  }
}

extension DecodingError.Context {
  /// The description without the ` (line L, column C)` that Bindery's decoder ends it with
  /// (see `DecoderImpl.context`), and that line and column; the description as it is and no
  /// place when it has none.
  package var messageAndPlace: (message: String, line: Int?, column: Int?) {
    let text = debugDescription
    guard text.hasSuffix(")"), let open = text.ranges(of: " (line ").last else {
      return (text, nil, nil)
    }
    let place = text[open.upperBound..<text.index(before: text.endIndex)]
    let parts = place.split(separator: ",", maxSplits: 1)
    guard parts.count == 2, let line = Int(parts[0]),
      parts[1].hasPrefix(" column "), let column = Int(parts[1].dropFirst(" column ".count))
    else { return (text, nil, nil) }
    return (String(text[..<open.lowerBound]), line, column)
  }
}
