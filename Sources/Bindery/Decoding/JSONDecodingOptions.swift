public import BinderyJSON

/// Settings of one model decode: how to read the input, whether to stop at the first problem,
/// and the leniencies a call may switch on for every model it decodes.
///
/// ```swift
/// let feed = try PublicPhotos(
///     json: data, options: JSONDecodingOptions(reading: .allowEscapedApostrophe))
/// ```
public struct JSONDecodingOptions: Sendable {
  /// How the input is read: strict RFC 8259 by default; see `JSONReadingOptions`.
  public var reading: JSONReadingOptions
  /// Stop at the first problem instead of collecting every one. Faster on bad input; the
  /// thrown ``JSONDecodingError`` then lists one problem.
  public var stopsAtFirstError: Bool
  /// Convert values of another JSON type where the meaning is clear (`"3"` → 3, `3` → `"3"`,
  /// `"true"`/`1` → true) for every property, recording each conversion as a warning.
  public var coercesValues: Bool
  /// Skip elements that fail to decode in every array, set and dictionary, recording each skip
  /// as a warning; a non-empty collection that loses every element is still an error.
  public var lossyCollections: Bool
  /// How `Date` properties without a transformer of their own are read and written; RFC 3339
  /// by default.
  public var dates: JSONDateFormat
  /// For untagged unions (`@JSONModel(untagged: true)`): also try the cases after the one
  /// that reads a value, and warn (``JSONDecodingWarning/Kind/severalCasesMatched``) when
  /// another one reads it too. Off by default: it tries every case of every such value.
  public var warnsOnAmbiguousUnions = false
  /// Check every `@Constraint` and model rule (``JSONRules``) while reading; on by
  /// default. Switch it off for input that is trusted (data this program wrote itself): the
  /// values are then taken as they read.
  public var checksConstraints = true

  /// Creates options; every leniency is off by default.
  ///
  /// - Parameters:
  ///   - reading: How the input is read.
  ///   - stopsAtFirstError: Stop at the first problem.
  ///   - coercesValues: Convert values of another JSON type where the meaning is clear.
  ///   - lossyCollections: Skip elements that fail in every collection.
  ///   - dates: The default date format.
  public init(
    reading: JSONReadingOptions = .strict, stopsAtFirstError: Bool = false,
    coercesValues: Bool = false, lossyCollections: Bool = false, dates: JSONDateFormat = .iso8601
  ) {
    self.reading = reading
    self.stopsAtFirstError = stopsAtFirstError
    self.coercesValues = coercesValues
    self.lossyCollections = lossyCollections
    self.dates = dates
  }
}
