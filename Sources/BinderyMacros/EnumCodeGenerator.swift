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
  /// The types of every associated value.
  var payloads: [TypeSyntax] = []
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
        cases.append(
          EnumCaseModel(
            name: name, key: key, payload: payload,
            payloads: parameters.map { $0.map { $0.type.trimmed } } ?? [], node: element))
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
  /// `@JSONModel(tag:content:)`: the tag and the content sit side by side.
  var isAdjacent: Bool { options.tag != nil && options.content != nil }
  var isUntagged: Bool { options.untagged && options.tag == nil }

  /// The case of an adjacently tagged enum that keeps unknown tags: a `String` and a
  /// `JSONValue`.
  func isTagFallback(_ enumCase: EnumCaseModel) -> Bool {
    enumCase.payloads.count == 2 && isRawPayload(enumCase.payloads[0])
      && isValuePayload(enumCase.payloads[1])
  }

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
    if options.content != nil, options.tag == nil, let node = options.contentNode {
      diagnose(
        Diagnostic(
          node: node,
          message: BinderyDiagnostic.unionOptions(
            "'content:' needs 'tag:', the key of the tag beside the content")))
    }
    if options.untagged, options.tag != nil, let node = options.untaggedNode {
      diagnose(
        Diagnostic(
          node: node,
          message: BinderyDiagnostic.unionOptions(
            "'untagged: true' and 'tag:' cannot both apply: an untagged union has no tag")))
    }
    if isAdjacent {
      let listed =
        declaration.inheritanceClause?.inheritedTypes.contains {
          $0.type.trimmedDescription.hasSuffix("JSONTaggedUnion")
        } ?? false
      if !listed {
        // The macro cannot add this conformance itself: the compiler then fails on subclasses
        // of @JSONModel classes elsewhere in the module.
        var fixed = declaration
        let inherited = InheritedTypeSyntax(type: TypeSyntax(stringLiteral: "JSONTaggedUnion"))
        if var clause = declaration.inheritanceClause {
          var types = Array(clause.inheritedTypes)
          if let last = types.indices.last {
            types[last] = types[last].with(\.trailingComma, .commaToken(trailingTrivia: .space))
              .with(\.type, types[last].type.trimmed)
          }
          types.append(inherited.with(\.trailingTrivia, .space))
          clause.inheritedTypes = InheritedTypeListSyntax(types)
          fixed.inheritanceClause = clause
        } else {
          fixed.name = fixed.name.with(\.trailingTrivia, [])
          fixed.inheritanceClause = InheritanceClauseSyntax(
            colon: .colonToken(trailingTrivia: .space),
            inheritedTypes: [inherited.with(\.trailingTrivia, .space)])
        }
        diagnose(
          Diagnostic(
            node: declaration.name,
            message: BinderyDiagnostic.unionOptions(
              "an enum with 'tag:' and 'content:' must declare its conformance to JSONTaggedUnion"),
            fixIt: FixIt(
              message: BinderyFixIt.addConformance("JSONTaggedUnion"),
              changes: [.replace(oldNode: Syntax(declaration), newNode: Syntax(fixed))])))
      }
      var fallbackSeen = false
      for enumCase in cases {
        if isTagFallback(enumCase), !fallbackSeen {
          fallbackSeen = true
          continue
        }
        guard enumCase.payloads.count != 1 else { continue }
        diagnose(
          Diagnostic(
            node: enumCase.node,
            message: BinderyDiagnostic.unionCaseValues(name: enumCase.name, untagged: false)))
      }
      return
    }
    if isUntagged {
      var seen: [(name: String, type: String)] = []
      for enumCase in cases {
        guard enumCase.payloads.count == 1, let payload = enumCase.payload else {
          diagnose(
            Diagnostic(
              node: enumCase.node,
              message: BinderyDiagnostic.unionCaseValues(name: enumCase.name, untagged: true)))
          continue
        }
        let type = payload.trimmedDescription
        // A case is never reached when an earlier one has its type, or reads any value.
        if let earlier = seen.first(where: {
          $0.type == type || isValuePayload(TypeSyntax(stringLiteral: $0.type))
        }) {
          diagnose(unreachable(enumCase, earlier: earlier.name))
        }
        seen.append((enumCase.name, type))
      }
      return
    }
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

  /// The members' text, parsed with the extension they go into.
  func members() -> [String] {
    if hasRawType { return [schemaMember()] }
    let members =
      isAdjacent
      ? adjacentMembers()
      : isUntagged ? untaggedMembers() : isUnion ? unionMembers() : stringMembers()
    return members + [schemaMember()]
  }

  // MARK: Schema

  /// The case's constructor as a function: `Self.photo`, or `Self.photo(item:)` when its value
  /// has a label.
  func constructor(_ enumCase: EnumCaseModel) -> String {
    let label = enumCase.node.parameterClause?.parameters.first?.firstName?.text
    guard let label, label != "_" else { return "Self.\(escaped(enumCase.name))" }
    return "Self.\(escaped(enumCase.name))(\(label):)"
  }

  /// The schema of the value a case carries.
  func payloadSchema(_ enumCase: EnumCaseModel) -> String {
    "schema.schema(for: Bindery.JSONSchemaBuilder._payload(\(constructor(enumCase))))"
  }

  /// `_jsonSchema(in:)`: the values, or the union's cases, the enum reads.
  func schemaMember() -> String {
    let value: String
    if isAdjacent {
      let fallback = adjacentCases.fallback != nil
      value =
        "Bindery.JSONSchemaBuilder._adjacentlyTagged(tag: \(literal(options.tag ?? "type")), "
        + "content: \(literal(options.content ?? "content")), "
        + "cases: Self._jsonSchemaCases(in: &schema), keepsUnknown: \(fallback))"
    } else if isUntagged {
      let cases = cases.filter { $0.payloads.count == 1 }.map(payloadSchema)
      value = "Bindery.JSONSchemaBuilder._untagged([\(cases.joined(separator: ", "))])"
    } else if isUnion {
      let models = cases.filter { $0.payload != nil && !isValuePayload($0.payload) }
      let fallback = cases.contains { isValuePayload($0.payload) }
      let list = models.map { "(tag: \(literal($0.key)), content: \(payloadSchema($0)))" }
      value =
        "Bindery.JSONSchemaBuilder._internallyTagged(tag: \(literal(options.tag ?? "type")), "
        + "cases: [\(list.joined(separator: ", "))], keepsUnknown: \(fallback))"
    } else {
      let known = cases.filter { $0.payload == nil && $0.payloads.isEmpty }
      let fallback = !hasRawType && cases.contains { isRawPayload($0.payload) }
      let list = known.map { "Self.\(escaped($0.name))" }.joined(separator: ", ")
      value =
        "Bindery.JSONSchemaBuilder._values([\(list)] as [any Bindery.JSONEncodable], "
        + "keepsOthers: \(fallback))"
    }
    return """
      \(access)static func _jsonSchema(in schema: inout Bindery.JSONSchemaBuilder) -> Bindery.JSONValue {
          \(value)
      }
      """
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
      decodeCases.append(
        "default:\n"
          + "        json._keptUnknownTag(forKey: \(literal(tag)), of: Self.self, expected: \(literal(expected)))\n"
          + "        self = .\(escaped(fallback.name))(json.jsonValue())")
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
    if isAdjacent { return adjacentCodable(fast: fast) }
    if isUntagged { return untaggedCodable(fast: fast) }
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

  // MARK: Adjacently tagged and untagged

  /// An untagged case that an earlier case always reads first, with a fix-it removing it (its
  /// whole declaration when it declares that case alone).
  func unreachable(_ enumCase: EnumCaseModel, earlier: String) -> Diagnostic {
    let message = BinderyDiagnostic.unreachableUntaggedCase(name: enumCase.name, earlier: earlier)
    guard let declaration = enumCase.node.parent?.parent?.as(EnumCaseDeclSyntax.self),
      declaration.elements.count == 1
    else { return Diagnostic(node: enumCase.node, message: message) }
    return Diagnostic(
      node: enumCase.node, message: message,
      fixIt: FixIt(
        message: BinderyFixIt.removeCase(enumCase.name),
        changes: [
          .replace(
            oldNode: Syntax(declaration),
            newNode: Syntax(MissingDeclSyntax(placeholder: .identifier(""))))
        ]))
  }

  /// The cases of an adjacently tagged enum that carry one value, and its fallback.
  var adjacentCases: (tagged: [EnumCaseModel], fallback: EnumCaseModel?) {
    (cases.filter { $0.payloads.count == 1 }, cases.first(where: isTagFallback))
  }

  /// `JSONTaggedUnion`'s members, and the object form reading the tag and content keys.
  func adjacentMembers() -> [String] {
    let (tagged, fallback) = adjacentCases
    let tags = "[" + tagged.map { literal($0.key) }.joined(separator: ", ") + "]"
    let expected = "one of " + tagged.map { "\"\($0.key)\"" }.joined(separator: ", ")
    var decodeCases = tagged.map {
      "case \(literal($0.key)): self = .\(escaped($0.name))(try json.decode())"
    }
    decodeCases.append(
      fallback.map { "default: self = .\(escaped($0.name))(tag, json.value())" }
        ?? "default: throw json.problem(expected: \(literal("the content of " + expected)))")
    var tagCases = tagged.map { "case .\(escaped($0.name)): return \(literal($0.key))" }
    var contentCases = tagged.map {
      "case .\(escaped($0.name))(let value): try json.encode(value)"
    }
    if let fallback {
      tagCases.append("case .\(escaped(fallback.name))(let tag, _): return tag")
      contentCases.append("case .\(escaped(fallback.name))(_, let value): try json.value(value)")
    }
    let tagKey = literal(options.tag ?? "type")
    let contentKey = literal(options.content ?? "content")
    return [
      "\(access)static var _jsonTags: [Swift.String] { \(tags) }",
      "\(access)static var _jsonKeepsUnknownTags: Swift.Bool { \(fallback != nil) }",
      """
      \(access)static func _jsonSchemaCases(in schema: inout Bindery.JSONSchemaBuilder) -> [(tag: Swift.String, content: Bindery.JSONValue)] {
          [\(tagged.map { "(tag: \(literal($0.key)), content: \(payloadSchema($0)))" }.joined(separator: ", "))]
      }
      """,
      """
      \(access)init(tag: Swift.String, content json: Bindery.JSONValueDecoder) throws {
          switch tag {
          \(decodeCases.joined(separator: "\n    "))
          }
      }
      """,
      """
      \(access)var jsonTag: Swift.String {
          switch self {
          \(tagCases.joined(separator: "\n    "))
          }
      }
      """,
      """
      \(access)func encodeContent(to json: Bindery.JSONValueEncoder) throws {
          switch self {
          \(contentCases.joined(separator: "\n    "))
          }
      }
      """,
      """
      \(access)init(json: Bindery.JSONObjectDecoder) throws {
          self = try json.decode(Self.self, tag: \(tagKey), forKey: \(contentKey))
      }
      """,
      """
      \(access)func encode(to json: inout Bindery.JSONObjectEncoder) throws {
          try json.encode(self, tag: \(tagKey), forKey: \(contentKey))
      }
      """,
    ]
  }

  func adjacentCodable(fast: String) -> [String] {
    let (tagged, fallback) = adjacentCases
    let tagKey = literal(options.tag ?? "type")
    let contentKey = literal(options.content ?? "content")
    let expected = "one of " + tagged.map { "\"\($0.key)\"" }.joined(separator: ", ")
    var decodeCases = tagged.map {
      "case \(literal($0.key)): self = .\(escaped($0.name))(try Bindery._JSONModelCoding.content(of: container, forKey: \(contentKey)))"
    }
    decodeCases.append(
      fallback.map {
        "default: self = .\(escaped($0.name))(tag, try Bindery._JSONModelCoding.content(of: container, forKey: \(contentKey)))"
      }
        ?? "default: throw Bindery._JSONModelCoding.unknownValue(tag, expected: \(literal(expected)), at: container.codingPath + [Bindery._JSONCodingKey(stringValue: \(tagKey))])"
    )
    var encodeCases = tagged.map {
      "case .\(escaped($0.name))(let value): try container.encode(value, forKey: \(contentKey))"
    }
    if let fallback {
      encodeCases.append(
        "case .\(escaped(fallback.name))(_, let value): try container.encode(value, forKey: \(contentKey))"
      )
    }
    return [
      """
      \(access)init(from decoder: any Swift.Decoder) throws {
          \(fast)
          let container = try decoder.container(keyedBy: Bindery._JSONCodingKey.self)
          let tag = try container.decode(Swift.String.self, forKey: \(tagKey))
          switch tag {
          \(decodeCases.joined(separator: "\n    "))
          }
      }
      """,
      """
      \(access)func encode(to encoder: any Swift.Encoder) throws {
          var container = encoder.container(keyedBy: Bindery._JSONCodingKey.self)
          try container.encode(self.jsonTag, forKey: \(tagKey))
          switch self {
          \(encodeCases.joined(separator: "\n    "))
          }
      }
      """,
    ]
  }

  /// An untagged enum: each case tried in declaration order.
  func untaggedMembers() -> [String] {
    let attempts = cases.filter { $0.payloads.count == 1 }.map {
      "(\(literal($0.name)), { .\(escaped($0.name))(try $0.decode()) })"
    }
    let encodeCases = cases.filter { $0.payloads.count == 1 }.map {
      "case .\(escaped($0.name))(let value): try json.encode(value)"
    }
    return [
      """
      \(access)init(json: Bindery.JSONValueDecoder) throws {
          self = try json._firstMatching(Self.self, [
              \(attempts.joined(separator: ",\n        "))
          ])
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

  func untaggedCodable(fast: String) -> [String] {
    let attempts = cases.filter { $0.payloads.count == 1 }.map {
      "(\(literal($0.name)), { .\(escaped($0.name))(try .init(from: $0)) })"
    }
    let encodeCases = cases.filter { $0.payloads.count == 1 }.map {
      "case .\(escaped($0.name))(let value): try value.encode(to: encoder)"
    }
    return [
      """
      \(access)init(from decoder: any Swift.Decoder) throws {
          \(fast)
          self = try Bindery._JSONModelCoding.firstMatching(Self.self, from: decoder, [
              \(attempts.joined(separator: ",\n        "))
          ])
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
