import BinderyJSON
import Foundation

/// A schema object (or `true`/`false`) compiled: each keyword that applies read once, its
/// subschemas compiled and its references resolved, so that checking a value looks nothing up
/// by name.
///
/// Built by ``SchemaCompiler``, linked (references may form cycles), then only read; the
/// validator that holds the tree shares it between threads.
final class CompiledSchema: @unchecked Sendable {
  // Invariant for `@unchecked Sendable`: every stored property is set while the compiler builds
  // and links the tree, before the validator that owns it is returned, and only read after; the
  // one write later is the validator's `deinit` clearing references, when nothing else can reach
  // the tree (it is internal, held by that validator alone). For the same reason no access to a
  // property can overlap a write, and the properties are `@exclusivity(unchecked)`: the run-time
  // exclusivity check on every read cost about 6 % of a validation.

  /// Where the schema is: its resource and JSON Pointer there, for absolute locations.
  let base: SchemaURI
  let pointer: String
  let draft: JSONSchemaDraft
  /// The resource the schema is in: entered into the dynamic scope while the schema applies,
  /// unless the schema that applied it is in the same one.
  @exclusivity(unchecked) var resource: SchemaResource?

  /// `true` or `false` schemas.
  @exclusivity(unchecked) var constant: Bool?

  // References.
  @exclusivity(unchecked) var ref: CompiledSchema?
  /// `$dynamicRef`: its initial target, and the anchor to look for in the dynamic scope when
  /// that target has a `$dynamicAnchor` of the same name.
  @exclusivity(unchecked) var dynamicRef: (target: CompiledSchema, anchor: String?)?
  /// `$recursiveRef`: its initial target, and whether that target has `$recursiveAnchor`.
  @exclusivity(unchecked) var recursiveRef: (target: CompiledSchema, dynamic: Bool)?

  // Validation (when the validation vocabulary applies).
  /// The annotation keywords the schema has, with their values.
  @exclusivity(unchecked) var annotationKeywords: [(keyword: String, value: JSONValue)] = []
  @exclusivity(unchecked) var types: TypeSet?
  /// `types`, when the type is all the schema checks: the schema that applies it then decides
  /// it in place, and evaluates it (to report) only when the value is not of those types.
  @exclusivity(unchecked) var onlyTypes: TypeSet?
  @exclusivity(unchecked) var typeNames: [String] = []
  @exclusivity(unchecked) var enumValues: [JSONValue]?
  @exclusivity(unchecked) var constValue: JSONValue?
  @exclusivity(unchecked) var multipleOf: Bound?
  @exclusivity(unchecked) var maximum: Bound?
  @exclusivity(unchecked) var minimum: Bound?
  @exclusivity(unchecked) var exclusiveMaximum: Bound?
  @exclusivity(unchecked) var exclusiveMinimum: Bound?
  /// Draft 4's boolean `exclusiveMaximum` and `exclusiveMinimum`.
  @exclusivity(unchecked) var maximumIsExclusive = false
  @exclusivity(unchecked) var minimumIsExclusive = false
  @exclusivity(unchecked) var maxLength: Int?
  @exclusivity(unchecked) var minLength: Int?
  @exclusivity(unchecked) var pattern: (regex: SchemaPattern, text: String)?
  @exclusivity(unchecked) var format: String?
  @exclusivity(unchecked) var maxItems: Int?
  @exclusivity(unchecked) var minItems: Int?
  @exclusivity(unchecked) var uniqueItems = false
  @exclusivity(unchecked) var maxContains: Int?
  @exclusivity(unchecked) var minContains: Int?
  @exclusivity(unchecked) var maxProperties: Int?
  @exclusivity(unchecked) var minProperties: Int?
  @exclusivity(unchecked) var required: [String] = []
  @exclusivity(unchecked) var dependentRequired:
    [(name: String, needs: [String], keyword: String)] = []

  // Applicators.
  @exclusivity(unchecked) var allOf: [CompiledSchema] = []
  @exclusivity(unchecked) var anyOf: [CompiledSchema] = []
  @exclusivity(unchecked) var oneOf: [CompiledSchema] = []
  @exclusivity(unchecked) var not: CompiledSchema?
  @exclusivity(unchecked) var ifSchema: CompiledSchema?
  @exclusivity(unchecked) var thenSchema: CompiledSchema?
  @exclusivity(unchecked) var elseSchema: CompiledSchema?
  @exclusivity(unchecked) var properties = SchemaPropertyTable()
  @exclusivity(unchecked) var patternProperties: [(regex: SchemaPattern, schema: CompiledSchema)] =
    []
  @exclusivity(unchecked) var additionalProperties: CompiledSchema?
  @exclusivity(unchecked) var propertyNames: CompiledSchema?
  @exclusivity(unchecked) var dependentSchemas: [(name: String, schema: CompiledSchema)] = []
  /// `prefixItems`, or the array form of `items` before 2020-12.
  @exclusivity(unchecked) var prefixItems: [CompiledSchema] = []
  /// `items` (the schema form), or `additionalItems` after an array of `items`.
  @exclusivity(unchecked) var items: CompiledSchema?
  @exclusivity(unchecked) var contains: CompiledSchema?
  @exclusivity(unchecked) var unevaluatedProperties: CompiledSchema?
  @exclusivity(unchecked) var unevaluatedItems: CompiledSchema?

  init(base: SchemaURI, pointer: String, draft: JSONSchemaDraft) {
    self.base = base
    self.pointer = pointer
    self.draft = draft
  }

  /// A keyword's absolute location.
  func absoluteLocation(_ keyword: String) -> String {
    let suffix = keyword.isEmpty ? "" : "/" + JSONPath.pointerToken(keyword)
    return base.with(fragment: pointer + suffix).description
  }

  /// A number bound: its exact value and its text for messages.
  struct Bound {
    var value: SchemaDecimal
    var text: String
  }

  /// The JSON types a `type` keyword allows, as bits.
  struct TypeSet: OptionSet {
    let rawValue: UInt8
    static let null = TypeSet(rawValue: 1)
    static let boolean = TypeSet(rawValue: 2)
    static let object = TypeSet(rawValue: 4)
    static let array = TypeSet(rawValue: 8)
    static let string = TypeSet(rawValue: 16)
    static let number = TypeSet(rawValue: 32)
    static let integer = TypeSet(rawValue: 64)

    init(rawValue: UInt8) { self.rawValue = rawValue }

    init?(name: String) {
      switch name {
      case "null": self = .null
      case "boolean": self = .boolean
      case "object": self = .object
      case "array": self = .array
      case "string": self = .string
      case "number": self = .number
      case "integer": self = .integer
      default: return nil
      }
    }
  }
}

/// A schema resource as the dynamic scope sees it: its URI, its `$dynamicAnchor`s, and whether
/// it has `$recursiveAnchor: true`.
final class SchemaResource: @unchecked Sendable {
  // Invariant for `@unchecked Sendable`: filled while compiling, only read afterwards.
  let uri: SchemaURI
  var dynamicAnchors: [String: CompiledSchema] = [:]
  var recursiveAnchor = false
  /// The resource's root schema (the target of a `$recursiveRef` that moves).
  weak var root: CompiledSchema?

  init(uri: SchemaURI) {
    self.uri = uri
  }
}

/// Compiles the schemas an index holds, starting at the validator's root, into
/// ``CompiledSchema`` trees; each schema once, however many references lead to it.
struct SchemaCompiler {
  typealias Node = JSONSchemaValidator.Node

  let index: SchemaIndex
  let assertsFormats: Bool
  /// Every schema compiled, by absolute location, so that a reference back to one reuses it.
  private(set) var compiled: [String: CompiledSchema] = [:]
  private(set) var resources: [SchemaURI: SchemaResource] = [:]
  /// Schemas whose references are still to link.
  private var pending: [(schema: CompiledSchema, node: Node)] = []
  /// Whether any schema reads annotations (`unevaluatedProperties`, `unevaluatedItems`).
  private(set) var readsAnnotations = false

  init(index: SchemaIndex, assertsFormats: Bool) {
    self.index = index
    self.assertsFormats = assertsFormats
  }

  /// The compiled schema at `node`, its references linked.
  mutating func compileAll(_ node: Node) -> CompiledSchema {
    let root = compile(node)
    // Link references, and give every resource entered its dynamic anchors (which may sit in
    // `$defs` nothing else reaches), until nothing new is compiled.
    var anchored: Set<SchemaURI> = []
    while true {
      while let (schema, node) = pending.popLast() { link(schema, node) }
      let fresh = resources.keys.filter { !anchored.contains($0) }
      if fresh.isEmpty { break }
      for uri in fresh {
        anchored.insert(uri)
        for name in index.dynamicAnchors[uri] ?? [] {
          guard let node = index.anchors[uri.with(fragment: name)] else { continue }
          resource(uri).dynamicAnchors[name] = compile(node)
        }
      }
    }
    return root
  }

  private func key(_ node: Node) -> String { "\(node.base)#\(node.pointer)" }

  private mutating func resource(_ uri: SchemaURI) -> SchemaResource {
    if let known = resources[uri] { return known }
    let made = SchemaResource(uri: uri)
    resources[uri] = made
    return made
  }

  mutating func compile(_ given: Node) -> CompiledSchema {
    let (node, entersResource) = SchemaIndex.entering(given)
    let schema = CompiledSchema(base: node.base, pointer: node.pointer, draft: node.draft)
    if case .bool(let flag) = node.value {
      schema.constant = flag
      return schema
    }
    guard case .object(let object) = node.value else {
      schema.constant = true
      return schema
    }
    // References to this schema find it here.
    let location = key(node)
    if let known = compiled[location] { return known }
    compiled[location] = schema
    let resource = resource(node.base)
    schema.resource = resource
    if entersResource || node.pointer.isEmpty {
      if resource.root == nil { resource.root = schema }
      if object["$recursiveAnchor"] == .bool(true), node.draft == .draft2019 {
        resource.recursiveAnchor = true
      }
    }
    pending.append((schema, node))
    if node.draft.refIgnoresSiblings, object["$ref"] != nil { return schema }

    let validates = uses("validation", node)
    if validates { readValidation(object, node, into: schema) }
    readApplicators(object, node, into: schema)
    if let types = schema.types, object.keys.allSatisfy(Self.typeOnlyKeywords.contains) {
      schema.onlyTypes = types
    }
    for keyword in Self.annotationKeywords {
      if let value = object[keyword] { schema.annotationKeywords.append((keyword, value)) }
    }
    return schema
  }

  /// The keywords whose value is an annotation (in the output formats), in the order given.
  private static let annotationKeywords = [
    "title", "description", "default", "deprecated", "readOnly", "writeOnly", "examples",
    "format", "contentEncoding", "contentMediaType", "contentSchema",
  ]

  /// The keywords a schema that only checks the type may have beside `type`: annotations.
  private static let typeOnlyKeywords: Set<String> = [
    "type", "title", "description", "$comment", "examples", "default", "deprecated", "readOnly",
    "writeOnly",
  ]

  /// Whether the vocabulary `name` applies to the schema at `node`.
  private func uses(_ name: String, _ node: Node) -> Bool {
    guard let prefix = node.draft.vocabularyPrefix,
      let vocabularies = index.resources[node.base]?.vocabularies
    else { return true }
    return vocabularies.contains(prefix + name)
  }

  private mutating func child(
    _ node: Node, _ value: JSONValue, _ keyword: String, _ steps: String...
  ) -> CompiledSchema {
    var pointer = node.pointer + "/" + JSONPath.pointerToken(keyword)
    for extra in steps { pointer += "/" + JSONPath.pointerToken(extra) }
    let child = Node(value: value, base: node.base, pointer: pointer, draft: node.draft)
    return compile(child)
  }

  private static func count(_ value: JSONValue?) -> Int? {
    guard case .number(let number) = value else { return nil }
    if let count = number.integer(Int.self) { return count >= 0 ? count : nil }
    guard let decimal = SchemaDecimal(number), decimal.isInteger, !decimal.negative else {
      return nil
    }
    return Int.max
  }

  private static func bound(_ value: JSONValue?) -> CompiledSchema.Bound? {
    guard case .number(let number) = value, let decimal = SchemaDecimal(number) else {
      return nil
    }
    return CompiledSchema.Bound(value: decimal, text: number.text)
  }

  private func readValidation(_ object: JSONObject, _ node: Node, into schema: CompiledSchema) {
    switch object["type"] {
    case .string(let name):
      schema.types = CompiledSchema.TypeSet(name: name) ?? []
      schema.typeNames = [name]
    case .array(let list):
      var types: CompiledSchema.TypeSet = []
      for case .string(let name) in list {
        if let type = CompiledSchema.TypeSet(name: name) { types.insert(type) }
        schema.typeNames.append(name)
      }
      schema.types = types
    default: break
    }
    if case .array(let values) = object["enum"] { schema.enumValues = values }
    if node.draft >= .draft6, let value = object["const"] { schema.constValue = value }
    if let divisor = Self.bound(object["multipleOf"]), !divisor.value.isZero {
      schema.multipleOf = divisor
    }
    schema.maximum = Self.bound(object["maximum"])
    schema.minimum = Self.bound(object["minimum"])
    if node.draft == .draft4 {
      schema.maximumIsExclusive = object["exclusiveMaximum"] == .bool(true)
      schema.minimumIsExclusive = object["exclusiveMinimum"] == .bool(true)
    } else {
      schema.exclusiveMaximum = Self.bound(object["exclusiveMaximum"])
      schema.exclusiveMinimum = Self.bound(object["exclusiveMinimum"])
    }
    schema.maxLength = Self.count(object["maxLength"])
    schema.minLength = Self.count(object["minLength"])
    if case .string(let text) = object["pattern"], let regex = index.patterns[text] {
      schema.pattern = (regex, text)
    }
    schema.maxItems = Self.count(object["maxItems"])
    schema.minItems = Self.count(object["minItems"])
    schema.uniqueItems = object["uniqueItems"] == .bool(true)
    if node.draft >= .draft2019 {
      schema.maxContains = Self.count(object["maxContains"])
      schema.minContains = Self.count(object["minContains"])
    }
    schema.maxProperties = Self.count(object["maxProperties"])
    schema.minProperties = Self.count(object["minProperties"])
    if case .array(let names) = object["required"] {
      schema.required = names.compactMap(\.stringValue)
    }
    let dependencyKeyword = node.draft >= .draft2019 ? "dependentRequired" : "dependencies"
    if case .object(let dependencies) = object[dependencyKeyword] {
      for (name, needed) in dependencies {
        guard case .array(let names) = needed else { continue }
        schema.dependentRequired.append((name, names.compactMap(\.stringValue), dependencyKeyword))
      }
    }
    if assertsFormats, case .string(let format) = object["format"],
      uses(node.draft == .draft2019 ? "format" : "format-annotation", node)
    {
      schema.format = format
    }
  }

  private mutating func readApplicators(
    _ object: JSONObject, _ node: Node, into schema: CompiledSchema
  ) {
    let draft = node.draft
    for (keyword, list) in [
      ("allOf", \CompiledSchema.allOf), ("anyOf", \.anyOf), ("oneOf", \.oneOf),
    ] {
      guard case .array(let schemas) = object[keyword] else { continue }
      schema[keyPath: list] = schemas.enumerated().map { child(node, $1, keyword, "\($0)") }
    }
    if let value = object["not"] { schema.not = child(node, value, "not") }
    if draft >= .draft7, let value = object["if"] {
      schema.ifSchema = child(node, value, "if")
      if let value = object["then"] { schema.thenSchema = child(node, value, "then") }
      if let value = object["else"] { schema.elseSchema = child(node, value, "else") }
    }
    if case .object(let properties) = object["properties"] {
      for (name, value) in properties {
        schema.properties.insert(name, child(node, value, "properties", name))
      }
    }
    if case .object(let patterns) = object["patternProperties"] {
      for (pattern, value) in patterns {
        guard let regex = index.patterns[pattern] else { continue }
        schema.patternProperties.append((regex, child(node, value, "patternProperties", pattern)))
      }
    }
    if let value = object["additionalProperties"] {
      schema.additionalProperties = child(node, value, "additionalProperties")
    }
    if draft >= .draft6, let value = object["propertyNames"] {
      schema.propertyNames = child(node, value, "propertyNames")
    }
    let dependencyKeyword = draft >= .draft2019 ? "dependentSchemas" : "dependencies"
    if case .object(let dependencies) = object[dependencyKeyword] {
      for (name, value) in dependencies where value.kind == .object || value.kind == .bool {
        schema.dependentSchemas.append((name, child(node, value, dependencyKeyword, name)))
      }
    }
    if draft >= .draft2020 {
      if case .array(let schemas) = object["prefixItems"] {
        schema.prefixItems = schemas.enumerated().map { child(node, $1, "prefixItems", "\($0)") }
      }
      if let value = object["items"], value.kind != .array {
        schema.items = child(node, value, "items")
      }
    } else if let value = object["items"] {
      if case .array(let schemas) = value {
        schema.prefixItems = schemas.enumerated().map { child(node, $1, "items", "\($0)") }
        if let additional = object["additionalItems"] {
          schema.items = child(node, additional, "additionalItems")
        }
      } else {
        schema.items = child(node, value, "items")
      }
    }
    if draft >= .draft6, let value = object["contains"] {
      schema.contains = child(node, value, "contains")
    }
    if draft >= .draft2019 {
      if let value = object["unevaluatedProperties"] {
        schema.unevaluatedProperties = child(node, value, "unevaluatedProperties")
        readsAnnotations = true
      }
      if let value = object["unevaluatedItems"] {
        schema.unevaluatedItems = child(node, value, "unevaluatedItems")
        readsAnnotations = true
      }
    }
  }

  /// Resolves a schema's references, compiling their targets.
  private mutating func link(_ schema: CompiledSchema, _ node: Node) {
    guard case .object(let object) = node.value else { return }
    let (entered, _) = SchemaIndex.entering(node)
    func target(_ reference: String) -> (CompiledSchema, Node)? {
      guard let found = index.lookUp(entered.base.resolving(reference)) else { return nil }
      return (compile(found), found)
    }
    if case .string(let reference) = object["$ref"], let (found, _) = target(reference) {
      schema.ref = found
    }
    if entered.draft >= .draft2020, case .string(let reference) = object["$dynamicRef"],
      let (found, foundNode) = target(reference)
    {
      let uri = entered.base.resolving(reference)
      var anchor: String? = nil
      if let name = uri.fragment, !name.isEmpty, !name.hasPrefix("/"),
        case .object(let members) = foundNode.value, members["$dynamicAnchor"]?.stringValue == name
      {
        anchor = name
      }
      schema.dynamicRef = (found, anchor)
    }
    if entered.draft == .draft2019, case .string(let reference) = object["$recursiveRef"],
      let (found, foundNode) = target(reference)
    {
      var dynamic = false
      if case .object(let members) = foundNode.value, members["$recursiveAnchor"] == .bool(true) {
        dynamic = true
      }
      schema.recursiveRef = (found, dynamic)
    }
  }
}

/// A schema's `properties`, found by a member name's UTF-8 bytes: names match when their code
/// points are the same, as JSON Schema compares them (`String`'s `==` would also match
/// canonically equivalent names, `"é"` written as one scalar or as two), and are hashed without
/// `Hasher`'s SipHash, the largest cost of validating objects when it was a `Dictionary`.
struct SchemaPropertyTable {
  /// Open addressing: an index into `entries` plus one, 0 for an empty slot; a power of two
  /// long, at most half full.
  private var slots: [Int32] = []
  private var entries: [(bytes: [UInt8], schema: CompiledSchema)] = []

  var isEmpty: Bool { entries.isEmpty }

  /// Adds `name`'s schema (a name given twice keeps the last schema).
  mutating func insert(_ name: String, _ schema: CompiledSchema) {
    let bytes = Array(name.utf8)
    if let existing = bytes.withUnsafeBufferPointer({ index(of: $0) }) {
      entries[existing].schema = schema
      return
    }
    entries.append((bytes, schema))
    var capacity = 8
    while capacity < 2 * entries.count { capacity *= 2 }
    slots = Array(repeating: 0, count: capacity)
    for (offset, entry) in entries.enumerated() {
      var slot = entry.bytes.withUnsafeBufferPointer { Self.hash($0) } & (capacity - 1)
      while slots[slot] != 0 { slot = (slot + 1) & (capacity - 1) }
      slots[slot] = Int32(offset + 1)
    }
  }

  /// The schema for the member `name`, if `properties` names it.
  subscript(_ name: String) -> CompiledSchema? {
    if entries.isEmpty { return nil }
    return name.utf8.withContiguousStorageIfAvailable { schema(forUTF8: $0) }
      ?? Array(name.utf8).withUnsafeBufferPointer { schema(forUTF8: $0) }
  }

  /// The schema for the member whose name's UTF-8 is `name`, if `properties` names it.
  func schema(forUTF8 name: UnsafeBufferPointer<UInt8>) -> CompiledSchema? {
    index(of: name).map { entries[$0].schema }
  }

  private func index(of name: UnsafeBufferPointer<UInt8>) -> Int? {
    guard !slots.isEmpty else { return nil }
    let mask = slots.count - 1
    var slot = Self.hash(name) & mask
    while slots[slot] != 0 {
      let index = Int(slots[slot]) - 1
      let matches = entries[index].bytes.withUnsafeBufferPointer { stored in
        guard stored.count == name.count else { return false }
        guard let storedBytes = stored.baseAddress, let nameBytes = name.baseAddress else {
          return true  // both empty
        }
        return memcmp(storedBytes, nameBytes, name.count) == 0
      }
      if matches { return index }
      slot = (slot + 1) & mask
    }
    return nil
  }

  /// FNV-1a over the bytes. The table holds the schema's names only, so a member name chosen
  /// to collide costs at most a walk through the slots those names fill.
  private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    return Int(truncatingIfNeeded: hash ^ (hash >> 29))
  }
}
