/// How ``JSONWriter`` formats its output.
///
/// ```swift
/// var options = JSONWritingOptions.pretty
/// options.sortsKeys = true
/// let text = try value.jsonString(options: options)
/// ```
public struct JSONWritingOptions: Sendable, Hashable {
  /// What to write for infinities and NaN, which JSON cannot express.
  public enum NonFiniteNumberPolicy: Sendable, Hashable {
    /// Fail with ``JSONWriteError/Kind/nonFiniteNumber``.
    case reject
    /// Write JSON5's `Infinity`, `-Infinity` and `NaN` (not valid JSON).
    case literals
    /// Write the given strings, as Foundation's `convertToString` strategy does.
    case strings(positiveInfinity: String, negativeInfinity: String, nan: String)
  }

  /// Write newlines and indentation.
  public var prettyPrinted: Bool
  /// Spaces per nesting level when ``prettyPrinted``.
  public var indentWidth: Int
  /// Write object members in ascending key order: by Unicode scalar values, as Foundation's
  /// `JSONEncoder` sorts them (so `Z` comes before `a`, and `é` after `z`).
  public var sortsKeys: Bool
  /// Write `/` as `\/`.
  public var escapesSlashes: Bool
  /// Write every non-ASCII character as a `\u` escape.
  public var asciiOnly: Bool
  /// What to write for infinities and NaN.
  public var nonFiniteNumbers: NonFiniteNumberPolicy
  /// The deepest nesting of arrays and objects written; deeper is an error.
  public var maxDepth: Int
  /// Pretty-print as Foundation's `JSONEncoder` does: `"key" : value`, and a blank line
  /// between the brackets of an empty container.
  package var foundationLayout = false

  /// Creates writing options; with no arguments, compact output in insertion order.
  ///
  /// - Parameters:
  ///   - prettyPrinted: Write newlines and indentation.
  ///   - indentWidth: Spaces per level when pretty printing (default 2).
  ///   - sortsKeys: Sort object members by key.
  ///   - escapesSlashes: Write `/` as `\/`.
  ///   - asciiOnly: Escape every non-ASCII character.
  ///   - nonFiniteNumbers: What to write for infinities and NaN (default: reject).
  ///   - maxDepth: The deepest nesting written (default 512).
  public init(
    prettyPrinted: Bool = false,
    indentWidth: Int = 2,
    sortsKeys: Bool = false,
    escapesSlashes: Bool = false,
    asciiOnly: Bool = false,
    nonFiniteNumbers: NonFiniteNumberPolicy = .reject,
    maxDepth: Int = 512
  ) {
    self.prettyPrinted = prettyPrinted
    self.indentWidth = indentWidth
    self.sortsKeys = sortsKeys
    self.escapesSlashes = escapesSlashes
    self.asciiOnly = asciiOnly
    self.nonFiniteNumbers = nonFiniteNumbers
    self.maxDepth = maxDepth
  }

  /// Compact output: no whitespace at all.
  public static var compact: JSONWritingOptions { JSONWritingOptions() }
  /// Two-space indentation, one member or element per line.
  public static var pretty: JSONWritingOptions { JSONWritingOptions(prettyPrinted: true) }
}
