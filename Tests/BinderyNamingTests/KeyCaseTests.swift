import BinderyNaming
import Foundation
import Testing

/// Bindery's key-case conversions against Foundation's own strategies, on the same keys.
@Suite("Key case")
struct KeyCaseTests {
  static let camelKeys = [
    "", "a", "myProperty", "myURLProperty", "URLValue", "URL", "myURL", "aB", "ABc", "a1B2",
    "already_snake", "_leading", "trailing_", "ünïcödeKey", "ÉtéHiver", "x2Y", "oneTwoThreeFour",
    "HTTPSConnection", "isHTTPS", "ID", "userID", "a_bC", "カフェKey",
  ]
  static let snakeKeys = [
    "", "a", "my_property", "my_url_property", "u_rl_value", "_leading", "trailing_", "__both__",
    "___", "a__b", "already", "alreadyCamel", "HTTP_server", "x_2_y", "one_two_three", "ünï_cöde",
    "MIXED_case_Key", "_", "a_", "_a_b_",
  ]

  struct Keys: Encodable {
    let keys: [String]
    struct Key: CodingKey {
      var stringValue: String
      var intValue: Int? { nil }
      init(stringValue: String) { self.stringValue = stringValue }
      init?(intValue: Int) { nil }
    }
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: Key.self)
      for (index, key) in keys.enumerated() {
        try container.encode(index, forKey: Key(stringValue: key))
      }
    }
  }

  /// What Foundation's encoder writes for each key, in order.
  static func foundationSnakeCase(_ keys: [String]) throws -> [String] {
    let encoder = JSONEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    let object =
      try JSONSerialization.jsonObject(with: encoder.encode(Keys(keys: keys))) as? [String: Int]
      ?? [:]
    var result = Array(repeating: "", count: keys.count)
    for (key, index) in object { result[index] = key }
    return result
  }

  @Test func snakeCaseMatchesFoundation() throws {
    // One key per encode, so converted keys that collide cannot hide each other.
    for key in Self.camelKeys {
      #expect(
        KeyCase.snakeCase(fromCamelCase: key) == (try Self.foundationSnakeCase([key]).first),
        "\(key)")
    }
  }

  @Test func camelCaseMatchesFoundation() throws {
    struct Probe: Decodable {
      let key: String
      init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.Key.self)
        key = container.allKeys.first?.stringValue ?? "<none>"
      }
    }
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    for key in Self.snakeKeys {
      let json = try JSONSerialization.data(withJSONObject: [key: 1])
      let foundation = try decoder.decode(Probe.self, from: json).key
      #expect(KeyCase.camelCase(fromSnakeCase: key) == foundation, "\(key)")
    }
  }

  @Test func kebabAndPascalCase() {
    #expect(KeyCase.kebabCase(fromCamelCase: "myURLProperty") == "my-url-property")
    #expect(KeyCase.camelCase(fromKebabCase: "my-url-property") == "myUrlProperty")
    #expect(KeyCase.pascalCase(fromCamelCase: "firstName") == "FirstName")
    #expect(KeyCase.pascalCase(fromCamelCase: "") == "")
  }
}

@Suite struct IdentifierTests {
  @Test func reservedWordsGetBackticks() {
    #expect(Identifiers.escaped("default") == "`default`")
    #expect(Identifiers.escaped("class") == "`class`")
    #expect(Identifiers.escaped("title") == "title")
    #expect(Identifiers.escaped("json") == "json")
  }
}
