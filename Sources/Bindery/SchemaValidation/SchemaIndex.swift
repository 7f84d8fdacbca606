import BinderyJSON

/// What a validator knows of its schemas before it checks anything: every resource by its
/// URI, every anchor, the patterns compiled, and the references, checked to resolve.
struct SchemaIndex {
  typealias Node = JSONSchemaValidator.Node

  var resources: [SchemaURI: JSONSchemaValidator.Resource] = [:]
  var anchors: [SchemaURI: Node] = [:]
  var dynamicAnchors: [SchemaURI: Set<String>] = [:]
  var patterns: [String: SchemaPattern] = [:]
  /// References met, by the document they are in: checked once every resource is known, for
  /// the documents the schema reaches.
  private var references: [SchemaURI: [(reference: String, from: Node, keyword: String)]] = [:]
  /// The document each embedded resource is in.
  private var owners: [SchemaURI: SchemaURI] = [:]
  /// The document being walked.
  private var document = SchemaURI("")
  private var patternSources: [SchemaURI: [(pattern: String, from: Node, keyword: String)]] = [:]
  /// The documents added.
  private var documents: Set<SchemaURI> = []

  /// Keywords whose value is one subschema.
  static let singleSubschema: Set<String> = [
    "additionalItems", "additionalProperties", "contains", "propertyNames", "not", "if", "then",
    "else", "unevaluatedItems", "unevaluatedProperties", "contentSchema", "items",
  ]
  /// Keywords whose value is an array of subschemas.
  static let subschemaArrays: Set<String> = ["allOf", "anyOf", "oneOf", "prefixItems", "items"]
  /// Keywords whose value is an object of subschemas.
  static let subschemaMaps: Set<String> = [
    "properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies",
  ]

  /// Adds a document as the resource at `uri` (its own `$id` adds it under that URI too).
  mutating func add(_ document: JSONValue, uri: SchemaURI, draft: JSONSchemaDraft) {
    // The document's own `$schema`, if any, is read where it is entered.
    let node = Node(value: document, base: uri, pointer: "", draft: draft)
    resources[uri] = JSONSchemaValidator.Resource(node: Self.entering(node).node, vocabularies: nil)
    self.document = uri
    documents.insert(uri)
    walk(node, isResourceRoot: true)
  }

  /// The schema `node`'s own URI once its `$id` is applied, and whether it starts a resource.
  static func entering(_ given: Node) -> (node: Node, isResource: Bool) {
    guard !given.entered, case .object(let object) = given.value else { return (given, false) }
    var node = given
    node.entered = true
    if let name = object["$schema"]?.stringValue, let named = JSONSchemaDraft(metaschema: name) {
      node.draft = named
    }
    if node.draft.refIgnoresSiblings, object["$ref"] != nil { return (node, false) }
    guard let id = object[node.draft.idKeyword]?.stringValue else { return (node, false) }
    // A draft 6 or 7 `$id` that is a fragment alone is an anchor, not a new resource.
    if node.draft <= .draft7, id.hasPrefix("#") { return (node, false) }
    let uri = node.base.resolving(id)
    if node.draft >= .draft2019, let fragment = uri.fragment, !fragment.isEmpty {
      // Not a valid `$id` in these drafts: it does not name a resource.
      return (node, false)
    }
    let resourceURI = uri.withoutFragment
    if resourceURI == node.base, node.pointer.isEmpty { return (node, true) }
    node.base = resourceURI
    node.pointer = ""
    return (node, true)
  }

  private mutating func walk(_ given: Node, isResourceRoot: Bool) {
    guard case .object(let object) = given.value else { return }
    let (node, isResource) = Self.entering(given)
    if isResource, resources[node.base] == nil || isResourceRoot {
      resources[node.base] = JSONSchemaValidator.Resource(node: node, vocabularies: nil)
      owners[node.base] = document
    }
    // Before 2019-09, an `$id` with a plain-name fragment (`#foo`, `other.json#foo`) is an
    // anchor.
    if node.draft <= .draft7, !(node.draft.refIgnoresSiblings && object["$ref"] != nil),
      let id = object[node.draft.idKeyword]?.stringValue
    {
      let uri = given.base.resolving(id)
      if let fragment = uri.fragment, !fragment.isEmpty, !fragment.hasPrefix("/") {
        anchors[uri] = node
      }
    }
    if node.draft >= .draft2019 {
      if let anchor = object["$anchor"]?.stringValue {
        anchors[node.base.with(fragment: anchor)] = node
      }
      if node.draft >= .draft2020, let anchor = object["$dynamicAnchor"]?.stringValue {
        anchors[node.base.with(fragment: anchor)] = node
        dynamicAnchors[node.base, default: []].insert(anchor)
      }
    }
    var keywords = ["$ref"]
    if node.draft == .draft2019 { keywords.append("$recursiveRef") }
    if node.draft >= .draft2020 { keywords.append("$dynamicRef") }
    for keyword in keywords {
      if let reference = object[keyword]?.stringValue {
        references[document, default: []].append((reference, node, keyword))
      }
    }
    if let pattern = object["pattern"]?.stringValue {
      patternSources[document, default: []].append((pattern, node, "pattern"))
    }
    for (key, value) in object {
      let child = Node(
        value: value, base: node.base, pointer: node.pointer + "/" + JSONPath.pointerToken(key),
        draft: node.draft)
      if Self.singleSubschema.contains(key), value.kind == .object || value.kind == .bool {
        walk(child, isResourceRoot: false)
      }
      if Self.subschemaArrays.contains(key), case .array(let elements) = value {
        for (position, element) in elements.enumerated() {
          var item = child
          item.value = element
          item.pointer += "/\(position)"
          walk(item, isResourceRoot: false)
        }
      }
      if Self.subschemaMaps.contains(key), case .object(let members) = value {
        for (name, member) in members {
          if key == "patternProperties" {
            patternSources[document, default: []].append((name, node, key))
          }
          var item = child
          item.value = member
          item.pointer += "/" + JSONPath.pointerToken(name)
          walk(item, isResourceRoot: false)
        }
      }
    }
  }

  /// Checks what could only be checked once every resource was known: that each reference
  /// resolves (asking `loader` for documents no resource holds) and each pattern compiles, in
  /// the schema's document and every document its references reach; then works out each
  /// resource's vocabularies.
  mutating func check(
    from start: SchemaURI, draft: JSONSchemaDraft, loader: JSONSchemaValidator.Loader?
  ) throws(InvalidJSONSchema) {
    var reached: Set<SchemaURI> = [start]
    var pending = [start]
    while let next = pending.popLast() {
      for (pattern, node, keyword) in patternSources[next] ?? [] where patterns[pattern] == nil {
        do {
          patterns[pattern] = try SchemaPattern(pattern)
        } catch {
          throw InvalidJSONSchema(
            node, keyword, "the pattern '\(pattern)' does not compile: \(error.message)")
        }
      }
      for (reference, node, keyword) in references[next] ?? [] {
        let target = node.base.resolving(reference)
        var found = lookUp(target)
        let resource = target.withoutFragment
        if found == nil, resources[resource] == nil, let loader,
          let document = loader(resource.description)
        {
          add(document, uri: resource, draft: draft)
          found = lookUp(target)
        }
        guard let found else {
          throw InvalidJSONSchema(
            node, keyword, "the reference '\(reference)' (\(target)) names no schema that is known")
        }
        let owner = documents.contains(found.base) ? found.base : owners[found.base]
        if let owner, reached.insert(owner).inserted { pending.append(owner) }
      }
    }
    for (uri, resource) in resources {
      guard case .object(let object) = resource.node.value,
        let name = object["$schema"]?.stringValue,
        let metaschema = resources[SchemaURI(name).withoutFragment],
        case .object(let meta) = metaschema.node.value,
        case .object(let listed) = meta["$vocabulary"]
      else { continue }
      resources[uri]?.vocabularies = Set(listed.keys)
    }
  }

  func lookUp(_ target: SchemaURI) -> Node? {
    let fragment = target.decodedFragment
    if fragment.isEmpty || fragment.hasPrefix("/") {
      guard let resource = resources[target.withoutFragment] else { return nil }
      return Self.follow(pointer: fragment, from: resource.node)
    }
    return anchors[target]
  }

  /// The schema a JSON Pointer leads to from `node`, with the base URI of where it lands.
  static func follow(pointer: String, from node: Node) -> Node? {
    guard !pointer.isEmpty else { return node }
    var current = node
    guard let path = try? JSONPath(pointer: pointer) else { return nil }
    for case .key(let key) in path.components {
      let next: JSONValue
      switch current.value {
      case .object(let object):
        guard let member = object[key] else { return nil }
        next = member
      case .array(let elements):
        guard let position = JSONPath.arrayIndex(key), position < elements.count else {
          return nil
        }
        next = elements[position]
      default:
        return nil
      }
      current.value = next
      current.pointer += "/" + JSONPath.pointerToken(key)
      current.entered = false
      current = entering(current).node
    }
    return current
  }
}
