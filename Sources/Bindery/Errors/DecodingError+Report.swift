import BinderyJSON

extension DecodingError {
  /// The `DecodingError` that fits the first problem of a report, below the coding path `base`,
  /// with the report as its underlying error: what a model read by a Codable decoder throws.
  /// The report's paths are made to start at the top of the Codable decode, as the coding path
  /// does.
  init(_ report: JSONDecodingError, base: [any CodingKey]) {
    guard let problem = report.problems.first else {
      self = .dataCorrupted(.init(codingPath: base, debugDescription: "\(report)"))
      return
    }
    var absolute = report
    if !base.isEmpty {
      let prefix = JSONPath(codingPath: base).components
      for index in absolute.problems.indices {
        absolute.problems[index].path.components.insert(contentsOf: prefix, at: 0)
      }
    }
    var path = base + problem.path.codingPath
    let context = { (path: [any CodingKey]) in
      Context(
        codingPath: path, debugDescription: problem.description, underlyingError: absolute)
    }
    switch problem.kind {
    case .missingKey:
      let key = path.popLast() ?? StringKey("")
      self = .keyNotFound(key, context(path))
    case .typeMismatch: self = .typeMismatch(Any.self, context(path))
    case .nullValue: self = .valueNotFound(Any.self, context(path))
    default: self = .dataCorrupted(context(path))
    }
  }

  /// Whether the error stands for a model decode's report (its underlying error), as the
  /// errors a bridged decode throws do.
  var carriesReport: Bool {
    context?.underlyingError is JSONDecodingError
  }

  /// The error's context.
  var context: Context? {
    switch self {
    case .dataCorrupted(let context), .keyNotFound(_, let context),
      .typeMismatch(_, let context), .valueNotFound(_, let context):
      return context
    @unknown default: return nil
    }
  }
}

extension JSONDecodingError {
  /// The report behind a `DecodingError`: the problems Bindery attached to it (with their
  /// lines and columns), or, for an error another decoder or a type's own `init(from:)` threw,
  /// one problem at its coding path.
  ///
  /// ```swift
  /// do {
  ///     _ = try BinderyDecoder().decode(Event.self, from: data)
  /// } catch let error as DecodingError {
  ///     for problem in JSONDecodingError(error).problems {
  ///         print(problem.path, problem.location?.line ?? 0, problem.message)
  ///     }
  /// }
  /// ```
  ///
  /// - Parameter error: The error.
  public init(_ error: DecodingError) {
    if let report = error.context?.underlyingError as? JSONDecodingError {
      self.init(problems: report.problems)
    } else {
      self.init(problems: [JSONDecodingProblem(error)])
    }
  }

  /// The report of the errors a Codable decode collected, in order.
  init(collected errors: [DecodingError]) {
    self.init(problems: errors.flatMap { JSONDecodingError($0).problems })
  }
}

extension JSONDecodingProblem {
  /// The problem a `DecodingError` reports: the one Bindery attached to it, or, for an error
  /// of another decoder or a type's own `init(from:)`, a problem at its coding path with the
  /// error's description as what was found and the error as its cause.
  ///
  /// - Parameter error: The error.
  public init(_ error: DecodingError) {
    let context = error.context
    switch context?.underlyingError {
    case let problem as JSONDecodingProblem:
      self = problem
      if cause == nil { cause = error }
      return
    case let report as JSONDecodingError where !report.problems.isEmpty:
      self = report.problems[0]
      return
    case let read as JSONReadError:
      self.init(readError: read)
      if read.path == nil { path = JSONPath(codingPath: context?.codingPath ?? []) }
      return
    default: break
    }
    let path = JSONPath(codingPath: context?.codingPath ?? [])
    switch error {
    case .keyNotFound(let key, _):
      self.init(
        kind: .missingKey, path: path.appending(.key(key.stringValue)), expected: "",
        cause: error)
    case .valueNotFound:
      self.init(kind: .nullValue, path: path, expected: "a value", cause: error)
    default:
      var kind = Kind.invalidValue
      if case .typeMismatch = error { kind = .typeMismatch }
      self.init(
        kind: kind, path: path, expected: "a valid value",
        found: context?.debugDescription ?? "\(error)", cause: error)
    }
  }
}
