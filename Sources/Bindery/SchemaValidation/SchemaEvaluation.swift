import BinderyJSON
import Foundation

/// One check of a value against a compiled schema: the schemas entered so far (the dynamic
/// scope that `$dynamicRef` and `$recursiveRef` look through), the references being followed
/// (a reference that comes back to itself at the same value makes no progress and fails), and
/// what each schema found.
struct SchemaEvaluation {
  typealias Node = JSONSchemaValidator.Node

  let validator: JSONSchemaValidator
  /// The resources entered, outermost first.
  private var dynamicScope: [SchemaURI] = []
  /// The value the last references were followed at, and how many in a row: a reference
  /// that leads back to itself without moving into the value would go on for ever.
  private var referencesAt: (path: InstancePath?, count: Int) = (nil, 0)
  /// More references than this followed in a row at one value fail as a cycle.
  static let maxReferencesAtOneValue = 64
  /// Schemas being evaluated, one inside the other.
  private var depth = 0
  /// The depth at which the current thread's part of the evaluation started.
  private var stackStart = 0
  /// The deepest nesting of schemas evaluated before a value fails as too deep: deeper than
  /// a document read with the default ``JSONReadingOptions/maxDepth`` (512) and a schema that
  /// follows it with a reference at every level need.
  static let maxDepth = 1_200
  /// Schemas are evaluated by recursion: every so many levels, the evaluation goes on with a
  /// thread of its own, whose stack is large enough for the next levels, while the thread
  /// it leaves waits. A thread's stack (512 KiB for secondary threads on some platforms) then
  /// never holds more than this many levels.
  static let levelsPerStack = 32
  /// The stack of each thread an evaluation goes on with.
  static let stackSize = 8 << 20

  init(validator: JSONSchemaValidator) {
    self.validator = validator
  }

  /// What checking one value against one schema found: the failures, and the annotations
  /// `unevaluatedProperties` and `unevaluatedItems` read (which members and elements some
  /// keyword looked at).
  struct Outcome {
    var failures: [JSONSchemaFailure] = []
    var properties: Set<String> = []
    /// Elements before this index were evaluated.
    var items = 0
    var allItems = false
    var containedItems: Set<Int> = []

    var isValid: Bool { failures.isEmpty }

    /// Takes the annotations of a schema that applied to the same value.
    mutating func mergeAnnotations(_ other: Outcome) {
      properties.formUnion(other.properties)
      items = max(items, other.items)
      allItems = allItems || other.allItems
      containedItems.formUnion(other.containedItems)
    }

    /// Takes the failures and, when it is valid, the annotations of a schema that applied
    /// to the same value.
    mutating func merge(_ other: Outcome) {
      failures += other.failures
      if other.isValid { mergeAnnotations(other) }
    }
  }

  // MARK: Schemas

  mutating func evaluate(
    _ given: Node, _ instance: JSONValue, at path: InstancePath, keywordPath: String
  ) -> Outcome {
    if depth > 0, depth % Self.levelsPerStack == 0, depth != stackStart, given.value.kind == .object
    {
      // The evaluation below leaves every part of `self` as it found it, so the copy on the
      // other thread needs no copying back.
      var copy = self
      copy.stackStart = depth
      return Self.onFreshStack(copy) { evaluation in
        evaluation.evaluate(given, instance, at: path, keywordPath: keywordPath)
      }
    }
    var outcome = Outcome()
    switch given.value {
    case .bool(true):
      return outcome
    case .bool(false):
      outcome.failures.append(
        JSONSchemaFailure(
          instancePath: path.path, keywordLocation: keywordPath,
          absoluteKeywordLocation: given.base.with(fragment: given.pointer).description,
          keyword: "false", message: "no value is allowed here", location: nil))
      return outcome
    case .object(let object):
      guard depth < Self.maxDepth else {
        outcome.failures.append(
          JSONSchemaFailure(
            instancePath: path.path, keywordLocation: keywordPath,
            absoluteKeywordLocation: given.base.with(fragment: given.pointer).description,
            keyword: "", message: "schemas nested deeper than \(Self.maxDepth) levels here",
            location: nil))
        return outcome
      }
      depth += 1
      defer { depth -= 1 }
      let node = SchemaIndex.entering(given).node
      let entersResource = dynamicScope.last != node.base
      if entersResource { dynamicScope.append(node.base) }
      defer { if entersResource { dynamicScope.removeLast() } }
      var keywords = Keywords(
        evaluation: self, node: node, object: object, instance: instance, path: path,
        keywordPath: keywordPath)
      keywords.run()
      self = keywords.evaluation
      return keywords.outcome
    default:
      // Not a schema: compilation accepted it, so it constrains nothing.
      return outcome
    }
  }

  /// Follows a reference to `target` (found by `keyword`).
  mutating func follow(
    _ target: Node, _ instance: JSONValue, at path: InstancePath, keywordPath: String,
    from source: Node, keyword: String
  ) -> Outcome {
    let saved = referencesAt
    defer { referencesAt = saved }
    referencesAt = (path, referencesAt.path === path ? referencesAt.count + 1 : 1)
    guard referencesAt.count <= Self.maxReferencesAtOneValue else {
      var outcome = Outcome()
      outcome.failures.append(
        JSONSchemaFailure(
          instancePath: path.path, keywordLocation: keywordPath,
          absoluteKeywordLocation: source.base.with(
            fragment: source.pointer + "/" + SchemaIndex.escape(keyword)
          ).description, keyword: keyword,
          message:
            "more than \(Self.maxReferencesAtOneValue) references followed at this value without moving into it: the references come back to themselves",
          location: nil))
      return outcome
    }
    return evaluate(target, instance, at: path, keywordPath: keywordPath)
  }

  /// The resources entered, outermost first.
  var scope: [SchemaURI] { dynamicScope }

  /// Runs `work` on `evaluation` in a new thread with a stack of ``stackSize`` bytes, and
  /// waits for it.
  private static func onFreshStack(
    _ evaluation: SchemaEvaluation, _ work: @escaping (inout SchemaEvaluation) -> Outcome
  ) -> Outcome {
    // Invariant for `@unchecked Sendable`: the new thread alone touches `evaluation` and
    // `outcome` until it signals `done`; the waiting thread reads `outcome` only after.
    final class Handover: @unchecked Sendable {
      var evaluation: SchemaEvaluation
      var outcome = Outcome()
      let work: (inout SchemaEvaluation) -> Outcome
      let done = DispatchSemaphore(value: 0)
      init(_ evaluation: SchemaEvaluation, _ work: @escaping (inout SchemaEvaluation) -> Outcome) {
        self.evaluation = evaluation
        self.work = work
      }
    }
    let handover = Handover(evaluation, work)
    let thread = Thread {
      handover.outcome = handover.work(&handover.evaluation)
      handover.done.signal()
    }
    thread.stackSize = stackSize
    thread.start()
    handover.done.wait()
    return handover.outcome
  }
}

/// The keywords of one schema object applied to one value.
private struct Keywords {
  typealias Node = JSONSchemaValidator.Node

  var evaluation: SchemaEvaluation
  let node: Node
  let object: JSONObject
  let instance: JSONValue
  let path: InstancePath
  let keywordPath: String
  var outcome = SchemaEvaluation.Outcome()

  init(
    evaluation: SchemaEvaluation, node: Node, object: JSONObject, instance: JSONValue,
    path: InstancePath, keywordPath: String
  ) {
    self.evaluation = evaluation
    self.node = node
    self.object = object
    self.instance = instance
    self.path = path
    self.keywordPath = keywordPath
  }

  var draft: JSONSchemaDraft { node.draft }
  var validator: JSONSchemaValidator { evaluation.validator }

  // MARK: Helpers

  func keywordLocation(_ keyword: String) -> String {
    keywordPath + "/" + SchemaIndex.escape(keyword)
  }

  func absoluteLocation(_ keyword: String) -> String {
    node.base.with(fragment: node.pointer + "/" + SchemaIndex.escape(keyword)).description
  }

  mutating func fail(_ keyword: String, _ message: String) {
    outcome.failures.append(
      JSONSchemaFailure(
        instancePath: path.path, keywordLocation: keywordLocation(keyword),
        absoluteKeywordLocation: absoluteLocation(keyword), keyword: keyword, message: message,
        location: nil))
  }

  /// Evaluates a subschema against the same value.
  mutating func apply(_ keyword: String, _ steps: String..., value: JSONValue)
    -> SchemaEvaluation.Outcome
  {
    var pointer = node.pointer + "/" + SchemaIndex.escape(keyword)
    var location = keywordLocation(keyword)
    for step in steps {
      pointer += "/" + SchemaIndex.escape(step)
      location += "/" + SchemaIndex.escape(step)
    }
    let child = Node(value: value, base: node.base, pointer: pointer, draft: draft)
    return evaluation.evaluate(child, instance, at: path, keywordPath: location)
  }

  /// Evaluates a subschema against a member or element of the value.
  mutating func applyBelow(
    _ place: Place, value: JSONValue, to child: JSONValue, at childPath: InstancePath
  ) -> SchemaEvaluation.Outcome {
    let schema = Node(value: value, base: node.base, pointer: place.pointer, draft: draft)
    return evaluation.evaluate(schema, child, at: childPath, keywordPath: place.location)
  }

  /// Where a subschema sits: its JSON Pointer in its resource and its keyword location. Made
  /// once for the elements or members a subschema applies to.
  struct Place {
    var pointer: String
    var location: String
  }

  func place(_ keyword: String, _ steps: String...) -> Place {
    var place = Place(
      pointer: node.pointer + "/" + SchemaIndex.escape(keyword),
      location: keywordLocation(keyword))
    for step in steps {
      place.pointer += "/" + SchemaIndex.escape(step)
      place.location += "/" + SchemaIndex.escape(step)
    }
    return place
  }

  /// Whether the vocabulary `name` applies to this schema.
  func uses(_ name: String) -> Bool {
    guard let prefix = draft.vocabularyPrefix,
      let vocabularies = validator.resource(node.base)?.vocabularies
    else { return true }
    return vocabularies.contains(prefix + name)
  }

  /// Whether the validation vocabulary applies: asked once per schema object.
  lazy var validates: Bool = uses("validation")

  // MARK: Keywords

  mutating func run() {
    references()
    if draft.refIgnoresSiblings, object["$ref"] != nil { return }
    if validates { validation() }
    applicators()
    if draft >= .draft2019 { unevaluated() }
  }

  mutating func references() {
    if case .string(let reference) = object["$ref"],
      let target = validator.resolve(reference, from: node.base)
    {
      let result = evaluation.follow(
        target, instance, at: path, keywordPath: keywordLocation("$ref"),
        from: node, keyword: "$ref")
      outcome.merge(result)
    }
    guard draft >= .draft2019 else { return }
    if draft >= .draft2020, case .string(let reference) = object["$dynamicRef"],
      var target = validator.resolve(reference, from: node.base)
    {
      let uri = node.base.resolving(reference)
      if let anchor = uri.fragment, !anchor.isEmpty, !anchor.hasPrefix("/"),
        case .object(let found) = target.value, found["$dynamicAnchor"]?.stringValue == anchor
      {
        for resource in evaluation.scope
        where validator.dynamicAnchors[resource]?.contains(anchor) == true {
          if let dynamic = validator.anchors[resource.with(fragment: anchor)] {
            target = dynamic
          }
          break
        }
      }
      let result = evaluation.follow(
        target, instance, at: path, keywordPath: keywordLocation("$dynamicRef"),
        from: node, keyword: "$dynamicRef")
      outcome.merge(result)
    }
    if draft == .draft2019, case .string(let reference) = object["$recursiveRef"],
      var target = validator.resolve(reference, from: node.base)
    {
      if case .object(let found) = target.value, found["$recursiveAnchor"] == .bool(true) {
        for resource in evaluation.scope {
          if let root = validator.resource(resource)?.node,
            case .object(let members) = root.value, members["$recursiveAnchor"] == .bool(true)
          {
            target = root
            break
          }
        }
      }
      let result = evaluation.follow(
        target, instance, at: path, keywordPath: keywordLocation("$recursiveRef"),
        from: node, keyword: "$recursiveRef")
      outcome.merge(result)
    }
  }

  // MARK: Validation keywords

  mutating func validation() {
    if let type = object["type"] { checkType(type) }
    if case .array(let allowed) = object["enum"],
      !allowed.contains(where: { SchemaEquality.equal($0, instance) })
    {
      fail("enum", "\(Self.describe(instance)) is not one of the allowed values")
    }
    if draft >= .draft6, let constant = object["const"],
      !SchemaEquality.equal(constant, instance)
    {
      fail("const", "expected \(Self.describe(constant)), found \(Self.describe(instance))")
    }
    switch instance {
    case .number(let number): numberKeywords(number)
    case .string(let text): stringKeywords(text)
    case .array(let elements): arrayCounts(elements)
    case .object(let members): objectCounts(members)
    default: break
    }
  }

  mutating func checkType(_ type: JSONValue) {
    let names: [String]
    switch type {
    case .string(let name): names = [name]
    case .array(let list): names = list.compactMap(\.stringValue)
    default: return
    }
    if names.contains(where: { Self.hasType(instance, $0) }) { return }
    let expected = names.count == 1 ? names[0] : "one of " + names.joined(separator: ", ")
    fail("type", "expected \(expected), found \(Self.typeName(instance))")
  }

  static func hasType(_ value: JSONValue, _ name: String) -> Bool {
    switch (name, value) {
    case ("null", .null), ("boolean", .bool), ("object", .object), ("array", .array),
      ("string", .string), ("number", .number):
      return true
    case ("integer", .number(let number)):
      return SchemaDecimal(number)?.isInteger ?? false
    default:
      return false
    }
  }

  static func typeName(_ value: JSONValue) -> String {
    switch value {
    case .null: "null"
    case .bool: "boolean"
    case .object: "object"
    case .array: "array"
    case .string: "string"
    case .number: "number"
    }
  }

  /// A value as a failure names it: short scalars as written, containers by kind.
  static func describe(_ value: JSONValue) -> String {
    switch value {
    case .null: return "null"
    case .bool(let flag): return flag ? "true" : "false"
    case .number(let number): return number.text
    case .string(let text):
      let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
      return "\"\(shown)\""
    case .array(let elements): return "an array of \(elements.count)"
    case .object(let members): return "an object of \(members.count) members"
    }
  }

  mutating func numberKeywords(_ number: JSONNumber) {
    let keywords = ["multipleOf", "maximum", "minimum", "exclusiveMaximum", "exclusiveMinimum"]
    guard keywords.contains(where: { object[$0] != nil }), let value = SchemaDecimal(number) else {
      return
    }
    func bound(_ keyword: String) -> SchemaDecimal? {
      guard case .number(let limit) = object[keyword] else { return nil }
      return SchemaDecimal(limit)
    }
    if let divisor = bound("multipleOf"), !divisor.isZero, !value.isMultiple(of: divisor) {
      fail("multipleOf", "\(number.text) is not a multiple of \(Self.text(object["multipleOf"]))")
    }
    let exclusiveFlags = draft == .draft4
    if let maximum = bound("maximum") {
      let exclusive = exclusiveFlags && object["exclusiveMaximum"] == .bool(true)
      let order = value.compare(maximum)
      if order > 0 || (exclusive && order == 0) {
        fail(
          "maximum",
          "\(number.text) is \(exclusive ? "not below" : "above") the maximum \(Self.text(object["maximum"]))"
        )
      }
    }
    if let minimum = bound("minimum") {
      let exclusive = exclusiveFlags && object["exclusiveMinimum"] == .bool(true)
      let order = value.compare(minimum)
      if order < 0 || (exclusive && order == 0) {
        fail(
          "minimum",
          "\(number.text) is \(exclusive ? "not above" : "below") the minimum \(Self.text(object["minimum"]))"
        )
      }
    }
    if !exclusiveFlags {
      if let maximum = bound("exclusiveMaximum"), value.compare(maximum) >= 0 {
        fail(
          "exclusiveMaximum", "\(number.text) is not below \(Self.text(object["exclusiveMaximum"]))"
        )
      }
      if let minimum = bound("exclusiveMinimum"), value.compare(minimum) <= 0 {
        fail(
          "exclusiveMinimum", "\(number.text) is not above \(Self.text(object["exclusiveMinimum"]))"
        )
      }
    }
  }

  /// A keyword's value as the schema wrote it.
  static func text(_ value: JSONValue?) -> String {
    if case .number(let number) = value { return number.text }
    return value.map(describe) ?? ""
  }

  static func count(_ keyword: String, in object: JSONObject) -> Int? {
    guard case .number(let number) = object[keyword] else { return nil }
    if let count = number.integer(Int.self) { return count >= 0 ? count : nil }
    guard let value = SchemaDecimal(number),
      value.isInteger, !value.negative
    else { return nil }
    return number.integer(Int.self) ?? (value.digits.count > 0 ? Int.max : 0)
  }

  mutating func stringKeywords(_ text: String) {
    // Lengths count Unicode scalars (JSON Schema's characters), not grapheme clusters.
    let length = text.unicodeScalars.count
    if let maximum = Self.count("maxLength", in: object), length > maximum {
      fail("maxLength", "\(length) characters, more than the maximum \(maximum)")
    }
    if let minimum = Self.count("minLength", in: object), length < minimum {
      fail("minLength", "\(length) characters, fewer than the minimum \(minimum)")
    }
    if case .string(let pattern) = object["pattern"], let compiled = validator.patterns[pattern],
      !compiled.matches(text)
    {
      fail("pattern", "\(Self.describe(instance)) does not match the pattern '\(pattern)'")
    }
    if validator.assertsFormats, case .string(let format) = object["format"],
      uses(formatVocabulary),
      let valid = SchemaFormats.check(format, text, draft: draft), !valid
    {
      fail("format", "\(Self.describe(instance)) is not a valid \(format)")
    }
  }

  var formatVocabulary: String {
    draft == .draft2019 ? "format" : "format-annotation"
  }

  mutating func arrayCounts(_ elements: [JSONValue]) {
    if let maximum = Self.count("maxItems", in: object), elements.count > maximum {
      fail("maxItems", "\(elements.count) elements, more than the maximum \(maximum)")
    }
    if let minimum = Self.count("minItems", in: object), elements.count < minimum {
      fail("minItems", "\(elements.count) elements, fewer than the minimum \(minimum)")
    }
    if object["uniqueItems"] == .bool(true), elements.count > 1 {
      var seen: [SchemaEquality.Exact: Int] = [:]
      for (position, element) in elements.enumerated() {
        if let first = seen[SchemaEquality.Exact(value: element)] {
          fail("uniqueItems", "elements \(first) and \(position) are equal")
          break
        }
        seen[SchemaEquality.Exact(value: element)] = position
      }
    }
  }

  mutating func objectCounts(_ members: JSONObject) {
    if let maximum = Self.count("maxProperties", in: object), members.count > maximum {
      fail("maxProperties", "\(members.count) members, more than the maximum \(maximum)")
    }
    if let minimum = Self.count("minProperties", in: object), members.count < minimum {
      fail("minProperties", "\(members.count) members, fewer than the minimum \(minimum)")
    }
    if case .array(let required) = object["required"] {
      for case .string(let name) in required where members[name] == nil {
        fail("required", "the member '\(name)' is missing")
      }
    }
    if draft >= .draft2019, case .object(let dependencies) = object["dependentRequired"] {
      requireDependencies(dependencies, members, keyword: "dependentRequired")
    }
    if draft <= .draft7, case .object(let dependencies) = object["dependencies"] {
      requireDependencies(dependencies, members, keyword: "dependencies")
    }
  }

  mutating func requireDependencies(
    _ dependencies: JSONObject, _ members: JSONObject, keyword: String
  ) {
    for (name, needed) in dependencies where members[name] != nil {
      guard case .array(let names) = needed else { continue }
      for case .string(let other) in names where members[other] == nil {
        fail(keyword, "the member '\(other)' is missing (required by '\(name)')")
      }
    }
  }

  // MARK: Applicators

  mutating func applicators() {
    if case .array(let schemas) = object["allOf"] {
      for (position, schema) in schemas.enumerated() {
        outcome.merge(apply("allOf", "\(position)", value: schema))
      }
    }
    if case .array(let schemas) = object["anyOf"] {
      var matched = false
      for (position, schema) in schemas.enumerated() {
        let result = apply("anyOf", "\(position)", value: schema)
        if result.isValid {
          matched = true
          outcome.mergeAnnotations(result)
        }
      }
      if !matched { fail("anyOf", "the value matches none of the \(schemas.count) schemas") }
    }
    if case .array(let schemas) = object["oneOf"] {
      var matches: [Int] = []
      var annotations = SchemaEvaluation.Outcome()
      for (position, schema) in schemas.enumerated() {
        let result = apply("oneOf", "\(position)", value: schema)
        if result.isValid {
          matches.append(position)
          annotations.mergeAnnotations(result)
        }
      }
      if matches.count == 1 {
        outcome.mergeAnnotations(annotations)
      } else if matches.isEmpty {
        fail("oneOf", "the value matches none of the \(schemas.count) schemas")
      } else {
        let list = matches.map(String.init).joined(separator: ", ")
        fail("oneOf", "the value matches more than one schema (\(list))")
      }
    }
    if let schema = object["not"], apply("not", value: schema).isValid {
      fail("not", "the value matches the schema it must not match")
    }
    if draft >= .draft7, let condition = object["if"] {
      let result = apply("if", value: condition)
      if result.isValid {
        outcome.mergeAnnotations(result)
        if let then = object["then"] { outcome.merge(apply("then", value: then)) }
      } else if let otherwise = object["else"] {
        outcome.merge(apply("else", value: otherwise))
      }
    }
    switch instance {
    case .object(let members): objectApplicators(members)
    case .array(let elements): arrayApplicators(elements)
    default: break
    }
  }

  mutating func objectApplicators(_ members: JSONObject) {
    var named: Set<String> = []
    if case .object(let properties) = object["properties"] {
      for (name, schema) in properties {
        guard let member = members[name] else { continue }
        named.insert(name)
        let result = applyBelow(
          place("properties", name), value: schema, to: member, at: path.appending(.key(name)))
        outcome.failures += result.failures
        outcome.properties.insert(name)
      }
    }
    var patterned: Set<String> = []
    if case .object(let patterns) = object["patternProperties"] {
      for (pattern, schema) in patterns {
        guard let compiled = validator.patterns[pattern] else { continue }
        let patternPlace = place("patternProperties", pattern)
        for (name, member) in members where compiled.matches(name) {
          patterned.insert(name)
          let result = applyBelow(
            patternPlace, value: schema, to: member,
            at: path.appending(.key(name)))
          outcome.failures += result.failures
          outcome.properties.insert(name)
        }
      }
    }
    if let schema = object["additionalProperties"] {
      let additionalPlace = place("additionalProperties")
      for (name, member) in members where !named.contains(name) && !patterned.contains(name) {
        let result = applyBelow(
          additionalPlace, value: schema, to: member, at: path.appending(.key(name)))
        if !result.isValid, schema == .bool(false) {
          fail("additionalProperties", "the member '\(name)' is not allowed")
        } else {
          outcome.failures += result.failures
        }
        outcome.properties.insert(name)
      }
    }
    if draft >= .draft6, let schema = object["propertyNames"] {
      let namesPlace = place("propertyNames")
      for (name, _) in members {
        let result = applyBelow(
          namesPlace, value: schema, to: .string(name), at: path)
        if !result.isValid {
          fail("propertyNames", "the member name '\(name)' is not allowed")
        }
      }
    }
    if draft >= .draft2019, case .object(let schemas) = object["dependentSchemas"] {
      for (name, schema) in schemas where members[name] != nil {
        outcome.merge(apply("dependentSchemas", name, value: schema))
      }
    }
    if draft <= .draft7, case .object(let dependencies) = object["dependencies"] {
      for (name, schema) in dependencies where members[name] != nil {
        if schema.kind == .object || schema.kind == .bool {
          outcome.merge(apply("dependencies", name, value: schema))
        }
      }
    }
  }

  mutating func arrayApplicators(_ elements: [JSONValue]) {
    var tupleCount = 0
    if draft >= .draft2020, case .array(let schemas) = object["prefixItems"] {
      for (position, schema) in schemas.enumerated() where position < elements.count {
        let result = applyBelow(
          place("prefixItems", "\(position)"), value: schema, to: elements[position],
          at: path.appending(.index(position)))
        outcome.failures += result.failures
      }
      tupleCount = schemas.count
      outcome.items = max(outcome.items, min(schemas.count, elements.count))
    }
    if let items = object["items"] {
      if case .array(let schemas) = items {
        if draft <= .draft2019 {
          for (position, schema) in schemas.enumerated() where position < elements.count {
            let result = applyBelow(
              place("items", "\(position)"), value: schema, to: elements[position],
              at: path.appending(.index(position)))
            outcome.failures += result.failures
          }
          outcome.items = max(outcome.items, min(schemas.count, elements.count))
          if let additional = object["additionalItems"] {
            let additionalPlace = place("additionalItems")
            for position in schemas.count..<max(schemas.count, elements.count) {
              let result = applyBelow(
                additionalPlace, value: additional, to: elements[position],
                at: path.appending(.index(position)))
              outcome.failures += result.failures
            }
            if elements.count > schemas.count { outcome.allItems = true }
          }
        }
      } else {
        let itemsPlace = place("items")
        for position in tupleCount..<max(tupleCount, elements.count) {
          let result = applyBelow(
            itemsPlace, value: items, to: elements[position],
            at: path.appending(.index(position)))
          outcome.failures += result.failures
        }
        if elements.count > tupleCount { outcome.allItems = true }
      }
    }
    if draft >= .draft6, let schema = object["contains"] {
      var matched: Set<Int> = []
      let containsPlace = place("contains")
      for (position, element) in elements.enumerated() {
        let result = applyBelow(
          containsPlace, value: schema, to: element, at: path.appending(.index(position)))
        if result.isValid { matched.insert(position) }
      }
      let limits = draft >= .draft2019 && validates
      let minimum = limits ? Self.count("minContains", in: object) ?? 1 : 1
      if matched.count < minimum {
        fail(
          "contains",
          matched.isEmpty
            ? "no element matches the schema"
            : "\(matched.count) elements match the schema, fewer than \(minimum)")
      }
      if limits, let maximum = Self.count("maxContains", in: object), matched.count > maximum {
        fail("maxContains", "\(matched.count) elements match the schema, more than \(maximum)")
      }
      if draft >= .draft2020 { outcome.containedItems.formUnion(matched) }
    }
  }

  // MARK: Unevaluated members and elements

  mutating func unevaluated() {
    if let schema = object["unevaluatedProperties"], case .object(let members) = instance {
      let unevaluatedPlace = place("unevaluatedProperties")
      for (name, member) in members where !outcome.properties.contains(name) {
        let result = applyBelow(
          unevaluatedPlace, value: schema, to: member, at: path.appending(.key(name)))
        if !result.isValid, schema == .bool(false) {
          fail("unevaluatedProperties", "the member '\(name)' is not allowed")
        } else {
          outcome.failures += result.failures
        }
        outcome.properties.insert(name)
      }
    }
    if let schema = object["unevaluatedItems"], case .array(let elements) = instance,
      !outcome.allItems
    {
      let unevaluatedPlace = place("unevaluatedItems")
      for position in outcome.items..<max(outcome.items, elements.count)
      where !outcome.containedItems.contains(position) {
        let result = applyBelow(
          unevaluatedPlace, value: schema, to: elements[position],
          at: path.appending(.index(position)))
        if !result.isValid, schema == .bool(false) {
          fail("unevaluatedItems", "the element \(position) is not allowed")
        } else {
          outcome.failures += result.failures
        }
      }
      outcome.allItems = true
    }
  }
}

/// JSON Schema's equality of values: numbers by value (`1.0` equals `1`), objects whatever
/// their members' order, and strings by their Unicode scalars (`"é"` written as one scalar
/// does not equal `"e"` and a combining accent, which Swift's `String` comparison would find
/// equal).
enum SchemaEquality {
  static func equal(_ a: JSONValue, _ b: JSONValue) -> Bool {
    switch (a, b) {
    case (.string(let x), .string(let y)):
      return x.unicodeScalars.elementsEqual(y.unicodeScalars)
    case (.array(let x), .array(let y)):
      return x.count == y.count && zip(x, y).allSatisfy { equal($0, $1) }
    case (.object(let x), .object(let y)):
      guard x.count == y.count else { return false }
      for (key, value) in x {
        guard
          let position = y.keys.firstIndex(where: {
            $0.unicodeScalars.elementsEqual(key.unicodeScalars)
          }),
          equal(value, y.values[position])
        else { return false }
      }
      return true
    default:
      return a == b
    }
  }

  /// A value hashed as `JSONValue` hashes it and compared by ``equal(_:_:)``: values equal
  /// here are equal as `JSONValue`s too, so their hashes agree.
  struct Exact: Hashable {
    var value: JSONValue
    static func == (lhs: Exact, rhs: Exact) -> Bool { equal(lhs.value, rhs.value) }
    func hash(into hasher: inout Hasher) { hasher.combine(value) }
  }
}

/// A value's path while an evaluation descends: each step points to the one above it, so going
/// a level deeper costs one small object, and the ``JSONPath`` is built only for a failure.
final class InstancePath {
  let parent: InstancePath?
  let component: JSONPath.Component?

  init(parent: InstancePath? = nil, component: JSONPath.Component? = nil) {
    self.parent = parent
    self.component = component
  }

  func appending(_ component: JSONPath.Component) -> InstancePath {
    InstancePath(parent: self, component: component)
  }

  var path: JSONPath {
    var components: [JSONPath.Component] = []
    var step: InstancePath? = self
    while let current = step {
      if let component = current.component { components.append(component) }
      step = current.parent
    }
    return JSONPath(components.reversed())
  }
}
