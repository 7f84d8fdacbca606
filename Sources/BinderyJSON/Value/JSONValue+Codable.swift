extension JSONValue: Codable {
  /// Decodes any JSON value from a decoder.
  ///
  /// Numbers are read as `Int64`, then `UInt64`, then `Double`; objects as string-keyed
  /// containers, in the order the decoder lists their keys.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError.dataCorrupted` when the value is none of the JSON types.
  public init(from decoder: any Decoder) throws {
    if let container = try? decoder.singleValueContainer() {
      if container.decodeNil() {
        self = .null
        return
      }
      if let value = try? container.decode(Bool.self) {
        self = .bool(value)
        return
      }
      if let value = try? container.decode(Int64.self) {
        self = .number(JSONNumber(value))
        return
      }
      if let value = try? container.decode(UInt64.self) {
        self = .number(JSONNumber(value))
        return
      }
      if let value = try? container.decode(Double.self) {
        self = .number(JSONNumber(value))
        return
      }
      if let value = try? container.decode(String.self) {
        self = .string(value)
        return
      }
    }
    if var container = try? decoder.unkeyedContainer() {
      var elements: [JSONValue] = []
      while !container.isAtEnd { elements.append(try container.decode(JSONValue.self)) }
      self = .array(elements)
      return
    }
    if let container = try? decoder.container(keyedBy: AnyKey.self) {
      var object = JSONObject()
      for key in container.allKeys {
        object[key.stringValue] = try container.decode(JSONValue.self, forKey: key)
      }
      self = .object(object)
      return
    }
    throw DecodingError.dataCorrupted(
      .init(codingPath: decoder.codingPath, debugDescription: "expected a JSON value"))
  }

  /// Encodes the value to an encoder.
  ///
  /// Numbers are encoded as `Int64` or `UInt64` when whole and in range, else as `Double`.
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: Whatever the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .null:
      var container = encoder.singleValueContainer()
      try container.encodeNil()
    case .bool(let value):
      var container = encoder.singleValueContainer()
      try container.encode(value)
    case .number(let number):
      var container = encoder.singleValueContainer()
      switch CodableNumber(number) {
      case .signed(let value): try container.encode(value)
      case .unsigned(let value): try container.encode(value)
      case .double(let value): try container.encode(value)
      }
    case .string(let value):
      var container = encoder.singleValueContainer()
      try container.encode(value)
    case .array(let elements):
      var container = encoder.unkeyedContainer()
      for element in elements { try element.encode(into: &container) }
    case .object(let object):
      var container = encoder.container(keyedBy: AnyKey.self)
      for (key, value) in object {
        try value.encode(into: &container, forKey: AnyKey(stringValue: key))
      }
    }
  }

  // Members and elements that are scalars are written with the container's own overload for
  // their type, as a synthesized conformance writes them: encoding a `JSONValue` there instead
  // makes the encoder start a nested encoder for each of them.

  private func encode(into container: inout KeyedEncodingContainer<AnyKey>, forKey key: AnyKey)
    throws
  {
    switch self {
    case .null: try container.encodeNil(forKey: key)
    case .bool(let value): try container.encode(value, forKey: key)
    case .string(let value): try container.encode(value, forKey: key)
    case .number(let number):
      switch CodableNumber(number) {
      case .signed(let value): try container.encode(value, forKey: key)
      case .unsigned(let value): try container.encode(value, forKey: key)
      case .double(let value): try container.encode(value, forKey: key)
      }
    case .array, .object: try container.encode(self, forKey: key)
    }
  }

  private func encode(into container: inout any UnkeyedEncodingContainer) throws {
    switch self {
    case .null: try container.encodeNil()
    case .bool(let value): try container.encode(value)
    case .string(let value): try container.encode(value)
    case .number(let number):
      switch CodableNumber(number) {
      case .signed(let value): try container.encode(value)
      case .unsigned(let value): try container.encode(value)
      case .double(let value): try container.encode(value)
      }
    case .array, .object: try container.encode(self)
    }
  }
}

/// A coding key for any string.
private struct AnyKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }
  init(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { self.stringValue = String(intValue) }
}

/// How a number is handed to a Codable encoder: as `Int64` or `UInt64` when written as an
/// integer and in range (negative zero aside), else as `Double`.
private enum CodableNumber {
  case signed(Int64)
  case unsigned(UInt64)
  case double(Double)

  init(_ number: JSONNumber) {
    // Only a number written as an integer is handed over as one: `1.1e19` (the text of a
    // `Double`) is a `Double`, as a `Double` property's encoder would write it.
    let isIntegerText = !number.text.utf8.contains {
      $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e")
    }
    guard isIntegerText else {
      self = .double(number.double ?? .nan)
      return
    }
    if let value = number.integer(Int64.self) {
      // `-0` is the double negative zero, whose sign an integer would drop.
      if value == 0, let double = number.double, double.sign == .minus {
        self = .double(double)
      } else {
        self = .signed(value)
      }
    } else if let value = number.integer(UInt64.self) {
      self = .unsigned(value)
    } else {
      self = .double(number.double ?? .nan)
    }
  }
}
