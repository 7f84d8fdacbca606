import BinderyJSON

/// A URI reference as JSON Schema uses it to name schemas (`$id`, `$ref`, `$schema`): parsed
/// into RFC 3986's five parts, resolved against a base by the RFC's algorithm (section 5.2),
/// with no normalisation beyond removing dot segments. Nothing is fetched.
struct SchemaURI: Hashable, Sendable, CustomStringConvertible {
  var scheme: String?
  var authority: String?
  var path: String
  var query: String?
  var fragment: String?

  /// Parses a URI reference; every string is one (RFC 3986's grammar is lenient enough for
  /// the identifiers schemas use).
  init(_ text: String) {
    var rest = Substring(text)
    if let hash = rest.firstIndex(of: "#") {
      fragment = String(rest[rest.index(after: hash)...])
      rest = rest[..<hash]
    }
    if let mark = rest.firstIndex(of: "?") {
      query = String(rest[rest.index(after: mark)...])
      rest = rest[..<mark]
    }
    if let colon = rest.firstIndex(of: ":"), Self.isScheme(rest[..<colon]) {
      scheme = rest[..<colon].lowercased()
      rest = rest[rest.index(after: colon)...]
    }
    if rest.hasPrefix("//") {
      rest = rest.dropFirst(2)
      let end = rest.firstIndex(of: "/") ?? rest.endIndex
      authority = String(rest[..<end])
      rest = rest[end...]
    }
    path = String(rest)
  }

  private init(
    scheme: String?, authority: String?, path: String, query: String?, fragment: String?
  ) {
    self.scheme = scheme
    self.authority = authority
    self.path = path
    self.query = query
    self.fragment = fragment
  }

  private static func isScheme(_ text: Substring) -> Bool {
    guard let first = text.first, first.isASCII, first.isLetter else { return false }
    return text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
  }

  /// Whether the reference names a whole resource on its own (it has a scheme).
  var isAbsolute: Bool { scheme != nil }

  /// The URI without its fragment: the resource a reference names.
  var withoutFragment: SchemaURI {
    SchemaURI(scheme: scheme, authority: authority, path: path, query: query, fragment: nil)
  }

  /// The URI with `fragment`.
  func with(fragment: String?) -> SchemaURI {
    SchemaURI(scheme: scheme, authority: authority, path: path, query: query, fragment: fragment)
  }

  /// The fragment with its percent escapes decoded, or "" when there is none.
  var decodedFragment: String { Self.percentDecoded(fragment ?? "") }

  var description: String {
    var text = ""
    if let scheme { text += scheme + ":" }
    if let authority { text += "//" + authority }
    text += path
    if let query { text += "?" + query }
    if let fragment { text += "#" + fragment }
    return text
  }

  /// `reference` resolved against this URI as its base (RFC 3986, section 5.2.2).
  func resolving(_ reference: SchemaURI) -> SchemaURI {
    if reference.scheme != nil {
      return SchemaURI(
        scheme: reference.scheme, authority: reference.authority,
        path: Self.removingDotSegments(reference.path), query: reference.query,
        fragment: reference.fragment)
    }
    if reference.authority != nil {
      return SchemaURI(
        scheme: scheme, authority: reference.authority,
        path: Self.removingDotSegments(reference.path), query: reference.query,
        fragment: reference.fragment)
    }
    if reference.path.isEmpty {
      return SchemaURI(
        scheme: scheme, authority: authority, path: path, query: reference.query ?? query,
        fragment: reference.fragment)
    }
    let merged: String
    if reference.path.hasPrefix("/") {
      merged = reference.path
    } else if authority != nil, path.isEmpty {
      merged = "/" + reference.path
    } else if let slash = path.lastIndex(of: "/") {
      merged = path[...slash] + reference.path
    } else {
      merged = reference.path
    }
    return SchemaURI(
      scheme: scheme, authority: authority, path: Self.removingDotSegments(merged),
      query: reference.query, fragment: reference.fragment)
  }

  /// `reference` (text) resolved against this URI.
  func resolving(_ reference: String) -> SchemaURI { resolving(SchemaURI(reference)) }

  /// RFC 3986's remove_dot_segments (section 5.2.4).
  static func removingDotSegments(_ path: String) -> String {
    guard path.utf8.contains(UInt8(ascii: ".")) else { return path }
    var input = Substring(path)
    var output: [Substring] = []
    var absolute = false
    if input.hasPrefix("/") {
      absolute = true
      input = input.dropFirst()
    }
    let segments = input.split(separator: "/", omittingEmptySubsequences: false)
    for (index, segment) in segments.enumerated() {
      let last = index == segments.count - 1
      switch segment {
      case ".":
        if last { output.append("") }
      case "..":
        if !output.isEmpty { output.removeLast() }
        if last { output.append("") }
      default:
        output.append(segment)
      }
    }
    return (absolute ? "/" : "") + output.joined(separator: "/")
  }

  /// `text` with each `%XX` escape replaced by its byte (bytes that do not form UTF-8 are
  /// replaced).
  static func percentDecoded(_ text: String) -> String {
    guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
    var bytes: [UInt8] = []
    var utf8 = Array(text.utf8)[...]
    while let byte = utf8.first {
      if byte == UInt8(ascii: "%"), utf8.count >= 3,
        let high = hexValue(utf8[utf8.startIndex + 1]),
        let low = hexValue(utf8[utf8.startIndex + 2])
      {
        bytes.append(high << 4 | low)
        utf8 = utf8.dropFirst(3)
      } else {
        bytes.append(byte)
        utf8 = utf8.dropFirst()
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
