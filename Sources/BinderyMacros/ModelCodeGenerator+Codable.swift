import SwiftSyntax
import SwiftSyntaxMacros

/// The `Codable` members of a struct: under `BinderyDecoder` the model reads the decoder's
/// document through `init(json:)`; under any other coder it reads and writes the coder's keyed
/// containers, property by property, as a synthesized conformance would, with the mapping's keys
/// and nested paths.
extension ModelCodeGenerator {
  /// Whether the Codable members use the coder's containers. A model-wide date format,
  /// coercion or custom key strategy applies to every value below the model, and kept unknown
  /// members need the whole object: such models read and write one `JSONValue` instead.
  var codableUsesContainers: Bool {
    if case .enumeration = model.kind { return false }
    guard model.options.dates == nil, !model.options.coercesValues else { return false }
    if case .custom = model.options.keyStrategy { return false }
    return !model.properties.contains { $0.isUnknownKeys || $0.isFlattened }
  }

  /// Whether a property is read with container calls alone. Others (transformers, coercion,
  /// lossy collections, fallback keys, defaults on a nested path or for `null`) are read
  /// through the mapping, from their members alone.
  func readsContainer(_ property: ModelProperty) -> Bool {
    guard property.transformer == nil, property.tagKey == nil, !property.coerces, !property.isLossy,
      property.decodePaths.count == 1, let path = property.decodePaths.first,
      !path.components.isEmpty
    else { return false }
    if property.defaultValue != nil {
      return property.defaultTrigger == nil && path.components.count == 1
    }
    if property.initializer != nil, !property.isOptional { return path.components.count == 1 }
    return true
  }

  /// Every key the container members use, each with the name of its case in the model's
  /// coding-key enum: the key itself when it is a plain identifier, else `keyN`. A trivial
  /// enum, like a synthesized `CodingKeys`, costs coders nothing to copy.
  static func codingKeyCases(of model: ModelDescription) -> [(key: String, name: String)] {
    var keys: [String] = []
    for property in model.properties where !property.isUnknownKeys {
      let paths =
        (property.decodes ? property.decodePaths : [])
        + (property.encodes ? [property.encodePath] : [])
        + (property.tagKey.map { [$0] } ?? [])
      for path in paths {
        for key in path.components where !keys.contains(key) { keys.append(key) }
      }
    }
    // Names a case cannot take: the enum's own members and words that need backticks.
    let taken: Set<String> = [
      "rawValue", "stringValue", "intValue", "hashValue", "description", "debugDescription",
      "allCases", "init",
    ]
    func isPlain(_ key: String) -> Bool {
      guard let first = key.unicodeScalars.first, !("0"..."9").contains(first) else {
        return false
      }
      return key.unicodeScalars.allSatisfy {
        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
          || $0 == "_"
      } && isPlainIdentifier(key) && !taken.contains(key)
    }
    var used = Set(keys.filter(isPlain))
    var counter = 0
    return keys.map { key in
      if isPlain(key) { return (key, key) }
      var name = "key\(counter)"
      while used.contains(name) {
        counter += 1
        name = "key\(counter)"
      }
      used.insert(name)
      return (key, name)
    }
  }

  /// The key type of the containers: the model's enum, or the library's string key for a
  /// model without keys (an enum with a raw type needs a case).
  var codingKeyType: String {
    codingKeys.isEmpty ? "Bindery._JSONCodingKey" : Self.codingKeysName
  }

  static let codingKeysName = "_JSONCodingKeys"

  /// The expression for a key in container calls.
  func codingKey(_ key: String) -> String {
    guard let name = codingKeys.first(where: { $0.key == key })?.name else {
      return literal(key)
    }
    return "." + name
  }

  func codingKeysDeclaration() -> String? {
    let cases = codingKeys
    guard !cases.isEmpty else { return nil }
    let lines = cases.map { key, name in
      key == name ? "case \(name)" : "case \(name) = \(literal(key))"
    }
    return """
      private enum \(Self.codingKeysName): Swift.String, Swift.CodingKey {
      \(indented(lines))
      }
      """
  }

  /// The statements that set every stored property from `container`.
  func containerAssignments(from container: String) -> [String] {
    var assignments: [String] = []
    for property in model.properties {
      let name = escaped(property.name)
      guard property.decodes else {
        if property.initializer == nil, property.isOptional, property.isLet || model.isClass {
          assignments.append("self.\(name) = nil")
        }
        continue
      }
      assignments.append("self.\(name) = try \(containerRead(property, from: container))")
    }
    return assignments
  }

  /// The Codable members of a struct or final class that use the coder's containers.
  func containerCodable() -> [String] {
    let container = context.makeUniqueName("container").text
    let assignments = containerAssignments(from: container)
    let encoderContainer = context.makeUniqueName("container").text
    let writes = containerWrites(encodingOrder(), depth: 0, container: encoderContainer)
    let source = context.makeUniqueName("source").text
    let keys = codingKeysDeclaration().map { [$0] } ?? []
    return keys + [
      """
      \(access)\(model.isClass ? "required convenience " : "")init(from decoder: any Swift.Decoder) throws {
          if let \(source) = try Bindery._JSONModelCoding.binderySource(from: decoder) {
              try self.init(json: \(source).object)
              try Bindery._JSONModelCoding.validate(self, in: \(source).object)
              withExtendedLifetime(\(source)) {}
          } else {
              try self.init(_jsonContainer: decoder.container(keyedBy: \(codingKeyType).self))
              try Bindery._JSONModelCoding.validate(self, from: decoder)
          }
      }
      """,
      """
      private init(_jsonContainer \(container): Swift.KeyedDecodingContainer<\(codingKeyType)>) throws {
      \(assignments.map { "    " + $0 }.joined(separator: "\n"))
      }
      """,
      """
      \(access)func encode(to encoder: any Swift.Encoder) throws {
          var \(encoderContainer) = encoder.container(keyedBy: \(codingKeyType).self)
      \(indented(writes))
      }
      """,
    ]
  }

  /// The Codable members of a class that may be subclassed.
  ///
  /// Each class of a hierarchy reads and writes its own properties with its own keys, in the
  /// coder's one keyed container, and hands the decoder to its superclass. Whether that works
  /// is known only at run time, for the hierarchy as a whole: a class whose mapping needs the
  /// whole object (see ``codableUsesContainers``) says so in `_jsonCodableUsesContainers`, and
  /// then the hierarchy reads and writes one `JSONValue`, as final classes of that kind do.
  func openClassCodable() -> [String] {
    let flag = "_jsonCodableUsesContainers"
    let override = model.isSubclass ? "override " : ""
    let decoder = "decoder"
    let source = context.makeUniqueName("source").text
    let own = codableUsesContainers ? (model.isSubclass ? "super.\(flag)" : "true") : "false"
    var members = [
      """
      \(openAccess)\(override)class var \(flag): Swift.Bool { \(own) }
      """,
      """
      \(access)required convenience init(from \(decoder): any Swift.Decoder) throws {
          if let \(source) = try Bindery._JSONModelCoding.binderySource(from: \(decoder)) {
              try self.init(json: \(source).object)
              try Bindery._JSONModelCoding.validate(self, in: \(source).object)
              withExtendedLifetime(\(source)) {}
          } else if Self.\(flag) {
              try self.init(_jsonContainer: \(decoder))
              try Bindery._JSONModelCoding.validate(self, from: \(decoder))
          } else {
              let \(source) = try Bindery._JSONModelCoding.objectSource(from: \(decoder))
              try self.init(json: \(source).object)
              try Bindery._JSONModelCoding.validate(self, in: \(source).object)
              withExtendedLifetime(\(source)) {}
          }
      }
      """,
    ]
    guard codableUsesContainers else {
      return members + [
        """
        \(access)required init(_jsonContainer \(decoder): any Swift.Decoder) throws {
            throw Bindery._JSONModelCoding.needsWholeObject(\(model.typeName).self, \(decoder))
        }
        """,
        """
        \(openAccess)\(override)func encode(to encoder: any Swift.Encoder) throws {
            try Bindery._JSONModelCoding.encode(self, to: encoder)
        }
        """,
      ]
    }
    let container = context.makeUniqueName("container").text
    var lines = ["let \(container) = try \(decoder).container(keyedBy: \(codingKeyType).self)"]
    lines += containerAssignments(from: container)
    if model.isSubclass { lines.append("try super.init(_jsonContainer: \(decoder))") }
    let encoderContainer = context.makeUniqueName("container").text
    var writes = [
      "var \(encoderContainer) = encoder.container(keyedBy: \(codingKeyType).self)"
    ]
    writes += containerWrites(encodingOrder(), depth: 0, container: encoderContainer)
    if model.isSubclass { writes.insert("try super.encode(to: encoder)", at: 0) }
    members += codingKeysDeclaration().map { [$0] } ?? []
    members += [
      """
      \(access)required init(_jsonContainer \(decoder): any Swift.Decoder) throws {
      \(indented(lines))
      }
      """,
      """
      \(openAccess)\(override)func encode(to encoder: any Swift.Encoder) throws {
          guard Self.\(flag) else {
              try Bindery._JSONModelCoding.encode(self, to: encoder)
              return
          }
      \(indented(writes))
      }
      """,
    ]
    return members
  }

  /// The expression that reads one property from `container`.
  func containerRead(_ property: ModelProperty, from container: String) -> String {
    let type = typeExpression(property)
    guard readsContainer(property), let components = property.decodePaths.first?.components,
      let last = components.last
    else {
      // A closure parameter cannot take a unique name (`$s…` reads as a projection); `json`
      // shadows nothing here.
      let json = "json"
      var keys: [String] = []
      for path in property.decodePaths + (property.tagKey.map { [$0] } ?? []) {
        if let first = path.components.first, !keys.contains(first) { keys.append(first) }
      }
      let list = keys.map(codingKey).joined(separator: ", ")
      return "Bindery._JSONModelCoding.member(of: \(container), keys: [\(list)]) { \(json) in "
        + "try \(decodeCall(json, property, table: nil)) }"
    }
    let parents = components.dropLast().map(codingKey)
    if parents.isEmpty {
      var arguments = "\(type), from: \(container), forKey: \(codingKey(last))"
      if let value = property.defaultValue ?? (property.isOptional ? nil : property.initializer) {
        arguments += ", default: \(value.trimmedDescription)"
      }
      return "Bindery._JSONModelCoding.decode(\(arguments))"
    }
    if property.isOptional {
      // A missing or `null` parent makes the property `nil`.
      var chain = "Bindery._JSONModelCoding.nested(\(container), forKey: \(parents[0]))"
      for key in parents.dropFirst() {
        chain += ".flatMap { try Bindery._JSONModelCoding.nested($0, forKey: \(key)) }"
      }
      return chain
        + ".flatMap { try Bindery._JSONModelCoding.decode(\(type), from: $0, forKey: \(codingKey(last))) }"
    }
    var chain = container
    for key in parents {
      chain += ".nestedContainer(keyedBy: \(codingKeyType).self, forKey: \(key))"
    }
    return "Bindery._JSONModelCoding.decode(\(type), from: \(chain), forKey: \(codingKey(last)))"
  }

  /// The statements that write `properties` (in encoding order, siblings adjacent) to
  /// `container`, the object at `depth` of their paths. Siblings of a nested path share one
  /// nested container, opened only when one of them writes something. A first key whose
  /// members include a transformer's is written through the mapping as a whole.
  func containerWrites(_ properties: [ModelProperty], depth: Int, container: String) -> [String] {
    var lines: [String] = []
    var index = 0
    while index < properties.count {
      let property = properties[index]
      let components = property.encodePath.components
      guard components.count > depth else {
        index += 1
        continue
      }
      let key = components[depth]
      var group = [property]
      index += 1
      if components.count > depth + 1 {
        while index < properties.count {
          let next = properties[index].encodePath.components
          guard next.count > depth + 1, next[depth] == key else { break }
          group.append(properties[index])
          index += 1
        }
      }
      if group.contains(where: { $0.transformer != nil || $0.tagKey != nil }) {
        let json = "json"
        let body = indented(group.map { encodeStatement($0, json: json) })
        lines.append(
          "try Bindery._JSONModelCoding.encodeMember(to: &\(container)) { \(json) in\n\(body)\n}")
        continue
      }
      guard components.count > depth + 1 else {
        let name = "self.\(escaped(property.name))"
        if property.isOptional {
          var arguments = "\(name), to: &\(container), forKey: \(codingKey(key))"
          if let nulls = property.nulls { arguments += ", nulls: \(nulls.trimmedDescription)" }
          lines.append("try Bindery._JSONModelCoding.encodeIfPresent(\(arguments))")
        } else {
          lines.append(
            "try Bindery._JSONModelCoding.encode(\(name), to: &\(container), forKey: \(codingKey(key)))"
          )
        }
        continue
      }
      let nested = context.makeUniqueName("nested").text
      var body = [
        "var \(nested) = \(container).nestedContainer(keyedBy: \(codingKeyType).self, forKey: \(codingKey(key)))"
      ]
      body += containerWrites(group, depth: depth + 1, container: nested)
      var conditions: [String] = []
      for member in group {
        guard member.isOptional else {
          conditions = []
          break
        }
        var condition = "self.\(escaped(member.name)) != nil"
        if let nulls = member.nulls { condition += " || \(nulls.trimmedDescription) == .write" }
        conditions.append(condition)
      }
      let opening =
        conditions.isEmpty ? "do {" : "if \(conditions.joined(separator: " || ")) {"
      lines.append(opening + "\n" + indented(body) + "\n}")
    }
    return lines
  }

  /// Statements indented one level, each of their lines.
  func indented(_ statements: [String]) -> String {
    statements.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false) }
      .map { "    " + $0 }.joined(separator: "\n")
  }
}
