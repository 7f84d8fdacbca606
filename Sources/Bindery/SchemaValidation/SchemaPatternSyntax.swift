// This file and the other two `SchemaPattern` files are compiled into two modules: `Bindery`
// (schema validation and `@Constraint`'s patterns) and, through symbolic links of the same
// names, `BinderyMacros`, which checks a `@Constraint` pattern at compile time with the parser
// that reads it at run time (see `CamelCaseWords.swift` for why the plugin imports nothing of
// the library's). They use the standard library only.

/// The parsed form of an ECMA-262 pattern, as JSON Schema's `pattern` and `patternProperties`
/// use it (the grammar of ECMA-262 §22.2.1 with the `u` flag).
indirect enum PatternNode {
  case empty
  case scalar(Unicode.Scalar)
  case set(ScalarSet)
  case sequence([PatternNode])
  case alternation([PatternNode])
  /// A capturing group; groups are numbered from 1 in the order of their opening parentheses.
  case capture(PatternNode, group: Int)
  /// A quantified atom; `groups` are the capturing groups inside it, reset at each iteration.
  case repetition(PatternNode, min: Int, max: Int?, greedy: Bool, groups: Range<Int>)
  case start
  case end
  case wordBoundary(negated: Bool)
  case look(PatternNode, behind: Bool, negated: Bool)
  case backreference(Int)
}

/// Reads an ECMA-262 pattern into a `PatternNode`.
///
/// What ECMA-262 with the `u` flag accepts is accepted, with three of Annex B's readings that
/// keep their obvious meaning because schemas in use rely on them: a `]`, `{` or `}` that
/// closes or opens nothing is literal, a backslash before any other non-alphanumeric ASCII
/// character (`\-`, `\:`) is that character, and a `-` next to a class escape in a class
/// (`[\w-.]`) is literal. What would mean something else in another dialect is refused with the
/// reason: Python's `(?P<name>`, inline flags, comment groups, `\a`, `\z`, `\A`, octal escapes,
/// possessive quantifiers.
struct PatternParser {
  private let scalars: [Unicode.Scalar]
  private var index = 0
  private(set) var groupCount = 0
  private var groupNames: [String: Int] = [:]
  private var namedReferences: [(name: String, offset: Int)] = []
  private var numberedReferences: [(group: Int, offset: Int)] = []
  /// Whether the pattern has a backreference (then captures matter to whether it matches).
  private(set) var hasBackreference = false

  init(_ pattern: String) {
    scalars = Array(pattern.unicodeScalars)
  }

  /// The pattern's tree, or why it is not a pattern.
  mutating func parse() throws(SchemaPattern.Failure) -> PatternNode {
    var node = try disjunction()
    if index < scalars.count { throw failure("unmatched ')'") }
    for reference in numberedReferences where reference.group > groupCount {
      throw failure(
        "\\\(reference.group) refers to a group the pattern does not have", at: reference.offset)
    }
    if !namedReferences.isEmpty {
      node = try resolveNames(node)
    }
    return node
  }

  private var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

  private func failure(_ message: String, at offset: Int? = nil) -> SchemaPattern.Failure {
    SchemaPattern.Failure(message: "\(message) (at character \((offset ?? index) + 1))")
  }

  private mutating func take(_ scalar: Unicode.Scalar) -> Bool {
    guard peek == scalar else { return false }
    index += 1
    return true
  }

  private mutating func disjunction() throws(SchemaPattern.Failure) -> PatternNode {
    var alternatives = [try alternative()]
    while take("|") { alternatives.append(try alternative()) }
    return alternatives.count == 1 ? alternatives[0] : .alternation(alternatives)
  }

  private mutating func alternative() throws(SchemaPattern.Failure) -> PatternNode {
    var terms: [PatternNode] = []
    while let next = peek, next != "|", next != ")" {
      terms.append(try term())
    }
    switch terms.count {
    case 0: return .empty
    case 1: return terms[0]
    default: return .sequence(terms)
    }
  }

  private mutating func term() throws(SchemaPattern.Failure) -> PatternNode {
    let start = index
    let groupsBefore = groupCount
    let (atom, quantifiable) = try atom()
    guard let (minimum, maximum) = try quantifier() else { return atom }
    guard quantifiable else {
      throw failure("nothing to repeat: an assertion cannot be quantified", at: start)
    }
    let greedy = !take("?")
    if let next = peek,
      next == "+" || next == "*" || next == "?" || next == "{" && isQuantifierBrace
    {
      throw failure("a quantifier cannot follow a quantifier (possessive forms are not ECMA-262)")
    }
    return .repetition(
      atom, min: minimum, max: maximum, greedy: greedy, groups: groupsBefore + 1..<groupCount + 1)
  }

  /// `*`, `+`, `?`, `{n}`, `{n,}` or `{n,m}` at the current position, consumed; nil when there is
  /// none (a `{` that does not open a quantifier is left to be read as a literal).
  private mutating func quantifier() throws(SchemaPattern.Failure) -> (Int, Int?)? {
    switch peek {
    case "*":
      index += 1
      return (0, nil)
    case "+":
      index += 1
      return (1, nil)
    case "?":
      index += 1
      return (0, 1)
    case "{":
      guard let (minimum, maximum, end) = try braceQuantifier() else { return nil }
      index = end
      return (minimum, maximum)
    default:
      return nil
    }
  }

  private var isQuantifierBrace: Bool { (try? braceQuantifier()) != nil }

  /// The bounds of a `{n}`, `{n,}` or `{n,m}` starting at the current position and the index
  /// after it, or nil when the brace does not start one.
  private func braceQuantifier() throws(SchemaPattern.Failure) -> (Int, Int?, Int)? {
    var cursor = index + 1
    func number() -> Int?? {
      var value = 0
      var digits = 0
      while cursor < scalars.count, let digit = scalars[cursor].asciiDigit {
        // Counts beyond the limit are refused below rather than overflowing.
        value = Swift.min(value * 10 + digit, SchemaPattern.repetitionLimit + 1)
        digits += 1
        cursor += 1
      }
      return digits == 0 ? .some(nil) : .some(value)
    }
    guard let minimum = number().flatMap({ $0 }) else { return nil }
    var maximum: Int? = minimum
    if cursor < scalars.count, scalars[cursor] == "," {
      cursor += 1
      maximum = number().flatMap { $0 }
    }
    guard cursor < scalars.count, scalars[cursor] == "}" else { return nil }
    if let maximum, maximum < minimum {
      throw failure("{\(minimum),\(maximum)}: the minimum is above the maximum")
    }
    if Swift.max(minimum, maximum ?? 0) > SchemaPattern.repetitionLimit {
      throw failure("a repetition count above \(SchemaPattern.repetitionLimit)")
    }
    return (minimum, maximum, cursor + 1)
  }

  /// An atom or an assertion, and whether a quantifier may follow it.
  private mutating func atom() throws(SchemaPattern.Failure) -> (PatternNode, Bool) {
    let start = index
    let scalar = scalars[index]
    index += 1
    switch scalar {
    case "^": return (.start, false)
    case "$": return (.end, false)
    case ".": return (.set(.dot), true)
    case "[": return (.set(try characterClass()), true)
    case "(": return try group(start)
    case "*", "+", "?":
      throw failure("nothing to repeat before '\(scalar)'", at: start)
    case "{":
      index = start
      if isQuantifierBrace { throw failure("nothing to repeat before '{'", at: start) }
      index += 1
      return (.scalar("{"), true)
    case "\\":
      guard let next = peek else { throw failure("a pattern cannot end with '\\'", at: start) }
      if next == "b" || next == "B" {
        index += 1
        return (.wordBoundary(negated: next == "B"), false)
      }
      return (try atomEscape(), true)
    default:
      return (.scalar(scalar), true)
    }
  }

  private mutating func group(_ start: Int) throws(SchemaPattern.Failure) -> (PatternNode, Bool) {
    var groupNumber: Int?
    var look: (behind: Bool, negated: Bool)?
    if take("?") {
      switch peek {
      case ":":
        index += 1
      case "=", "!":
        look = (false, peek == "!")
        index += 1
      case "<":
        index += 1
        if take("=") {
          look = (true, false)
        } else if take("!") {
          look = (true, true)
        } else {
          let name = try groupName()
          groupCount += 1
          guard groupNames.updateValue(groupCount, forKey: name) == nil else {
            throw failure("two groups are named '\(name)'", at: start)
          }
          groupNumber = groupCount
        }
      case "P":
        throw failure(
          "(?P...) is Python's syntax; ECMA-262 names a group with (?<name>...)", at: start)
      case "#":
        throw failure("comment groups (?#...) are not ECMA-262", at: start)
      default:
        throw failure(
          "(? must be followed by ':', '=', '!', '<=', '<!' or '<name>' (inline flags are not ECMA-262)",
          at: start)
      }
    } else {
      groupCount += 1
      groupNumber = groupCount
    }
    let body = try disjunction()
    guard take(")") else { throw failure("missing ')' for the group opened here", at: start) }
    if let look { return (.look(body, behind: look.behind, negated: look.negated), false) }
    if let groupNumber { return (.capture(body, group: groupNumber), true) }
    return (body, true)
  }

  /// A group name after `<`, through the closing `>`.
  private mutating func groupName() throws(SchemaPattern.Failure) -> String {
    let start = index
    var name = ""
    while let scalar = peek, scalar != ">" {
      let allowed =
        name.isEmpty
        ? scalar.properties.isIDStart || scalar == "$" || scalar == "_"
        : scalar.properties.isIDContinue || scalar == "$" || scalar == "\u{200C}"
          || scalar == "\u{200D}"
      guard allowed else { throw failure("'\(scalar)' cannot be part of a group name") }
      name.unicodeScalars.append(scalar)
      index += 1
    }
    guard take(">"), !name.isEmpty else { throw failure("a group name must be <name>", at: start) }
    return name
  }

  /// What follows a backslash outside a character class (not `\b` or `\B`).
  private mutating func atomEscape() throws(SchemaPattern.Failure) -> PatternNode {
    let start = index - 1
    let scalar = scalars[index]
    if let digit = scalar.asciiDigit, digit > 0 {
      var group = 0
      while let next = peek?.asciiDigit {
        group = Swift.min(group * 10 + next, 1_000_000)
        index += 1
      }
      hasBackreference = true
      numberedReferences.append((group, start))
      return .backreference(group)
    }
    if scalar == "k" {
      index += 1
      guard take("<") else { throw failure("\\k must be followed by <name>", at: start) }
      let name = try groupName()
      hasBackreference = true
      namedReferences.append((name, start))
      return .backreference(-namedReferences.count)
    }
    if let set = try classEscape() { return .set(set) }
    return .scalar(try characterEscape())
  }

  /// `\d`, `\D`, `\s`, `\S`, `\w`, `\W`, `\p{…}` or `\P{…}` at the current position (after the
  /// backslash), consumed; nil when the escape is another.
  private mutating func classEscape() throws(SchemaPattern.Failure) -> ScalarSet? {
    let set: ScalarSet
    switch scalars[index] {
    case "d": set = .digits
    case "D": set = ScalarSet.digits.inverted
    case "s": set = .whitespace
    case "S": set = ScalarSet.whitespace.inverted
    case "w": set = .word
    case "W": set = ScalarSet.word.inverted
    case "p", "P":
      let negated = scalars[index] == "P"
      let start = index - 1
      index += 1
      guard take("{") else { throw failure("\\p must be followed by {property}", at: start) }
      var text = ""
      while let scalar = peek, scalar != "}" {
        text.unicodeScalars.append(scalar)
        index += 1
      }
      guard take("}") else { throw failure("missing '}' after \\p{", at: start) }
      guard let property = ScalarProperty(text) else {
        throw failure("\\p{\(text)} is not a Unicode property ECMA-262 knows", at: start)
      }
      return ScalarSet(property: property, negated: negated)
    default:
      return nil
    }
    index += 1
    return set
  }

  /// A character escape at the current position (after the backslash), consumed.
  private mutating func characterEscape() throws(SchemaPattern.Failure)
    -> Unicode.Scalar
  {
    let start = index - 1
    let scalar = scalars[index]
    index += 1
    switch scalar {
    case "f": return "\u{0C}"
    case "n": return "\n"
    case "r": return "\r"
    case "t": return "\t"
    case "v": return "\u{0B}"
    case "0":
      if peek?.asciiDigit != nil {
        throw failure("octal escapes are not ECMA-262 (with the u flag)", at: start)
      }
      return "\u{0}"
    case "c":
      guard let letter = peek, letter.isASCII, letter.properties.isAlphabetic else {
        throw failure("\\c must be followed by an ASCII letter", at: start)
      }
      index += 1
      return Unicode.Scalar(UInt8(letter.value % 32))
    case "x":
      guard let value = hexDigits(count: 2) else {
        throw failure("\\x must be followed by two hexadecimal digits", at: start)
      }
      return Unicode.Scalar(UInt8(value))
    case "u":
      return try unicodeEscape(start)
    default:
      if scalar.isASCII, scalar.properties.isAlphabetic || scalar.asciiDigit != nil {
        throw failure("\\\(scalar) is not an ECMA-262 escape", at: start)
      }
      return scalar
    }
  }

  private mutating func unicodeEscape(_ start: Int) throws(SchemaPattern.Failure) -> Unicode.Scalar
  {
    if take("{") {
      var value: UInt32 = 0
      var digits = 0
      while let scalar = peek, let digit = scalar.hexDigitValue {
        value = Swift.min(value * 16 + digit, 0x11_0000)
        digits += 1
        index += 1
      }
      guard digits > 0, take("}"), let result = Unicode.Scalar(value) else {
        throw failure("\\u{…} must hold the hexadecimal number of a Unicode scalar", at: start)
      }
      return result
    }
    guard let value = hexDigits(count: 4) else {
      throw failure("\\u must be followed by four hexadecimal digits or {…}", at: start)
    }
    if (0xD800...0xDBFF).contains(value), peek == "\\", index + 1 < scalars.count,
      scalars[index + 1] == "u"
    {
      let saved = index
      index += 2
      if let low = hexDigits(count: 4), (0xDC00...0xDFFF).contains(low),
        let combined = Unicode.Scalar(0x10000 + (value - 0xD800) << 10 + (low - 0xDC00))
      {
        return combined
      }
      index = saved
    }
    guard let result = Unicode.Scalar(value) else {
      // A lone surrogate: no string of Unicode scalars holds one.
      throw failure(
        "\\u\(String(value, radix: 16)) is a lone surrogate, which no string holds", at: start)
    }
    return result
  }

  private mutating func hexDigits(count: Int) -> UInt32? {
    guard index + count <= scalars.count else { return nil }
    var value: UInt32 = 0
    for offset in 0..<count {
      guard let digit = scalars[index + offset].hexDigitValue else { return nil }
      value = value * 16 + digit
    }
    index += count
    return value
  }

  /// A character class, after its `[`, through the closing `]`.
  private mutating func characterClass() throws(SchemaPattern.Failure) -> ScalarSet {
    let start = index - 1
    let negated = take("^")
    var set = ScalarSet()
    while true {
      guard let scalar = peek else {
        throw failure("missing ']' for the class opened here", at: start)
      }
      if scalar == "]" {
        index += 1
        break
      }
      let low = try classAtom()
      if peek == "-", index + 1 < scalars.count, scalars[index + 1] != "]" {
        index += 1
        let high = try classAtom()
        switch (low, high) {
        case (.scalar(let low), .scalar(let high)):
          guard low.value <= high.value else {
            throw failure("the range \(low)-\(high) is out of order")
          }
          set.add(low.value...high.value)
        default:
          // Annex B: a class escape next to '-' leaves the '-' literal.
          set.add(low)
          set.add("-")
          set.add(high)
        }
      } else {
        set.add(low)
      }
    }
    return negated ? set.inverted : set
  }

  private mutating func classAtom() throws(SchemaPattern.Failure) -> ClassAtom {
    let scalar = scalars[index]
    index += 1
    guard scalar == "\\" else { return .scalar(scalar) }
    guard let next = peek else { throw failure("a pattern cannot end with '\\'") }
    switch next {
    case "b":
      index += 1
      return .scalar("\u{08}")
    case "-":
      index += 1
      return .scalar("-")
    default:
      if let set = try classEscape() { return .set(set) }
      if let digit = next.asciiDigit, digit > 0 {
        throw failure("a backreference or octal escape cannot be in a class")
      }
      return .scalar(try characterEscape())
    }
  }

  /// The tree with `\k<name>` references (numbered -1, -2 … in order) replaced by group numbers.
  private func resolveNames(_ node: PatternNode) throws(SchemaPattern.Failure) -> PatternNode {
    switch node {
    case .backreference(let group) where group < 0:
      let reference = namedReferences[-group - 1]
      guard let number = groupNames[reference.name] else {
        throw failure("\\k<\(reference.name)> refers to no group", at: reference.offset)
      }
      return .backreference(number)
    case .sequence(let nodes):
      var resolved: [PatternNode] = []
      for node in nodes { resolved.append(try resolveNames(node)) }
      return .sequence(resolved)
    case .alternation(let nodes):
      var resolved: [PatternNode] = []
      for node in nodes { resolved.append(try resolveNames(node)) }
      return .alternation(resolved)
    case .capture(let body, let group):
      return .capture(try resolveNames(body), group: group)
    case .repetition(let body, let minimum, let maximum, let greedy, let groups):
      return .repetition(
        try resolveNames(body), min: minimum, max: maximum, greedy: greedy, groups: groups)
    case .look(let body, let behind, let negated):
      return .look(try resolveNames(body), behind: behind, negated: negated)
    default:
      return node
    }
  }
}

/// One item of a character class.
enum ClassAtom {
  case scalar(Unicode.Scalar)
  case set(ScalarSet)
}

extension Unicode.Scalar {
  fileprivate var asciiDigit: Int? {
    ("0"..."9").contains(self) ? Int(value - 48) : nil
  }

  /// The value of the scalar as a hexadecimal digit, or nil.
  fileprivate var hexDigitValue: UInt32? {
    switch value {
    case 0x30...0x39: value - 0x30
    case 0x41...0x46: value - 0x41 + 10
    case 0x61...0x66: value - 0x61 + 10
    default: nil
    }
  }
}
