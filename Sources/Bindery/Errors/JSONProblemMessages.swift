import BinderyJSON

/// The table that turns problems into sentences: one entry per ``JSONDecodingProblem/Kind``.
///
/// Every message a problem gives (``JSONDecodingProblem/message``, its `description`, what the
/// `bindery` tool and the server adapters print) comes from the table in ``current``. Replace an
/// entry to translate the messages or to give them a house style; a kind without an entry keeps
/// the standard message. An entry reads the problem's ``JSONDecodingProblem/parameters`` (the
/// bound, the length found, the pattern) rather than parse the English text.
///
/// ```swift
/// var messages = JSONProblemMessages.standard
/// messages[.stringTooLong] = { problem in
///   "höchstens \(problem.parameters["limit"] ?? "?") Zeichen"
/// }
/// JSONProblemMessages.current = messages
/// ```
public struct JSONProblemMessages: Sendable {
  /// A message for a problem.
  public typealias Message = @Sendable (JSONDecodingProblem) -> String

  private var entries: [JSONDecodingProblem.Kind: Message] = [:]

  /// The standard messages (English): `expected a number greater than 0, found number -3`.
  public static let standard = JSONProblemMessages()

  /// A table with the standard messages.
  public init() {}

  /// The message for the problems of `kind`; `nil` for the standard message.
  ///
  /// - Parameter kind: The kind.
  public subscript(kind: JSONDecodingProblem.Kind) -> Message? {
    get { entries[kind] }
    set { entries[kind] = newValue }
  }

  /// The message this table gives `problem`.
  ///
  /// - Parameter problem: The problem.
  /// - Returns: Its message.
  public func message(for problem: JSONDecodingProblem) -> String {
    if let entry = entries[problem.kind] { return entry(problem) }
    return problem.standardMessage
  }

  private static let installed = Locked<JSONProblemMessages?>(nil)

  /// The table every problem's message comes from; ``standard`` until replaced. Setting it
  /// affects every thread.
  public static var current: JSONProblemMessages {
    get { installed.withLock { $0 } ?? standard }
    set { installed.withLock { $0 = newValue } }
  }
}
