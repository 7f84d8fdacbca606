/// How the values of a stream are laid out in its bytes.
public enum JSONStreamFraming: Sendable, Hashable {
  /// JSON Lines (also called NDJSON): one value on each line, lines ending in `\n` or `\r\n`.
  /// A value's errors name the line of the input it is on.
  case lines
  /// Values one after another, separated by optional whitespace: `{"a":1} {"a":2}`, `1 2 3`,
  /// or pretty-printed values one below the other.
  case concatenated
  /// The elements of one array, read one at a time: the top-level array for an empty path, or
  /// the array at a path of object keys (`data` for `{"data": [...], "next": "..."}`). The
  /// other members around it are checked as JSON and passed over.
  case array(at: JSONPath)

  /// The elements of the top-level array.
  public static var array: JSONStreamFraming { .array(at: JSONPath()) }

  /// The elements of the array at a path of keys written as text: `data`, `response.items`.
  ///
  /// - Parameter path: The path; empty for the top-level array.
  /// - Returns: The framing.
  /// - Throws: ``JSONReadError`` of kind ``JSONReadError/Kind/invalidPath`` for text that is
  ///   not a path.
  public static func array(at path: String) throws(JSONReadError) -> JSONStreamFraming {
    .array(at: path.isEmpty ? JSONPath() : try JSONPath(parsing: path))
  }
}

/// What a stream does with a value it cannot read or decode.
public enum JSONInvalidValuePolicy: Sendable {
  /// Stop at the first invalid value: the stream throws its error and ends.
  case stop
  /// Pass over each invalid value, report it, and go on with the next one. A stream whose
  /// structure is broken (an array that never closes) still stops with an error.
  case skip(report: @Sendable (JSONSkippedValue) -> Void)
}

/// A value a stream passed over under ``JSONInvalidValuePolicy/skip(report:)``.
public struct JSONSkippedValue: Sendable, CustomStringConvertible {
  /// The value's place in the input: where its first problem is when it could not be read,
  /// where it starts when it was read but could not be decoded.
  public let position: JSONTextPosition
  /// Why it was passed over: a ``JSONReadError``, or the error decoding it threw.
  public let error: any Error

  /// A skipped value.
  ///
  /// - Parameters:
  ///   - position: The value's place in the input.
  ///   - error: Why it was passed over.
  public init(position: JSONTextPosition, error: any Error) {
    self.position = position
    self.error = error
  }

  /// "skipped the value at line L, column C: <error>".
  public var description: String { "skipped the value at \(position): \(error)" }
}

/// Limits and choices for reading a stream of JSON values.
public struct JSONStreamOptions: Sendable {
  /// The largest value, in bytes, a stream holds in memory. A longer value is passed over
  /// without being kept, and reported as a ``JSONReadError/Kind/sizeLimitExceeded`` error
  /// naming its line. 64 MiB by default.
  public var maxValueSize: Int
  /// Whether JSON Lines may contain lines that are empty or only whitespace (passed over).
  /// Off by default: such a line is an error naming it.
  public var allowsBlankLines: Bool
  /// How many bytes a stream reads from its source at a time. 1 MiB by default.
  public var chunkSize: Int
  /// How many values are decoded at once: 1 decodes in order on the caller's task; more
  /// decodes batches of JSON Lines in a task group, delivering values in input order. Other
  /// framings decode in order whatever this says.
  public var parallelism: Int
  /// What to do with a value that cannot be read or decoded.
  public var invalidValues: JSONInvalidValuePolicy

  /// Whether invalid values are skipped rather than ending the stream.
  var skipsInvalidValues: Bool {
    if case .skip = invalidValues { return true }
    return false
  }

  /// Stream options.
  ///
  /// - Parameters:
  ///   - maxValueSize: The largest value in bytes; 64 MiB by default.
  ///   - allowsBlankLines: Whether blank lines in JSON Lines are passed over.
  ///   - chunkSize: Bytes read from the source at a time; 1 MiB by default.
  ///   - parallelism: Values decoded at once (JSON Lines only); 1 by default.
  ///   - invalidValues: Stop at the first invalid value (the default) or skip it.
  public init(
    maxValueSize: Int = 64 << 20, allowsBlankLines: Bool = false, chunkSize: Int = 1 << 20,
    parallelism: Int = 1, invalidValues: JSONInvalidValuePolicy = .stop
  ) {
    self.maxValueSize = max(1, maxValueSize)
    self.allowsBlankLines = allowsBlankLines
    self.chunkSize = max(1, chunkSize)
    self.parallelism = max(1, parallelism)
    self.invalidValues = invalidValues
  }

  /// Options that decode JSON Lines on every core the task group is given, in batches.
  ///
  /// - Parameter parallelism: Values decoded at once; 2 by default.
  /// - Returns: The options.
  public static func parallel(_ parallelism: Int = 2) -> JSONStreamOptions {
    JSONStreamOptions(parallelism: parallelism)
  }
}
