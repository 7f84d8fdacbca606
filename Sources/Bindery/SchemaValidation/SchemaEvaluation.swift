import BinderyJSON
import Foundation

/// One check of a value against a compiled schema: where it is in the value and in the
/// schema (kept as steps, spelt out only for a failure), the resources entered (the dynamic
/// scope `$dynamicRef` and `$recursiveRef` look through), and how deep it has gone.
struct SchemaEvaluation {
  /// A step into the schema, as keyword locations spell it: `/items`, `/properties/id`,
  /// `/allOf/2`.
  enum Step {
    case keyword(String)
    case member(String, String)
    case element(String, Int)

    /// The step as keyword locations spell it.
    var text: String {
      switch self {
      case .keyword(let name): "/" + name
      case .member(let name, let member): "/" + name + "/" + JSONPath.pointerToken(member)
      case .element(let name, let index): "/\(name)/\(index)"
      }
    }
  }

  let validator: JSONSchemaValidator
  /// Whether annotations are gathered: only when some schema reads them.
  let gathers: Bool
  /// Whether failures are reported with their places and messages. Without, an evaluation
  /// only decides whether the value is valid: no step is recorded, no message is written, and
  /// every failure is the same placeholder (a valid value, the common case, is then checked
  /// without the bookkeeping a report needs; an invalid one is evaluated again, reporting).
  let reports: Bool
  /// Whether the annotation keywords' values are gathered for the output formats.
  let annotates: Bool
  /// The steps to the schema being evaluated, each with how deep in the value the subschema
  /// it leads to applies.
  private var steps: [(step: Step, depth: Int)] = []
  private var instanceSteps: [JSONPath.Component] = []
  /// How deep in the value the evaluation is (`instanceSteps.count` when reporting).
  private var instanceDepth = 0
  /// The resources entered, outermost first.
  private var scope: [SchemaResource] = []
  /// Schemas being evaluated, one inside the other.
  private var depth = 0
  /// The depth at which the current thread's part of the evaluation started.
  private var stackStart = 0
  /// The value the last references were followed at (by its depth in the value), and how many
  /// in a row.
  private var referencesAt = (depth: -1, count: 0)

  /// More references than this followed in a row at one value fail as a cycle.
  static let maxReferencesAtOneValue = 64
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

  init(validator: JSONSchemaValidator, reports: Bool = true, annotates: Bool = false) {
    self.validator = validator
    self.annotates = annotates
    self.gathers = validator.readsAnnotations || annotates
    // Annotations flow between subschemas through the same steps; gathered, they need the
    // full evaluation.
    self.reports = reports || gathers
  }

  /// The failure every failure is when not reporting.
  private static let unreported = JSONSchemaFailure(
    instancePath: JSONPath([]), keywordLocation: "", absoluteKeywordLocation: "", keyword: "",
    message: "", location: nil)

  /// What checking one value against one schema found: the failures, and the annotations
  /// `unevaluatedProperties` and `unevaluatedItems` read (which members and elements some
  /// keyword looked at).
  struct Outcome {
    var failures: [JSONSchemaFailure] = []
    /// The annotations, made only when some are gathered: an outcome without them (every
    /// outcome of a schema that reads none) costs nothing to make and to drop.
    private var marks: Marks?

    struct Marks {
      var properties: Set<String> = []
      /// Elements before this index were evaluated.
      var items = 0
      var allItems = false
      var containedItems: Set<Int> = []
      /// Annotations for the output formats, when asked for: those of the annotation keywords
      /// of every valid schema applied.
      var notes: [SchemaAnnotation] = []
    }

    var isValid: Bool { failures.isEmpty }
    var properties: Set<String> { marks?.properties ?? [] }
    var items: Int { marks?.items ?? 0 }
    var allItems: Bool { marks?.allItems ?? false }
    var containedItems: Set<Int> { marks?.containedItems ?? [] }
    var notes: [SchemaAnnotation] { marks?.notes ?? [] }

    /// Changes the annotations, made first if there are none.
    private mutating func mark(_ change: (inout Marks) -> Void) {
      var changed = marks ?? Marks()
      // Taken out so that the change below is made in place, not on a copy.
      marks = nil
      change(&changed)
      marks = changed
    }

    mutating func markProperty(_ name: String) { mark { $0.properties.insert(name) } }
    mutating func markItems(before end: Int) { mark { $0.items = max($0.items, end) } }
    mutating func markAllItems() { mark { $0.allItems = true } }
    mutating func markContained(_ positions: [Int]) {
      mark { $0.containedItems.formUnion(positions) }
    }
    mutating func note(_ annotation: SchemaAnnotation) { mark { $0.notes.append(annotation) } }

    /// Takes the failures of a schema applied to a member or an element, and its output
    /// annotations when it is valid.
    mutating func take(_ child: Outcome) {
      add(child.failures)
      if child.isValid, let notes = child.marks?.notes, !notes.isEmpty {
        mark { $0.notes += notes }
      }
    }

    /// Appends `more` (appending nothing to an empty array would still allocate its buffer).
    @inline(__always)
    mutating func add(_ more: [JSONSchemaFailure]) {
      if !more.isEmpty { failures += more }
    }

    /// Takes the annotations of a schema that applied to the same value.
    mutating func mergeAnnotations(_ other: Outcome) {
      guard let theirs = other.marks else { return }
      guard marks != nil else {
        marks = theirs
        return
      }
      mark { ours in
        ours.properties.formUnion(theirs.properties)
        ours.items = max(ours.items, theirs.items)
        ours.allItems = ours.allItems || theirs.allItems
        ours.containedItems.formUnion(theirs.containedItems)
        ours.notes += theirs.notes
      }
    }

    /// Takes the failures and, when it is valid, the annotations of a schema that applied
    /// to the same value.
    mutating func merge(_ other: Outcome) {
      add(other.failures)
      if other.isValid { mergeAnnotations(other) }
    }
  }

  // MARK: Places

  /// The keyword location of the schema being evaluated, and of `keyword` in it.
  func keywordLocation(_ keyword: String?) -> String {
    var text = ""
    for (step, _) in steps { text += step.text }
    if let keyword, !keyword.isEmpty { text += "/" + JSONPath.pointerToken(keyword) }
    return text
  }

  func failure(_ schema: CompiledSchema, _ keyword: String, _ message: @autoclosure () -> String)
    -> JSONSchemaFailure
  {
    guard reports else { return Self.unreported }
    let message = message()
    var failure = JSONSchemaFailure(
      instancePath: JSONPath(instanceSteps), keywordLocation: keywordLocation(keyword),
      absoluteKeywordLocation: schema.absoluteLocation(keyword), keyword: keyword,
      message: message, location: nil)
    failure.applications = applications()
    return failure
  }

  /// The subschemas applied on the way to the current one, outermost first: each one's
  /// keyword location and the instance location it applied to.
  func applications() -> [JSONSchemaFailure.Application] {
    var result: [JSONSchemaFailure.Application] = []
    var text = ""
    for (step, depth) in steps {
      text += step.text
      result.append(
        JSONSchemaFailure.Application(
          keywordLocation: text, instanceLocation: JSONPath(Array(instanceSteps[..<depth])).pointer)
      )
    }
    return result
  }

  // MARK: Schemas

  /// Evaluates `schema` against `instance`, which is at the current instance path, reached by
  /// the current steps.
  mutating func evaluate(_ schema: CompiledSchema, _ instance: some SchemaInstance) -> Outcome {
    if let constant = schema.constant {
      var outcome = Outcome()
      if !constant {
        // The failing "keyword" is the schema itself, the last subschema applied.
        var rejection = failure(schema, "", "no value is allowed here")
        rejection.keyword = "false"
        rejection.applications = Array(rejection.applications.dropLast())
        outcome.failures.append(rejection)
      }
      return outcome
    }
    if depth > 0, depth % Self.levelsPerStack == 0, depth != stackStart {
      // The evaluation below leaves every part of `self` as it found it, so the copy on the
      // other thread needs no copying back.
      var copy = self
      copy.stackStart = depth
      return Self.onFreshStack(copy) { evaluation in evaluation.evaluate(schema, instance) }
    }
    guard depth < Self.maxDepth else {
      var outcome = Outcome()
      outcome.failures.append(
        failure(schema, "", "schemas nested deeper than \(Self.maxDepth) levels here"))
      return outcome
    }
    depth += 1
    defer { depth -= 1 }
    if let resource = schema.resource, scope.last !== resource {
      scope.append(resource)
      defer { scope.removeLast() }
      return evaluateKeywords(schema, instance)
    }
    return evaluateKeywords(schema, instance)
  }

  /// Evaluates a subschema reached by `step` against the same value.
  mutating func apply(_ step: Step, _ schema: CompiledSchema, _ instance: some SchemaInstance)
    -> Outcome
  {
    guard reports else { return evaluate(schema, instance) }
    steps.append((step, instanceDepth))
    defer { steps.removeLast() }
    return evaluate(schema, instance)
  }

  /// Evaluates a subschema reached by `step` against a member or element of the value.
  /// (The step and the component are only spelt out when reporting.)
  mutating func applyBelow(
    _ step: @autoclosure () -> Step, _ schema: CompiledSchema, _ child: some SchemaInstance,
    at component: @autoclosure () -> JSONPath.Component
  ) -> Outcome {
    instanceDepth += 1
    defer { instanceDepth -= 1 }
    guard reports else { return evaluate(schema, child) }
    instanceSteps.append(component())
    steps.append((step(), instanceDepth))
    defer {
      steps.removeLast()
      instanceSteps.removeLast()
    }
    return evaluate(schema, child)
  }

  /// Follows a reference.
  mutating func follow(
    _ keyword: String, _ target: CompiledSchema, from schema: CompiledSchema,
    _ instance: some SchemaInstance
  ) -> Outcome {
    let saved = referencesAt
    defer { referencesAt = saved }
    let here = instanceDepth
    referencesAt = (here, referencesAt.depth == here ? referencesAt.count + 1 : 1)
    guard referencesAt.count <= Self.maxReferencesAtOneValue else {
      var outcome = Outcome()
      outcome.failures.append(
        failure(
          schema, keyword,
          "more than \(Self.maxReferencesAtOneValue) references followed at this value without moving into it: the references come back to themselves"
        ))
      return outcome
    }
    return apply(.keyword(keyword), target, instance)
  }

  private mutating func evaluateKeywords(
    _ schema: CompiledSchema, _ instance: some SchemaInstance
  ) -> Outcome {
    var outcome = Outcome()
    references(schema, instance, into: &outcome)
    if schema.draft.refIgnoresSiblings, schema.ref != nil { return outcome }
    validation(schema, instance, into: &outcome)
    applicators(schema, instance, into: &outcome)
    if schema.unevaluatedProperties != nil || schema.unevaluatedItems != nil {
      unevaluated(schema, instance, into: &outcome)
    }
    if annotates, outcome.isValid {
      for (keyword, value) in schema.annotationKeywords {
        outcome.note(
          SchemaAnnotation(
            keywordLocation: keywordLocation(keyword),
            absoluteKeywordLocation: schema.absoluteLocation(keyword),
            instanceLocation: JSONPath(instanceSteps).pointer, value: value))
      }
    }
    return outcome
  }

  private mutating func references(
    _ schema: CompiledSchema, _ instance: some SchemaInstance, into outcome: inout Outcome
  ) {
    if let target = schema.ref {
      outcome.merge(follow("$ref", target, from: schema, instance))
    }
    if let (initial, anchor) = schema.dynamicRef {
      var target = initial
      if let anchor {
        for resource in scope {
          if let dynamic = resource.dynamicAnchors[anchor] {
            target = dynamic
            break
          }
        }
      }
      outcome.merge(follow("$dynamicRef", target, from: schema, instance))
    }
    if let (initial, dynamic) = schema.recursiveRef {
      var target = initial
      if dynamic, let outermost = scope.first(where: \.recursiveAnchor), let root = outermost.root {
        target = root
      }
      outcome.merge(follow("$recursiveRef", target, from: schema, instance))
    }
  }

  // MARK: Validation keywords

  private func validation(
    _ schema: CompiledSchema, _ instance: some SchemaInstance, into outcome: inout Outcome
  ) {
    func fail(_ keyword: String, _ message: @autoclosure () -> String) {
      outcome.failures.append(failure(schema, keyword, message()))
    }
    if let types = schema.types, !Self.has(types, instance, draft: schema.draft) {
      let names = schema.typeNames
      let expected = names.count == 1 ? names[0] : "one of " + names.joined(separator: ", ")
      fail("type", "expected \(expected), found \(Self.typeName(instance.kind))")
    }
    if let allowed = schema.enumValues {
      let value = instance.jsonValue
      if !allowed.contains(where: { SchemaEquality.equal($0, value) }) {
        fail("enum", "\(Self.describe(value)) is not one of the allowed values")
      }
    }
    if let constant = schema.constValue {
      let value = instance.jsonValue
      if !SchemaEquality.equal(constant, value) {
        fail("const", "expected \(Self.describe(constant)), found \(Self.describe(value))")
      }
    }
    switch instance.kind {
    case .number:
      guard
        schema.multipleOf != nil || schema.maximum != nil || schema.minimum != nil
          || schema.exclusiveMaximum != nil || schema.exclusiveMinimum != nil,
        let number = instance.numberValue, let value = SchemaDecimal(number)
      else { break }
      if let divisor = schema.multipleOf, !value.isMultiple(of: divisor.value) {
        fail("multipleOf", "\(number.text) is not a multiple of \(divisor.text)")
      }
      if let maximum = schema.maximum {
        let order = value.compare(maximum.value)
        let exclusive = schema.maximumIsExclusive
        if order > 0 || (exclusive && order == 0) {
          fail(
            "maximum",
            "\(number.text) is \(exclusive ? "not below" : "above") the maximum \(maximum.text)")
        }
      }
      if let minimum = schema.minimum {
        let order = value.compare(minimum.value)
        let exclusive = schema.minimumIsExclusive
        if order < 0 || (exclusive && order == 0) {
          fail(
            "minimum",
            "\(number.text) is \(exclusive ? "not above" : "below") the minimum \(minimum.text)")
        }
      }
      if let maximum = schema.exclusiveMaximum, value.compare(maximum.value) >= 0 {
        fail("exclusiveMaximum", "\(number.text) is not below \(maximum.text)")
      }
      if let minimum = schema.exclusiveMinimum, value.compare(minimum.value) <= 0 {
        fail("exclusiveMinimum", "\(number.text) is not above \(minimum.text)")
      }
    case .string:
      guard
        schema.maxLength != nil || schema.minLength != nil || schema.pattern != nil
          || schema.format != nil,
        let text = instance.stringValue
      else { break }
      if schema.maxLength != nil || schema.minLength != nil {
        // Lengths count Unicode scalars (JSON Schema's characters), not grapheme clusters.
        let length = scalarCount(text)
        if let maximum = schema.maxLength, length > maximum {
          fail("maxLength", "\(length) characters, more than the maximum \(maximum)")
        }
        if let minimum = schema.minLength, length < minimum {
          fail("minLength", "\(length) characters, fewer than the minimum \(minimum)")
        }
      }
      if let (regex, pattern) = schema.pattern {
        switch regex.matches(text) {
        case true: break
        case false:
          fail("pattern", "\(Self.describe(text)) does not match the pattern '\(pattern)'")
        case nil:
          fail("pattern", Self.undecided(pattern, text))
        }
      }
      if let format = schema.format,
        let valid = SchemaFormats.check(format, text, draft: schema.draft), !valid
      {
        fail("format", "\(Self.describe(text)) is not a valid \(format)")
      }
    case .array:
      let count = instance.count
      if let maximum = schema.maxItems, count > maximum {
        fail("maxItems", "\(count) elements, more than the maximum \(maximum)")
      }
      if let minimum = schema.minItems, count < minimum {
        fail("minItems", "\(count) elements, fewer than the minimum \(minimum)")
      }
      if schema.uniqueItems, count > 1 {
        var seen: [SchemaEquality.Exact: Int] = [:]
        for (position, element) in instance.elements.enumerated() {
          let value = SchemaEquality.Exact(value: element.jsonValue)
          if let first = seen[value] {
            fail("uniqueItems", "elements \(first) and \(position) are equal")
            break
          }
          seen[value] = position
        }
      }
    case .object:
      if schema.maxProperties != nil || schema.minProperties != nil {
        let count = instance.count
        if let maximum = schema.maxProperties, count > maximum {
          fail("maxProperties", "\(count) members, more than the maximum \(maximum)")
        }
        if let minimum = schema.minProperties, count < minimum {
          fail("minProperties", "\(count) members, fewer than the minimum \(minimum)")
        }
      }
      for name in schema.required where !instance.hasMember(name) {
        fail("required", "the member '\(name)' is missing")
      }
      for (name, needs, keyword) in schema.dependentRequired where instance.hasMember(name) {
        for other in needs where !instance.hasMember(other) {
          fail(keyword, "the member '\(other)' is missing (required by '\(name)')")
        }
      }
    default:
      break
    }
  }

  /// Whether `value` has one of `types`. An integer is a number with no fractional part
  /// (`1.0` is one), except in draft 4, where it is a number written without a fraction or an
  /// exponent.
  static func has(
    _ types: CompiledSchema.TypeSet, _ value: some SchemaInstance, draft: JSONSchemaDraft
  ) -> Bool {
    switch value.kind {
    case .null: return types.contains(.null)
    case .bool: return types.contains(.boolean)
    case .object: return types.contains(.object)
    case .array: return types.contains(.array)
    case .string: return types.contains(.string)
    case .number:
      if types.contains(.number) { return true }
      guard types.contains(.integer) else { return false }
      // Digits alone are an integer in every draft; `1.0` and `1e3` only after draft 4.
      if value.isWrittenAsInteger { return true }
      guard draft != .draft4, let number = value.numberValue, number.isFinite else { return false }
      return SchemaDecimal(number)?.isInteger ?? false
    }
  }

  /// Whether `schema` accepts `value` by its type alone, decided without evaluating it: false
  /// when it checks more than the type, or the type is wrong (the evaluation then reports).
  /// (Never when annotations are wanted: the schema may have some.)
  @inline(__always)
  func passesInPlace(_ schema: CompiledSchema, _ value: some SchemaInstance) -> Bool {
    guard !annotates, let types = schema.onlyTypes else { return false }
    return Self.has(types, value, draft: schema.draft)
  }

  static func typeName(_ kind: JSONKind) -> String {
    switch kind {
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
    case .string(let text): return describe(text)
    case .array(let elements): return "an array of \(elements.count)"
    case .object(let members): return "an object of \(members.count) members"
    }
  }

  /// A string as a failure names it: quoted, shortened past 40 characters.
  static func describe(_ text: String) -> String {
    "\"" + (text.count > 40 ? String(text.prefix(40)) + "…" : text) + "\""
  }

  /// The failure of a pattern whose match could not be decided in time.
  static func undecided(_ pattern: String, _ text: String) -> String {
    "whether \(describe(text)) matches the pattern '\(pattern)' could not be decided within "
      + "\(SchemaPattern.stepLimit) steps (the pattern backtracks too much)"
  }

  // MARK: Applicators

  private mutating func applicators(
    _ schema: CompiledSchema, _ instance: some SchemaInstance, into outcome: inout Outcome
  ) {
    for (position, subschema) in schema.allOf.enumerated() {
      outcome.merge(apply(.element("allOf", position), subschema, instance))
    }
    if !schema.anyOf.isEmpty {
      var matched = false
      for (position, subschema) in schema.anyOf.enumerated() {
        let result = apply(.element("anyOf", position), subschema, instance)
        if result.isValid {
          matched = true
          // Without annotations to gather, one match decides.
          guard gathers else { break }
          outcome.mergeAnnotations(result)
        }
      }
      if !matched {
        outcome.failures.append(
          failure(schema, "anyOf", "the value matches none of the \(schema.anyOf.count) schemas"))
      }
    }
    if !schema.oneOf.isEmpty {
      var matches: [Int] = []
      var annotations = Outcome()
      for (position, subschema) in schema.oneOf.enumerated() {
        let result = apply(.element("oneOf", position), subschema, instance)
        if result.isValid {
          matches.append(position)
          annotations.mergeAnnotations(result)
        }
      }
      if matches.count == 1 {
        outcome.mergeAnnotations(annotations)
      } else if matches.isEmpty {
        outcome.failures.append(
          failure(schema, "oneOf", "the value matches none of the \(schema.oneOf.count) schemas"))
      } else {
        let list = matches.map(String.init).joined(separator: ", ")
        outcome.failures.append(
          failure(schema, "oneOf", "the value matches more than one schema (\(list))"))
      }
    }
    if let not = schema.not, apply(.keyword("not"), not, instance).isValid {
      outcome.failures.append(
        failure(schema, "not", "the value matches the schema it must not match"))
    }
    if let condition = schema.ifSchema {
      let result = apply(.keyword("if"), condition, instance)
      if result.isValid {
        outcome.mergeAnnotations(result)
        if let then = schema.thenSchema { outcome.merge(apply(.keyword("then"), then, instance)) }
      } else if let otherwise = schema.elseSchema {
        outcome.merge(apply(.keyword("else"), otherwise, instance))
      }
    }
    switch instance.kind {
    case .object: objectApplicators(schema, instance, into: &outcome)
    case .array: arrayApplicators(schema, instance, into: &outcome)
    default: break
    }
  }

  private mutating func objectApplicators(
    _ schema: CompiledSchema, _ instance: some SchemaInstance, into outcome: inout Outcome
  ) {
    let checksMembers =
      !schema.properties.isEmpty || !schema.patternProperties.isEmpty
      || schema.additionalProperties != nil
    if checksMembers {
      // Deciding only, every member is walked, repeated keys included: a value that passes
      // so passes with any one member per key (and a report follows any failure).
      for (key, member) in instance.members(exact: reports) {
        // Deciding only, the first failure decides.
        if !reports, !outcome.failures.isEmpty { return }
        var named = false
        if let subschema = key.schema(in: schema.properties) {
          named = true
          if !passesInPlace(subschema, member) {
            outcome.take(
              applyBelow(
                .member("properties", key.text), subschema, member, at: .key(key.text)))
          }
        }
        // The name is spelt out only for the keywords below, which read it as text.
        if !schema.patternProperties.isEmpty || schema.additionalProperties != nil {
          let name = key.text
          for (regex, subschema) in schema.patternProperties {
            guard let matches = regex.matches(name) else {
              named = true
              outcome.failures.append(
                failure(schema, "patternProperties", Self.undecided(regex.source, name)))
              continue
            }
            guard matches else { continue }
            named = true
            let step = Step.member("patternProperties", regex.source)
            outcome.take(applyBelow(step, subschema, member, at: .key(name)))
          }
          if !named, let additional = schema.additionalProperties {
            let result = applyBelow(
              .keyword("additionalProperties"), additional, member, at: .key(name))
            if !result.isValid, additional.constant == false {
              outcome.failures.append(
                failure(schema, "additionalProperties", "the member '\(name)' is not allowed"))
            } else {
              outcome.take(result)
            }
            named = true
          }
        }
        if named, gathers { outcome.markProperty(key.text) }
      }
    }
    if let names = schema.propertyNames {
      for (key, _) in instance.members(exact: reports) {
        let name = key.text
        let result = apply(.keyword("propertyNames"), names, JSONValue.string(name))
        if !result.isValid {
          outcome.failures.append(
            failure(schema, "propertyNames", "the member name '\(name)' is not allowed"))
        }
      }
    }
    for (name, subschema) in schema.dependentSchemas where instance.hasMember(name) {
      let keyword = schema.draft >= .draft2019 ? "dependentSchemas" : "dependencies"
      outcome.merge(apply(.member(keyword, name), subschema, instance))
    }
  }

  private mutating func arrayApplicators(
    _ schema: CompiledSchema, _ instance: some SchemaInstance, into outcome: inout Outcome
  ) {
    let count = instance.count
    let prefix = schema.prefixItems
    if !prefix.isEmpty || schema.items != nil {
      let tupleKeyword = schema.draft >= .draft2020 ? "prefixItems" : "items"
      let itemsKeyword =
        schema.draft < .draft2020 && !prefix.isEmpty ? "additionalItems" : "items"
      for (position, element) in instance.elements.enumerated() {
        if position < prefix.count {
          outcome.take(
            applyBelow(
              .element(tupleKeyword, position), prefix[position], element, at: .index(position)))
          continue
        }
        guard let items = schema.items else { break }
        // Deciding only, the first failure decides.
        if !reports, !outcome.failures.isEmpty { return }
        if passesInPlace(items, element) { continue }
        outcome.take(applyBelow(.keyword(itemsKeyword), items, element, at: .index(position)))
      }
      if gathers {
        outcome.markItems(before: min(prefix.count, count))
        if schema.items != nil, prefix.count < count { outcome.markAllItems() }
      }
    }
    if let contains = schema.contains {
      var matched: [Int] = []
      for (position, element) in instance.elements.enumerated() {
        if applyBelow(.keyword("contains"), contains, element, at: .index(position)).isValid {
          matched.append(position)
        }
      }
      let minimum = schema.minContains ?? 1
      if matched.count < minimum {
        outcome.failures.append(
          failure(
            schema, "contains",
            matched.isEmpty
              ? "no element matches the schema"
              : "\(matched.count) elements match the schema, fewer than \(minimum)"))
      }
      if let maximum = schema.maxContains, matched.count > maximum {
        outcome.failures.append(
          failure(
            schema, "maxContains",
            "\(matched.count) elements match the schema, more than \(maximum)"))
      }
      if schema.draft >= .draft2020, gathers { outcome.markContained(matched) }
    }
  }

  // MARK: Unevaluated members and elements

  private mutating func unevaluated(
    _ schema: CompiledSchema, _ instance: some SchemaInstance, into outcome: inout Outcome
  ) {
    if let subschema = schema.unevaluatedProperties, instance.kind == .object {
      for (key, member) in instance.members(exact: true) {
        let name = key.text
        if outcome.properties.contains(name) { continue }
        let result = applyBelow(
          .keyword("unevaluatedProperties"), subschema, member, at: .key(name))
        if !result.isValid, subschema.constant == false {
          outcome.failures.append(
            failure(schema, "unevaluatedProperties", "the member '\(name)' is not allowed"))
        } else {
          outcome.take(result)
        }
        outcome.markProperty(name)
      }
    }
    if let subschema = schema.unevaluatedItems, instance.kind == .array, !outcome.allItems {
      for (position, element) in instance.elements.enumerated()
      where position >= outcome.items && !outcome.containedItems.contains(position) {
        let result = applyBelow(
          .keyword("unevaluatedItems"), subschema, element, at: .index(position))
        if !result.isValid, subschema.constant == false {
          outcome.failures.append(
            failure(schema, "unevaluatedItems", "the element \(position) is not allowed"))
        } else {
          outcome.take(result)
        }
      }
      outcome.markAllItems()
    }
  }

  // MARK: Stacks

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

/// An annotation keyword's value, where it applied: for the output formats.
struct SchemaAnnotation {
  var keywordLocation: String
  var absoluteKeywordLocation: String
  var instanceLocation: String
  var value: JSONValue
}

/// How many Unicode scalars `text` has, the length JSON Schema and `@Constraint` count: its
/// UTF-8 bytes that do not continue a scalar, counted eight at a time.
func scalarCount(_ text: String) -> Int {
  var text = text
  return text.withUTF8 { bytes in
    guard let base = bytes.baseAddress else { return 0 }
    var continuations = 0
    var index = 0
    let raw = UnsafeRawPointer(base)
    while bytes.count &- index >= 8 {
      let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      // A continuation byte is 10xxxxxx: bit 7 set, bit 6 clear.
      continuations &+= (word & ~(word << 1) & 0x8080_8080_8080_8080).nonzeroBitCount
      index &+= 8
    }
    while index < bytes.count {
      if bytes[index] & 0xC0 == 0x80 { continuations &+= 1 }
      index &+= 1
    }
    return bytes.count &- continuations
  }
}
