import BinderyJSON
import BinderyTestSupport
import Foundation
import Testing

@testable import Bindery

/// Internationalized host names in the schema validator's `hostname`, `idn-hostname` and
/// `idn-email` formats: Punycode, IDNA2008's derived property, contextual rules and the Bidi
/// rule, compared with the `idna` package (`Scripts/idna-tables.py` writes the fixtures).
@Suite struct SchemaIDNATests {
  static func validator(_ format: String) throws -> JSONSchemaValidator {
    try JSONSchemaValidator(schema: ["format": .string(format)], assertsFormats: true)
  }

  @Test("Punycode encodes and decodes RFC 3492's samples and refuses what is not Punycode")
  func punycode() throws {
    let samples: [(String, String)] = [
      ("bücher", "bcher-kva"), ("münchen", "mnchen-3ya"),
      ("他们为什么不说中文", "ihqwcrb4cv8a8dqg056pqjye"),
      ("ليهمابتكلموشعربي؟", "egbpdaj6bu4bxfgehfvwxn"),
      ("MajiでKoiする5秒前", "MajiKoi5-783gue6qz075azm5e"),
      ("-> $1.00 <-", "-> $1.00 <--"),
    ]
    for (text, encoded) in samples {
      let scalars = Array(text.unicodeScalars)
      #expect(Punycode.encode(scalars) == Array(encoded.utf8), "\(text)")
      #expect(Punycode.decode(Array(encoded.utf8)) == scalars, "\(encoded)")
    }
    // Not a digit, a truncated number, a basic scalar encoded, a surrogate, an overflow.
    for bad in ["bcher-kv!", "x", "a-99", "-9uc", "99999999999999999999", "zzzzzzzzzzzzzzz"] {
      let decoded = Punycode.decode(Array(bad.utf8))
      #expect(decoded == nil || Punycode.encode(decoded!) != Array(bad.utf8), "\(bad)")
    }
    #expect(Punycode.decode(Array("99999999999999999999".utf8)) == nil)
  }

  /// `Fixtures/idna-derived-property.json`: the `idna` package's PVALID, CONTEXTJ and CONTEXTO
  /// ranges for the standard library's Unicode version.
  @Test("The derived property of every scalar is the idna package's")
  func derivedProperty() throws {
    let table = try JSONValue(parsing: Fixtures.bytes("idna-derived-property.json"))
    var expected = [IDNA.DerivedProperty](repeating: .disallowed, count: 0x11_0000)
    for (name, property) in [
      ("PVALID", IDNA.DerivedProperty.pvalid), ("CONTEXTJ", .contextJ), ("CONTEXTO", .contextO),
    ] {
      for range in try #require(table[path: name]?.arrayValue) {
        let bounds = (range.arrayValue ?? []).compactMap(\.intValue)
        try #require(bounds.count == 2)
        for value in bounds[0]...bounds[1] { expected[value] = property }
      }
    }
    var wrong: [String] = []
    for value in 0...0x10_FFFF {
      guard let scalar = Unicode.Scalar(UInt32(value)) else { continue }
      var found = IDNA.derivedProperty(scalar)
      if found == .unassigned { found = .disallowed }
      if found != expected[value] {
        wrong.append("U+\(String(value, radix: 16, uppercase: true)): \(found)")
      }
    }
    #expect(wrong.isEmpty, "\(wrong.count) differ: \(wrong.prefix(20))")
  }

  /// `Fixtures/idna-label-cases.json`: random single labels (as U-labels and some as A-labels)
  /// over scripts with contextual and bidirectional rules, with the `idna` package's verdict.
  @Test("Labels are valid where the idna package finds them valid")
  func agreesWithIDNA() throws {
    let cases = try JSONValue(parsing: Fixtures.bytes("idna-label-cases.json"))
    let validator = try Self.validator("idn-hostname")
    var wrong: [String] = []
    let all = try #require(cases[path: "cases"]?.arrayValue)
    for testCase in all {
      let label = try #require(testCase[0]?.stringValue)
      let valid = testCase[1] == .bool(true)
      if validator.isValid(.string(label)) != valid {
        let scalars = label.unicodeScalars.map { String($0.value, radix: 16) }
        wrong.append("\(label) \(scalars): expected \(valid)")
      }
    }
    #expect(all.count >= 3000)
    #expect(
      wrong.isEmpty,
      "\(wrong.count) of \(all.count) differ:\n\(wrong.prefix(20).joined(separator: "\n"))")
  }

  @Test("Host names: A-labels decoded and checked, U-labels only where internationalized")
  func hostnames() throws {
    let hostname = try Self.validator("hostname")
    let international = try Self.validator("idn-hostname")
    let cases: [(String, hostname: Bool, international: Bool)] = [
      ("api.github.com", true, true),
      ("xn--bcher-kva.example", true, true),  // bücher
      ("XN--BCHER-KVA.example", true, true),  // case does not matter
      ("bücher.example", false, true),
      ("xn--bcher-kvb.example", false, false),  // decodes to a scalar not allowed
      ("xn--bcher.example", false, false),  // not Punycode
      ("ab--c.example", false, false),  // hyphens in the third and fourth places
      ("example.com。", false, false),  // an empty label after an ideographic full stop
      ("例え。テスト", false, true),
      ("例え.テスト", false, true),
      ("Bücher.example", false, false),  // U-labels are lowercase
      ("שלום.example", false, true),  // a right-to-left label next to a left-to-right one
      ("1שלום.example", false, false),  // a right-to-left label starting with a digit
      ("a\u{0301}bc.example", false, true),  // a combining mark after a letter
      ("\u{0301}bc.example", false, false),  // a leading combining mark
      ("😀.example", false, false),  // symbols are disallowed
      (String(repeating: "ü", count: 57), false, true),  // 63 octets as an A-label
      (String(repeating: "ü", count: 58), false, false),
    ]
    for (name, valid, validInternational) in cases {
      #expect(hostname.isValid(.string(name)) == valid, "hostname \(name)")
      #expect(international.isValid(.string(name)) == validInternational, "idn-hostname \(name)")
    }
    // A label far too long is refused at once, whatever it holds.
    let huge = String((0..<200_000).map { Character(Unicode.Scalar(0x4E00 + $0 % 20_000)!) })
    #expect(!international.isValid(.string(huge)))
    #expect(!international.isValid(.string(huge + ".example")))
    let failures = international.validate(.string("xn--bcher-kvb.example"))
    #expect(failures.count == 1)
    #expect(failures.first?.keyword == "format")
  }

  @Test("E-mail addresses: Unicode in the local part and domain only for idn-email")
  func emails() throws {
    let email = try Self.validator("email")
    let international = try Self.validator("idn-email")
    let cases: [(String, email: Bool, international: Bool)] = [
      ("octocat@github.com", true, true),
      ("δοκιμή@example.com", false, true),
      ("\"δοκιμή\"@example.com", false, true),
      ("user@bücher.example", false, true),
      ("user@xn--bcher-kva.example", true, true),
      ("user＠example.com", false, false),  // a fullwidth at sign separates nothing
      ("user@-bücher.example", false, false),
      ("δοκιμή@", false, false),
      ("@example.com", false, false),
      ("a..b@example.com", false, false),
    ]
    for (address, valid, validInternational) in cases {
      #expect(email.isValid(.string(address)) == valid, "email \(address)")
      #expect(international.isValid(.string(address)) == validInternational, "idn-email \(address)")
    }
  }

  @Test("Random and hostile names are answered, never trapped on, and A-labels round-trip")
  func randomNames() throws {
    let hostname = try Self.validator("idn-hostname")
    var generator = SplitMix64(seed: 3492)
    let alphabet = Array("xn-.aZ09ü\u{0301}א٠۰\u{200C}\u{200D}·。".unicodeScalars)
    let digits = Array("abcdefghijklmnopqrstuvwxyz0123456789-".unicodeScalars)
    var validALabels = 0
    for round in 0..<20_000 {
      var scalars = String.UnicodeScalarView()
      if round % 2 == 0 {
        // `xn--` and random Punycode digits: overflows, truncated numbers, surrogates.
        scalars.append(contentsOf: "xn--".unicodeScalars)
        for _ in 0..<generator.below(40) {
          scalars.append(digits[generator.below(digits.count)])
        }
      } else {
        for _ in 0..<generator.below(12) {
          scalars.append(alphabet[generator.below(alphabet.count)])
        }
      }
      let name = String(scalars)
      let valid = hostname.isValid(.string(name))
      // A valid A-label decodes to scalars whose Punycode is the label again.
      if valid, name.hasPrefix("xn--"), !name.contains(".") {
        validALabels += 1
        let punycode = Array(name.utf8.dropFirst(4))
        let decoded = try #require(Punycode.decode(punycode))
        #expect(Punycode.encode(decoded) == punycode)
        #expect(hostname.isValid(.string(String(String.UnicodeScalarView(decoded)))))
      }
    }
    #expect(validALabels > 20, "\(validALabels) valid A-labels among the random names")
  }
}
