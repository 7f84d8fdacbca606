import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// Writes the members `@JSONModel` adds to a struct or class. Every name is fully qualified and
/// every local comes from `makeUniqueName`, so the code compiles whatever the type declares.
struct ModelCodeGenerator {
  let model: ModelDescription
  let context: any MacroExpansionContext
  /// Whether a class gets Codable members in its body (it does not write its own).
  let addsCodable: Bool
  /// The date formats the model uses (`@Transform(.dateFormat("..."))`, `@JSONModel(dates:
  /// ...)`), each distinct expression once with the name of the static property that holds it,
  /// so that a pattern is compiled once per type rather than once per value. Empty in generic
  /// contexts, which cannot have static stored properties.
  let dateFormats: [(expression: String, name: String)]

  init(model: ModelDescription, context: any MacroExpansionContext, addsCodable: Bool) {
    self.model = model
    self.context = context
    self.addsCodable = addsCodable
    var expressions: [String] = []
    if model.storesStatics {
      var used = model.properties.compactMap(\.transformer).filter(Self.isDateFormat)
      if let dates = model.options.dates { used.append(dates) }
      for expression in used.map(\.trimmedDescription) where !expressions.contains(expression) {
        expressions.append(expression)
      }
    }
    dateFormats = expressions.map { ($0, context.makeUniqueName("dateFormat").text) }
    var names: [String: String] = [:]
    for property in model.properties where !property.constraints.isEmpty && property.decodes {
      names[property.name] = context.makeUniqueName("constraints").text
    }
    constraintNames = names
  }

  /// The static holding each constrained property's `JSONConstraints`, by property name:
  /// made once per type, so that a pattern is compiled once.
  let constraintNames: [String: String]

  /// The expression that reads a property's constraints, if it has any.
  func constraintsExpression(_ property: ModelProperty) -> String? {
    guard let name = constraintNames[property.name] else { return nil }
    if !model.storesStatics, !model.isClass, !spellsType(property) {
      // A generic type nested in another: no static to hold them, no type to name.
      return inferredConstraints(property)
    }
    return "\(model.isClass ? model.typeName : "Self").\(name)"
  }

  /// The constraints of a property whose type is inferred from the property itself.
  func inferredConstraints(_ property: ModelProperty) -> String {
    let list = property.constraints.map(\.trimmedDescription).joined(separator: ", ")
    let function = property.isOptional ? "constraints(ofOptional:" : "constraints(of:"
    return
      "Bindery._JSONModelCoding.\(function) { (model: Self) in model.\(escaped(property.name)) }, \(list))"
  }

  /// The statics holding the properties' constraints: a `JSONConstraints` of the property's
  /// type (of its wrapped type, for an optional), which the compiler checks each constraint
  /// against.
  func constraintDeclarations() -> [String] {
    model.properties.compactMap { property -> String? in
      guard let name = constraintNames[property.name] else { return nil }
      let list = property.constraints.map(\.trimmedDescription).joined(separator: ", ")
      if model.isClass || spellsType(property) {
        let type = "Bindery.JSONConstraints<\(property.wrappedTypeText)>"
        return model.storesStatics
          ? "private static let \(name): \(type) = Bindery.JSONConstraints(\(list))"
          : "private static var \(name): \(type) { Bindery.JSONConstraints(\(list)) }"
      }
      guard model.storesStatics else { return nil }
      return "private static let \(name) = \(inferredConstraints(property))"
    }
  }

  /// Whether an expression spells one of `JSONDateFormat`'s own formats (`.dateFormat(...)`,
  /// `.firstOf(...)`, `.iso8601`...), whose type is known without the property's.
  static func isDateFormat(_ expression: ExprSyntax) -> Bool {
    let names: Set<String> = [
      "dateFormat", "firstOf", "iso8601", "rfc1123", "unixSeconds", "unixMilliseconds",
    ]
    var callee = expression
    if let call = expression.as(FunctionCallExprSyntax.self) { callee = call.calledExpression }
    guard let member = callee.as(MemberAccessExprSyntax.self) else { return false }
    let base = member.base?.trimmedDescription
    return (base == nil || base == "JSONDateFormat" || base == "Bindery.JSONDateFormat")
      && names.contains(member.declName.baseName.text)
  }

  /// The expression that reads a hoisted date format, or the expression itself.
  func hoisted(_ expression: some SyntaxProtocol) -> String {
    let text = expression.trimmedDescription
    guard let name = dateFormats.first(where: { $0.expression == text })?.name else { return text }
    return "\(model.isClass ? model.typeName : "Self").\(name)"
  }

  /// The static properties holding the date formats.
  func staticDeclarations() -> [String] {
    dateFormats.map { "private static let \($0.name): Bindery.JSONDateFormat = \($0.expression)" }
  }

  var access: String { model.access }
  var openAccess: String {
    if case .openClass(_, true) = model.kind { return "open " }
    return access
  }
  var decoded: [ModelProperty] { model.properties.filter(\.decodes) }

  // MARK: Keys

  func keyExpression(_ paths: [KeyPathSpec], property: String, explicit: Bool) -> String {
    if !explicit, case .custom(let strategy) = model.options.keyStrategy {
      return "Bindery.JSONKey((\(strategy.trimmedDescription) as Bindery.JSONKeyStrategy)"
        + ".key(forProperty: \(literal(property))))"
    }
    if paths.count == 1, let only = paths.first {
      if only.components.count == 1 { return literal(only.components[0]) }
      return ".path(" + only.components.map(literal).joined(separator: ", ") + ")"
    }
    let list = paths.map { "[" + $0.components.map(literal).joined(separator: ", ") + "]" }
    return ".anyOf(" + list.joined(separator: ", ") + ")"
  }

  func decodeKey(_ property: ModelProperty, table: KeyTable? = nil) -> String {
    if let table, let path = tablePath(of: property), let index = table.paths.firstIndex(of: path) {
      // Read from a static, which a read borrows: a key taken out of the table by its
      // subscript is a copy, which retains the key's strings on every read.
      return table.paths.count == 1 ? "Self.\(table.keysName)" : "Self.\(table.keysName).\(index)"
    }
    return keyExpression(
      property.decodePaths, property: property.name, explicit: property.hasExplicitKey)
  }

  /// The keys the initializer reads, whose members are found in one pass over the object (see
  /// ``tablePath(of:)``): a `Bindery._JSONModelKeys` of their paths.
  struct KeyTable {
    let name: String
    let paths: [[String]]
    /// The static holding the table's keys, as one tuple (or one key).
    let keysName: String
  }

  /// The path a property is read by through the key table: its one fixed path. Fallback paths
  /// and keys chosen at run time (a custom key strategy) are searched for instead.
  func tablePath(of property: ModelProperty) -> [String]? {
    if !property.hasExplicitKey, case .custom = model.options.keyStrategy { return nil }
    guard property.decodePaths.count == 1 else { return nil }
    return property.decodePaths.first?.components
  }

  /// The name of a static the model's generated code keeps: a unique name, which nothing the
  /// type declares (or a superclass's static) can clash with.
  func staticName(_ base: String) -> String {
    context.makeUniqueName(base).text
  }

  func keyTable() -> KeyTable? {
    guard model.storesStatics else { return nil }
    var paths: [[String]] = []
    for property in model.properties where property.decodes && !property.isUnknownKeys {
      if let path = tablePath(of: property), !paths.contains(path) { paths.append(path) }
    }
    guard !paths.isEmpty else { return nil }
    return KeyTable(name: staticName("jsonKeys"), paths: paths, keysName: staticName("jsonKey"))
  }

  func tableDeclaration(_ table: KeyTable) -> String {
    let list = table.paths.map { "[" + $0.map(literal).joined(separator: ", ") + "]" }
    let keys = table.paths.indices.map { "\(table.name)[\($0)]" }
    let tuple = keys.count == 1 ? keys[0] : "(" + keys.joined(separator: ", ") + ")"
    return
      "private static let \(table.name) = Bindery._JSONModelKeys([\(list.joined(separator: ", "))])"
      + "\nprivate static let \(table.keysName) = \(tuple)"
  }

  /// The key a property is written at when it is one key, fixed at compile time, whose bytes
  /// need no escaping under any writing options (printable ASCII other than `"`, `\\` and `/`);
  /// nil otherwise.
  func plainEncodeKey(_ property: ModelProperty) -> String? {
    if !property.hasExplicitKey, case .custom = model.options.keyStrategy { return nil }
    let components = property.encodePath.components
    guard components.count == 1, let key = components.first else { return nil }
    let plain = key.utf8.allSatisfy { byte in
      byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
        && byte != UInt8(ascii: "/")
    }
    return plain ? key : nil
  }

  func encodeKey(_ property: ModelProperty) -> String {
    keyExpression([property.encodePath], property: property.name, explicit: property.hasExplicitKey)
  }

  /// The assignment of the members a property keeps (`@UnknownKeys`): none of the keys the
  /// model reads, and none a flattened model reads, `null` or not. The keys come from the
  /// description of the instance's own type, which a subclass extends.
  func unknownMembersAssignment(_ name: String, json: String) -> String {
    let description = "Self.jsonDescription"
    return "self.\(name) = \(json).unknownMembers(excluding: \(description).memberKeys, "
      + "claimed: \(description).flattenedKeys)"
  }

  // MARK: Members

  /// The members' text: parsed once, where it is returned to the compiler (in the type's body
  /// or in the extension, which parses them with it), not member by member first.
  func members() -> [String] {
    let table = keyTable()
    let onePass = onePassMembers(table: table)
    let direct = directWriteMembers()
    var result = descriptionMembers(onePass: !onePass.isEmpty, direct: !direct.isEmpty)
    result += [initializer(table: table), encoder()]
    if let table { result.append(tableDeclaration(table)) }
    result += onePass
    result += direct
    result += staticDeclarations()
    result += constraintDeclarations()
    if case .openClass = model.kind { result.append(valueInitializer()) }
    if model.isClass, addsCodable || model.isSubclass { result += classCodable() }
    return result
  }

  /// Statements as a function's body: every line indented one level.
  func body(_ statements: [String]) -> String {
    statements.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false) }
      .map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
  }

  // MARK: The description

  /// `jsonDescription`: the model's mapping as data, which the library reads for updates,
  /// property names, claimed keys, the schema and the fast paths' checks. A class that may be
  /// subclassed answers with a class property, which a subclass overrides with its own
  /// description inheriting the superclass's.
  func descriptionMembers(onePass: Bool, direct: Bool) -> [String] {
    let entries = model.properties.map { property in
      descriptionEntry(property)
        + (constraintsExpression(property).map { ".checking(\($0))" } ?? "")
    }
    var arguments: [String] = []
    if model.options.coercesValues { arguments.append("coercing: true") }
    if let dates = model.options.dates { arguments.append("dates: \(hoisted(dates))") }
    if onePass { arguments.append("onePass: true") }
    if direct { arguments.append("direct: true") }
    if model.isSubclass, let superclass = model.options.superclass {
      arguments.append("inheriting: \(superclass).jsonDescription")
    }
    let list =
      entries.isEmpty
      ? "[]" : "[\n" + entries.map { "    " + $0 + "," }.joined(separator: "\n") + "\n]"
    let value =
      "Bindery.JSONModelDescription<\(model.isClass ? model.typeName : "Self")>("
      + ([list] + arguments).joined(separator: ", ") + ")"
    let type = "any Bindery.JSONModelDescribing"
    switch model.kind {
    case .openClass(let isSubclass, _):
      let override = isSubclass ? "override " : ""
      guard model.storesStatics else {
        return ["\(openAccess)\(override)class var jsonDescription: \(type) {\n    \(value)\n}"]
      }
      let stored = context.makeUniqueName("jsonDescription").text
      return [
        "\(openAccess)\(override)class var jsonDescription: \(type) { \(model.typeName).\(stored) }",
        "private static let \(stored): \(type) = \(value)",
      ]
    default:
      guard model.storesStatics else {
        return ["\(access)static var jsonDescription: \(type) {\n    \(value)\n}"]
      }
      return ["\(access)static let jsonDescription: \(type) = \(value)"]
    }
  }

  /// One property's entry in the description.
  func descriptionEntry(_ property: ModelProperty) -> String {
    let keyPath = "\\.\(escaped(property.name))"
    let name = literal(property.name)
    if property.isUnknownKeys { return ".unknownKeys(\(keyPath), \(name))" }
    if !property.decodes && !property.encodes { return ".ignored(\(keyPath), \(name))" }
    if property.isFlattened {
      return ".\(property.isLet ? "constantFlattened" : "flattened")(\(keyPath), \(name))"
    }
    var arguments = [keyPath, name]
    let paths = descriptionPaths(property)
    if let tag = property.tagKey, !property.isLet {
      arguments.append("tag: [\(tag.components.map(literal).joined(separator: ", "))]")
      if let paths { arguments.append("paths: \(paths)") }
      return ".tagged(\(arguments.joined(separator: ", ")))"
    }
    if let paths { arguments.append("paths: \(paths)") }
    if property.encodes, property.decodes,
      property.encodePath.components != property.decodePaths.first?.components
    {
      arguments.append("encodePath: \(pathLiteral(property.encodePath.components))")
    }
    if !property.decodes { arguments.append("reads: false") }
    if !property.encodes { arguments.append("writes: false") }
    let defaultValue =
      property.defaultValue ?? (property.isOptional ? nil : property.initializer)
    if let transformer = property.transformer {
      arguments.append("using: \(hoisted(transformer))")
      if property.isLet {
        let required = defaultValue == nil && !property.isOptional
        arguments.append("required: \(required)")
        return ".constant(\(arguments.joined(separator: ", ")))"
      }
      if let defaultValue { arguments.append("default: \(defaultValue.trimmedDescription)") }
      return ".member(\(arguments.joined(separator: ", ")))"
    }
    if property.coerces { arguments.append("coerces: true") }
    if property.isLossy { arguments.append("lossy: true") }
    if let defaultValue { arguments.append("default: \(defaultValue.trimmedDescription)") }
    return ".\(property.isLet ? "constant" : "member")(\(arguments.joined(separator: ", ")))"
  }

  /// The paths a property is read from, when they are not its name alone: as a literal, or
  /// the keys a custom strategy gives at run time.
  func descriptionPaths(_ property: ModelProperty) -> String? {
    if !property.hasExplicitKey, case .custom = model.options.keyStrategy {
      return schemaPaths(property)
    }
    let paths = property.decodes ? property.decodePaths : [property.encodePath]
    if paths.count == 1, paths[0].components == [property.name] { return nil }
    return "[" + paths.map { pathLiteral($0.components) }.joined(separator: ", ") + "]"
  }

  func pathLiteral(_ components: [String]) -> String {
    "[" + components.map(literal).joined(separator: ", ") + "]"
  }

  /// The receiver for one property's read: the model's decoder, with the property's own scope.
  func receiver(_ json: String, _ property: ModelProperty) -> String {
    var text = json
    if property.coerces && !model.options.coercesValues { text += ".coercing()" }
    if property.isLossy { text += ".lossy()" }
    return text
  }

  /// The key expression of a `@TaggedBy` property's tag.
  func tagKeyExpression(_ property: ModelProperty) -> String? {
    property.tagKey.map { keyExpression([$0], property: property.name, explicit: true) }
  }

  func decodeCall(_ json: String, _ property: ModelProperty, table: KeyTable?) -> String {
    if let tag = tagKeyExpression(property) {
      return "\(receiver(json, property)).decode(\(typeExpression(property)), tag: \(tag), "
        + "forKey: \(decodeKey(property, table: table)))"
    }
    var arguments = [typeExpression(property), "forKey: \(decodeKey(property, table: table))"]
    if let transformer = property.transformer {
      arguments.append("using: \(hoisted(transformer))")
    }
    if let value = property.defaultValue {
      arguments.append("default: \(value.trimmedDescription)")
      if let trigger = property.defaultTrigger {
        arguments.append("when: \(trigger.trimmedDescription)")
      }
    } else if property.initializer != nil, !property.isOptional {
      // A `var` with an initial value keeps it when the key is missing.
      arguments.append("default: \(property.initializer?.trimmedDescription ?? "")")
    }
    return "\(receiver(json, property)).decode(\(arguments.joined(separator: ", ")))"
  }

  /// The property's type as an expression. A class's members are in its body, and so is the
  /// property's type; a struct's members live in an extension at file scope, where the type as
  /// written is in scope when the struct is itself at file scope. Otherwise (a nested type's
  /// siblings are not in scope by their short names there) or when the type is not written, it
  /// is inferred from the property itself, at a cost to the type checker.
  func typeExpression(_ property: ModelProperty) -> String {
    if model.isClass || spellsType(property) { return "\(property.typeText).self" }
    return
      "Bindery._JSONModelCoding.propertyType { (model: Self) in model.\(escaped(property.name)) }"
  }

  /// Whether the property's type may be written as it is declared (see `typeExpression`).
  func spellsType(_ property: ModelProperty) -> Bool {
    guard model.isAtFileScope, let type = property.type else { return false }
    return !type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self)
  }

  func scopedDecoder(_ json: String) -> String {
    var text = json
    if model.options.coercesValues { text += ".coercing()" }
    if let dates = model.options.dates { text += ".dates(\(hoisted(dates)))" }
    return text
  }

  /// Names generated code uses that a property's local could shadow.
  static let reservedLocals: Set<String> = ["json", "Bindery", "Swift", "Self", "self", "super"]

  /// The name of a property's local in generated code: its own name where nothing can clash.
  func localName(_ property: ModelProperty) -> String {
    Self.reservedLocals.contains(property.name)
      ? context.makeUniqueName(property.name).text : escaped(property.name)
  }

  func initializer(table: KeyTable?) -> String {
    var decoder = scopedDecoder("json")
    if let table {
      let owner = model.isClass ? model.typeName : "Self"
      decoder += "._prefetching(\(owner).\(table.name))"
    }
    // The members are read through the scoped decoder, which shadows the parameter; a
    // subclass hands the parameter itself to its superclass, so it names the scoped one apart.
    let scoped = decoder != "json"
    let json = scoped && model.isSubclass ? context.makeUniqueName("json").text : "json"
    var lines: [String] = scoped ? ["let \(json) = \(decoder)"] : []
    var assignments: [String] = []
    var locals: [String] = []
    for property in model.properties {
      let name = escaped(property.name)
      if property.isUnknownKeys {
        assignments.append(unknownMembersAssignment(name, json: json))
        continue
      }
      guard property.decodes else {
        if property.initializer == nil, property.isOptional, property.isLet || model.isClass {
          assignments.append("self.\(name) = nil")
        }
        continue
      }
      let local = localName(property)
      locals.append(local)
      let call =
        property.isFlattened
        ? "\(json).decodeFlattened(\(typeExpression(property)))"
        : decodeCall(json, property, table: table)
      if let constraints = constraintsExpression(property) {
        let key = decodeKey(property, table: table)
        lines.append(
          "let \(local) = try \(json)._collect(try \(json)._checked(try \(call), forKey: \(key), \(constraints)))"
        )
      } else {
        lines.append("let \(local) = try \(json)._collect(try \(call))")
      }
      assignments.append("self.\(name) = try \(json)._value(\(local))")
    }
    if model.isSubclass, let superclass = model.options.superclass, !locals.isEmpty {
      // A failure here would stop before the superclass reads its members: let it report them.
      let failed = locals.map { "\($0) == nil" }.joined(separator: " || ")
      lines.append("if \(failed) { _ = try? \(superclass)(json: json) }")
    }
    lines += assignments
    if model.isSubclass { lines.append("try super.init(json: json)") }
    let required =
      switch model.kind {
      case .openClass: "required "
      default: ""
      }
    return """
      \(access)\(required)init(json: Bindery.JSONObjectDecoder) throws {
      \(body(lines))
      }
      """
  }

  /// The properties the one-pass initializer reads, with their positions in the key table; nil
  /// when the model does not get one: it is not a struct with a key table, or a property has
  /// an attribute or path only the document path implements.
  func onePassReads(table: KeyTable?) -> [(property: ModelProperty, position: Int)]? {
    guard case .structure = model.kind, let table else { return nil }
    var reads: [(property: ModelProperty, position: Int)] = []
    for property in model.properties {
      if property.isUnknownKeys { return nil }
      guard property.decodes else { continue }
      // Coercion and lossy collections act only on values of another type or that fail, where
      // the one-pass reader gives up: they need no code of their own here.
      guard !property.isFlattened, property.tagKey == nil, property.transformer == nil,
        property.defaultValue == nil, let path = tablePath(of: property), path.count == 1,
        let position = table.paths.firstIndex(of: path),
        !reads.contains(where: { $0.position == position })
      else { return nil }
      reads.append((property, position))
    }
    return reads.isEmpty ? nil : reads
  }

  /// The one-pass initializer and the answer to whether it may be tried (see
  /// `OnePassDecoding.swift` in `Bindery`): the fast path of `init(json:)` for bytes.
  func onePassMembers(table: KeyTable?) -> [String] {
    guard let table, let reads = onePassReads(table: table) else { return [] }
    let (reader, object, keys) = ("reader", "object", "keys")
    let helpers = "Bindery._JSONOnePassReader"
    // The values are locals named after their properties, beside the slots and the reader's.
    let taken = Set(reads.indices.map { "slot\($0)" } + [reader, object, keys, "Self", "Bindery"])
    var slots: [String] = []
    var cases: [String] = []
    var values: [String] = []
    var assignments: [String] = []
    for (index, (property, position)) in reads.enumerated() {
      let name = escaped(property.name)
      let slot = "slot\(index)"
      let value = taken.contains(property.name) ? context.makeUniqueName(property.name).text : name
      if spellsType(property) {
        slots.append("var \(slot): \(property.typeText)? = nil")
      } else {
        slots.append("var \(slot) = \(helpers).slot { (model: Self) in model.\(name) }")
      }
      let checking = constraintsExpression(property).map { ", checking: \($0)" } ?? ""
      cases.append(
        "case \(position): guard \(reader).read(into: &\(slot)\(checking)) else { return nil }")
      values.append("let \(value) = \(helpers).value(\(slot))")
      assignments.append("self.\(name) = \(value)")
    }
    for property in model.properties where !property.decodes {
      if property.initializer == nil, property.isOptional, property.isLet {
        assignments.append("self.\(escaped(property.name)) = nil")
      }
    }
    var lines = slots
    // Read once: each access to a static property checks that it is initialized.
    lines.append("let \(keys) = Self.\(table.name)")
    lines.append("guard var \(object) = \(reader).beginObject() else { return nil }")
    lines.append("members: while true {")
    lines.append("    switch \(reader).member(of: \(keys), &\(object)) {")
    lines += cases.map { "    " + $0 }
    lines.append("    case -1: break members")
    lines.append("    default: return nil")
    lines.append("    }")
    lines.append("}")
    lines.append("guard " + values.joined(separator: ",\n    ") + "\nelse { return nil }")
    lines += assignments
    // Validated once whole, outside the initializer (see `_JSONOnePassReader.validated(_:)`).
    let initializer = """
      \(access)static func _fromOnePass(_ \(reader): inout Bindery._JSONOnePassReader) -> Self? {
          \(helpers).validated(Self(_jsonOnePassMembers: &\(reader)))
      }

      private init?(_jsonOnePassMembers \(reader): inout Bindery._JSONOnePassReader) {
      \(body(lines))
      }
      """
    let decodes =
      "\(access)static let _decodesInOnePass = \(helpers).decodesInOnePass(Self.self)"
    return [initializer, decodes]
  }

  /// The properties the direct write writes, in order, each with its key; nil when the model
  /// does not get one: it is not a struct that may keep a static property, or a property has
  /// a key or attribute only `encode(to:)` implements.
  func directWrites() -> [(property: ModelProperty, key: String)]? {
    guard case .structure = model.kind, model.storesStatics else { return nil }
    // Kept unknown keys are written by `encode(to:)` alone (the property itself is neither
    // decoded nor encoded, so `encodingOrder()` does not list it).
    if model.properties.contains(where: \.isUnknownKeys) { return nil }
    var writes: [(property: ModelProperty, key: String)] = []
    for property in encodingOrder() {
      guard !property.isFlattened, property.tagKey == nil, property.transformer == nil,
        let key = plainEncodeKey(property)
      else { return nil }
      writes.append((property, key))
    }
    // Two properties at one key are written twice by `encode(to:)`; it stays the only writer.
    guard Set(writes.map(\.key)).count == writes.count else { return nil }
    return writes
  }

  /// The direct write and the answer to whether it may be tried (see `DirectEncoding.swift`
  /// in `Bindery`): the fast path of `jsonBytes()`.
  func directWriteMembers() -> [String] {
    guard let writes = directWrites() else { return [] }
    let writer = "writer"
    let helpers = "Bindery._JSONDirectWriter"
    var steps: [String] = []
    for (property, key) in writes {
      let name = escaped(property.name)
      // The comma, the quoted key and the colon, as the bytes of a string literal.
      let fragment = literal(",\"\(key)\":")
      if property.isOptional {
        let nulls = property.nulls.map { ", nulls: \($0.trimmedDescription)" } ?? ""
        steps.append("\(writer).memberIfPresent(\(fragment), self.\(name)\(nulls))")
      } else {
        steps.append("\(writer).member(\(fragment), self.\(name))")
      }
    }
    let guards = ["\(writer).beginObject()"] + steps
    var lines = ["guard " + guards.joined(separator: ",\n    ") + "\nelse { return false }"]
    lines.append("\(writer).endObject()")
    lines.append("return true")
    let write = """
      \(access)func _writeDirectly(to \(writer): inout Bindery._JSONDirectWriter) -> Swift.Bool {
      \(body(lines))
      }
      """
    let encodes = "\(access)static let _encodesDirectly = \(helpers).encodesDirectly(Self.self)"
    return [write, encodes]
  }

  /// Properties in the order they are written: those sharing a path prefix next to each other
  /// (in order of first appearance), so siblings of a nested path share one object.
  func encodingOrder() -> [ModelProperty] {
    let written = model.properties.filter { $0.encodes }
    var firstSeen: [[String]: Int] = [:]
    for property in written {
      let components = property.encodePath.components
      for length in 1...max(1, components.count)
      where firstSeen[Array(components.prefix(length))] == nil {
        firstSeen[Array(components.prefix(length))] = firstSeen.count
      }
    }
    func rank(_ property: ModelProperty) -> [Int] {
      let components = property.encodePath.components
      return (1...max(1, components.count)).map { firstSeen[Array(components.prefix($0))] ?? 0 }
    }
    return written.enumerated().sorted { left, right in
      let (a, b) = (rank(left.element), rank(right.element))
      return a.lexicographicallyPrecedes(b) || (a == b && left.offset < right.offset)
    }.map(\.element)
  }

  func encoder() -> String {
    var lines: [String] = []
    if model.isSubclass { lines.append("try super.encode(to: &json)") }
    if let dates = model.options.dates {
      lines.append("json.setDateFormat(\(hoisted(dates)))")
    }
    for property in model.properties where property.isUnknownKeys {
      lines.append("json._keepNulls(of: self.\(escaped(property.name)))")
    }
    for property in encodingOrder() {
      lines.append(
        "if json.includes(\(literal(property.name))) { \(encodeStatement(property, json: "json")) }"
      )
    }
    for property in model.properties where property.isUnknownKeys {
      lines.append(
        "if json.includes(\(literal(property.name))) { try json.encodeUnknown(self.\(escaped(property.name)), excluding: Self.jsonDescription.writtenKeys) }"
      )
    }
    let override = model.isSubclass ? "override " : ""
    return """
      \(openAccess)\(override)func encode(to json: inout Bindery.JSONObjectEncoder) throws {
      \(body(lines))
      }
      """
  }

  /// The statement that writes one property to the object encoder `json`.
  func encodeStatement(_ property: ModelProperty, json: String) -> String {
    if property.isFlattened { return "try \(json).encodeFlattened(self.\(escaped(property.name)))" }
    let tag = tagKeyExpression(property)
    if tag == nil, property.transformer == nil, let key = plainEncodeKey(property) {
      // A key that needs no escaping: its bytes are copied into the output as they are.
      var arguments = ["self.\(escaped(property.name))", "plainKey: \(literal(key))"]
      if property.isOptional, let nulls = property.nulls {
        arguments.append("nulls: \(nulls.trimmedDescription)")
      }
      let method = property.isOptional ? "_encodeIfPresent" : "_encode"
      return "try \(json).\(method)(\(arguments.joined(separator: ", ")))"
    }
    var arguments = ["self.\(escaped(property.name))", "forKey: \(encodeKey(property))"]
    if let tag { arguments.insert("tag: \(tag)", at: 1) }
    if let transformer = property.transformer {
      arguments.append("using: \(hoisted(transformer))")
    }
    let method: String
    if property.isOptional {
      method = "encodeIfPresent"
      if let nulls = property.nulls { arguments.append("nulls: \(nulls.trimmedDescription)") }
    } else {
      method = "encode"
    }
    return "try \(json).\(method)(\(arguments.joined(separator: ", ")))"
  }

  /// The paths a property is read from, as generated code names them (run-time keys under a
  /// custom strategy).
  func schemaPaths(_ property: ModelProperty) -> String {
    if !property.hasExplicitKey, case .custom(let strategy) = model.options.keyStrategy {
      return "[[(\(strategy.trimmedDescription) as Bindery.JSONKeyStrategy)"
        + ".key(forProperty: \(literal(property.name)))]]"
    }
    let paths = property.decodePaths.map {
      "[" + $0.components.map(literal).joined(separator: ", ") + "]"
    }
    return "[" + paths.joined(separator: ", ") + "]"
  }

  /// A non-final class must satisfy `JSONDecodable`'s initializer with a `required` one of
  /// its own: the protocol extension's cannot be.
  func valueInitializer() -> String {
    """
    \(access)required convenience init(json: Bindery.JSONValueDecoder) throws {
        let object = try json.object()
        try self.init(json: object)
        try object.validate(self)
    }
    """
  }

  /// A class's `Codable` members: its own code where `BinderyDecoder` and `BinderyEncoder`'s
  /// document is, one `JSONValue` of the object under other coders. A subclass's initializer
  /// is the hierarchy's: its `init(json:)` reads the superclass's members too.
  func classCodable() -> [String] {
    let override = model.isSubclass ? "override " : ""
    return [
      """
      \(access)required convenience init(from decoder: any Swift.Decoder) throws {
          let source = try Bindery._JSONModelCoding.objectSource(from: decoder, describedBy: Self.jsonDescription)
          try self.init(json: source.object)
          try Bindery._JSONModelCoding.validate(self, in: source.object)
          withExtendedLifetime(source) {}
      }
      """,
      """
      \(openAccess)\(override)func encode(to encoder: any Swift.Encoder) throws {
          try Bindery._JSONModelCoding.encode(self, to: encoder)
      }
      """,
    ]
  }
}
