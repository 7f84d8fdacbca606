/// Turns the shapes of the samples into declarations: one type per kind of object (shared
/// where shapes are the same, recursive where an object contains its own kind), enums for
/// small sets of strings, unions where a tag picks the shape, dictionaries for objects keyed
/// by ids or by names.
final class ModelPlanner {
  /// Nested objects written into their parent with key paths (`--flatten`).
  let flatten: Bool
  /// Declarations by name, and the order their names were given (a parent before its
  /// children).
  private(set) var declarations: [String: Declaration] = [:]
  private(set) var order: [String] = []
  /// Types that contain themselves other than through a collection: written as classes (or
  /// indirect enums).
  private(set) var recursive: Set<String> = []

  private var usedNames: Set<String> = []
  private var objectTypes: [ObjectIdentifier: String] = [:]
  private var representatives: [ObjectIdentifier: ObjectShape] = [:]
  private var planning: Set<String> = []
  private var signatures: [String: String] = [:]

  init(flatten: Bool) {
    self.flatten = flatten
  }

  // MARK: Finding the kinds of object

  private func representative(of object: ObjectShape) -> ObjectShape {
    var current = object
    while let next = representatives[ObjectIdentifier(current)] { current = next }
    return current
  }

  /// Joins the objects that are one kind: an object that has an enclosing object's keys (a
  /// status inside a status) becomes that object, and objects under the same name with mostly
  /// the same keys (each status's `user`) become one. Repeated until nothing changes, since
  /// each join may bring new keys to look into.
  func unify(_ root: Shape, name: String) {
    var changed = true
    var rounds = 0
    // Each round joins kinds, so the rounds end; the bound keeps any input from looping long.
    while changed && rounds < 64 {
      changed = false
      rounds += 1
      var byName: [String: ObjectShape] = [:]
      var visited: Set<ObjectIdentifier> = []
      /// `copies`: the shape repeats values the walk has seen elsewhere (a variant's objects,
      /// which the object's own members hold too), so it is pointed to its kind, not joined
      /// into it; `nil` outside variants, otherwise how many levels below the variant.
      func walk(
        _ shape: Shape, _ name: String, _ ancestors: [(ObjectShape, String)], copies: Int?
      ) {
        let deeper = copies.map { $0 + 1 }
        if let values = shape.mapValueShape() {
          walk(values, Naming.singular(name), ancestors, copies: copies)
          return
        }
        if let element = shape.element {
          walk(element, Naming.singular(name), ancestors, copies: copies)
        }
        guard let found = shape.object else { return }
        let object = representative(of: found)
        guard !ancestors.contains(where: { $0.0 === object }),
          visited.insert(ObjectIdentifier(object)).inserted
        else { return }
        let typeName = Naming.typeName(name)
        let enclosing = ancestors.last { ancestor, ancestorName in
          let similarity = ancestor.similarity(to: object)
          let related = typeName.hasSuffix(ancestorName) || ancestorName.hasSuffix(typeName)
          return (similarity >= 0.8 && object.keys.count >= 3)
            || (similarity == 1 && object.keys.count >= 2) || (related && similarity >= 0.5)
        }
        let sameName = byName[typeName].flatMap { $0.similarity(to: object) >= 0.5 ? $0 : nil }
        if copies != 0, let kind = enclosing?.0 ?? sameName {
          if copies == nil {
            kind.join(object)
            changed = true
          }
          representatives[ObjectIdentifier(object)] = kind
          return
        }
        if copies == nil, byName[typeName] == nil { byName[typeName] = object }
        if copies == nil, joinSiblings(of: object, name: name) { changed = true }
        let inside = ancestors + [(object, typeName)]
        for (key, field) in object.members { walk(field, key, inside, copies: deeper) }
        // The objects of each variant too, so that a union's payloads share types with the
        // rest (an issue in one event type and in another).
        for tagKey in ObjectShape.tagKeys {
          guard let groups = object.tagGroups[tagKey], !groups.overflowed else { continue }
          for (_, group) in groups.entries {
            for (key, field) in group.members { walk(field, key, inside, copies: deeper ?? 0) }
          }
        }
      }
      walk(root, name, [], copies: nil)
    }
  }

  /// Names chosen for a kind of object other than from its key.
  private var preferredNames: [ObjectIdentifier: String] = [:]

  /// Joins the members of one object that are objects with the same keys (`sizes.small`,
  /// `sizes.large`…): one kind, named after the parent when its name is a plural (`Size`).
  private func joinSiblings(of object: ObjectShape, name: String) -> Bool {
    var firstByKeys: [[String]: ObjectShape] = [:]
    var joined = false
    for key in object.keys {
      guard let field = object.fields[key], field.kindCount == 1, let found = field.object,
        field.mapValueShape() == nil
      else { continue }
      let sibling = representative(of: found)
      guard sibling.keys.count >= 2 else { continue }
      let keys = sibling.keys.sorted()
      guard let first = firstByKeys[keys] else {
        firstByKeys[keys] = sibling
        continue
      }
      guard first !== sibling else { continue }
      first.join(sibling)
      representatives[ObjectIdentifier(sibling)] = first
      let singular = Naming.singular(name)
      if singular != name { preferredNames[ObjectIdentifier(first)] = singular }
      joined = true
    }
    return joined
  }

  // MARK: Types

  /// The name of the model (or union) for objects of this shape, planned on first use.
  func modelType(
    for found: ObjectShape, name preferred: String, parent: String,
    excluding excluded: String? = nil
  ) -> String {
    let object = excluded == nil ? representative(of: found) : found
    if let name = objectTypes[ObjectIdentifier(object)] { return name }
    let name = reserveName(preferredNames[ObjectIdentifier(object)] ?? preferred, parent: parent)
    objectTypes[ObjectIdentifier(object)] = name
    planning.insert(name)
    defer { planning.remove(name) }
    let body: Declaration.Body
    if excluded == nil, let tag = tag(of: object), payloadKey(of: object, tag: tag) == nil,
      tagsPickTheShape(object, tag: tag)
    {
      var cases: [Declaration.Case] = []
      var caseNames: Set<String> = []
      for (value, group) in tag.groups.entries {
        let type = modelType(
          for: group, name: Naming.typeName(value), parent: name, excluding: tag.key)
        cases.append(
          .init(name: unique(Naming.memberName(value), in: &caseNames), value: value, payload: type)
        )
      }
      body = .tagged(tag: tag.key, cases: cases, fallback: unique("other", in: &caseNames))
    } else {
      body = modelBody(of: object, name: name, excluding: excluded)
    }
    return finish(Declaration(name: name, body: body), object: object, isRoot: parent.isEmpty)
  }

  /// Keeps a declaration, or, when one with the same members exists, uses that one instead.
  private func finish(_ declaration: Declaration, object: ObjectShape?, isRoot: Bool = false)
    -> String
  {
    let signature = declaration.signature
    if !isRoot, !recursive.contains(declaration.name), let existing = signatures[signature] {
      usedNames.remove(declaration.name)
      order.removeAll { $0 == declaration.name }
      if let object { objectTypes[ObjectIdentifier(object)] = existing }
      return existing
    }
    signatures[signature] = declaration.name
    declarations[declaration.name] = declaration
    return declaration.name
  }

  /// A type name not used yet: the preferred one, else prefixed with the parent's, else
  /// numbered. The root (without a parent) keeps the name it was given.
  private func reserveName(_ preferred: String, parent: String) -> String {
    var name = Naming.typeName(preferred)
    let taken = parent.isEmpty ? [] : Naming.takenTypeNames
    if taken.contains(name) || usedNames.contains(name) {
      name = parent + name
    }
    let base = name
    var number = 2
    while usedNames.contains(name) || taken.contains(name) {
      name = base + String(number)
      number += 1
    }
    usedNames.insert(name)
    order.append(name)
    return name
  }

  private func unique(_ name: String, in names: inout Set<String>) -> String {
    var candidate = name
    var number = 2
    while names.contains(candidate) {
      candidate = name + String(number)
      number += 1
    }
    names.insert(candidate)
    return candidate
  }

  // MARK: Models

  private struct Member {
    var path: [String]
    /// The name before the strategy or `@Key` decide it: set for flattened paths.
    var name: String?
    var shape: Shape
    var missing: Int
    var optional: Bool
  }

  private func modelBody(of object: ObjectShape, name: String, excluding excluded: String?)
    -> Declaration.Body
  {
    let tag = excluded == nil ? tag(of: object) : nil
    let payload = tag.flatMap { payloadKey(of: object, tag: $0) }
    var members: [Member] = []
    for (key, shape) in object.members
    where key != excluded && !(payload != nil && key == tag?.key) {
      let missing = object.missing(key)
      let optional = missing > 0 || shape.nulls > 0
      if key != payload, let inner = flattenable(shape) {
        collect(
          inner, path: [key], name: Naming.memberName(key), optional: optional, into: &members)
      } else {
        members.append(Member(path: [key], shape: shape, missing: missing, optional: optional))
      }
    }
    // The strategy that names the most direct keys.
    let direct = members.filter { $0.name == nil }.map { $0.path[0] }
    var strategy = Naming.Strategy.useDefaultKeys
    var best = -1
    for candidate in Naming.Strategy.allCases {
      let fits = direct.filter { candidate.propertyName(for: $0) != nil }.count
      if fits > best {
        best = fits
        strategy = candidate
      }
    }
    // Whether nil is written as null: as most optional properties were seen.
    let alwaysPresent = members.filter { $0.optional && $0.missing == 0 }.count
    let sometimesMissing = members.filter { $0.optional && $0.missing > 0 && $0.shape.nulls == 0 }
      .count
    let writesNulls = alwaysPresent > sometimesMissing
    var names: Set<String> = []
    var properties: [Declaration.Property] = []
    for member in members {
      var keyPath: [String]? = member.path
      var propertyName: String
      if let flattened = member.name {
        propertyName = flattened
      } else if let fitting = strategy.propertyName(for: member.path[0]) {
        propertyName = fitting
        keyPath = nil
      } else {
        propertyName = Naming.memberName(member.path[0])
      }
      let unique = unique(propertyName, in: &names)
      if unique != propertyName { keyPath = member.path }
      var property = Declaration.Property(
        name: unique, keyPath: keyPath, type: "JSONValue", isOptional: member.optional)
      if member.path == [payload], let tag {
        property.type = adjacentUnion(for: object, tag: tag, content: member.path[0], parent: name)
        property.taggedBy = tag.key
      } else {
        let (type, transform) = valueType(
          of: member.shape, key: member.path.last ?? "", parent: name, inCollection: false)
        property.type = type
        property.transform = transform
      }
      if member.optional {
        if writesNulls && member.missing > 0 && member.shape.nulls == 0 {
          property.nulls = ".omit"
        } else if !writesNulls && member.missing == 0 {
          property.nulls = ".write"
        }
      }
      properties.append(property)
    }
    return .model(strategy: strategy, writesNulls: writesNulls, properties: properties)
  }

  /// The object a property's members are written into its enclosing model with key paths: an
  /// object of one scalar member (`"media": {"m": …}`), or, when flattening, any object that
  /// is not a union, a dictionary or its own ancestor.
  private func flattenable(_ shape: Shape) -> ObjectShape? {
    guard shape.kindCount == 1, shape.mapValueShape() == nil, let found = shape.object else {
      return nil
    }
    let object = representative(of: found)
    if let name = objectTypes[ObjectIdentifier(object)], planning.contains(name) { return nil }
    if tag(of: object) != nil { return nil }
    if flatten { return object.keys.isEmpty ? nil : object }
    guard object.keys.count == 1, let only = object.fields[object.keys[0]],
      only.kindCount == 1, only.object == nil, only.arrays == 0
    else { return nil }
    return object
  }

  private func collect(
    _ object: ObjectShape, path: [String], name: String, optional: Bool,
    into members: inout [Member]
  ) {
    for (key, shape) in object.members {
      let missing = object.missing(key)
      let isOptional = optional || missing > 0 || shape.nulls > 0
      // `media.m` is `media`; deeper or with siblings, each key adds a word.
      let memberName =
        object.keys.count == 1 && path.count == 1 ? name : name + Naming.typeName(key)
      if let inner = flattenable(shape) {
        collect(inner, path: path + [key], name: memberName, optional: isOptional, into: &members)
      } else {
        members.append(
          Member(
            path: path + [key], name: memberName, shape: shape, missing: missing,
            optional: isOptional))
      }
    }
  }

  // MARK: Values

  /// The Swift type of the values at one place, and its `@Transform` argument if it needs one.
  func valueType(of shape: Shape, key: String, parent: String, inCollection: Bool) -> (
    String, String?
  ) {
    guard shape.kindCount == 1 else { return ("JSONValue", nil) }
    if shape.bools > 0 { return ("Bool", nil) }
    if let numbers = shape.numbers {
      if Self.isTimeKey(key), let unit = numbers.timestampUnit, !inCollection {
        return ("Date", unit.transform)
      }
      return (numbers.swiftType, nil)
    }
    if let strings = shape.strings {
      if let format = strings.dateFormats.first, !inCollection || format == .rfc3339 {
        return ("Date", format.transform)
      }
      if strings.allURLs { return ("URL", nil) }
      if strings.allUUIDs { return ("UUID", nil) }
      if let values = strings.closedSet, !Self.isFreeTextKey(key) {
        return (stringEnum(values, key: key, parent: parent), nil)
      }
      return ("String", nil)
    }
    if shape.arrays > 0 {
      guard let element = shape.element else { return ("[JSONValue]", nil) }
      let (type, _) = valueType(
        of: element, key: Naming.singular(key), parent: parent, inCollection: true)
      return ("[\(type)\(element.nulls > 0 && type != "JSONValue" ? "?" : "")]", nil)
    }
    if let values = shape.mapValueShape() {
      let (type, _) = valueType(
        of: values, key: Naming.singular(key), parent: parent, inCollection: true)
      return ("[String: \(type)\(values.nulls > 0 && type != "JSONValue" ? "?" : "")]", nil)
    }
    guard let found = shape.object else { return ("JSONValue", nil) }
    let object = representative(of: found)
    // Objects seen only empty: their members are not known.
    if object.keys.isEmpty { return ("[String: JSONValue]", nil) }
    if let name = objectTypes[ObjectIdentifier(object)], planning.contains(name), !inCollection {
      recursive.insert(name)
    }
    return (modelType(for: object, name: key, parent: parent), nil)
  }

  private func stringEnum(_ values: [String], key: String, parent: String) -> String {
    let name = reserveName(key, parent: parent)
    var names: Set<String> = []
    let cases = values.map {
      Declaration.Case(name: unique(Naming.memberName($0), in: &names), value: $0, payload: nil)
    }
    let body = Declaration.Body.strings(cases: cases, fallback: unique("other", in: &names))
    return finish(Declaration(name: name, body: body), object: nil)
  }

  /// Keys whose values are names, ids or text rather than a closed set of choices, however
  /// often a sample repeats them.
  static func isFreeTextKey(_ key: String) -> Bool {
    let words = Naming.words(key).map { $0.lowercased() }
    let text: Set<String> = [
      "name", "id", "login", "title", "description", "body", "message", "text", "email", "sha",
      "hash", "url", "uri", "path", "color", "colour", "token", "slug", "label", "summary", "note",
      "comment", "content", "author", "user", "username", "handle", "caption", "subject", "ref",
      "head", "before", "after", "version", "code", "tag", "tags",
    ]
    return words.contains(where: text.contains)
  }

  /// Keys that name a time: `created`, `updated_at`, `timestamp`, `expiresAt`…
  static func isTimeKey(_ key: String) -> Bool {
    let words = Naming.words(key).map { $0.lowercased() }
    let times: Set<String> = [
      "time", "timestamp", "date", "at", "created", "updated", "modified", "expires", "published",
      "posted", "since", "until", "start", "end",
    ]
    return words.contains(where: times.contains)
  }

  // MARK: Unions

  struct Tag {
    var key: String
    var groups: TagGroups
  }

  /// A key present in every object, always a string, whose values split the objects into two
  /// or more groups.
  private func tag(of object: ObjectShape) -> Tag? {
    for key in ObjectShape.tagKeys {
      guard let groups = object.tagGroups[key], !groups.overflowed, groups.values.count >= 2,
        let field = object.fields[key], field.count == object.count, field.kindCount == 1,
        field.strings != nil, field.nulls == 0
      else { continue }
      return Tag(key: key, groups: groups)
    }
    return nil
  }

  /// A member beside the tag, always an object, whose keys differ from one tag to another:
  /// the tag says what it holds.
  private func payloadKey(of object: ObjectShape, tag: Tag) -> String? {
    for key in object.keys where key != tag.key {
      guard let field = object.fields[key], field.count == object.count, field.nulls == 0,
        field.kindCount == 1, field.object != nil, field.mapValueShape() == nil
      else { continue }
      let payloads = tag.groups.entries.compactMap { $0.object.fields[key]?.object }
      guard payloads.count == tag.groups.values.count else { continue }
      if Self.differ(payloads, below: 0.5) { return key }
    }
    return nil
  }

  /// Whether the objects of each tag have their own keys.
  private func tagsPickTheShape(_ object: ObjectShape, tag: Tag) -> Bool {
    Self.differ(tag.groups.entries.map(\.object), below: 0.6)
  }

  private static func differ(_ shapes: [ObjectShape], below threshold: Double) -> Bool {
    for (index, shape) in shapes.enumerated() {
      for other in shapes[(index + 1)...] where shape.similarity(to: other) < threshold {
        return true
      }
    }
    return false
  }

  private func adjacentUnion(for object: ObjectShape, tag: Tag, content: String, parent: String)
    -> String
  {
    let name = reserveName(parent + Naming.typeName(content), parent: "")
    planning.insert(name)
    defer { planning.remove(name) }
    var cases: [Declaration.Case] = []
    var caseNames: Set<String> = []
    for (value, group) in tag.groups.entries {
      guard let payload = group.fields[content]?.object else { continue }
      let type = modelType(
        for: payload, name: Naming.typeName(value) + Naming.typeName(content), parent: name)
      cases.append(
        .init(name: unique(Naming.memberName(value), in: &caseNames), value: value, payload: type))
    }
    let body = Declaration.Body.adjacent(
      tag: tag.key, content: content, cases: cases, fallback: unique("other", in: &caseNames))
    return finish(Declaration(name: name, body: body), object: nil)
  }
}
