public import BinderyJSON
public import Foundation

/// A decoded value with the warnings its decode gathered (coercions, skipped elements,
/// defaults used for bad values).
public struct JSONDecoded<Value> {
  /// The value.
  public var value: Value
  /// What the decode did that was not strictly by the book.
  public var warnings: [JSONDecodingWarning]
}

extension JSONDecodable {
  /// Decodes a value from JSON data, optionally below a result key path.
  ///
  /// ```swift
  /// let feed = try PublicPhotos(jsonData: data, options: .init(reading: .allowEscapedApostrophe))
  /// let photos = try [Photo](jsonData: data, at: "photos.photo")
  /// ```
  ///
  /// - Parameters:
  ///   - jsonData: UTF-8 JSON.
  ///   - path: Where the value sits, such as `photos.photo` or `items[0]`; the top by default.
  ///   - options: Reading options, first-error mode and leniencies.
  /// - Throws: ``JSONDecodingError`` listing every problem (line, column and path of each).
  public init(jsonData: Data, at path: String? = nil, options: JSONDecodingOptions = .init())
    throws
  {
    self = try Self(jsonBytes: Array(jsonData), at: path, options: options)
  }

  /// Decodes a value from UTF-8 bytes, without copying them.
  ///
  /// - Parameters:
  ///   - jsonBytes: UTF-8 JSON.
  ///   - path: Where the value sits; the top by default.
  ///   - options: Reading options, first-error mode and leniencies.
  /// - Throws: ``JSONDecodingError`` listing every problem.
  @inlinable
  public init(jsonBytes: [UInt8], at path: String? = nil, options: JSONDecodingOptions = .init())
    throws
  {
    let context = try JSONDecodingContext.prepare(bytes: jsonBytes, at: path, options: options)
    self = try Self.run(context)
  }

  /// Decodes a value from JSON text.
  ///
  /// - Parameters:
  ///   - jsonString: The JSON text.
  ///   - path: Where the value sits; the top by default.
  ///   - options: Reading options, first-error mode and leniencies.
  /// - Throws: ``JSONDecodingError`` listing every problem.
  public init(jsonString: String, at path: String? = nil, options: JSONDecodingOptions = .init())
    throws
  {
    self = try Self(jsonBytes: Array(jsonString.utf8), at: path, options: options)
  }

  /// Decodes a value from a parsed document (whose reading options were applied when parsed).
  ///
  /// - Parameters:
  ///   - jsonDocument: The document.
  ///   - path: Where the value sits; the top by default.
  ///   - options: First-error mode and leniencies.
  /// - Throws: ``JSONDecodingError`` listing every problem.
  public init(
    jsonDocument: JSONDocument, at path: String? = nil, options: JSONDecodingOptions = .init()
  ) throws {
    self = try Self.decoded(document: jsonDocument, at: path, options: options).value
  }

  /// Decodes a value from a ``JSONValue``.
  ///
  /// - Parameters:
  ///   - jsonValue: The value.
  ///   - options: First-error mode and leniencies.
  /// - Throws: ``JSONDecodingError`` listing every problem; lines and columns refer to the
  ///   value written compactly.
  public init(jsonValue: JSONValue, options: JSONDecodingOptions = .init()) throws {
    var writer = JSONWriter()
    try writer.value(jsonValue)
    self = try Self.decoded(bytes: try writer.takeFinished(), at: nil, options: options).value
  }

  /// Decodes a value and returns it with the warnings the decode gathered.
  ///
  /// - Parameters:
  ///   - bytes: UTF-8 JSON.
  ///   - path: Where the value sits; the top by default.
  ///   - options: Reading options, first-error mode and leniencies.
  /// - Returns: The value and its warnings.
  /// - Throws: ``JSONDecodingError`` listing every problem.
  public static func decoded(
    bytes: [UInt8], at path: String? = nil, options: JSONDecodingOptions = .init()
  ) throws(JSONDecodingError) -> JSONDecoded<Self> {
    let prepared = try JSONDecodingContext.prepare(bytes: bytes, at: path, options: options)
    let value = try run(prepared)
    return JSONDecoded(value: value, warnings: prepared.context.warnings)
  }

  /// Decodes a value from a parsed document and returns it with its warnings.
  ///
  /// - Parameters:
  ///   - document: The document.
  ///   - path: Where the value sits; the top by default.
  ///   - options: First-error mode and leniencies.
  /// - Returns: The value and its warnings.
  /// - Throws: ``JSONDecodingError`` listing every problem.
  public static func decoded(
    document: JSONDocument, at path: String? = nil, options: JSONDecodingOptions = .init()
  ) throws(JSONDecodingError) -> JSONDecoded<Self> {
    let prepared = try JSONDecodingContext.prepare(document: document, at: path, options: options)
    let value = try run(prepared)
    return JSONDecoded(value: value, warnings: prepared.context.warnings)
  }
}

extension JSONDecodable {
  /// Decodes the value a prepared context points at; specialised where the type is known.
  @inlinable
  static func run(_ prepared: PreparedDecode) throws(JSONDecodingError) -> Self {
    // The context lives until the decode returns: decoders do not own it.
    try withExtendedLifetime(prepared.context) { () throws(JSONDecodingError) -> Self in
      let value = prepared.root
      do {
        let result = try Self(json: value)
        if prepared.context.problemCount == 0 { return result }
      } catch {
        prepared.context.record(error, at: value.index)
      }
      throw prepared.context.failure()
    }
  }
}

extension JSONUpdatable {
  /// Applies a partial JSON object to the value (PATCH semantics): keys present change their
  /// property, absent keys leave it alone, `null` clears an optional, nested models update
  /// recursively.
  ///
  /// ```swift
  /// let changed = try user.update(fromJSON: #"{"personInfo": {"lastName": "Smith"}}"#)
  /// let body = try user.jsonData(including: changed)
  /// ```
  ///
  /// - Parameters:
  ///   - jsonString: A JSON object.
  ///   - options: Reading options and leniencies.
  /// - Returns: The key paths of the properties whose value changed.
  /// - Throws: ``JSONDecodingError``; the value is unchanged then.
  @discardableResult
  public mutating func update(fromJSON jsonString: String, options: JSONDecodingOptions = .init())
    throws -> Set<AnyKeyPath>
  {
    try update(fromJSONBytes: Array(jsonString.utf8), options: options)
  }

  /// Applies a partial JSON object given as data; see ``update(fromJSON:options:)``.
  ///
  /// - Parameters:
  ///   - jsonData: A JSON object.
  ///   - options: Reading options and leniencies.
  /// - Returns: The key paths of the properties whose value changed.
  /// - Throws: ``JSONDecodingError``; the value is unchanged then.
  @discardableResult
  public mutating func update(fromJSONData jsonData: Data, options: JSONDecodingOptions = .init())
    throws -> Set<AnyKeyPath>
  {
    try update(fromJSONBytes: Array(jsonData), options: options)
  }

  /// Applies a partial JSON object given as bytes; see ``update(fromJSON:options:)``.
  ///
  /// - Parameters:
  ///   - bytes: A JSON object.
  ///   - options: Reading options and leniencies.
  /// - Returns: The key paths of the properties whose value changed.
  /// - Throws: ``JSONDecodingError``; the value is unchanged then.
  @discardableResult
  public mutating func update(fromJSONBytes bytes: [UInt8], options: JSONDecodingOptions = .init())
    throws -> Set<AnyKeyPath>
  {
    let prepared = try JSONDecodingContext.prepare(bytes: bytes, at: nil, options: options)
    let context = prepared.context
    var copy = self
    let changed = try withExtendedLifetime(context) { () throws -> Set<AnyKeyPath> in
      let value = prepared.root
      do {
        let changed = try copy.update(from: try value.object())
        if context.problems.isEmpty { return changed }
      } catch {
        context.record(error, at: 0)
      }
      throw JSONDecodingError(problems: context.problems, warnings: context.warnings)
    }
    self = copy
    return changed
  }
}

extension JSONDecodingProblem {
  /// The problem a decode reports for input the reader rejected: kind
  /// ``Kind-swift.enum/malformedJSON``, with the reader's position, excerpt and message.
  ///
  /// - Parameter error: The reader's error.
  public init(readError error: JSONReadError) {
    let path = error.path.flatMap { try? JSONPath(parsing: $0) } ?? JSONPath()
    self.init(
      kind: .malformedJSON, path: path, offset: error.offset, line: error.line,
      column: error.column, excerpt: error.excerpt, excerptColumn: error.excerptColumn,
      expected: "valid JSON", found: error.message)
  }
}

extension JSONUpdatable where Self: AnyObject {
  /// Applies a partial JSON object to the instance (PATCH semantics); see
  /// ``JSONUpdatable/update(fromJSON:options:)``. Properties applied before a bad value stay
  /// applied: an instance is shared, so it is not copied first.
  ///
  /// - Parameters:
  ///   - jsonString: A JSON object.
  ///   - options: Reading options and leniencies.
  /// - Returns: The key paths of the properties whose value changed.
  /// - Throws: ``JSONDecodingError``.
  @discardableResult
  public func update(fromJSON jsonString: String, options: JSONDecodingOptions = .init())
    throws -> Set<AnyKeyPath>
  {
    var instance = self
    return try instance.update(fromJSONBytes: Array(jsonString.utf8), options: options)
  }

  /// Applies a partial JSON object given as data; see ``update(fromJSON:options:)``.
  ///
  /// - Parameters:
  ///   - jsonData: A JSON object.
  ///   - options: Reading options and leniencies.
  /// - Returns: The key paths of the properties whose value changed.
  /// - Throws: ``JSONDecodingError``.
  @discardableResult
  public func update(fromJSONData jsonData: Data, options: JSONDecodingOptions = .init())
    throws -> Set<AnyKeyPath>
  {
    var instance = self
    return try instance.update(fromJSONBytes: Array(jsonData), options: options)
  }
}

/// A decode ready to run: its context and the decoder of the value to read.
@usableFromInline
struct PreparedDecode {
  @usableFromInline let context: JSONDecodingContext
  @usableFromInline let root: JSONValueDecoder
}

extension JSONDecodingContext {
  /// Parses the input and finds the value to decode: the part of a decode that does not depend
  /// on the type.
  @usableFromInline
  static func prepare(bytes: [UInt8], at path: String?, options: JSONDecodingOptions)
    throws(JSONDecodingError) -> PreparedDecode
  {
    let document: JSONDocument
    do {
      document = try JSONDocument(parsing: bytes, options: options.reading)
    } catch {
      throw JSONDecodingError(problems: [JSONDecodingProblem(readError: error)])
    }
    return try prepare(document: document, at: path, options: options)
  }

  /// Finds the value to decode in a parsed document.
  @usableFromInline
  static func prepare(document: JSONDocument, at path: String?, options: JSONDecodingOptions)
    throws(JSONDecodingError) -> PreparedDecode
  {
    let context = JSONDecodingContext(document: document, options: options)
    var index = 0
    if let path {
      do {
        index = try document.root.cursor(at: try JSONPath(parsing: path)).index
      } catch {
        var problem = JSONDecodingProblem(readError: error)
        problem.kind = .resultNotFound
        problem.expected = "a value at '\(path)'"
        problem.found = error.message
        throw JSONDecodingError(problems: [problem])
      }
    }
    let scope = JSONDecodingScope(
      coercesValues: options.coercesValues, lossy: options.lossyCollections)
    return PreparedDecode(
      context: context, root: JSONValueDecoder(context: context, index: index, scope: scope))
  }

  /// The error that ends a failed decode: every problem and warning recorded.
  @usableFromInline
  func failure() -> JSONDecodingError {
    JSONDecodingError(problems: problems, warnings: warnings)
  }
}
