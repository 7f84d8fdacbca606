import Foundation

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
  /// - Throws: `JSONWriteError` when nothing more can be written there.
  public func encode(to json: JSONValueEncoder) throws { try json.string(hex) }
}

extension JSONTransformer where Self == JSONConformanceTransformer<RGBAColor> {
  /// ``RGBAColor`` as `#RRGGBB` / `#RRGGBBAA` text.
  public static var hexColor: JSONConformanceTransformer<RGBAColor> { .init() }
}
