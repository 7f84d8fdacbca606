import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// One case of a `@JSONModel` enum.
struct EnumCaseModel {
  var name: String
  /// The JSON string (or tag value) of the case.
  var key: String
  /// The type of the single associated value, if any.
  var payload: TypeSyntax?
  var node: EnumCaseElementSyntax
}

/// Writes the members `@JSONModel` adds to an enum: string cases (with an optional fallback
/// case that keeps unknown strings), or, with `tag:`, a union of models chosen by a tag field
/// (with an optional `JSONValue` case that keeps unknown objects).
struct EnumCodeGenerator {
  let declaration: EnumDeclSyntax
  let options: ModelOptions
  let access: String
  let cases: [EnumCaseModel]

  init(declaration: EnumDeclSyntax, options: ModelOptions, access: String) {
    self.declaration = declaration
    self.options = options
    self.access = access
    var cases: [EnumCaseModel] = []
    for member in declaration.memberBlock.members {
      guard let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
      var explicitKey: String?
      for element in caseDecl.attributes {
        guard let attribute = element.as(AttributeSyntax.self),
          attribute.attributeName.trimmedDescription.hasSuffix("Key"),
          let argument = attribute.arguments?.as(LabeledExprListSyntax.self)?.first
        else { continue }
        explicitKey = stringLiteralValue(argument.expression)
      }
      for element in caseDecl.elements {
        let name = element.name.text.trimmingBackticks
        let parameters = element.parameterClause?.parameters
        let payload = parameters?.count == 1 ? parameters?.first?.type.trimmed : nil
        let key = explicitKey ?? options.keyStrategy.key(for: name) ?? name
        cases.append(EnumCaseModel(name: name, key: key, payload: payload, node: element))
      }
    }
    self.cases = cases
  }

  /// Whether the enum has a raw type (`enum Status: String`), whose raw values are the JSON.
  var hasRawType: Bool {
    guard let first = declaration.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription
    else { return false }
    return [
      "String", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32",
      "UInt64", "Double", "Float", "Swift.String", "Swift.Int",
    ].contains(first)
  }

  var isUnion: Bool { options.tag != nil }

  func isRawPayload(_ type: TypeSyntax?) -> Bool {
    guard let type else { return false }
    return ["String", "Swift.String"].contains(type.trimmedDescription)
  }

  func isValuePayload(_ type: TypeSyntax?) -> Bool {
    guard let type else { return false }
    return ["JSONValue", "Bindery.JSONValue"].contains(type.trimmedDescription)
  }

  func validate(diagnose: (Diagnostic) -> Void) {
    guard !hasRawType else { return }
    if isUnion {
      for enumCase in cases where enumCase.payload == nil {
        diagnose(
          Diagnostic(
            node: enumCase.node, message: BinderyDiagnostic.unionCaseShape(name: enumCase.name)))
      }
      return
    }
    // A string enum: plain cases, and at most one case keeping unknown strings.
    var fallbackSeen = false
    for enumCase in cases {
      let parameters = enumCase.node.parameterClause?.parameters.count ?? 0
      guard parameters > 0 else { continue }
      if isRawPayload(enumCase.payload), !fallbackSeen {
        fallbackSeen = true
        continue
      }
      diagnose(
        Diagnostic(
          node: enumCase.node, message: BinderyDiagnostic.stringEnumCaseShape(name: enumCase.name)))
    }
  }

  func members() -> [DeclSyntax] {
    if hasRawType { return [] }
    let members = isUnion ? unionMembers() : stringMembers()
    return members.map { DeclSyntax(stringLiteral: $0) }
  }

  /// The `switch` cases of a string enum: reading the string `raw` into a case (`unknown`,
  /// given the expected strings as a literal, throws for a string no case has, unless a case
  /// keeps the raw string), and writing each case with `write`, the call that takes the string.
  func stringSwitchCases(unknown: (String) -> String, write: String)
    -> (decode: [String], encode: [String])
  {
    let known = cases.filter { $0.payload == nil }
    let fallback = cases.first { isRawPayload($0.payload) }
    let expected = "one of " + known.map { "\"\($0.key)\"" }.joined(separator: ", ")
    var decodeCases = known.map { "case \(literal($0.key)): self = .\(escaped($0.name))" }
    var encodeCases = known.map { "case .\(escaped($0.name)): try \(write)(\(literal($0.key)))" }
    if let fallback {
      decodeCases.append("default: self = .\(escaped(fallback.name))(raw)")
      encodeCases.append("case .\(escaped(fallback.name))(let raw): try \(write)(raw)")
    } else {
      decodeCases.append("default: throw \(unknown(literal(expected)))")
    }
    return (decodeCases, encodeCases)
  }

  func stringMembers() -> [String] {
    let (decodeCases, encodeCases) = stringSwitchCases(
      unknown: { "json.problem(expected: \($0))" }, write: "json.string")
    return [
      """
      \(access)init(json: Bindery.JSONValueDecoder) throws {
          let raw = try json.string()
          switch raw {
          \(decodeCases.joined(separator: "\n    "))
          }
      }
      """,
      """
      \(access)func encode(to json: Bindery.JSONValueEncoder) throws {
          switch self {
          \(encodeCases.joined(separator: "\n    "))
          }
      }
      """,
    ]
  }

  func unionMembers() -> [String] {
    let tag = options.tag ?? "type"
    let models = cases.filter { $0.payload != nil && !isValuePayload($0.payload) }
    let fallback = cases.first { isValuePayload($0.payload) }
    let expected = "one of " + models.map { "\"\($0.key)\"" }.joined(separator: ", ")
    var decodeCases = models.map { enumCase in
      "case \(literal(enumCase.key)):\n"
        + "        self = .\(escaped(enumCase.name))(try .init(json: json))\n"
        + "        if case .\(escaped(enumCase.name))(let value) = self { try json.validate(value) }"
    }
    if let fallback {
      decodeCases.append("default: self = .\(escaped(fallback.name))(json.jsonValue())")
    } else {
      decodeCases.append(
        "default: throw json.problem(forKey: \(literal(tag)), expected: \(literal(expected)))")
    }
    var encodeCases = models.map { enumCase in
      "case .\(escaped(enumCase.name))(let value):\n"
        + "        try json.encodeTag(\(literal(enumCase.key)), forKey: \(literal(tag)))\n"
        + "        try value.encode(to: &json)"
    }
    if let fallback {
      encodeCases.append(
        "case .\(escaped(fallback.name))(let value): try json.encodeMembers(of: value)")
    }
    return [
      """
      \(access)init(json: Bindery.JSONObjectDecoder) throws {
          let tag = try json.decode(Swift.String.self, forKey: \(literal(tag)))
          switch tag {
          \(decodeCases.joined(separator: "\n    "))
          }
      }
      """,
      """
      \(access)func encode(to json: inout Bindery.JSONObjectEncoder) throws {
          switch self {
          \(encodeCases.joined(separator: "\n    "))
          }
      }
      """,
    ]
  }

  // MARK: Codable

  /// The Codable members: under `BinderyDecoder` the enum reads the decoder's document through
  /// `init(json:)`; under other coders a string enum uses a single-value container and a union
  /// reads its tag from a keyed container and hands the same decoder to the case's model.
  func codableMembers() -> [String] {
    let value = "__value"
    let fast = """
      if let \(value) = try Bindery._JSONModelCoding.binderyValue(Self.self, from: decoder) {
              self = \(value)
              return
          }
      """
    return isUnion ? unionCodable(fast: fast) : stringCodable(fast: fast)
  }

  func stringCodable(fast: String) -> [String] {
    let (decodeCases, encodeCases) = stringSwitchCases(
      unknown: {
        "Bindery._JSONModelCoding.unknownValue(raw, expected: \($0), at: decoder.codingPath)"
      }, write: "container.encode")
    return [
      """
      \(access)init(from decoder: any Swift.Decoder) throws {
          \(fast)
          let raw = try decoder.singleValueContainer().decode(Swift.String.self)
          switch raw {
          \(decodeCases.joined(separator: "\n    "))
          }
      }
      """,
      """
      \(access)func encode(to encoder: any Swift.Encoder) throws {
          var container = encoder.singleValueContainer()
          switch self {
          \(encodeCases.joined(separator: "\n    "))
          }
      }
      """,
    ]
  }

  func unionCodable(fast: String) -> [String] {
    let tag = literal(options.tag ?? "type")
    let models = cases.filter { $0.payload != nil && !isValuePayload($0.payload) }
    let fallback = cases.first { isValuePayload($0.payload) }
    let expected = "one of " + models.map { "\"\($0.key)\"" }.joined(separator: ", ")
    var decodeCases = models.map {
      "case \(literal($0.key)): self = .\(escaped($0.name))(try .init(from: decoder))"
    }
    if let fallback {
      decodeCases.append(
        "default: self = .\(escaped(fallback.name))(try Bindery.JSONValue(from: decoder))")
    } else {
      decodeCases.append(
        "default: throw Bindery._JSONModelCoding.unknownValue(tag, expected: \(literal(expected)), at: container.codingPath + [Bindery._JSONCodingKey(stringValue: \(tag))])"
      )
    }
    var encodeCases = models.map { enumCase in
      "case .\(escaped(enumCase.name))(let value):\n"
        + "        var container = encoder.container(keyedBy: Bindery._JSONCodingKey.self)\n"
        + "        try container.encode(\(literal(enumCase.key)), forKey: \(tag))\n"
        + "        try value.encode(to: encoder)"
    }
    if let fallback {
      encodeCases.append(
        "case .\(escaped(fallback.name))(let value): try value.encode(to: encoder)")
    }
    return [
      """
      \(access)init(from decoder: any Swift.Decoder) throws {
          \(fast)
          let container = try decoder.container(keyedBy: Bindery._JSONCodingKey.self)
          let tag = try container.decode(Swift.String.self, forKey: \(tag))
          switch tag {
          \(decodeCases.joined(separator: "\n    "))
          }
      }
      """,
      """
      \(access)func encode(to encoder: any Swift.Encoder) throws {
          switch self {
          \(encodeCases.joined(separator: "\n    "))
          }
      }
      """,
    ]
  }
}
