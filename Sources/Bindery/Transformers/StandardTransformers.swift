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
    guard let url = URL(string: text), url.absoluteString == text else {
      throw json.problem(expected: "a URL")
    }
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
  /// - Throws: ``JSONWriteError`` when nothing more can be written there.
  public func encode(_ value: URL, to json: JSONValueEncoder) throws {
    try json.string(value.absoluteString)
  }
}

/// Reads base64 text as `Data` and writes it back.
public struct JSONBase64Transformer: JSONTransformer {
  /// Creates the transformer.
  public init() {}

  /// Reads base64 text; a `Data` object of a decode from Foundation objects is taken as it is.
  ///
  /// - Parameter json: The JSON value.
  /// - Returns: The bytes.
  /// - Throws: ``JSONDecodingProblem`` when the value is not a string of valid base64.
  public func decode(_ json: JSONValueDecoder) throws -> Data {
    if let data = json.sourceObject(as: Data.self) { return data }
    guard let data = Data(base64Encoded: try json.string(expected: "base64 text")) else {
      throw json.problem(expected: "base64 text")
    }
    return data
  }

  /// Writes base64 text.
  ///
  /// - Parameters:
  ///   - value: The bytes.
  ///   - json: Where to write them.
  /// - Throws: ``JSONWriteError`` when nothing more can be written there.
  public func encode(_ value: Data, to json: JSONValueEncoder) throws {
    try json.string(value.base64EncodedString())
  }
}

/// Reads a string of separated words (`"space separated words"`) as `[String]` and writes them
/// back joined by the separator. Empty pieces are dropped.
public struct JSONSeparatedTransformer: JSONTransformer {
  let separator: String

  /// Creates the transformer.
  ///
  /// - Parameter separator: What stands between the pieces, such as `" "` or `","`.
  public init(separator: String) { self.separator = separator }

  /// Splits the string.
  ///
  /// - Parameter json: The JSON value.
  /// - Returns: The non-empty pieces.
  /// - Throws: ``JSONDecodingProblem`` when the value is not a string.
  public func decode(_ json: JSONValueDecoder) throws -> [String] {
    let text = try json.string()
    guard !separator.isEmpty else { return text.isEmpty ? [] : [text] }
    return text.split(separator: separator, omittingEmptySubsequences: true).map(String.init)
  }

  /// Joins the pieces.
  ///
  /// - Parameters:
  ///   - value: The pieces.
  ///   - json: Where to write them.
  /// - Throws: ``JSONWriteError`` when nothing more can be written there.
  public func encode(_ value: [String], to json: JSONValueEncoder) throws {
    try json.string(value.joined(separator: separator))
  }
}

/// Reads a number sent as a string (`"42"`, `"3.5"`) and writes it back as a string.
public struct JSONNumberStringTransformer<Value: LosslessStringConvertible & Sendable>:
  JSONTransformer
{
  /// Creates the transformer.
  public init() {}

  /// Reads the number from its string.
  ///
  /// - Parameter json: The JSON value.
  /// - Returns: The number.
  /// - Throws: ``JSONDecodingProblem`` when the value is not a string holding such a number.
  public func decode(_ json: JSONValueDecoder) throws -> Value {
    guard let value = Value(try json.string(expected: "a string holding a \(Value.self)")) else {
      throw json.problem(expected: "a string holding a \(Value.self)")
    }
    return value
  }

  /// Writes the number as a string.
  ///
  /// - Parameters:
  ///   - value: The number.
  ///   - json: Where to write it.
  /// - Throws: ``JSONWriteError`` when nothing more can be written there.
  public func encode(_ value: Value, to json: JSONValueEncoder) throws {
    try json.string(value.description)
  }
}

/// An RGBA colour with 8-bit channels, read from and written as hex text.
public struct RGBAColor: Sendable, Hashable, JSONDecodable, JSONEncodable {
  /// The red channel.
  public var red: UInt8
  /// The green channel.
  public var green: UInt8
  /// The blue channel.
  public var blue: UInt8
  /// The alpha channel; 255 is opaque.
  public var alpha: UInt8

  /// Creates a colour.
  ///
  /// - Parameters:
  ///   - red: The red channel.
  ///   - green: The green channel.
  ///   - blue: The blue channel.
  ///   - alpha: The alpha channel; opaque by default.
  public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// Parses `#RGB`, `#RRGGBB` or `#RRGGBBAA` (the `#` is optional).
  ///
  /// - Parameter hex: The text.
  public init?(hex: String) {
    var digits = Substring(hex)
    if digits.hasPrefix("#") { digits = digits.dropFirst() }
    guard digits.allSatisfy(\.isHexDigit) else { return nil }
    if digits.count == 3 {
      digits = Substring(digits.flatMap { [$0, $0] })
    }
    guard digits.count == 6 || digits.count == 8, let value = UInt32(digits, radix: 16) else {
      return nil
    }
    let rgba = digits.count == 6 ? value << 8 | 0xFF : value
    self.init(
      red: UInt8(truncatingIfNeeded: rgba >> 24), green: UInt8(truncatingIfNeeded: rgba >> 16),
      blue: UInt8(truncatingIfNeeded: rgba >> 8), alpha: UInt8(truncatingIfNeeded: rgba))
  }

  /// `#RRGGBB`, or `#RRGGBBAA` when not opaque, in upper case.
  public var hex: String {
    func byte(_ value: UInt8) -> String {
      let text = String(value, radix: 16, uppercase: true)
      return value < 16 ? "0" + text : text
    }
    return "#" + byte(red) + byte(green) + byte(blue) + (alpha == 255 ? "" : byte(alpha))
  }

  /// Reads hex text.
  ///
  /// - Parameter json: The JSON value.
  /// - Throws: ``JSONDecodingProblem`` when the value is not a hex colour.
  public init(json: JSONValueDecoder) throws {
    let expected = "a hex colour such as #FF8800 or #FF880080"
    guard let color = RGBAColor(hex: try json.string(expected: expected)) else {
      throw json.problem(expected: expected)
    }
    self = color
  }

  /// Writes ``hex``.
  ///
  /// - Parameter json: Where to write it.
  /// - Throws: ``JSONWriteError`` when nothing more can be written there.
  public func encode(to json: JSONValueEncoder) throws { try json.string(hex) }
}

/// Uses a type's own JSON conformance: the transformer behind `.hexColor`, `.uuid`, `.decimal`
/// and friends, so they can be named explicitly in `@Transform`.
public struct JSONConformanceTransformer<Value: JSONDecodable & JSONEncodable>: JSONTransformer {
  /// Creates the transformer.
  public init() {}

  /// Reads the value through its conformance.
  ///
  /// - Parameter json: The JSON value.
  /// - Returns: The value.
  /// - Throws: The conformance's problems.
  public func decode(_ json: JSONValueDecoder) throws -> Value { try Value(json: json) }

  /// Writes the value through its conformance.
  ///
  /// - Parameters:
  ///   - value: The value.
  ///   - json: Where to write it.
  /// - Throws: The conformance's errors.
  public func encode(_ value: Value, to json: JSONValueEncoder) throws {
    try value.encode(to: json)
  }
}

extension JSONTransformer where Self == JSONURLTransformer {
  /// URLs as strings.
  public static var url: JSONURLTransformer { JSONURLTransformer() }
}

extension JSONTransformer where Self == JSONBase64Transformer {
  /// `Data` as base64 text.
  public static var base64: JSONBase64Transformer { JSONBase64Transformer() }
}

extension JSONTransformer where Self == JSONSeparatedTransformer {
  /// `[String]` as one string of separated words.
  ///
  /// - Parameter separator: What stands between the words.
  /// - Returns: The transformer.
  public static func separated(by separator: String) -> JSONSeparatedTransformer {
    JSONSeparatedTransformer(separator: separator)
  }
}

extension JSONTransformer where Self == JSONConformanceTransformer<RGBAColor> {
  /// ``RGBAColor`` as `#RRGGBB` / `#RRGGBBAA` text.
  public static var hexColor: JSONConformanceTransformer<RGBAColor> { .init() }
}

extension JSONTransformer where Self == JSONConformanceTransformer<UUID> {
  /// `UUID` as its string.
  public static var uuid: JSONConformanceTransformer<UUID> { .init() }
}

extension JSONTransformer where Self == JSONConformanceTransformer<Decimal> {
  /// `Decimal` exact from the number's text.
  public static var decimal: JSONConformanceTransformer<Decimal> { .init() }
}

extension JSONTransformer {
  /// A number sent as a string, such as `"42"`.
  ///
  /// - Returns: The transformer.
  public static func numberAsString<Value>() -> JSONNumberStringTransformer<Value>
  where Self == JSONNumberStringTransformer<Value> {
    JSONNumberStringTransformer()
  }
}

extension JSONTransformer where Self == JSONNumberStringTransformer<Int> {
  /// An `Int` sent as a string, such as `"42"` (for `@Transform`, where a generic
  /// `numberAsString()` cannot infer its type).
  public static var intAsString: JSONNumberStringTransformer<Int> { .init() }
}

extension JSONTransformer where Self == JSONNumberStringTransformer<Double> {
  /// A `Double` sent as a string, such as `"3.5"`.
  public static var doubleAsString: JSONNumberStringTransformer<Double> { .init() }
}
