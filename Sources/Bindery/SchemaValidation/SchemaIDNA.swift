/// Internationalized host names as IDNA2008 defines them (RFC 5890–5893), for the `hostname`,
/// `idn-hostname` and `idn-email` formats.
///
/// A label is either LDH (ASCII letters, digits and hyphens), an A-label (`xn--` and the
/// Punycode of a U-label, decoded and checked as one), or, in an internationalized name, a
/// U-label: scalars whose derived property (RFC 5892) is PVALID, or CONTEXTJ / CONTEXTO where
/// their contextual rule holds, no leading combining mark, no hyphens at the ends or in the
/// third and fourth places, and at most 63 octets in its A-label form. A name with a
/// right-to-left label follows the Bidi rule (RFC 5893) in every label. U-labels are not
/// required to be in NFC, as the JSON Schema test suite expects.
enum IDNA {
  /// Whether `text` is a host name. `international` accepts U-labels and the ideographic full
  /// stops (U+3002, U+FF0E, U+FF61) as label separators; `reservesHyphens` refuses hyphens in
  /// the third and fourth places of an ASCII label that is not an A-label (drafts 7 and later,
  /// which follow RFC 5890).
  static func isHostname(_ text: String, international: Bool, reservesHyphens: Bool) -> Bool {
    var labels: [[Unicode.Scalar]] = [[]]
    for scalar in text.unicodeScalars {
      if scalar == "." || international && ["\u{3002}", "\u{FF0E}", "\u{FF61}"].contains(scalar) {
        labels.append([])
      } else {
        labels[labels.count - 1].append(scalar)
      }
    }
    // The name's length in octets of its ASCII form, separators included.
    var length = labels.count - 1
    var decoded: [[Unicode.Scalar]] = []
    decoded.reserveCapacity(labels.count)
    for label in labels {
      guard !label.isEmpty else { return false }
      if label.allSatisfy(\.isASCII) {
        guard label.count <= 63 else { return false }
        length += label.count
        let ascii = label.map { UInt8(ascii: $0) | (isUppercase($0) ? 0x20 : 0) }
        if ascii.starts(with: "xn--".utf8) {
          // An A-label (case does not matter): the canonical Punycode of a U-label that is not
          // all ASCII.
          let punycode = Array(ascii[4...])
          guard let scalars = Punycode.decode(punycode), !scalars.allSatisfy(\.isASCII),
            Punycode.encode(scalars) == punycode, isULabel(scalars)
          else { return false }
          decoded.append(scalars)
        } else {
          guard isLDHLabel(label, reservesHyphens: reservesHyphens) else { return false }
          decoded.append(label)
        }
      } else {
        // Every scalar takes at least one octet of the A-label, so a longer label is refused
        // before it is encoded (encoding takes time quadratic in the label's length).
        guard international, label.count + 4 <= 63, let punycode = Punycode.encode(label),
          punycode.count + 4 <= 63, isULabel(label)
        else { return false }
        length += punycode.count + 4
        decoded.append(label)
      }
    }
    guard length <= 253 else { return false }
    // A name with a right-to-left label is a Bidi domain name: each of its labels follows the
    // Bidi rule.
    let isBidi = decoded.contains { $0.contains { [.r, .al, .an].contains(bidiClass($0)) } }
    return !isBidi || decoded.allSatisfy(followsBidiRule)
  }

  private static func isUppercase(_ scalar: Unicode.Scalar) -> Bool {
    ("A"..."Z").contains(scalar)
  }

  private static func isLDHLabel(_ label: [Unicode.Scalar], reservesHyphens: Bool) -> Bool {
    label.allSatisfy {
      $0 == "-" || ("0"..."9").contains($0) || ("a"..."z").contains($0) || isUppercase($0)
    } && hasHyphensAllowed(label, reservesHyphens: reservesHyphens)
  }

  /// No hyphen at either end, nor (when reserved, as for every U-label) in both the third and
  /// the fourth place.
  private static func hasHyphensAllowed(_ label: [Unicode.Scalar], reservesHyphens: Bool)
    -> Bool
  {
    label.first != "-" && label.last != "-"
      && !(reservesHyphens && label.count >= 4 && label[2] == "-" && label[3] == "-")
  }

  // MARK: U-labels (RFC 5891 §5.4)

  static func isULabel(_ label: [Unicode.Scalar]) -> Bool {
    guard let first = label.first, hasHyphensAllowed(label, reservesHyphens: true),
      !isMark(first)
    else { return false }
    for index in label.indices {
      switch derivedProperty(label[index]) {
      case .pvalid: continue
      case .contextJ: guard joinerAllowed(at: index, in: label) else { return false }
      case .contextO: guard otherAllowed(at: index, in: label) else { return false }
      case .disallowed, .unassigned: return false
      }
    }
    return true
  }

  private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark: true
    default: false
    }
  }

  // MARK: The derived property (RFC 5892 §2–3)

  enum DerivedProperty: Equatable {
    case pvalid, contextJ, contextO, disallowed, unassigned
  }

  /// RFC 5892's derived property of `scalar`, computed from its scalar properties in the order
  /// of the RFC's rules.
  static func derivedProperty(_ scalar: Unicode.Scalar) -> DerivedProperty {
    switch scalar.value {
    // Exceptions (§2.6).
    case 0xDF, 0x3C2, 0x6FD, 0x6FE, 0xF0B, 0x3007: return .pvalid
    case 0xB7, 0x375, 0x5F3, 0x5F4, 0x30FB, 0x660...0x669, 0x6F0...0x6F9: return .contextO
    case 0x640, 0x7FA, 0x302E, 0x302F, 0x3031...0x3035, 0x303B: return .disallowed
    default: break
    }
    let properties = scalar.properties
    if properties.generalCategory == .unassigned && !properties.isNoncharacterCodePoint {
      return .unassigned
    }
    if scalar == "-" || ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
      return .pvalid
    }
    if properties.isJoinControl { return .contextJ }
    if properties.changesWhenNFKCCaseFolded { return .disallowed }
    if properties.isDefaultIgnorableCodePoint || properties.isWhitespace
      || properties.isNoncharacterCodePoint
    {
      return .disallowed
    }
    switch scalar.value {
    // Ignorable blocks: combining marks for symbols, musical symbols, ancient Greek musical
    // notation; and old Hangul jamo (Hangul_Syllable_Type L, V and T).
    case 0x20D0...0x20FF, 0x1D100...0x1D24F, 0x1100...0x11FF, 0xA960...0xA97F, 0xD7B0...0xD7FF:
      return .disallowed
    default: break
    }
    switch properties.generalCategory {
    case .lowercaseLetter, .uppercaseLetter, .otherLetter, .decimalNumber, .modifierLetter,
      .nonspacingMark, .spacingMark:
      return .pvalid
    default:
      return .disallowed
    }
  }

  // MARK: Contextual rules (RFC 5892 appendix A)

  /// ZERO WIDTH NON-JOINER after a virama, or between a left- or dual-joining and a right- or
  /// dual-joining scalar with transparent ones around it; ZERO WIDTH JOINER after a virama.
  private static func joinerAllowed(at index: Int, in label: [Unicode.Scalar]) -> Bool {
    if index > 0, label[index - 1].properties.canonicalCombiningClass == .virama { return true }
    guard label[index] == "\u{200C}" else { return false }
    func joins(from start: Int, by step: Int, as sides: [JoiningType]) -> Bool {
      var position = start
      while label.indices.contains(position) {
        let type = joiningType(label[position])
        if type != .transparent { return sides.contains(type) }
        position += step
      }
      return false
    }
    return joins(from: index - 1, by: -1, as: [.left, .dual])
      && joins(from: index + 1, by: 1, as: [.right, .dual])
  }

  private static func otherAllowed(at index: Int, in label: [Unicode.Scalar]) -> Bool {
    let before = index > 0 ? label[index - 1] : nil
    let after = index + 1 < label.count ? label[index + 1] : nil
    switch label[index].value {
    case 0xB7:  // MIDDLE DOT: between two l's.
      return before == "l" && after == "l"
    case 0x375:  // GREEK LOWER NUMERAL SIGN: a Greek scalar follows.
      return after.map { greek.holds(for: $0) } ?? false
    case 0x5F3, 0x5F4:  // HEBREW PUNCTUATION GERESH and GERSHAYIM: a Hebrew scalar precedes.
      return before.map { hebrew.holds(for: $0) } ?? false
    case 0x30FB:  // KATAKANA MIDDLE DOT: the label has Hiragana, Katakana or Han.
      return label.contains {
        hiragana.holds(for: $0) || katakana.holds(for: $0) || han.holds(for: $0)
      }
    case 0x660...0x669:  // ARABIC-INDIC DIGITs: no extended Arabic-Indic digit in the label.
      return !label.contains { (0x6F0...0x6F9).contains($0.value) }
    case 0x6F0...0x6F9:  // EXTENDED ARABIC-INDIC DIGITs: no Arabic-Indic digit in the label.
      return !label.contains { (0x660...0x669).contains($0.value) }
    default:
      return false
    }
  }

  private static let greek = script("Greek")
  private static let hebrew = script("Hebrew")
  private static let hiragana = script("Hiragana")
  private static let katakana = script("Katakana")
  private static let han = script("Han")

  private static func script(_ name: String) -> ScalarProperty {
    guard let property = ScalarProperty("Script=" + name) else {
      preconditionFailure("The standard library's Regex knows the script \(name)")
    }
    return property
  }

  // MARK: The Bidi rule (RFC 5893 §2)

  /// The Bidi_Class values a label may hold (any other makes it fail the rule).
  enum BidiClass: UInt8 {
    case l, r, al, an, en, es, cs, et, on, bn, nsm
  }

  /// Joining_Type values (RFC 5892 A.1 asks for left, dual, right and transparent).
  enum JoiningType: UInt8 {
    case nonJoining, left, right, dual, transparent, causing
  }

  /// The Bidi_Class of a scalar IDNA2008 allows in a label (or of an ASCII letter, digit or
  /// hyphen); what it answers for other scalars is meaningless.
  static func bidiClass(_ scalar: Unicode.Scalar) -> BidiClass {
    if scalar.isASCII {
      return scalar == "-" ? .es : ("0"..."9").contains(scalar) ? .en : .l
    }
    let found = lookUp(scalar, in: IDNATables.bidiClasses)
    if let found, let value = BidiClass(rawValue: found) { return value }
    return isNonspacingOrEnclosingMark(scalar) ? .nsm : .l
  }

  static func joiningType(_ scalar: Unicode.Scalar) -> JoiningType {
    guard !scalar.isASCII else { return .nonJoining }
    let found = lookUp(scalar, in: IDNATables.joiningTypes)
    if let found, let value = JoiningType(rawValue: found) { return value }
    return isNonspacingOrEnclosingMark(scalar) ? .transparent : .nonJoining
  }

  private static func isNonspacingOrEnclosingMark(_ scalar: Unicode.Scalar) -> Bool {
    let category = scalar.properties.generalCategory
    return category == .nonspacingMark || category == .enclosingMark
  }

  /// The value of the run holding `scalar` in a table of `start << 8 | value` entries, nil for
  /// the default (`0xFF`) or a scalar before the first run.
  private static func lookUp(_ scalar: Unicode.Scalar, in table: [UInt32]) -> UInt8? {
    var low = 0
    var high = table.count
    while low < high {
      let middle = (low + high) / 2
      if table[middle] >> 8 <= scalar.value { low = middle + 1 } else { high = middle }
    }
    guard low > 0 else { return nil }
    let value = UInt8(truncatingIfNeeded: table[low - 1])
    return value == 0xFF ? nil : value
  }

  static func followsBidiRule(_ label: [Unicode.Scalar]) -> Bool {
    let classes = label.map(bidiClass)
    guard let first = classes.first else { return false }
    let last = classes.last(where: { $0 != .nsm })
    switch first {
    case .r, .al:
      let allowed: Set<BidiClass> = [.r, .al, .an, .en, .es, .cs, .et, .on, .bn, .nsm]
      guard classes.allSatisfy(allowed.contains),
        let last, [.r, .al, .en, .an].contains(last)
      else { return false }
      return !(classes.contains(.en) && classes.contains(.an))
    case .l:
      let allowed: Set<BidiClass> = [.l, .en, .es, .cs, .et, .on, .bn, .nsm]
      guard classes.allSatisfy(allowed.contains), let last, [.l, .en].contains(last) else {
        return false
      }
      return true
    default:
      return false
    }
  }
}

/// Punycode (RFC 3492), with IDNA's parameters.
enum Punycode {
  private static let base = 36
  private static let tMin = 1
  private static let tMax = 26
  private static let skew = 38
  private static let damp = 700
  private static let initialBias = 72
  private static let initialN = 0x80

  /// The scalars `text` (lowercase ASCII, after `xn--`) encodes; nil for text that is not
  /// Punycode, decodes to a basic or invalid scalar, or overflows.
  static func decode(_ text: [UInt8]) -> [Unicode.Scalar]? {
    var output: [Unicode.Scalar] = []
    var position = 0
    if let delimiter = text.lastIndex(of: UInt8(ascii: "-")), delimiter > 0 {
      for byte in text[..<delimiter] {
        guard byte < 0x80 else { return nil }
        output.append(Unicode.Scalar(byte))
      }
      position = delimiter + 1
    }
    var n = initialN
    var i = 0
    var bias = initialBias
    while position < text.count {
      let oldI = i
      var weight = 1
      var k = base
      while true {
        guard position < text.count, let digit = digitValue(text[position]) else { return nil }
        position += 1
        let (product, productOverflow) = digit.multipliedReportingOverflow(by: weight)
        let (sum, sumOverflow) = i.addingReportingOverflow(product)
        guard !productOverflow, !sumOverflow else { return nil }
        i = sum
        let t = threshold(k, bias)
        if digit < t { break }
        let (nextWeight, overflow) = weight.multipliedReportingOverflow(by: base - t)
        guard !overflow else { return nil }
        weight = nextWeight
        k += base
      }
      let count = output.count + 1
      bias = adapt(i - oldI, count: count, first: oldI == 0)
      let (next, overflow) = n.addingReportingOverflow(i / count)
      guard !overflow, next >= initialN,
        let scalar = UInt32(exactly: next).flatMap(Unicode.Scalar.init)
      else { return nil }
      n = next
      i %= count
      output.insert(scalar, at: i)
      i += 1
    }
    return output
  }

  /// The Punycode of `scalars` (lowercase for the digits), nil on overflow.
  static func encode(_ scalars: [Unicode.Scalar]) -> [UInt8]? {
    var output: [UInt8] = scalars.filter(\.isASCII).map { UInt8($0.value) }
    let basic = output.count
    var handled = basic
    if basic > 0 { output.append(UInt8(ascii: "-")) }
    var n = initialN
    var delta = 0
    var bias = initialBias
    while handled < scalars.count {
      guard let m = scalars.lazy.map({ Int($0.value) }).filter({ $0 >= n }).min() else { break }
      let (step, stepOverflow) = (m - n).multipliedReportingOverflow(by: handled + 1)
      let (sum, sumOverflow) = delta.addingReportingOverflow(step)
      guard !stepOverflow, !sumOverflow else { return nil }
      delta = sum
      n = m
      for scalar in scalars {
        let value = Int(scalar.value)
        if value < n {
          let (next, overflow) = delta.addingReportingOverflow(1)
          guard !overflow else { return nil }
          delta = next
        } else if value == n {
          var q = delta
          var k = base
          while true {
            let t = threshold(k, bias)
            if q < t { break }
            output.append(digit(t + (q - t) % (base - t)))
            q = (q - t) / (base - t)
            k += base
          }
          output.append(digit(q))
          bias = adapt(delta, count: handled + 1, first: handled == basic)
          delta = 0
          handled += 1
        }
      }
      delta += 1
      n += 1
    }
    return output
  }

  private static func threshold(_ k: Int, _ bias: Int) -> Int {
    k <= bias ? tMin : k >= bias + tMax ? tMax : k - bias
  }

  private static func adapt(_ delta: Int, count: Int, first: Bool) -> Int {
    var delta = first ? delta / damp : delta / 2
    delta += delta / count
    var k = 0
    while delta > ((base - tMin) * tMax) / 2 {
      delta /= base - tMin
      k += base
    }
    return k + (base - tMin + 1) * delta / (delta + skew)
  }

  private static func digitValue(_ byte: UInt8) -> Int? {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"): Int(byte - UInt8(ascii: "a"))
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): Int(byte - UInt8(ascii: "A"))
    case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0")) + 26
    default: nil
    }
  }

  private static func digit(_ value: Int) -> UInt8 {
    value < 26 ? UInt8(ascii: "a") + UInt8(value) : UInt8(ascii: "0") + UInt8(value - 26)
  }
}
