public import Foundation

/// Reads a URL from a string and writes its absolute string: the transformer behind `URL`
/// properties, also usable as `@Transform(.url)` for a `URL` kept in another shape.
public struct JSONURLTransformer: JSONTransformer {
  /// Creates the transformer.
  public init() {}

  /// Reads a URL: an RFC 3986 URI reference, absolute (`https://example.com/a?b=1`) or
  /// relative (`/photos/1`).
  ///
  /// The text is taken as it is or rejected, never re-encoded: a character RFC 3986 does not
  /// allow (a space, a non-ASCII letter, `"`, `<`, `{`…) or a `%` not followed by two hex
  /// digits is a problem naming the character, so that exporting the model writes back the
  /// exact text that was read.
  ///
  /// - Parameter json: The JSON value.
  /// - Returns: The URL.
  /// - Throws: ``JSONDecodingProblem`` when the value is not a string holding a URL.
  public func decode(_ json: JSONValueDecoder) throws -> URL {
    let text = try json.string(expected: "a URL")
    if let flaw = Self.flaw(in: text) {
      throw json.problem(expected: "a URL (an RFC 3986 reference; \(flaw))")
    }
    guard let url = Self.readBack(text) else { throw json.problem(expected: "a URL") }
    return url
  }

  /// The URL a string holds, as a model reads it (an RFC 3986 reference that `URL` reads back
  /// unchanged); nil otherwise. For tools that must agree with the models they write.
  ///
  /// - Parameter text: The string.
  /// - Returns: The URL, or nil.
  package static func url(fromText text: String) -> URL? {
    flaw(in: text) == nil ? readBack(text) : nil
  }

  /// The URL of an RFC 3986 reference, when `URL` reads it back unchanged.
  private static func readBack(_ text: String) -> URL? {
    guard let url = URL(string: text), url.absoluteString == text else { return nil }
    return url
  }

  /// Why `text` is not an RFC 3986 URI reference, or `nil` when it is one.
  static func flaw(in text: String) -> String? {
    let scalars = Array(text.unicodeScalars)
    if scalars.isEmpty { return "it is empty" }
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      if scalar == "%" {
        guard index + 2 < scalars.count, scalars[index + 1].properties.isASCIIHexDigit,
          scalars[index + 2].properties.isASCIIHexDigit
        else { return "'%' at character \(index) is not followed by two hex digits" }
        index += 3
        continue
      }
      guard scalar.isASCII, uriCharacters[Int(scalar.value)] else {
        return "'\(scalar.escaped(asASCII: true))' at character \(index) must be percent-encoded"
      }
      index += 1
    }
    return nil
  }

  /// The ASCII characters RFC 3986 allows in a URI reference besides `%`: unreserved,
  /// general and sub-delimiters.
  private static let uriCharacters: [Bool] = (0..<128).map { code in
    let allowed =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;="
    return allowed.utf8.contains(UInt8(code))
  }

  /// Writes the URL's absolute string.
  ///
  /// - Parameters:
  ///   - value: The URL.
  ///   - json: Where to write it.
  /// - Throws: `JSONWriteError` when nothing more can be written there.
  public func encode(_ value: URL, to json: JSONValueEncoder) throws {
    try json.string(value.absoluteString)
  }
}

extension JSONTransformer where Self == JSONURLTransformer {
  /// URLs as strings.
  public static var url: JSONURLTransformer { JSONURLTransformer() }
}
