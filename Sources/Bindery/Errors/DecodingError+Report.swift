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
