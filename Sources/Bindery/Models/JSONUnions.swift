import BinderyJSON

/// A union whose case is named by a tag that sits beside its content rather than inside it.
///
/// Two shapes of JSON use it:
///
/// - adjacently tagged, the union being an object of its own with a tag key and a content key:
///   `{"type": "push", "payload": {...}}`, written `@JSONModel(tag: "type", content: "payload")`;
/// - tagged in the parent, the tag being a sibling of the property that holds the content:
///   `@TaggedBy("type") var payload: EventPayload` in a model whose objects hold `"type"` next
///   to `"payload"`.
///
/// `@JSONModel(tag:content:)` generates the conformance. A case with two values, a `String` and
/// a `JSONValue`, keeps content under a tag no other case names, and writes both back as read.
public protocol JSONTaggedUnion {
  /// The tag of every case but the fallback, in declaration order.
  static var _jsonTags: [String] { get }
  /// Whether a case keeps content under tags no other case names.
  static var _jsonKeepsUnknownTags: Bool { get }
  /// Reads the case named `tag` from its content.
  ///
  /// - Parameters:
  ///   - tag: The tag read beside the content.
  ///   - content: The content.
  /// - Throws: ``JSONDecodingProblem`` when the content is not what the case carries.
  init(tag: String, content: JSONValueDecoder) throws
  /// The tag this case is written with.
  var jsonTag: String { get }
  /// Writes this case's content.
  ///
  /// - Parameter json: Where the content goes.
  /// - Throws: `JSONWriteError` when the content cannot be written.
  func encodeContent(to json: JSONValueEncoder) throws
  /// For generated code: each case's tag and the schema of its content.
  ///
  /// - Parameter schema: The schema document being built.
  /// - Returns: The cases, in declaration order, without the fallback.
  @_documentation(visibility: private)
  static func _jsonSchemaCases(in schema: inout JSONSchemaBuilder) -> [(
    tag: String, content: JSONValue
  )]
}

extension JSONObjectDecoder {
  /// Decodes a union whose tag is the member `tag` of this object and whose content is the
  /// member `key`.
  ///
  /// A tag that is not a string, or that no case names (unless a case keeps unknown tags), is a
  /// problem at the tag; an unknown tag kept by the fallback is a ``JSONDecodingWarning/Kind/unknownCase``
  /// warning.
  ///
  /// - Parameters:
  ///   - type: The union.
  ///   - tag: The tag's key.
  ///   - key: The content's key.
  /// - Returns: The case.
  /// - Throws: ``JSONDecodingProblem`` for a missing or bad tag or content.
  public func decode<T: JSONTaggedUnion>(_ type: T.Type = T.self, tag: JSONKey, forKey key: JSONKey)
    throws -> T
  {
    let name = try taggedCase(T.self, tag: tag)
    let content = try required(key, expected: "the content of a '\(name)' \(T.self)")
    return try T(tag: name, content: content)
  }

  /// Decodes an optional union: `nil` when the content is missing or `null` (the tag is not
  /// read then).
  ///
  /// - Parameters:
  ///   - type: The optional union.
  ///   - tag: The tag's key.
  ///   - key: The content's key.
  /// - Returns: The case, or `nil`.
  /// - Throws: ``JSONDecodingProblem`` for a bad tag or content.
  public func decode<T: JSONTaggedUnion>(
    _ type: T?.Type, tag: JSONKey, forKey key: JSONKey
  ) throws -> T? {
    guard let content = try optional(key) else { return nil }
    return try T(tag: try taggedCase(T.self, tag: tag), content: content)
  }

  /// The tag read for a union at `tag`, checked against the union's cases.
  private func taggedCase<T: JSONTaggedUnion>(_ type: T.Type, tag: JSONKey) throws -> String {
    let tagValue = try required(tag, expected: "the tag of a \(T.self) (a string)")
    let name = try tagValue.string(expected: "a string naming a case of \(T.self)")
    guard !T._jsonTags.contains(name) else { return name }
    let expected = "one of " + T._jsonTags.map { "\"\($0)\"" }.joined(separator: ", ")
    guard T._jsonKeepsUnknownTags else { throw tagValue.problem(expected: expected) }
    tagValue.warnKeptUnknownTag(name, of: T.self, expected: expected)
    return name
  }
}

extension JSONObjectDecoder {
  /// For generated code: warns that an internally tagged union met a tag none of its cases
  /// names, and kept the object as it was.
  ///
  /// - Parameters:
  ///   - key: The tag's key.
  ///   - type: The union.
  ///   - expected: The tags its cases name.
  @_documentation(visibility: private)
  public func _keptUnknownTag(forKey key: String, of type: Any.Type, expected: String) {
    guard let tag = value(forKey: JSONKey(key)) else { return }
    tag.warnKeptUnknownTag((try? tag.string()) ?? "", of: type, expected: expected)
  }
}

extension JSONObjectEncoder {
  /// Writes a union's tag as the member `tag` and its content as the member `key`.
  ///
  /// - Parameters:
  ///   - value: The union.
  ///   - tag: The tag's key.
  ///   - key: The content's key.
  /// - Throws: `JSONWriteError` naming the member's path.
  public mutating func encode<T: JSONTaggedUnion>(_ value: T, tag: JSONKey, forKey key: JSONKey)
    throws
  {
    try encode(value.jsonTag, forKey: tag)
    try encode(TaggedContent(union: value), forKey: key)
  }

  /// Writes an optional union: `nil` is left out or written as `null` (without a tag).
  ///
  /// - Parameters:
  ///   - value: The union.
  ///   - tag: The tag's key.
  ///   - key: The content's key.
  ///   - nulls: What to do with `nil`.
  /// - Throws: `JSONWriteError` naming the member's path.
  public mutating func encodeIfPresent<T: JSONTaggedUnion>(
    _ value: T?, tag: JSONKey, forKey key: JSONKey, nulls: JSONNullEncoding? = nil
  ) throws {
    if let value { return try encode(value, tag: tag, forKey: key) }
    try encodeIfPresent(Optional<JSONValue>.none, forKey: key, nulls: nulls)
  }
}

/// A union's content, written as a value of its own.
private struct TaggedContent<Union: JSONTaggedUnion>: JSONEncodable {
  let union: Union
  func encode(to json: JSONValueEncoder) throws { try union.encodeContent(to: json) }
}

extension JSONValueDecoder {
  /// Records a warning about this value.
  func warn(_ kind: JSONDecodingWarning.Kind, _ message: String) {
    context.warnings.append(
      JSONDecodingWarning(kind: kind, path: context.warningPath(at: index), message: message))
  }

  /// Warns, at this tag, that no case of a union is tagged `name` and a fallback kept it.
  func warnKeptUnknownTag(_ name: String, of type: Any.Type, expected: String) {
    warn(.unknownCase, "no case of \(type) is tagged \"\(name)\" (\(expected)); kept as it is")
  }

  /// For generated code: reads an untagged union, trying its cases in order. The first case
  /// that reads the value without a problem is taken; the problems of the cases tried before it
  /// are dropped. When none does, the problem names every case and why each failed.
  ///
  /// - Parameters:
  ///   - type: The union.
  ///   - cases: Each case's name and how it reads the value.
  /// - Returns: The first case that reads the value. With
  ///   ``JSONDecodingOptions/warnsOnAmbiguousUnions``, the remaining cases are tried too, and
  ///   one that also reads the value is a warning.
  /// - Throws: ``JSONDecodingProblem`` when no case does.
  @_documentation(visibility: private)
  public func _firstMatching<T>(
    _ type: T.Type, _ cases: [(name: String, read: (JSONValueDecoder) throws -> T)]
  ) throws -> T {
    let warnsOnSeveral = context.options.warnsOnAmbiguousUnions
    var attempts: [JSONUnionMismatch.Attempt] = []
    var found: (name: String, value: T)?
    for (name, read) in cases {
      let (problems, warnings) = (context.problems.count, context.warnings.count)
      var value: T?
      do {
        value = try read(self)
      } catch {
        context.record(error, at: index)
      }
      if let value, context.problems.count == problems {
        if let found {
          context.warnings.removeLast(context.warnings.count - warnings)
          warn(
            .severalCasesMatched,
            "the value reads as case '\(found.name)' and as case '\(name)' of \(T.self); "
              + "'\(found.name)' was taken")
          return found.value
        }
        guard warnsOnSeveral else { return value }
        found = (name, value)
        continue
      }
      let failed = Array(context.problems[problems...])
      context.problems.removeLast(context.problems.count - problems)
      context.warnings.removeLast(context.warnings.count - warnings)
      if found == nil { attempts.append(.init(caseName: name, problems: failed)) }
    }
    if let found { return found.value }
    let mismatch = JSONUnionMismatch(attempts: attempts)
    throw context.problem(
      .typeMismatch, at: index,
      expected: "a value one of the cases of \(T.self) reads ("
        + cases.map(\.name).joined(separator: ", ") + ")",
      hint: mismatch.summary, cause: mismatch)
  }
}

/// Why no case of an untagged union read a value: each case tried, with its problems (paths,
/// lines and columns included). The ``JSONDecodingProblem/cause`` of the problem reported.
public struct JSONUnionMismatch: Error, Sendable, Hashable, CustomStringConvertible {
  /// One case tried.
  public struct Attempt: Sendable, Hashable {
    /// The case's name.
    public var caseName: String
    /// Why it could not read the value.
    public var problems: [JSONDecodingProblem]
  }

  /// Every case tried, in order.
  public var attempts: [Attempt]

  /// One line per case: `as 'name': first problem`.
  var summary: String {
    attempts.map { attempt in
      "as '\(attempt.caseName)': "
        + (attempt.problems.first.map { "\($0)" } ?? "not read")
    }.joined(separator: "; ")
  }

  /// Each case and its problems, on lines of their own.
  public var description: String {
    attempts.map { attempt in
      (["as '\(attempt.caseName)':"] + attempt.problems.map { "    \($0)" })
        .joined(separator: "\n")
    }.joined(separator: "\n")
  }
}
