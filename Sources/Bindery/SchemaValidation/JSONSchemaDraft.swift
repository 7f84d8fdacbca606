/// A version of JSON Schema: which keywords a ``JSONSchemaValidator`` applies to a schema, and
/// how. A schema names its draft with `$schema`; the validator's default covers schemas that
/// do not.
public enum JSONSchemaDraft: Int, Sendable, Comparable, CaseIterable, CustomStringConvertible {
  /// Draft 4 (`http://json-schema.org/draft-04/schema#`).
  case draft4 = 4
  /// Draft 6.
  case draft6 = 6
  /// Draft 7.
  case draft7 = 7
  /// Draft 2019-09 (`https://json-schema.org/draft/2019-09/schema`).
  case draft2019 = 2019
  /// Draft 2020-12 (`https://json-schema.org/draft/2020-12/schema`).
  case draft2020 = 2020

  /// Whether `lhs` came before `rhs`.
  ///
  /// - Parameters:
  ///   - lhs: A draft.
  ///   - rhs: Another draft.
  /// - Returns: True when `lhs` is the older.
  public static func < (lhs: JSONSchemaDraft, rhs: JSONSchemaDraft) -> Bool {
    lhs.rawValue < rhs.rawValue
  }

  /// The draft a `$schema` value names, with `http` or `https` and with or without the empty
  /// fragment; nil for another metaschema.
  ///
  /// - Parameter metaschema: The URI, such as `http://json-schema.org/draft-07/schema#`.
  public init?(metaschema: String) {
    var text = Substring(metaschema)
    if text.hasSuffix("#") { text = text.dropLast() }
    if text.hasPrefix("https://") {
      text = text.dropFirst(8)
    } else if text.hasPrefix("http://") {
      text = text.dropFirst(7)
    }
    switch text {
    case "json-schema.org/draft-04/schema": self = .draft4
    case "json-schema.org/draft-06/schema": self = .draft6
    case "json-schema.org/draft-07/schema": self = .draft7
    case "json-schema.org/draft/2019-09/schema": self = .draft2019
    case "json-schema.org/draft/2020-12/schema": self = .draft2020
    default: return nil
    }
  }

  /// The draft a command line or caller names: `4`, `6`, `7`, `2019-09`, `2020-12` (or
  /// `draft7`, `draft-07`, `draft2020-12` …).
  ///
  /// - Parameter name: The name.
  public init?(name: String) {
    switch name {
    case "4", "draft4", "draft-04": self = .draft4
    case "6", "draft6", "draft-06": self = .draft6
    case "7", "draft7", "draft-07": self = .draft7
    case "2019-09", "draft2019-09": self = .draft2019
    case "2020-12", "draft2020-12": self = .draft2020
    default: return nil
    }
  }

  /// The draft's name, such as `draft 2020-12`.
  public var description: String {
    switch self {
    case .draft4: "draft 4"
    case .draft6: "draft 6"
    case .draft7: "draft 7"
    case .draft2019: "draft 2019-09"
    case .draft2020: "draft 2020-12"
    }
  }

  /// The keyword that gives a schema its URI.
  var idKeyword: String { self == .draft4 ? "id" : "$id" }

  /// Whether `$ref` makes a schema ignore its other keywords (drafts 4 to 7).
  var refIgnoresSiblings: Bool { self <= .draft7 }

  /// The vocabulary URI prefix of drafts that have vocabularies.
  var vocabularyPrefix: String? {
    switch self {
    case .draft2019: "https://json-schema.org/draft/2019-09/vocab/"
    case .draft2020: "https://json-schema.org/draft/2020-12/vocab/"
    default: nil
    }
  }
}
