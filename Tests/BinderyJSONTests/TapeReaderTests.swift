import BinderyJSON
import BinderyTestSupport
import Testing

/// The reader under every decoder: its ways of finding a member must agree with each other
/// and with a plain scan, under each duplicate-key policy, whatever the keys look like.
@Suite("Tape reader")
struct TapeReaderTests {
  /// Keys that collide in the ways the search must tell apart: equal lengths, equal first and
  /// last bytes, long keys differing only in the middle, the empty key, non-ASCII text.
  static let keyPool = [
    "", "a", "b", "ab", "ba", "id", "id_str", "idxstr", "name", "nome", "created_at",
    "created_by", "screen_name", "screen_game", "profile_background_image_url_https",
    "profile_background_image_url_http", "é", "日本", "12345678", "12345679", "123456789",
  ]

  /// The key as it stands in JSON text: sometimes with escapes, which the reader must see
  /// through.
  static func written(_ key: String, escaped: Bool) -> String {
    guard escaped, let first = key.unicodeScalars.first, first.isASCII else {
      return "\"\(key)\""
    }
    let hex = String(first.value, radix: 16)
    let escape = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    return "\"" + escape + String(key.unicodeScalars.dropFirst()) + "\""
  }

  @Test(arguments: [JSONReadingOptions.DuplicateKeyPolicy.lastWins, .firstWins])
  func everyWayOfFindingAMemberAgreesWithAPlainScan(
    policy: JSONReadingOptions.DuplicateKeyPolicy
  ) throws {
    var random = SplitMix64(seed: 2026)
    for round in 0..<600 {
      // An object whose value at position i is the number i, wrapped in an array so that the
      // object does not start at tape index 0.
      let count = random.below(12)
      var keys: [String] = []
      var members: [String] = []
      for position in 0..<count {
        let key = Self.keyPool[random.below(Self.keyPool.count)]
        keys.append(key)
        let value = random.below(4) == 0 ? "{\"n\": \(position)}" : "\(position)"
        members.append(Self.written(key, escaped: random.below(5) == 0) + ": " + value)
      }
      let text = "[true, {" + members.joined(separator: ", ") + "}]"
      let document = try JSONDocument(parsing: text, options: .init(duplicateKeys: policy))
      let reader = TapeReader(document)
      let object = 2
      #expect(reader.kind(at: object) == .object)
      #expect(reader.keys(of: object) == keys, "round \(round)")

      func expected(_ key: String) -> Int? {
        policy == .firstWins ? keys.firstIndex(of: key) : keys.lastIndex(of: key)
      }
      func position(_ index: Int?) -> Int? {
        guard let index else { return nil }
        let number = reader.kind(at: index) == .object ? index + 2 : index
        guard case .value(let value) = reader.int64(reader.tape[number]) else { return nil }
        return Int(value)
      }

      // Asked in a random order, with keys the object may not have.
      var asked = Self.keyPool
      for i in asked.indices.reversed() { asked.swapAt(i, random.below(i + 1)) }
      var search = reader.search(object)
      let table = JSONKeyTable(asked)
      let prefetched = UnsafeMutablePointer<UInt32>.allocate(capacity: table.count)
      defer { prefetched.deallocate() }
      reader.prefetch(table, object: object, into: prefetched)
      for (slot, key) in asked.enumerated() {
        let want = expected(key)
        #expect(position(reader.member(key, of: object)) == want, "round \(round), \(key)")
        #expect(position(reader.member(key, using: &search)) == want, "round \(round), \(key)")
        let found = prefetched[slot] == 0 ? nil : Int(prefetched[slot]) - 1
        #expect(position(found) == want, "round \(round), prefetched \(key)")
        #expect(
          position(document.root[1]?[key]?.index) == want, "round \(round), cursor \(key)")
      }
    }
  }

  /// Keys holding invalid UTF-8, read with `invalidUnicode: .replace`, are their repaired
  /// text: `"\u{FFFD}"` finds them, and two different invalid keys are the same key.
  @Test(arguments: [JSONReadingOptions.DuplicateKeyPolicy.lastWins, .firstWins])
  func keysWithReplacedInvalidUnicodeAreFoundByTheirText(
    policy: JSONReadingOptions.DuplicateKeyPolicy
  ) throws {
    let bytes: [UInt8] =
      Array(#"[{"a": 0, ""#.utf8) + [0xE4] + Array(#"": 1, "b": 2, ""#.utf8)
      + [0xFF] + Array(#"": 3}]"#.utf8)
    var options = JSONReadingOptions(duplicateKeys: policy)
    options.invalidUnicode = .replace
    let document = try JSONDocument(parsing: bytes, options: options)
    let reader = TapeReader(document)
    let object = 1
    let expected: Int64 = policy == .firstWins ? 1 : 3
    func value(_ index: Int?) -> Int64? {
      guard let index, case .value(let value) = reader.int64(reader.tape[index]) else {
        return nil
      }
      return value
    }
    #expect(reader.keys(of: object) == ["a", "\u{FFFD}", "b", "\u{FFFD}"])
    #expect(value(reader.member("\u{FFFD}", of: object)) == expected)
    var search = reader.search(object)
    #expect(value(reader.member("a", using: &search)) == 0)
    #expect(value(reader.member("\u{FFFD}", using: &search)) == expected)
    let table = JSONKeyTable(["a", "\u{FFFD}", "b"])
    let members = UnsafeMutablePointer<UInt32>.allocate(capacity: table.count)
    defer { members.deallocate() }
    reader.prefetch(table, object: object, into: members)
    #expect(value(Int(members[1]) - 1) == expected)
    #expect(try document.root.element(at: 0).member("\u{FFFD}").integer(Int64.self) == expected)
    #expect(reader.withUTF8(ofString: object + 3) { Array($0) } == Array("\u{FFFD}".utf8))
  }

  @Test func aKeyTableFindsEachOfItsKeysAndNoOther() {
    let table = JSONKeyTable(Self.keyPool + ["a"])
    #expect(table.count == Self.keyPool.count + 1)
    for (position, key) in Self.keyPool.enumerated() {
      #expect(table.index(of: key) == position)
    }
    #expect(table.index(of: "profile_background_image_url_httpx") == nil)
    #expect(table.index(of: "c") == nil)
  }

  @Test func describesEveryKindOfValueInOneWording() throws {
    let long = String(repeating: "x", count: 45)
    let text = #"[null, true, false, 12.50, "abc", [1, 2, 3], {"a": 1}, "\#(long)"]"#
    let document = try JSONDocument(parsing: text)
    let reader = TapeReader(document)
    let elements = try document.root.elements().map(\.index)
    let words = elements.map { reader.describe(at: $0) }
    #expect(
      words == [
        "null", "true", "false", "number 12.50", "string \"abc\"", "an array of 3", "an object",
        "string \"" + String(repeating: "x", count: 40) + "…\"",
      ])
    #expect(
      elements.map { reader.codableDescription(at: $0) } == [
        "null", "bool", "bool", "number", "a string", "an array", "a dictionary", "a string",
      ])
    // The cursor's errors say the same.
    #expect(throws: JSONReadError.self) { try document.root.element(at: 3).string() }
    do {
      _ = try document.root.element(at: 3).string()
    } catch {
      #expect(error.message == "expected a string, found number 12.50")
    }
  }

  @Test func readsNumbersExactlyOrSaysWhyNot() throws {
    let document = try JSONDocument(parsing: "[300, 1.5, 1e2, -0, 1e-400, 1e400]")
    let reader = TapeReader(document)
    let entries = try document.root.elements().map { reader.tape[$0.index] }
    guard case .outOfRange = reader.integer(entries[0], as: UInt8.self) else {
      Issue.record("300 read as UInt8")
      return
    }
    guard case .notInteger = reader.integer(entries[1], as: Int.self) else {
      Issue.record("1.5 read as Int")
      return
    }
    guard case .value(100) = reader.int64(entries[2]) else {
      Issue.record("1e2 not read as 100")
      return
    }
    #expect(reader.double(entries[3]) == 0)
    #expect(!reader.roundsToZero(entries[3]))
    #expect(reader.double(entries[4]) == 0)
    #expect(reader.roundsToZero(entries[4]))
    #expect(reader.double(entries[5]) == nil)
  }
}
