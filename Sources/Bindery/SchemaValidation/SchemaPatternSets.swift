import _StringProcessing

/// A set of Unicode scalars a pattern matches one of: a class, `.`, `\d` and the like.
///
/// Ranges and Unicode properties, each possibly negated, then the whole possibly inverted; ASCII
/// membership is precomputed as a 128-bit map.
struct ScalarSet: Sendable {
  private var ranges: [ClosedRange<UInt32>] = []
  private var properties: [(property: ScalarProperty, negated: Bool)] = []
  private var subsets: [ScalarSet] = []
  private var isInverted = false
  private var ascii: (UInt64, UInt64) = (0, 0)

  init() {}

  init(property: ScalarProperty, negated: Bool) {
    properties = [(property, negated)]
    refreshASCII()
  }

  /// The set of one scalar.
  init(_ scalar: Unicode.Scalar) {
    self.init(ranges: [scalar.value...scalar.value])
  }

  private init(ranges: [ClosedRange<UInt32>]) {
    self.ranges = ranges
    refreshASCII()
  }

  /// Every scalar.
  static let any = ScalarSet(ranges: [0...0x10_FFFF])
  /// `.`: every scalar but the line terminators.
  static let dot = ScalarSet(ranges: [0x0A...0x0A, 0x0D...0x0D, 0x2028...0x2029]).inverted
  /// `\d`: ASCII digits only, as in ECMA-262.
  static let digits = ScalarSet(ranges: [0x30...0x39])
  /// `\w`: ASCII letters, digits and `_`, as in ECMA-262 without the `i` flag.
  static let word = ScalarSet(ranges: [0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A])
  /// `\s`: ECMA-262's WhiteSpace and LineTerminator (the space separators among them).
  static let whitespace = ScalarSet(ranges: [
    0x09...0x0D, 0x20...0x20, 0xA0...0xA0, 0x1680...0x1680, 0x2000...0x200A, 0x2028...0x2029,
    0x202F...0x202F, 0x205F...0x205F, 0x3000...0x3000, 0xFEFF...0xFEFF,
  ])

  /// The complement.
  var inverted: ScalarSet {
    var copy = self
    copy.isInverted.toggle()
    copy.ascii = (~ascii.0, ~ascii.1)
    return copy
  }

  mutating func add(_ range: ClosedRange<UInt32>) {
    ranges.append(range)
    refreshASCII()
  }

  mutating func add(_ scalar: Unicode.Scalar) {
    add(scalar.value...scalar.value)
  }

  mutating func add(_ atom: ClassAtom) {
    switch atom {
    case .scalar(let scalar): add(scalar)
    case .set(let set):
      subsets.append(set)
      refreshASCII()
    }
  }

  private mutating func refreshASCII() {
    var map: (UInt64, UInt64) = (0, 0)
    for value in UInt32(0)..<128 where containsSlowly(Unicode.Scalar(UInt8(value))) {
      if value < 64 { map.0 |= 1 << UInt64(value) } else { map.1 |= 1 << UInt64(value - 64) }
    }
    ascii = map
  }

  /// The set's ASCII members, bit `n` of the pair (low word first) for U+00nn.
  var asciiMap: (UInt64, UInt64) { ascii }

  /// Whether the set holds `scalar`.
  @inline(__always)
  func contains(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 64 { return ascii.0 & (1 << UInt64(value)) != 0 }
    if value < 128 { return ascii.1 & (1 << UInt64(value - 64)) != 0 }
    return containsSlowly(scalar)
  }

  private func containsSlowly(_ scalar: Unicode.Scalar) -> Bool {
    var found = ranges.contains { $0.contains(scalar.value) }
    if !found {
      found = properties.contains { $0.property.holds(for: scalar) != $0.negated }
    }
    if !found {
      found = subsets.contains { $0.contains(scalar) }
    }
    return found != isInverted
  }
}

/// A Unicode property a pattern names with `\p{…}`: the names ECMA-262 lists (General_Category
/// values and their aliases, binary properties, `Script` and `Script_Extensions`).
enum ScalarProperty: Sendable {
  case categories(Set<Unicode.GeneralCategory>)
  case binary(@Sendable (Unicode.Scalar.Properties) -> Bool)
  case range(ClosedRange<UInt32>)
  /// A script, which the standard library's scalar properties do not carry; asked of `Regex`.
  case script(ScriptRegex)

  init?(_ text: String) {
    if let equals = text.firstIndex(of: "=") {
      let name = String(text[..<equals])
      let value = String(text[text.index(after: equals)...])
      switch name {
      case "General_Category", "gc":
        guard let categories = Self.categories[value] else { return nil }
        self = .categories(categories)
      case "Script", "sc", "Script_Extensions", "scx":
        guard value.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || $0 == "_" }),
          let regex = try? Regex("\\p{\(name)=\(value)}")
        else { return nil }
        self = .script(ScriptRegex(regex: regex.matchingSemantics(.unicodeScalar)))
      default:
        return nil
      }
      return
    }
    if let categories = Self.categories[text] {
      self = .categories(categories)
    } else if let property = Self.binary[text] {
      self = property
    } else {
      return nil
    }
  }

  func holds(for scalar: Unicode.Scalar) -> Bool {
    switch self {
    case .categories(let categories): categories.contains(scalar.properties.generalCategory)
    case .binary(let test): test(scalar.properties)
    case .range(let range): range.contains(scalar.value)
    case .script(let script): script.holds(for: scalar)
    }
  }

  private static let categories: [String: Set<Unicode.GeneralCategory>] = {
    let single: [([String], Unicode.GeneralCategory)] = [
      (["Cc", "Control", "cntrl"], .control), (["Cf", "Format"], .format),
      (["Cn", "Unassigned"], .unassigned), (["Co", "Private_Use"], .privateUse),
      (["Cs", "Surrogate"], .surrogate), (["Ll", "Lowercase_Letter"], .lowercaseLetter),
      (["Lm", "Modifier_Letter"], .modifierLetter), (["Lo", "Other_Letter"], .otherLetter),
      (["Lt", "Titlecase_Letter"], .titlecaseLetter),
      (["Lu", "Uppercase_Letter"], .uppercaseLetter),
      (["Mc", "Spacing_Mark"], .spacingMark), (["Me", "Enclosing_Mark"], .enclosingMark),
      (["Mn", "Nonspacing_Mark"], .nonspacingMark),
      (["Nd", "Decimal_Number", "digit"], .decimalNumber),
      (["Nl", "Letter_Number"], .letterNumber), (["No", "Other_Number"], .otherNumber),
      (["Pc", "Connector_Punctuation"], .connectorPunctuation),
      (["Pd", "Dash_Punctuation"], .dashPunctuation),
      (["Pe", "Close_Punctuation"], .closePunctuation),
      (["Pf", "Final_Punctuation"], .finalPunctuation),
      (["Pi", "Initial_Punctuation"], .initialPunctuation),
      (["Po", "Other_Punctuation"], .otherPunctuation),
      (["Ps", "Open_Punctuation"], .openPunctuation),
      (["Sc", "Currency_Symbol"], .currencySymbol), (["Sk", "Modifier_Symbol"], .modifierSymbol),
      (["Sm", "Math_Symbol"], .mathSymbol), (["So", "Other_Symbol"], .otherSymbol),
      (["Zl", "Line_Separator"], .lineSeparator),
      (["Zp", "Paragraph_Separator"], .paragraphSeparator),
      (["Zs", "Space_Separator"], .spaceSeparator),
    ]
    var table: [String: Set<Unicode.GeneralCategory>] = [:]
    for (names, category) in single {
      for name in names { table[name] = [category] }
    }
    let groups: [([String], [String])] = [
      (["C", "Other"], ["Cc", "Cf", "Cn", "Co", "Cs"]),
      (["L", "Letter"], ["Ll", "Lm", "Lo", "Lt", "Lu"]),
      (["LC", "Cased_Letter"], ["Ll", "Lt", "Lu"]),
      (["M", "Mark", "Combining_Mark"], ["Mc", "Me", "Mn"]),
      (["N", "Number"], ["Nd", "Nl", "No"]),
      (["P", "Punctuation", "punct"], ["Pc", "Pd", "Pe", "Pf", "Pi", "Po", "Ps"]),
      (["S", "Symbol"], ["Sc", "Sk", "Sm", "So"]),
      (["Z", "Separator"], ["Zl", "Zp", "Zs"]),
    ]
    for (names, members) in groups {
      let union = members.reduce(into: Set<Unicode.GeneralCategory>()) {
        $0.formUnion(table[$1] ?? [])
      }
      for name in names { table[name] = union }
    }
    return table
  }()

  private static let binary: [String: ScalarProperty] = {
    let tests: [([String], @Sendable (Unicode.Scalar.Properties) -> Bool)] = [
      (["ASCII_Hex_Digit", "AHex"], { $0.isASCIIHexDigit }),
      (["Alphabetic", "Alpha"], { $0.isAlphabetic }),
      (["Assigned"], { $0.generalCategory != .unassigned }),
      (["Bidi_Control", "Bidi_C"], { $0.isBidiControl }),
      (["Bidi_Mirrored", "Bidi_M"], { $0.isBidiMirrored }),
      (["Case_Ignorable", "CI"], { $0.isCaseIgnorable }),
      (["Cased"], { $0.isCased }),
      (["Changes_When_Casefolded", "CWCF"], { $0.changesWhenCaseFolded }),
      (["Changes_When_Casemapped", "CWCM"], { $0.changesWhenCaseMapped }),
      (["Changes_When_Lowercased", "CWL"], { $0.changesWhenLowercased }),
      (["Changes_When_NFKC_Casefolded", "CWKCF"], { $0.changesWhenNFKCCaseFolded }),
      (["Changes_When_Titlecased", "CWT"], { $0.changesWhenTitlecased }),
      (["Changes_When_Uppercased", "CWU"], { $0.changesWhenUppercased }),
      (["Dash"], { $0.isDash }),
      (["Default_Ignorable_Code_Point", "DI"], { $0.isDefaultIgnorableCodePoint }),
      (["Deprecated", "Dep"], { $0.isDeprecated }),
      (["Diacritic", "Dia"], { $0.isDiacritic }),
      (["Emoji"], { $0.isEmoji }),
      (["Emoji_Modifier", "EMod"], { $0.isEmojiModifier }),
      (["Emoji_Modifier_Base", "EBase"], { $0.isEmojiModifierBase }),
      (["Emoji_Presentation", "EPres"], { $0.isEmojiPresentation }),
      (["Extender", "Ext"], { $0.isExtender }),
      (["Grapheme_Base", "Gr_Base"], { $0.isGraphemeBase }),
      (["Grapheme_Extend", "Gr_Ext"], { $0.isGraphemeExtend }),
      (["Hex_Digit", "Hex"], { $0.isHexDigit }),
      (["IDS_Binary_Operator", "IDSB"], { $0.isIDSBinaryOperator }),
      (["IDS_Trinary_Operator", "IDST"], { $0.isIDSTrinaryOperator }),
      (["ID_Continue", "IDC"], { $0.isIDContinue }),
      (["ID_Start", "IDS"], { $0.isIDStart }),
      (["Ideographic", "Ideo"], { $0.isIdeographic }),
      (["Join_Control", "Join_C"], { $0.isJoinControl }),
      (["Logical_Order_Exception", "LOE"], { $0.isLogicalOrderException }),
      (["Lowercase", "Lower"], { $0.isLowercase }),
      (["Math"], { $0.isMath }),
      (["Noncharacter_Code_Point", "NChar"], { $0.isNoncharacterCodePoint }),
      (["Pattern_Syntax", "Pat_Syn"], { $0.isPatternSyntax }),
      (["Pattern_White_Space", "Pat_WS"], { $0.isPatternWhitespace }),
      (["Quotation_Mark", "QMark"], { $0.isQuotationMark }),
      (["Radical"], { $0.isRadical }),
      (["Sentence_Terminal", "STerm"], { $0.isSentenceTerminal }),
      (["Soft_Dotted", "SD"], { $0.isSoftDotted }),
      (["Terminal_Punctuation", "Term"], { $0.isTerminalPunctuation }),
      (["Unified_Ideograph", "UIdeo"], { $0.isUnifiedIdeograph }),
      (["Uppercase", "Upper"], { $0.isUppercase }),
      (["Variation_Selector", "VS"], { $0.isVariationSelector }),
      (["White_Space", "space"], { $0.isWhitespace }),
      (["XID_Continue", "XIDC"], { $0.isXIDContinue }),
      (["XID_Start", "XIDS"], { $0.isXIDStart }),
    ]
    var table: [String: ScalarProperty] = [
      "Any": .range(0...0x10_FFFF), "ASCII": .range(0...0x7F),
      "Regional_Indicator": .range(0x1F1E6...0x1F1FF), "RI": .range(0x1F1E6...0x1F1FF),
    ]
    for (names, test) in tests {
      for name in names { table[name] = .binary(test) }
    }
    return table
  }()
}

/// A `\p{Script=…}` test, answered by the standard library's `Regex`, which knows scripts.
struct ScriptRegex: @unchecked Sendable {
  // Invariant for `@unchecked Sendable`: the regex is built once and only read afterwards
  // (matching does not change it).
  let regex: Regex<AnyRegexOutput>

  func holds(for scalar: Unicode.Scalar) -> Bool {
    (try? regex.wholeMatch(in: String(scalar))) != nil
  }
}
