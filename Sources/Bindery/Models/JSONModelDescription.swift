public import BinderyJSON

#if compiler(>=6.2)
  /// A type whose metatype may cross isolation: the property types of a description, whose
  /// reads and writes it keeps in `@Sendable` closures.
  @_documentation(visibility: private)
  public typealias _JSONSendableMetatype = SendableMetatype
#else
  /// Any type, for compilers before Swift 6.2, which do not check metatypes' isolation.
  @_documentation(visibility: private)
  public typealias _JSONSendableMetatype = Any
#endif

/// A model's mapping as data: each stored property, where it is read from and written to,
/// and how. `@JSONModel` writes one for every struct and class it expands; the library reads
/// it for what is the same for every model: updates in place, property names, the keys a model
/// claims, its JSON Schema, and whether it takes the fast paths.
///
/// The code that reads and writes a model's members, where speed counts, is generated for each
/// model; the description says the rest once.
///
/// ```swift
/// static let jsonDescription = JSONModelDescription<Photo>([
///     .member(\.title, "title"),
///     .member(\.url, "url", paths: [["media", "m"]]),
///     .member(\.tags, "tags", using: .separated(by: " ")),
///     .member(\.views, "views", default: 0),
///     .ignored(\.isFavorite, "isFavorite"),
/// ])
/// ```
public struct JSONModelDescription<Model>: JSONModelDescribing {
  /// The model's stored properties, in declaration order.
  public let properties: [Property]
  /// The superclass's description, for a subclass.
  public let inherited: (any JSONModelDescribing)?
  /// Values of another type are coerced for the whole model (`@JSONModel(coercing: true)`).
  public let coercesValues: Bool
  /// The model's date format for its `Date` properties, if it names one.
  public let dates: JSONDateFormat?
  /// Whether the model has code that reads it in one pass from bytes: that path is tried when
  /// the types of its properties have it too.
  public let hasOnePassRead: Bool
  /// Whether the model has code that writes it straight to bytes: that path is tried when the
  /// types of its properties have it too.
  public let hasDirectWrite: Bool
  /// The keys the model reads and writes, worked out once.
  private let keys: Keys
  /// The keys the model's own properties read from another Codable decoder, each with the read
  /// of the one property that reads it (nil: any JSON value); nil when every member is read.
  private let guidedReads: [(key: String, read: Property.Reader?)]?

  /// A description.
  ///
  /// - Parameters:
  ///   - properties: Every stored property, in declaration order.
  ///   - coercing: Whether values are coerced for the whole model.
  ///   - dates: The model's date format, if it names one.
  ///   - onePass: Whether the model has one-pass read code.
  ///   - direct: Whether the model has direct write code.
  ///   - inherited: The superclass's description, for a subclass.
  public init(
    _ properties: [Property], coercing: Bool = false, dates: JSONDateFormat? = nil,
    onePass: Bool = false, direct: Bool = false,
    inheriting inherited: (any JSONModelDescribing)? = nil
  ) {
    self.properties = properties
    self.inherited = inherited
    self.coercesValues = coercing
    self.dates = dates
    self.hasOnePassRead = onePass
    self.hasDirectWrite = direct
    self.keys = Keys(properties, inherited: inherited)
    self.guidedReads = Self.guidedReads(properties, inherited: inherited, coercing: coercing)
  }

  /// The keys a description reads and writes.
  private struct Keys {
    var members: Set<String> = []
    var flattened: Set<String> = []
    var written: Set<String> = []
    var claimed: Set<String> { members.union(flattened) }

    init(_ properties: [Property], inherited: (any JSONModelDescribing)?) {
      members = inherited?.memberKeys ?? []
      flattened = inherited?.flattenedKeys ?? []
      written = inherited?.writtenKeys ?? []
      for property in properties where property.decodes {
        switch property.role {
        case .member:
          for path in property.decodePaths { if let first = path.first { members.insert(first) } }
          if let tag = property.tagPath?.first { members.insert(tag) }
        case .flattened(let claimed): flattened.formUnion(claimed)
        default: break
        }
      }
      for property in properties where property.encodes {
        switch property.role {
        case .unknownKeys: continue
        case .flattened(let claimed): written.formUnion(claimed)
        default: break
        }
        if let first = property.encodePath.first { written.insert(first) }
        if let tag = property.tagPath?.first { written.insert(tag) }
      }
    }
  }

  /// The plan of ``readObject(from:)``: nil when a property reads members it cannot name
  /// (unknown keys, a flattened model) or a subclass reads a key its superclass reads too.
  private static func guidedReads(
    _ properties: [Property], inherited: (any JSONModelDescribing)?, coercing: Bool
  ) -> [(key: String, read: Property.Reader?)]? {
    if let inherited, !inherited.readsGuided { return nil }
    var uses: [String: Int] = [:]
    var order: [String] = []
    var typed: [String: Property.Reader] = [:]
    for property in properties where property.decodes {
      guard case .member = property.role else { return nil }
      var firstKeys = property.decodePaths.compactMap(\.first)
      if let tag = property.tagPath?.first { firstKeys.append(tag) }
      for key in firstKeys {
        if uses[key] == nil { order.append(key) }
        uses[key, default: 0] += 1
      }
      // One plain key, read by one property that asks for its own type.
      if property.decodePaths.count == 1, property.decodePaths[0].count == 1,
        property.tagPath == nil, !coercing, let read = property.readsJSON
      {
        typed[property.decodePaths[0][0]] = read
      }
    }
    if let inherited, !inherited.memberKeys.isDisjoint(with: order) { return nil }
    return order.map { key in (key, uses[key] == 1 ? typed[key] : nil) }
  }

  // MARK: What the library reads

  /// The first key of every path the model reads, its tags', and the keys its flattened
  /// models claim: what the model's kept unknown members (`@UnknownKeys`) leave out, and what
  /// a model that flattens this one does not see as unknown.
  public var claimedKeys: Set<String> { keys.claimed }

  /// The first key of every path the model's own properties (and its superclasses') read, and
  /// of their tags: a kept `null` at one of them is written back (see `@UnknownKeys`).
  public var memberKeys: Set<String> { keys.members }

  /// The keys the model's flattened models read: never the model's unknown members.
  public var flattenedKeys: Set<String> { keys.flattened }

  /// The first key of every path the model writes: what its kept unknown members leave out
  /// when it is written.
  public var writtenKeys: Set<String> { keys.written }

  /// Whether ``readObject(from:)`` needs only the members the model names: it keeps no unknown
  /// members and flattens no model, and neither do its superclasses.
  public var readsGuided: Bool { guidedReads != nil }

  /// Reads the model's object from another Codable decoder's container: the first key of each
  /// path the model reads, each asked for as the type of the one property that reads it, or
  /// as any JSON value where a key leads to a nested path, is read by more than one property,
  /// or by one that may hold JSON of another type. Members the model does not read are left
  /// out; every member is read when the model is not ``readsGuided``.
  ///
  /// - Parameter container: The object's container.
  /// - Returns: The object.
  /// - Throws: The decoder's errors, such as `DecodingError.typeMismatch` at a member that
  ///   does not hold the JSON its property reads.
  public func readObject(from container: KeyedDecodingContainer<_JSONCodingKey>) throws
    -> JSONValue
  {
    var object = JSONObject()
    guard let guidedReads else {
      for key in container.allKeys {
        object[key.stringValue] = try container.decode(JSONValue.self, forKey: key)
      }
      return .object(object)
    }
    if let inherited, case .object(let members) = try inherited.readObject(from: container) {
      object = members
    }
    for (name, read) in guidedReads {
      let key = _JSONCodingKey(stringValue: name)
      // An absent member, or one an optional reads as absent, is left out.
      let value =
        if let read { try read(container, key) } else {
          try JSONValue._jsonValue(from: container, forKey: key)
        }
      if let value { object[name] = value }
    }
    return .object(object)
  }

  /// The name of the property a key path leads to.
  ///
  /// - Parameter keyPath: A key path from the model.
  /// - Returns: The property's name, or nil.
  public func propertyName(for keyPath: AnyKeyPath) -> String? {
    properties.first { $0.keyPath == keyPath }?.name ?? inherited?.propertyName(for: keyPath)
  }

  /// Applies the members present in `json` to the model's properties (PATCH semantics).
  ///
  /// - Parameters:
  ///   - model: The model.
  ///   - json: The partial object.
  /// - Returns: The key paths of the properties that changed.
  /// - Throws: ``JSONDecodingProblem`` for a bad value.
  public func update(_ model: inout Model, from json: JSONObjectDecoder) throws -> Set<AnyKeyPath> {
    var changed = Set<AnyKeyPath>()
    if let inherited {
      var value: Any = model
      changed = try inherited.update(&value, from: json)
      guard let updated = value as? Model else {
        preconditionFailure("a description's superclass update kept the instance")
      }
      model = updated
    }
    var decoder = json
    if coercesValues { decoder = decoder.coercing() }
    if let dates { decoder = decoder.dates(dates) }
    for property in properties {
      guard let update = property.update else { continue }
      let changes = try update(&model, decoder)
      if !changes.isEmpty, let constraints = property.constraints {
        // The property's new value, whole, keeps its constraints or the PATCH fails.
        let base = decoder.memberIndex(property.decodePaths)
        let violations = constraints.violations(model, base.map(decoder.textReader(from:)))
        try decoder.report(violations, at: base)
      }
      changed.formUnion(changes)
    }
    return changed
  }

  /// The JSON path of the property at `keyPath`: its first decode path.
  ///
  /// - Parameter keyPath: A key path from the model.
  /// - Returns: The path, or nil for a property that is not read.
  public func jsonPath(for keyPath: AnyKeyPath) -> [String]? {
    if let property = properties.first(where: { $0.keyPath == keyPath }) {
      return property.decodePaths.first
    }
    return inherited?.jsonPath(for: keyPath)
  }

  /// Every way `model`, made in code, breaks its properties' constraints and its rules, and
  /// those of the models it holds; each problem has its JSON path and no position.
  ///
  /// - Parameters:
  ///   - model: The model, of type `Model` (or a subclass of it).
  ///   - path: The model's own path.
  /// - Returns: The problems.
  public func constraintProblems(of model: Any, at path: JSONPath) -> [JSONDecodingProblem] {
    guard let typed = model as? Model else { return [] }
    var problems = inherited?.constraintProblems(of: model, at: path) ?? []
    for property in properties where property.decodes {
      guard case .member = property.role, let keys = property.decodePaths.first else { continue }
      let memberPath = JSONPath(path.components + keys.map { .key($0) })
      if let constraints = property.constraints {
        for violation in constraints.violations(typed, nil) {
          var problem = JSONDecodingProblem(
            kind: violation.kind, path: JSONPath(memberPath.components + violation.path.components),
            expected: violation.expected,
            found: violation.found ?? violation.parameters["found"].map { "\($0)" } ?? "")
          problem.parameters = violation.parameters
          problems.append(problem)
        }
      }
      problems += JSONConstraintCheck.nested(
        typed[keyPath: property.keyPath as PartialKeyPath<Model>], at: memberPath)
    }
    if let rules = (model as? any JSONObjectDecodable)?.failedRules() {
      for failure in rules {
        let keys = jsonPath(for: failure.keyPath) ?? []
        var problem = JSONDecodingProblem(
          kind: .ruleFailed, path: JSONPath(path.components + keys.map { .key($0) }),
          expected: failure.message)
        problem.parameters = ["rule": .string(failure.message)]
        problems.append(problem)
      }
    }
    return problems
  }

  /// The JSON Schema of the object the model reads.
  ///
  /// - Parameter schema: The builder, which holds the definitions of nested models.
  /// - Returns: The schema.
  public func schema(in schema: inout JSONSchemaBuilder) -> JSONValue {
    let own = ownSchema(in: &schema)
    guard let inherited else { return own }
    return JSONSchemaBuilder._inheriting(inherited.schema(in: &schema), own)
  }

  private func ownSchema(in schema: inout JSONSchemaBuilder) -> JSONValue {
    var object = JSONSchemaBuilder._Object()
    for property in properties {
      switch property.role {
      case .ignored: continue
      case .unknownKeys:
        object.keepsUnknown()
        continue
      case .flattened:
        object.flattened(schema.schema(for: property.valueType))
        continue
      default: break
      }
      guard property.decodes else { continue }
      let key = property.decodePaths.first?.first ?? property.name
      if let tag = property.tagPath {
        let cases = schema._taggedCases(property.valueType, key: key)
        object.tagged(
          tag: tag, content: property.decodePaths.first ?? [property.name], cases: cases.cases,
          keepsUnknownTags: cases.keepsUnknownTags, required: property.isRequired)
        continue
      }
      var member = schema._member(
        property.valueType, key: key, using: property.transformer, dates: dates)
      let coerced = property.coerces || coercesValues
      if let constraints = property.constraints { member = constraints.schema(member) }
      if property.isLossy || coerced {
        member = JSONSchemaBuilder._lenient(member, lossy: property.isLossy, coerced: coerced)
      }
      object.member(
        property.decodePaths, member, required: property.isRequired,
        default: property.defaultJSON)
    }
    return object.schema
  }

  /// Whether the model reads in one pass: it has the code, and so do the types of its
  /// properties (models nested in themselves counted once, through `visiting`).
  ///
  /// - Parameter visiting: The models whose answer is being worked out.
  /// - Returns: Whether the one-pass read may be tried.
  public func readsInOnePass(visiting: inout [ObjectIdentifier]) -> Bool {
    guard hasOnePassRead else { return false }
    return _JSONOnePassReader.readsInOnePass(Model.self, visiting: &visiting) { visiting in
      properties.allSatisfy { property in
        guard property.decodes else { return true }
        guard let type = property.valueType as? any JSONDecodable.Type else { return false }
        return type._readsInOnePass(visiting: &visiting)
      }
    }
  }

  /// Whether the model writes directly: it has the code, and so do the types of its
  /// properties.
  ///
  /// - Parameter visiting: The models whose answer is being worked out.
  /// - Returns: Whether the direct write may be tried.
  public func writesDirectly(visiting: inout [ObjectIdentifier]) -> Bool {
    guard hasDirectWrite else { return false }
    return _JSONDirectWriter.writesDirectly(Model.self, visiting: &visiting) { visiting in
      properties.allSatisfy { property in
        guard property.encodes else { return true }
        guard let type = property.valueType as? any JSONEncodable.Type else { return false }
        return type._writesDirectly(visiting: &visiting)
      }
    }
  }
}

extension JSONModelDescription {
  /// One stored property of a model.
  public struct Property: Sendable {
    /// What the property is to the JSON object.
    public enum Role: Sendable {
      /// A member of the object (or of an object nested in it).
      case member
      /// A model whose members are the object's own (`@Flatten`); the keys it claims.
      case flattened(Set<String>)
      /// The members no other property claims (`@UnknownKeys`).
      case unknownKeys
      /// Not in the JSON (`@Ignore`).
      case ignored
    }

    /// The property's name.
    public let name: String
    /// The property.
    public let keyPath: any PartialKeyPath<Model> & Sendable
    /// The type of its value.
    public let valueType: Any.Type
    /// What it is to the object.
    public let role: Role
    /// The paths it is read from, tried in order; empty when it is not read.
    public let decodePaths: [[String]]
    /// The path it is written at; empty when it is not written.
    public let encodePath: [String]
    /// The key of the tag beside it, for a union whose tag is a sibling (`@TaggedBy`).
    public let tagPath: [String]?
    /// The transformer its value goes through, if any.
    public let transformer: (any JSONTransformer)?
    /// Whether a missing key is a problem: it is not optional and has no default.
    public let isRequired: Bool
    /// Its values of another type are coerced (`@Coerce`).
    public let coerces: Bool
    /// Its collection skips the elements that fail (`@Lossy`).
    public let isLossy: Bool
    /// Its default, as JSON, for the schema.
    let defaultJSON: JSONValue?
    /// Reads its value from another Codable decoder's container, asking for the type that
    /// reads it (see `readObject(from:)`); nil when any JSON value must be taken as it comes
    /// (a transformer, coercion, a lossy collection or a default may read any).
    let readsJSON: Reader?
    /// Applies a PATCH's member; nil for a property that cannot change (a `let`, or one not
    /// read).
    let update: (@Sendable (inout Model, JSONObjectDecoder) throws -> Set<AnyKeyPath>)?
    /// Its `@Constraint`s, if it has any (see ``checking(_:)``).
    var constraints: ErasedConstraints?

    /// Whether the property is read from the object.
    public var decodes: Bool { !decodePaths.isEmpty || isUnknownKeysOrFlattened }
    /// Whether the property is written to the object.
    public var encodes: Bool { !encodePath.isEmpty || isUnknownKeysOrFlattened }

    private var isUnknownKeysOrFlattened: Bool {
      switch role {
      case .unknownKeys, .flattened: true
      default: false
      }
    }

    init<Value>(
      name: String, keyPath: any PartialKeyPath<Model> & Sendable, value: Value.Type, role: Role,
      decodePaths: [[String]], encodePath: [String], tagPath: [String]? = nil,
      transformer: (any JSONTransformer)? = nil, isRequired: Bool, coerces: Bool = false,
      isLossy: Bool = false, defaultJSON: JSONValue? = nil, readsJSON: Reader? = nil,
      update: (@Sendable (inout Model, JSONObjectDecoder) throws -> Set<AnyKeyPath>)?
    ) {
      self.name = name
      self.keyPath = keyPath
      self.valueType = value
      self.role = role
      self.decodePaths = decodePaths
      self.encodePath = encodePath
      self.tagPath = tagPath
      self.transformer = transformer
      self.isRequired = isRequired
      self.coerces = coerces
      self.isLossy = isLossy
      self.defaultJSON = defaultJSON
      self.readsJSON = readsJSON
      self.update = update
    }
  }
}

// MARK: Making properties

extension JSONModelDescription.Property {
  /// A PATCH's change to one property.
  public typealias Update = @Sendable (inout Model, JSONObjectDecoder) throws -> Set<AnyKeyPath>

  /// A property's read of its JSON from another Codable decoder's container.
  typealias Reader =
    @Sendable (KeyedDecodingContainer<_JSONCodingKey>, _JSONCodingKey) throws -> JSONValue?

  /// The read of a plain member's JSON, as its type asks for it: none when the member may hold
  /// JSON of another type.
  fileprivate static func reader<Value: JSONDecodable & _JSONSendableMetatype>(
    _: Value.Type, coerces: Bool, lossy: Bool, hasDefault: Bool
  ) -> Reader? {
    guard !coerces, !lossy, !hasDefault else { return nil }
    return { container, key in try Value._jsonValue(from: container, forKey: key) }
  }

  fileprivate static func key(_ paths: [[String]]) -> JSONKey {
    if paths.count == 1, let path = paths.first {
      return path.count == 1 ? JSONKey(path[0]) : JSONKey(storage: .paths([path]))
    }
    return JSONKey(storage: .paths(paths))
  }

  /// The update of a plain member: read whole, or applied to a nested model in place.
  fileprivate static func memberUpdate<Value: JSONDecodable & _JSONSendableMetatype>(
    _ keyPath: any WritableKeyPath<Model, Value> & Sendable, paths: [[String]], coerces: Bool,
    lossy: Bool
  ) -> Update {
    let key = key(paths)
    return { model, json in
      var json = json
      if coerces { json = json.coercing() }
      if lossy { json = json.lossy() }
      return try json.update(&model[keyPath: keyPath], forKey: key) ? [keyPath] : []
    }
  }

  /// The update of a member read through a transformer.
  fileprivate static func transformedUpdate<Transformer: JSONTransformer & _JSONSendableMetatype>(
    _ keyPath: any WritableKeyPath<Model, Transformer.Value> & Sendable, paths: [[String]],
    transformer: Transformer
  ) -> Update {
    let key = key(paths)
    return { model, json in
      try json.update(&model[keyPath: keyPath], forKey: key, using: transformer) ? [keyPath] : []
    }
  }

  /// The update of an optional member read through a transformer.
  fileprivate static func transformedUpdate<Transformer: JSONTransformer & _JSONSendableMetatype>(
    _ keyPath: any WritableKeyPath<Model, Transformer.Value?> & Sendable, paths: [[String]],
    transformer: Transformer
  ) -> Update {
    let key = key(paths)
    return { model, json in
      try json.update(&model[keyPath: keyPath], forKey: key, using: transformer) ? [keyPath] : []
    }
  }

  /// A property read and written at `paths` (its name by default; `paths[0]` is written).
  ///
  /// - Parameters:
  ///   - keyPath: The property.
  ///   - name: Its name.
  ///   - paths: The paths read, tried in order; the first is written.
  ///   - encodePath: The path written, when not the first read.
  ///   - reads: Whether it is read.
  ///   - writes: Whether it is written.
  ///   - coerces: Whether values of another type are coerced.
  ///   - lossy: Whether its collection skips elements that fail.
  ///   - defaultValue: The value for a missing key, if any; the schema states it.
  /// - Returns: The property's entry in a description.
  public static func member<Value: JSONDecodable & _JSONSendableMetatype>(
    _ keyPath: any WritableKeyPath<Model, Value> & Sendable, _ name: String,
    paths: [[String]]? = nil, encodePath: [String]? = nil, reads: Bool = true,
    writes: Bool = true, coerces: Bool = false, lossy: Bool = false,
    default defaultValue: Value? = nil
  ) -> Self {
    let paths = paths ?? [[name]]
    return Self(
      name: name, keyPath: keyPath, value: Value.self, paths: paths, encodePath: encodePath,
      reads: reads, writes: writes, transformer: nil,
      isRequired: defaultValue == nil && Value._valueForMissingKey == nil, coerces: coerces,
      lossy: lossy, defaultJSON: Self.json(defaultValue),
      readsJSON: Self.reader(
        Value.self, coerces: coerces, lossy: lossy, hasDefault: defaultValue != nil),
      update: reads
        ? Self.memberUpdate(keyPath, paths: paths, coerces: coerces, lossy: lossy) : nil)
  }

  /// A `let` property: read and written, never updated in place.
  ///
  /// - Parameters:
  ///   - keyPath: The property.
  ///   - name: Its name.
  ///   - paths: The paths read, tried in order; the first is written.
  ///   - encodePath: The path written, when not the first read.
  ///   - reads: Whether it is read.
  ///   - writes: Whether it is written.
  ///   - coerces: Whether values of another type are coerced.
  ///   - lossy: Whether its collection skips elements that fail.
  ///   - defaultValue: The value for a missing key, if any; the schema states it.
  /// - Returns: The property's entry in a description.
  public static func constant<Value: JSONDecodable & _JSONSendableMetatype>(
    _ keyPath: any KeyPath<Model, Value> & Sendable, _ name: String, paths: [[String]]? = nil,
    encodePath: [String]? = nil, reads: Bool = true, writes: Bool = true,
    coerces: Bool = false, lossy: Bool = false,
    default defaultValue: Value? = nil
  ) -> Self {
    Self(
      name: name, keyPath: keyPath, value: Value.self, paths: paths ?? [[name]],
      encodePath: encodePath, reads: reads, writes: writes, transformer: nil,
      isRequired: defaultValue == nil && Value._valueForMissingKey == nil, coerces: coerces,
      lossy: lossy, defaultJSON: Self.json(defaultValue),
      readsJSON: Self.reader(
        Value.self, coerces: coerces, lossy: lossy, hasDefault: defaultValue != nil),
      update: nil)
  }

  /// A property read and written through a transformer.
  ///
  /// - Parameters:
  ///   - keyPath: The property.
  ///   - name: Its name.
  ///   - paths: The paths read, tried in order; the first is written.
  ///   - encodePath: The path written, when not the first read.
  ///   - reads: Whether it is read.
  ///   - writes: Whether it is written.
  ///   - transformer: What converts its values.
  ///   - defaultValue: The value for a missing key, if any; the schema states it.
  /// - Returns: The property's entry in a description.
  public static func member<Transformer: JSONTransformer & _JSONSendableMetatype>(
    _ keyPath: any WritableKeyPath<Model, Transformer.Value> & Sendable, _ name: String,
    paths: [[String]]? = nil, encodePath: [String]? = nil, reads: Bool = true,
    writes: Bool = true, using transformer: Transformer,
    default defaultValue: Transformer.Value? = nil
  ) -> Self {
    let paths = paths ?? [[name]]
    return Self(
      name: name, keyPath: keyPath, value: Transformer.Value.self, paths: paths,
      encodePath: encodePath, reads: reads, writes: writes, transformer: transformer,
      isRequired: defaultValue == nil, coerces: false, lossy: false,
      defaultJSON: Self.json(defaultValue),
      update: reads ? Self.transformedUpdate(keyPath, paths: paths, transformer: transformer) : nil)
  }

  /// An optional property read and written through a transformer: `null` is `nil`.
  ///
  /// - Parameters:
  ///   - keyPath: The property.
  ///   - name: Its name.
  ///   - paths: The paths read, tried in order; the first is written.
  ///   - encodePath: The path written, when not the first read.
  ///   - reads: Whether it is read.
  ///   - writes: Whether it is written.
  ///   - transformer: What converts its values.
  /// - Returns: The property's entry in a description.
  public static func member<Transformer: JSONTransformer & _JSONSendableMetatype>(
    _ keyPath: any WritableKeyPath<Model, Transformer.Value?> & Sendable, _ name: String,
    paths: [[String]]? = nil, encodePath: [String]? = nil, reads: Bool = true,
    writes: Bool = true, using transformer: Transformer
  ) -> Self {
    let paths = paths ?? [[name]]
    return Self(
      name: name, keyPath: keyPath, value: Transformer.Value?.self, paths: paths,
      encodePath: encodePath, reads: reads, writes: writes, transformer: transformer,
      isRequired: false, coerces: false, lossy: false, defaultJSON: nil,
      update: reads ? Self.transformedUpdate(keyPath, paths: paths, transformer: transformer) : nil)
  }

  /// A `let` property read through a transformer (optional or not), never updated in place.
  ///
  /// - Parameters:
  ///   - keyPath: The property.
  ///   - name: Its name.
  ///   - paths: The paths read, tried in order; the first is written.
  ///   - encodePath: The path written, when not the first read.
  ///   - reads: Whether it is read.
  ///   - writes: Whether it is written.
  ///   - transformer: What converts its values.
  ///   - isRequired: Whether a missing key is a problem.
  /// - Returns: The property's entry in a description.
  public static func constant<Value, Transformer: JSONTransformer>(
    _ keyPath: any KeyPath<Model, Value> & Sendable, _ name: String, paths: [[String]]? = nil,
    encodePath: [String]? = nil, reads: Bool = true, writes: Bool = true,
    using transformer: Transformer, required isRequired: Bool
  ) -> Self {
    Self(
      name: name, keyPath: keyPath, value: Value.self, paths: paths ?? [[name]],
      encodePath: encodePath, reads: reads, writes: writes, transformer: transformer,
      isRequired: isRequired, coerces: false, lossy: false, defaultJSON: nil, update: nil)
  }

  /// A union whose tag is a sibling of its content (`@TaggedBy`): replaced whole when a PATCH
  /// names it, since a new tag may change the content's type.
  ///
  /// - Parameters:
  ///   - keyPath: The property.
  ///   - name: Its name.
  ///   - tag: The tag's path.
  ///   - paths: The content's paths.
  /// - Returns: The property's entry in a description.
  public static func tagged<Value: JSONTaggedUnion & _JSONSendableMetatype>(
    _ keyPath: any WritableKeyPath<Model, Value> & Sendable, _ name: String, tag: [String],
    paths: [[String]]? = nil
  ) -> Self {
    let paths = paths ?? [[name]]
    let (key, tagKey) = (Self.key(paths), Self.key([tag]))
    let update: Update = { model, json in
      guard json.contains(key) else { return [] }
      model[keyPath: keyPath] = try json.decode(tag: tagKey, forKey: key)
      return [keyPath]
    }
    return Self(
      name: name, keyPath: keyPath, value: Value.self, role: .member, decodePaths: paths,
      encodePath: paths[0], tagPath: tag, isRequired: true, update: update)
  }

  /// An optional union whose tag is a sibling of its content.
  ///
  /// - Parameters:
  ///   - keyPath: The property.
  ///   - name: Its name.
  ///   - tag: The tag's path.
  ///   - paths: The content's paths.
  /// - Returns: The property's entry in a description.
  public static func tagged<Value: JSONTaggedUnion & _JSONSendableMetatype>(
    _ keyPath: any WritableKeyPath<Model, Value?> & Sendable, _ name: String, tag: [String],
    paths: [[String]]? = nil
  ) -> Self {
    let paths = paths ?? [[name]]
    let (key, tagKey) = (Self.key(paths), Self.key([tag]))
    let update: Update = { model, json in
      guard json.contains(key) else { return [] }
      model[keyPath: keyPath] = try json.decode(Value?.self, tag: tagKey, forKey: key)
      return [keyPath]
    }
    return Self(
      name: name, keyPath: keyPath, value: Value?.self, role: .member, decodePaths: paths,
      encodePath: paths[0], tagPath: tag, isRequired: false, update: update)
  }

  /// A model whose members are the object's own (`@Flatten`).
  ///
  /// - Parameters:
  ///   - keyPath: The property.
  ///   - name: Its name.
  /// - Returns: The property's entry in a description.
  public static func flattened<Value: JSONObjectDecodable & JSONUpdatable & _JSONSendableMetatype>(
    _ keyPath: any WritableKeyPath<Model, Value> & Sendable, _ name: String
  ) -> Self {
    let update: Update = { model, json in
      try json.updateFlattened(&model[keyPath: keyPath], at: keyPath)
    }
    return Self(
      name: name, keyPath: keyPath, value: Value.self, role: .flattened(Value._jsonClaimedKeys),
      decodePaths: [], encodePath: [], isRequired: true, update: update)
  }

  /// A flattened `let` model, never updated in place.
  ///
  /// - Parameters:
  ///   - keyPath: The property.
  ///   - name: Its name.
  /// - Returns: The property's entry in a description.
  public static func constantFlattened<Value: JSONObjectDecodable>(
    _ keyPath: any KeyPath<Model, Value> & Sendable, _ name: String
  ) -> Self {
    Self(
      name: name, keyPath: keyPath, value: Value.self, role: .flattened(Value._jsonClaimedKeys),
      decodePaths: [], encodePath: [], isRequired: true, update: nil)
  }

  /// The members no other property claims (`@UnknownKeys`).
  ///
  /// - Parameters:
  ///   - keyPath: The property.
  ///   - name: Its name.
  /// - Returns: The property's entry in a description.
  public static func unknownKeys(
    _ keyPath: any PartialKeyPath<Model> & Sendable, _ name: String
  ) -> Self {
    Self(
      name: name, keyPath: keyPath, value: [String: JSONValue].self, role: .unknownKeys,
      decodePaths: [], encodePath: [], isRequired: false, update: nil)
  }

  /// A property that is not in the JSON (`@Ignore`).
  ///
  /// - Parameters:
  ///   - keyPath: The property.
  ///   - name: Its name.
  /// - Returns: The property's entry in a description.
  public static func ignored(_ keyPath: any PartialKeyPath<Model> & Sendable, _ name: String)
    -> Self
  {
    Self(
      name: name, keyPath: keyPath, value: Void.self, role: .ignored, decodePaths: [],
      encodePath: [], isRequired: false, update: nil)
  }

  /// A member, given its paths and what it is read and written with.
  private init(
    name: String, keyPath: any PartialKeyPath<Model> & Sendable, value: Any.Type,
    paths: [[String]], encodePath: [String]?, reads: Bool, writes: Bool,
    transformer: (any JSONTransformer)?, isRequired: Bool, coerces: Bool, lossy: Bool,
    defaultJSON: JSONValue?, readsJSON: Reader? = nil, update: Update?
  ) {
    self.init(
      name: name, keyPath: keyPath, value: value, role: .member,
      decodePaths: reads ? paths : [], encodePath: writes ? (encodePath ?? paths[0]) : [],
      transformer: transformer, isRequired: isRequired, coerces: coerces, isLossy: lossy,
      defaultJSON: defaultJSON, readsJSON: readsJSON, update: update)
  }

  /// A default value as JSON, for the schema.
  private static func json<Value>(_ value: Value?) -> JSONValue? {
    guard let value, let encodable = value as? any JSONEncodable else { return nil }
    return try? encodable.jsonValue()
  }
}

// MARK: Descriptions of any model

/// What the library asks of a model's description, whatever the model's type: what
/// ``JSONModelDescription`` answers, with the model passed as `Any`.
public protocol JSONModelDescribing: Sendable {
  /// The keys the model reads (see ``JSONModelDescription/claimedKeys``).
  var claimedKeys: Set<String> { get }
  /// The keys the model's own properties read (see ``JSONModelDescription/memberKeys``).
  var memberKeys: Set<String> { get }
  /// The keys its flattened models read (see ``JSONModelDescription/flattenedKeys``).
  var flattenedKeys: Set<String> { get }
  /// The keys the model writes (see ``JSONModelDescription/writtenKeys``).
  var writtenKeys: Set<String> { get }
  /// Whether the model reads only the members it names (see
  /// ``JSONModelDescription/readsGuided``).
  var readsGuided: Bool { get }
  /// Reads the model's object from another Codable decoder's container (see
  /// ``JSONModelDescription/readObject(from:)``).
  ///
  /// - Parameter container: The object's container.
  /// - Returns: The object.
  /// - Throws: The decoder's errors.
  func readObject(from container: KeyedDecodingContainer<_JSONCodingKey>) throws -> JSONValue
  /// The name of the property a key path leads to.
  ///
  /// - Parameter keyPath: A key path from the model.
  /// - Returns: The property's name, or nil.
  func propertyName(for keyPath: AnyKeyPath) -> String?
  /// The JSON path of the property at a key path (see ``JSONModelDescription/jsonPath(for:)``).
  ///
  /// - Parameter keyPath: A key path from the model.
  /// - Returns: The path, or nil.
  func jsonPath(for keyPath: AnyKeyPath) -> [String]?
  /// The constraint and rule problems of a model made in code (see
  /// ``JSONModelDescription/constraintProblems(of:at:)``).
  ///
  /// - Parameters:
  ///   - model: The model.
  ///   - path: The model's own path.
  /// - Returns: The problems.
  func constraintProblems(of model: Any, at path: JSONPath) -> [JSONDecodingProblem]
  /// Applies a PATCH to the model, which must be of the described type (or a subclass).
  ///
  /// - Parameters:
  ///   - model: The model.
  ///   - json: The partial object.
  /// - Returns: The key paths of the properties that changed.
  /// - Throws: ``JSONDecodingProblem`` for a bad value.
  func update(_ model: inout Any, from json: JSONObjectDecoder) throws -> Set<AnyKeyPath>
  /// The JSON Schema of the object the model reads.
  ///
  /// - Parameter schema: The builder.
  /// - Returns: The schema.
  func schema(in schema: inout JSONSchemaBuilder) -> JSONValue
  /// Whether the one-pass read may be tried.
  ///
  /// - Parameter visiting: The models whose answer is being worked out.
  /// - Returns: The answer.
  func readsInOnePass(visiting: inout [ObjectIdentifier]) -> Bool
  /// Whether the direct write may be tried.
  ///
  /// - Parameter visiting: The models whose answer is being worked out.
  /// - Returns: The answer.
  func writesDirectly(visiting: inout [ObjectIdentifier]) -> Bool
}

extension JSONModelDescription {
  /// Applies a PATCH to a model given as `Any`.
  ///
  /// - Parameters:
  ///   - model: The model, of type `Model` (or a subclass of it).
  ///   - json: The partial object.
  /// - Returns: The key paths of the properties that changed.
  /// - Throws: ``JSONDecodingProblem`` for a bad value.
  public func update(_ model: inout Any, from json: JSONObjectDecoder) throws -> Set<AnyKeyPath> {
    guard var typed = model as? Model else {
      preconditionFailure("\(type(of: model)) is not described by the description of \(Model.self)")
    }
    let changed = try update(&typed, from: json)
    model = typed
    return changed
  }
}

// MARK: Models that have a description

/// A model that describes its mapping (see ``JSONModelDescription``): every struct and class
/// `@JSONModel` expands is one. The library reads the description for what needs no code of
/// the model's own.
public protocol JSONDescribedModel: JSONModel {
  /// The model's mapping: a ``JSONModelDescription`` of the model's type (of the class that
  /// declares it, for a class, including its superclasses' through `inheriting:`).
  static var jsonDescription: any JSONModelDescribing { get }
}

extension JSONDescribedModel {
  /// The name of the property a key path leads to, from the description.
  @_documentation(visibility: private)
  public static func _propertyName(for keyPath: AnyKeyPath) -> String? {
    jsonDescription.propertyName(for: keyPath)
  }

  /// The keys the model reads, from the description.
  @_documentation(visibility: private)
  public static var _jsonClaimedKeys: Set<String> { jsonDescription.claimedKeys }

  /// Whether the model reads in one pass, from the description.
  @_documentation(visibility: private)
  public static func _readsInOnePass(visiting: inout [ObjectIdentifier]) -> Bool {
    jsonDescription.readsInOnePass(visiting: &visiting)
  }

  /// Whether the model writes directly, from the description.
  @_documentation(visibility: private)
  public static func _writesDirectly(visiting: inout [ObjectIdentifier]) -> Bool {
    jsonDescription.writesDirectly(visiting: &visiting)
  }
}

extension JSONDescribedModel where Self: JSONUpdatable {
  /// Applies a PATCH's members, from the description.
  ///
  /// - Parameter json: The partial object.
  /// - Returns: The key paths of the properties that changed.
  /// - Throws: ``JSONDecodingProblem`` for a bad value.
  public mutating func update(from json: JSONObjectDecoder) throws -> Set<AnyKeyPath> {
    var model: Any = self
    let changed = try Self.jsonDescription.update(&model, from: json)
    if let updated = model as? Self { self = updated }
    return changed
  }
}

extension JSONDescribedModel where Self: JSONSchemaProviding {
  /// The model's JSON Schema, from the description.
  @_documentation(visibility: private)
  public static func _jsonSchema(in schema: inout JSONSchemaBuilder) -> JSONValue {
    jsonDescription.schema(in: &schema)
  }
}
