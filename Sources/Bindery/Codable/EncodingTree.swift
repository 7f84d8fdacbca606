import BinderyJSON

/// An object or array of an encode that stopped streaming: held as a tree, because the
/// encode writes to it out of order (a container written to after a sibling moved on, a key
/// written twice, a container reopened, a super encoder).
///
/// Foundation's `JSONEncoder` keeps every container as a reference until the end, so any
/// order works there. `EncoderImpl` streams instead, and turns only the container that needs
/// it into a tree, with what it already wrote; the tree goes back into the stream when the
/// value that holds it is finished.
final class EncodingTreeNode {
  /// An object, else an array.
  let isObject: Bool
  /// Member keys, for an object: unique, in the order first written.
  private(set) var names: [String] = []
  private(set) var values: [EncodingTreeValue] = []
  /// Where each key is in ``names``.
  private var positions: [String: Int] = [:]

  init(isObject: Bool) {
    self.isObject = isObject
  }

  /// The node of an object or array already written; other values give nil.
  convenience init?(_ value: JSONValue) {
    switch value {
    case .object(let object):
      self.init(isObject: true)
      for (name, member) in object { set(name, .json(member)) }
    case .array(let elements):
      self.init(isObject: false)
      values = elements.map { .json($0) }
    default:
      return nil
    }
  }

  var count: Int { values.count }

  /// True when the object has a member `name`.
  func contains(_ name: String) -> Bool { positions[name] != nil }

  /// Sets an object's member: a key already there keeps its place and takes the new value, as
  /// Foundation's encoder keeps the last value for a key.
  func set(_ name: String, _ value: EncodingTreeValue) {
    if let position = positions[name] {
      values[position] = value
    } else {
      positions[name] = names.count
      names.append(name)
      values.append(value)
    }
  }

  /// Appends an array's element.
  func append(_ value: EncodingTreeValue) {
    values.append(value)
  }

  /// Replaces the member or element at `component`, which is there.
  func replace(_ component: JSONPath.Component, with value: EncodingTreeValue) {
    switch component {
    case .key(let name): set(name, value)
    case .index(let index): values[index] = value
    }
  }

  /// True when a member encoder in the tree may still be written to: a caller holds it or
  /// one of its containers. Foundation takes such a member's value only once it is released.
  func holdsLiveEncoder() -> Bool {
    for value in values {
      switch value {
      case .node(let node): if node.holdsLiveEncoder() { return true }
      case .json: break
      case .encoder(let member): if !isKnownUniquelyReferenced(&member.impl) { return true }
      }
    }
    return false
  }

  /// The member or element at `component` as a node, turning written JSON into one; nil when
  /// there is none or it is not an object or array.
  func child(_ component: JSONPath.Component) -> EncodingTreeNode? {
    let position: Int?
    switch component {
    case .key(let name): position = isObject ? positions[name] : nil
    case .index(let index): position = !isObject && values.indices.contains(index) ? index : nil
    }
    guard let position else { return nil }
    switch values[position] {
    case .node(let node): return node
    case .json(let json):
      guard let node = EncodingTreeNode(json) else { return nil }
      values[position] = .node(node)
      return node
    case .encoder: return nil
    }
  }

  /// The object's container for `name`, as `nestedContainer(forKey:)` asks for it: the one
  /// already there, or a new one; nil when the key holds another kind of value.
  func nested(_ name: String, isObject: Bool) -> EncodingTreeNode? {
    if positions[name] != nil {
      guard let node = child(.key(name)), node.isObject == isObject else { return nil }
      return node
    }
    let node = EncodingTreeNode(isObject: isObject)
    set(name, .node(node))
    return node
  }

  /// Writes the tree.
  func write(to impl: EncoderImpl) throws {
    try impl.write { isObject ? try $0.beginObject() : try $0.beginArray() }
    for position in values.indices {
      if isObject {
        let name = names[position]
        try impl.write { try $0.key(name) }
      }
      try values[position].write(to: impl)
    }
    try impl.write { isObject ? try $0.endObject() : try $0.endArray() }
  }
}

/// A member or element of an ``EncodingTreeNode``.
enum EncodingTreeValue {
  /// A container of the tree.
  case node(EncodingTreeNode)
  /// A value written before its container became a tree.
  case json(JSONValue)
  /// A value encoded since, by an encoder of its own (a super encoder's value is filled in
  /// while the tree is held).
  case encoder(MemberEncoder)

  func write(to impl: EncoderImpl) throws {
    switch self {
    case .node(let node): try node.write(to: impl)
    case .json(let json): try impl.write { try $0.value(json) }
    case .encoder(let member):
      let document = try JSONDocument(parsing: try member.impl.memberText())
      try impl.write { try $0.value(document.root) }
    }
  }
}

/// The encoder of one member of a tree; the tree's reference is the only one once nobody can
/// write to the member any more.
final class MemberEncoder {
  var impl: EncoderImpl

  init(_ impl: EncoderImpl) {
    self.impl = impl
  }
}
