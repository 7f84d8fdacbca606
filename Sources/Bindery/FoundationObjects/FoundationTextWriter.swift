import BinderyJSON
import Foundation

/// Writes Foundation objects as compact JSON text for the decoders to read, exactly: a Boolean
/// `NSNumber` as `true`, integers with every digit, `Decimal`s with theirs.
///
/// Every decoder reads a `JSONDocument`'s tape, and parts of them hand out the text behind a
/// value (a member kept unknown, a cursor), so objects become text rather than a tape of their
/// own. A `Date` or `Data` is written as a string (ISO 8601, base64) and kept in the document's
/// source objects under that string's offset: a property of its type takes the object itself.
struct FoundationTextWriter {
  private var walk: FoundationWalk
  private var writer: JSONWriter
  private var sourceObjects: [Int: any Sendable] = [:]
  /// Why a non-finite number is rejected, when the policy rejects them.
  private let nonFiniteHint: String

  /// - Parameters:
  ///   - maxDepth: The deepest nesting accepted (the reading limit, so that the text reads).
  ///   - nonFinite: What to write for NaN and infinities; they are errors at their path when
  ///     rejected.
  ///   - nonFiniteHint: What to change to accept them.
  init(
    maxDepth: Int, nonFinite: JSONWritingOptions.NonFiniteNumberPolicy, nonFiniteHint: String
  ) {
    walk = FoundationWalk(maxDepth: maxDepth)
    writer = JSONWriter(
      options: JSONWritingOptions(nonFiniteNumbers: nonFinite, maxDepth: maxDepth + 1))
    self.nonFiniteHint = nonFiniteHint
  }

  /// Writes `object` and reads the text back as a document that knows it was written.
  ///
  /// - Throws: ``JSONDecodingProblem`` at the path of the first value JSON cannot hold.
  static func document(
    from object: Any, reading: JSONReadingOptions,
    nonFinite: JSONWritingOptions.NonFiniteNumberPolicy, nonFiniteHint: String
  ) throws(JSONDecodingProblem) -> JSONDocument {
    var text = FoundationTextWriter(
      maxDepth: reading.maxDepth, nonFinite: nonFinite, nonFiniteHint: nonFiniteHint)
    try text.write(object)
    let bytes: [UInt8]
    do {
      bytes = try text.writer.takeFinished()
    } catch {
      throw text.walk.problem(.invalidValue, expected: "a JSON value", found: error.message)
    }
    // The text is written to read back under `reading` (depth, JSON5 literals). A size limit
    // is the one thing it can still exceed.
    var options = reading
    options.maxSize = nil
    do {
      return try JSONDocument(parsing: bytes, options: options, sourceObjects: text.sourceObjects)
    } catch {
      throw text.walk.problem(.invalidValue, expected: "a JSON value", found: error.message)
    }
  }

  private mutating func write(_ object: Any) throws(JSONDecodingProblem) {
    do {
      try writeValue(object)
    } catch let error as JSONWriteError {
      throw walk.problem(.invalidValue, expected: "a JSON value", found: error.message)
    } catch let problem as JSONDecodingProblem {
      throw problem
    } catch {
      throw walk.problem(.invalidValue, expected: "a JSON value", found: "\(error)")
    }
  }

  private mutating func writeValue(_ object: Any) throws {
    switch try walk.classify(object) {
    case .null: try writer.null()
    case .bool(let value): try writer.bool(value)
    case .signed(let value): try writer.integer(value)
    case .unsigned(let value): try writer.integer(value)
    case .double(let value):
      try checkFinite(value.isFinite, "\(value)")
      try writer.double(value)
    case .float(let value):
      try checkFinite(value.isFinite, "\(value)")
      try writer.float(value)
    case .decimal(let value):
      if value.isNaN {
        try checkFinite(false, "NaN")
        try writer.double(.nan)
      } else if let digits = Self.digits(of: value) {
        try writer.decimal(negative: value.sign == .minus, digits: digits, exponent: value.exponent)
      } else {
        guard let number = JSONNumber(text: value.description) else {
          throw walk.problem(.invalidValue, expected: "a number", found: "\(value)")
        }
        try writer.number(number)
      }
    case .string(let value): try writer.string(value)
    case .url(let value): try writer.string(value.absoluteString)
    case .date(let value):
      guard let text = ISO8601.string(from: value, fractional: true) else {
        throw walk.problem(
          .invalidValue, expected: ISO8601.writableDescription, found: ISO8601.describe(value))
      }
      try writeSource(value, as: text)
    case .data(let value): try writeSource(value, as: value.base64EncodedString())
    case .array(let elements, let reference):
      try walk.enter(reference)
      try writer.beginArray()
      for (position, element) in elements.enumerated() {
        walk.path.append(.index(position))
        try writeValue(element)
        walk.path.removeLast()
      }
      try writer.endArray()
      walk.leave(reference)
    case .object(let members, let reference):
      try walk.enter(reference)
      try writer.beginObject()
      for (key, value) in FoundationItem.sorted(members) {
        walk.path.append(.key(key))
        try writer.key(key)
        try writeValue(value)
        walk.path.removeLast()
      }
      try writer.endObject()
      walk.leave(reference)
    }
  }

  /// A decimal's significand as an integer, when it fits in 64 bits. `description` formats
  /// through strings at tens of thousands of instructions a number, and `JSONSerialization` on
  /// Linux makes an `NSDecimalNumber` of every number with many digits.
  private static func digits(of value: Decimal) -> UInt64? {
    let significand = NSDecimalNumber(decimal: value.significand)
    // An approximate bound first: comparing `Decimal`s costs more than the rest together.
    // Below 1.8e19 the significand fits in a `UInt64` (whose largest value is 1.8446…e19).
    guard significand.doubleValue < 1.8e19 else { return nil }
    return significand.uint64Value
  }

  private func checkFinite(_ isFinite: Bool, _ text: String) throws(JSONDecodingProblem) {
    guard !isFinite, case .reject = writer.options.nonFiniteNumbers else { return }
    throw walk.nonFinite(text, hint: nonFiniteHint)
  }

  /// Writes the string standing for a `Date` or `Data` and records the object at its offset.
  /// The text is ASCII the writer does not escape (ISO 8601 digits and letters, base64), so
  /// its content is the last `text.utf8.count` bytes before the closing quote.
  private mutating func writeSource(_ object: any Sendable, as text: String) throws {
    try writer.string(text)
    sourceObjects[writer.length - 1 - text.utf8.count] = object
  }
}
