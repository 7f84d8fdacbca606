import Bindery
import Foundation
import Testing

/// A DecodingError reduced to what both decoders must agree on: the case and the coding path.
struct ErrorShape: Equatable, CustomStringConvertible {
  var kind: String
  var path: [String]

  init(_ error: any Error) {
    func keys(_ path: [any CodingKey]) -> [String] {
      path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
    }
    switch error as? DecodingError {
    case .typeMismatch(_, let context)?:
      (kind, path) = ("typeMismatch", keys(context.codingPath))
    case .valueNotFound(_, let context)?:
      (kind, path) = ("valueNotFound", keys(context.codingPath))
    case .keyNotFound(let key, let context)?:
      (kind, path) = ("keyNotFound", keys(context.codingPath + [key]))
    case .dataCorrupted(let context)?:
      (kind, path) = ("dataCorrupted", keys(context.codingPath))
    default:
      (kind, path) = ("other: \(error)", [])
    }
  }

  var description: String { "\(kind) at \(path.joined(separator: "."))" }
}

/// Decodes `json` with both decoders and expects the same value, or the same error case and
/// coding path. Foundation reports numbers out of range, and syntax errors, as `dataCorrupted`
/// with an empty path; Bindery adds the path of the number, so an empty Foundation path matches
/// any Bindery path for that case.
///
/// `anyFailingMember`: Foundation visits dictionary members in hash order, so when several
/// members are bad it reports any one of them; Bindery reports the first in document order.
/// For such types only failure itself is compared.
func expectSameDecoding<T: Decodable & Equatable>(
  _ type: T.Type, _ json: String, anyFailingMember: Bool = false,
  configure: (BinderyDecoder, JSONDecoder) -> Void = { _, _ in },
  sourceLocation: SourceLocation = #_sourceLocation
) {
  expectSameDecoding(
    type, data: Data(json.utf8), label: json, anyFailingMember: anyFailingMember,
    configure: configure, sourceLocation: sourceLocation)
}

/// ``expectSameDecoding(_:_:anyFailingMember:configure:sourceLocation:)`` on bytes in any
/// encoding; `label` names the input in failures.
func expectSameDecoding<T: Decodable & Equatable>(
  _ type: T.Type, data: Data, label json: String, anyFailingMember: Bool = false,
  configure: (BinderyDecoder, JSONDecoder) -> Void = { _, _ in },
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let foundation = JSONDecoder()
  let bindery = BinderyDecoder()
  configure(bindery, foundation)
  let expected = Result { try foundation.decode(T.self, from: data) }
  let actual = Result { try bindery.decode(T.self, from: data) }
  switch (expected, actual) {
  case (.success(let e), .success(let a)):
    #expect(a == e, "\(json)", sourceLocation: sourceLocation)
  case (.failure(let e), .failure(let a)):
    let (es, bs) = (ErrorShape(e), ErrorShape(a))
    if es.kind == "dataCorrupted", es.path.isEmpty, bs.kind == "dataCorrupted" { return }
    if anyFailingMember { return }
    #expect(bs == es, "\(json)\nFoundation: \(e)\nBindery: \(a)", sourceLocation: sourceLocation)
  case (.success(let e), .failure(let a)):
    Issue.record(
      "\(json): Foundation decoded \(e), Bindery threw \(a)", sourceLocation: sourceLocation)
  case (.failure(let e), .success(let a)):
    Issue.record(
      "\(json): Foundation threw \(e), Bindery decoded \(a)", sourceLocation: sourceLocation)
  }
}

/// Encodes `value` with both encoders (sorted keys, so the bytes are comparable) and expects
/// the same bytes, or both to fail.
func expectSameEncoding<T: Encodable>(
  _ value: T,
  configure: (BinderyEncoder, JSONEncoder) -> Void = { _, _ in },
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let foundation = JSONEncoder()
  let bindery = BinderyEncoder()
  foundation.outputFormatting = [.sortedKeys]
  bindery.outputFormatting = [.sortedKeys]
  configure(bindery, foundation)
  let expected = Result { try foundation.encode(value) }
  let actual = Result { try bindery.encode(value) }
  switch (expected, actual) {
  case (.success(let e), .success(let a)):
    #expect(
      String(decoding: a, as: UTF8.self) == String(decoding: e, as: UTF8.self),
      sourceLocation: sourceLocation)
  case (.failure, .failure):
    break
  case (.success(let e), .failure(let a)):
    Issue.record(
      "Foundation wrote \(String(decoding: e, as: UTF8.self)), Bindery threw \(a)",
      sourceLocation: sourceLocation)
  case (.failure(let e), .success(let a)):
    Issue.record(
      "Foundation threw \(e), Bindery wrote \(String(decoding: a, as: UTF8.self))",
      sourceLocation: sourceLocation)
  }
}
