import BinderyJSON
import Foundation

extension JSONDecodingContext {
  /// Writes Foundation objects as a document and finds the value to decode in it. Objects JSON
  /// cannot hold are problems at their path; a problem never has a position, since there is no
  /// text of the user's.
  static func prepare(foundationObject object: Any, at path: String?, options: JSONDecodingOptions)
    throws(JSONDecodingError) -> PreparedDecode
  {
    let document: JSONDocument
    do {
      document = try FoundationTextWriter.document(
        from: object, reading: options.reading,
        nonFinite: options.reading.allowsJSON5 ? .literals : .reject,
        nonFiniteHint: "NaN and infinity are read with JSON5 reading (allowsJSON5)")
    } catch {
      throw JSONDecodingError(problems: [error])
    }
    return try prepare(document: document, at: path, options: options)
  }
}

extension JSONDecodable {
  /// Decodes a value from the objects an app already holds: a `[String: Any]` snapshot, a push
  /// notification's `userInfo`, `JSONSerialization`'s results, values bridged from
  /// Objective-C (`NSDictionary`, `NSArray`, `NSNumber`, `NSNull`).
  ///
  /// Mapping, options and the error report are those of a decode from JSON text: key paths,
  /// coercion, lossy collections, defaults, key strategies. Every decodable type takes them,
  /// `JSONValue` and `[String: Int]` as well as a model.
  ///
  /// ```swift
  /// let userInfo: [AnyHashable: Any] = [
  ///     "aps": ["alert": ["title": "Build finished", "body": "main is green"], "badge": 2],
  ///     "build": 4711,
  /// ]
  /// let push = try BuildPush(foundationObject: userInfo)
  /// print(push.title, push.badge)  // Build finished 2
  /// ```
  ///
  /// What each object reads as:
  /// - `NSNull`, and an empty optional, is `null`.
  /// - A Boolean `NSNumber` (`CFBoolean`) is a Boolean, never the number 1. Integers keep every
  ///   digit up to `UInt64.max`; `Decimal` and `NSDecimalNumber` keep their digits.
  /// - NaN and infinities are errors unless the reading options allow JSON5
  ///   (`options.reading.allowsJSON5`), which reads them into floating-point properties.
  /// - A `Date` or `Data` object is taken as it is by a `Date` or `Data` property, whatever
  ///   the property's format. Other types read it as text: ISO 8601 with milliseconds for a
  ///   date, base64 for data.
  /// - A `URL` is its absolute string.
  /// - A dictionary's keys must be strings. Its members are read in key order, since a
  ///   dictionary has none of its own.
  ///
  /// - Parameters:
  ///   - object: The value: a dictionary, an array or a scalar.
  ///   - path: Where the value to decode sits, such as `data.items`; the top by default.
  ///   - options: Leniencies and reading limits, as for text.
  /// - Throws: ``JSONDecodingError`` listing every problem. Each problem names its path but has
  ///   no position, since there is no text: ``JSONDecodingProblem/location`` is `nil`.
  ///   Objects JSON cannot hold (a key that is not a string, an object of another class, a
  ///   dictionary that contains itself, nesting past `options.reading.maxDepth`, a date outside
  ///   the years 0000 to 9999) are problems too, named by their path.
  public init(
    foundationObject object: Any, at path: String? = nil, options: JSONDecodingOptions = .init()
  ) throws(JSONDecodingError) {
    let prepared = try JSONDecodingContext.prepare(
      foundationObject: object, at: path, options: options)
    self = try Self.run(prepared)
  }

  /// Decodes a value from Foundation objects and returns it with the warnings its decode
  /// gathered; see ``init(foundationObject:at:options:)``.
  ///
  /// - Parameters:
  ///   - object: The value: a dictionary, an array or a scalar.
  ///   - path: Where the value to decode sits; the top by default.
  ///   - options: Leniencies and reading limits.
  /// - Returns: The value and its warnings.
  /// - Throws: ``JSONDecodingError`` listing every problem, by path.
  public static func decoded(
    foundationObject object: Any, at path: String? = nil, options: JSONDecodingOptions = .init()
  ) throws(JSONDecodingError) -> JSONDecoded<Self> {
    let prepared = try JSONDecodingContext.prepare(
      foundationObject: object, at: path, options: options)
    let value = try run(prepared)
    return JSONDecoded(value: value, warnings: prepared.context.warnings)
  }
}

extension JSONUpdatable {
  /// Applies a partial dictionary to the value, as ``update(json:options:)-1wbhp`` applies a partial
  /// JSON object: keys present change their property, absent keys leave it alone, `NSNull`
  /// clears an optional, nested models update recursively.
  ///
  /// ```swift
  /// var profile = try Profile(json: #"{"name": "Ada", "city": "London"}"#)
  /// let changed = try profile.update(foundationObject: ["city": NSNull()])
  /// print(profile.city as Any, changed.count)  // nil 1
  /// ```
  ///
  /// - Parameters:
  ///   - object: A dictionary (`[String: Any]`, `[AnyHashable: Any]`, `NSDictionary`).
  ///   - options: Leniencies and reading limits.
  /// - Returns: The key paths of the properties whose value changed.
  /// - Throws: ``JSONDecodingError``, by path; the value is unchanged then.
  @discardableResult
  public mutating func update(foundationObject object: Any, options: JSONDecodingOptions = .init())
    throws(JSONDecodingError) -> Set<AnyKeyPath>
  {
    try applyUpdate(
      JSONDecodingContext.prepare(foundationObject: object, at: nil, options: options))
  }
}

extension JSONUpdatable where Self: AnyObject {
  /// Applies a partial dictionary to the instance; see
  /// ``JSONUpdatable/update(foundationObject:options:)-975g2``. Properties applied before a bad
  /// value stay applied: an instance is shared, so it is not copied first.
  ///
  /// - Parameters:
  ///   - object: A dictionary.
  ///   - options: Leniencies and reading limits.
  /// - Returns: The key paths of the properties whose value changed.
  /// - Throws: ``JSONDecodingError``, by path.
  @discardableResult
  public func update(foundationObject object: Any, options: JSONDecodingOptions = .init())
    throws(JSONDecodingError) -> Set<AnyKeyPath>
  {
    var instance = self
    return try instance.applyUpdate(
      JSONDecodingContext.prepare(foundationObject: object, at: nil, options: options))
  }
}
