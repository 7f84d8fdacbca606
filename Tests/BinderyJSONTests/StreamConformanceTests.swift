import BinderyJSON
import BinderyTestSupport
import Testing

/// The conformance corpus read through the streams: every valid document gives the same
/// values whole or streamed, at any chunk size, and no invalid one streams without an error.
@Suite("Streams on the conformance corpus")
struct StreamConformanceTests {
  static let passing = Fixtures.names(in: "pass")
  static let failing = Fixtures.names(in: "fail").filter { $0 != "expectations.json" }

  /// Every value a stream of `bytes` gives, and every error, fed `chunk` bytes at a time.
  static func stream(_ bytes: [UInt8], framing: JSONStreamFraming, chunk: Int) -> (
    values: [JSONValue], errors: [JSONReadError]
  ) {
    var reader = JSONStreamReader(framing: framing)
    var values: [JSONValue] = []
    var errors: [JSONReadError] = []
    var index = 0
    while true {
      do {
        if let document = try reader.next() {
          values.append(document.root.value())
          continue
        }
      } catch {
        errors.append(error)
        if reader.canContinue { continue }
        break
      }
      if reader.isAtEnd { break }
      if index < bytes.count {
        let end = min(bytes.count, index + chunk)
        reader.append(bytes[index..<end])
        index = end
      } else {
        reader.finish()
      }
    }
    return (values, errors)
  }

  @Test(arguments: passing)
  func validDocumentsStreamAsTheyParse(_ name: String) throws {
    let bytes = try Fixtures.bytes("pass/" + name)
    let whole = try JSONDocument(parsing: bytes).root.value()
    for chunk in [1, 7, 4096] {
      let one = Self.stream(bytes, framing: .concatenated, chunk: chunk)
      #expect(one.errors.isEmpty, "chunk \(chunk): \(one.errors)")
      #expect(one.values == [whole], "chunk \(chunk)")
      if case .array(let elements) = whole {
        let streamed = Self.stream(bytes, framing: .array, chunk: chunk)
        #expect(streamed.errors.isEmpty, "chunk \(chunk): \(streamed.errors)")
        #expect(streamed.values == elements, "chunk \(chunk)")
      }
    }
  }

  @Test func everyValidDocumentAsOneLineOfJSONLines() throws {
    var lines: [UInt8] = []
    var expected: [JSONValue] = []
    for name in Self.passing {
      let value = try JSONDocument(parsing: try Fixtures.bytes("pass/" + name)).root.value()
      var writer = JSONWriter()
      try writer.value(value)
      lines += try writer.finish() + [UInt8(ascii: "\n")]
      expected.append(value)
    }
    for chunk in [1, 13, 1 << 20] {
      let streamed = Self.stream(lines, framing: .lines, chunk: chunk)
      #expect(streamed.errors.isEmpty)
      #expect(streamed.values == expected, "chunk \(chunk)")
    }
  }

  /// An array nested 513 deep has elements 512 deep: the depth limit applies to each streamed
  /// value, so that array streams.
  static let arraysThatStream: Set<String> = ["nesting_depth_513.json"]

  @Test(arguments: failing)
  func invalidDocumentsNeverStreamCleanly(_ name: String) throws {
    let bytes = try Fixtures.bytes("fail/" + name)
    let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
    if first == UInt8(ascii: "["), !Self.arraysThatStream.contains(name) {
      for chunk in [1, 4096] {
        #expect(!Self.stream(bytes, framing: .array, chunk: chunk).errors.isEmpty, "chunk \(chunk)")
      }
    }
    // A single line that is not a valid document is an invalid JSON Line (an empty file has
    // no lines at all).
    if !bytes.isEmpty, !bytes.contains(UInt8(ascii: "\n")) {
      for chunk in [1, 4096] {
        #expect(!Self.stream(bytes, framing: .lines, chunk: chunk).errors.isEmpty, "chunk \(chunk)")
      }
    }
  }
}
