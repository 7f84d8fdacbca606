import BinderyNaming

/// A Swift declaration the generator writes: a model, an enum of strings, or a union.
struct Declaration {
  enum Body {
    case model(strategy: Naming.Strategy, writesNulls: Bool, properties: [Property])
    /// A string enum, with a case keeping values no other case names.
    case strings(cases: [Case], fallback: String)
    /// Cases chosen by a tag inside each object.
    case tagged(tag: String, cases: [Case], fallback: String)
    /// Cases chosen by a tag beside the value, in the enclosing object.
    case adjacent(tag: String, content: String, cases: [Case], fallback: String)
  }

  /// A stored property of a model.
  struct Property {
    var name: String
    /// The key or path written in `@Key`, when the strategy does not give it.
    var keyPath: [String]?
    var type: String
    var isOptional: Bool
    var transform: String?
    /// `.write` or `.omit` when the property differs from its model's policy.
    var nulls: String?
    /// The key of the sibling tag for a union property.
    var taggedBy: String?
  }

  /// An enum case: its name, its JSON value, and the type it carries.
  struct Case {
    var name: String
    var value: String
    var payload: String?
  }

  var name: String
  var body: Body

  /// Swift source, with `access` before each declaration and member.
  func source(access: String, isClass: Bool, isIndirect: Bool) -> String {
    var lines: [String] = []
    let indirect = isIndirect ? "indirect " : ""
    switch body {
    case .model(let strategy, let writesNulls, let properties):
      var arguments: [String] = []
      if let argument = strategy.argument { arguments.append("keyStrategy: \(argument)") }
      if writesNulls { arguments.append("nulls: .write") }
      lines.append(
        arguments.isEmpty ? "@JSONModel" : "@JSONModel(\(arguments.joined(separator: ", ")))")
      lines.append("\(access)\(isClass ? "final class" : "struct") \(name) {")
      for property in properties {
        var attributes: [String] = []
        if let path = property.keyPath { attributes.append("@Key(\(Self.keyLiteral(path)))") }
        if let tag = property.taggedBy { attributes.append("@TaggedBy(\(Self.literal(tag)))") }
        if let transform = property.transform { attributes.append("@Transform(\(transform))") }
        if let nulls = property.nulls { attributes.append("@Nulls(\(nulls))") }
        let declaration =
          "\(access)var \(property.name): \(property.type)\(property.isOptional ? "?" : "")"
        let line = "  " + (attributes + [declaration]).joined(separator: " ")
        if line.count <= 100 {
          lines.append(line)
        } else {
          lines += attributes.map { "  " + $0 }
          lines.append("  " + declaration)
        }
      }
    case .strings(let cases, let fallback):
      lines.append("@JSONModel")
      lines.append("\(access)enum \(name) {")
      lines += cases.map(Self.caseLine)
      lines.append("  case \(fallback)(String)")
    case .tagged(let tag, let cases, let fallback):
      lines.append("@JSONModel(tag: \(Self.literal(tag)))")
      lines.append("\(access)\(indirect)enum \(name) {")
      lines += cases.map(Self.caseLine)
      lines.append("  case \(fallback)(JSONValue)")
    case .adjacent(let tag, let content, let cases, let fallback):
      lines.append("@JSONModel(tag: \(Self.literal(tag)), content: \(Self.literal(content)))")
      lines.append("\(access)\(indirect)enum \(name): JSONTaggedUnion {")
      lines += cases.map(Self.caseLine)
      lines.append("  case \(fallback)(String, JSONValue)")
    }
    lines.append("}")
    return lines.joined(separator: "\n")
  }

  /// The declaration without its name, to find types that would be written twice.
  var signature: String {
    source(access: "", isClass: false, isIndirect: false)
      .replacing("struct \(name) {", with: "struct _ {", maxReplacements: 1)
      .replacing("enum \(name) {", with: "enum _ {", maxReplacements: 1)
      .replacing(
        "enum \(name): JSONTaggedUnion {", with: "enum _: JSONTaggedUnion {", maxReplacements: 1)
  }

  private static func caseLine(_ item: Case) -> String {
    let key = item.name == item.value ? "" : "@Key(\(literal(item.value))) "
    let payload = item.payload.map { "(\($0))" } ?? ""
    return "  \(key)case \(item.name)\(payload)"
  }

  /// A `@Key` argument: the path's keys joined by `.`, with dots inside keys escaped.
  static func keyLiteral(_ path: [String]) -> String {
    literal(
      path.map {
        $0.replacing("\\", with: "\\\\").replacing(".", with: "\\.")
      }.joined(separator: "."))
  }

  /// A Swift string literal.
  static func literal(_ text: String) -> String { Identifiers.stringLiteral(text) }
}
