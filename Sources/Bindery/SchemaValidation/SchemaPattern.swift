/// A schema's `pattern` (or `patternProperties` key): an ECMA-262 regular expression, as JSON
/// Schema specifies, with the `u` flag's semantics (matching by Unicode scalar; `\d`, `\w` and
/// `\b` ASCII only; `$` at the very end only). A pattern matches a string when it matches part
/// of it.
///
/// `PatternParser` reads the pattern (its notes say which syntax is accepted); the tree is
/// compiled to a small program run by a backtracking matcher over the string's UTF-8 bytes.
/// Time is bounded for every pattern:
/// - without backreferences, the matcher remembers each (instruction, position) it has tried,
///   so no state is explored twice and a match takes at most instructions × (bytes + 1) steps
///   (lookaround bodies are searched again after one succeeds, still a bounded number of times);
/// - with backreferences (where what a group captured decides the outcome) and on strings too
///   long to keep that memory for, it backtracks freely up to `stepLimit` steps and gives up
///   with `nil` rather than run on.
struct SchemaPattern: Sendable {
  /// The pattern as the schema wrote it.
  let source: String
  private let program: PatternProgram

  /// Why a pattern does not compile.
  struct Failure: Error {
    var message: String
  }

  /// The largest count a `{n,m}` may give (larger ones are refused, not truncated).
  static let repetitionLimit = 10_000
  /// The longest program a pattern may compile to (counted repetitions are written out).
  static let instructionLimit = 100_000
  /// The most steps a match may take when it cannot remember the states it tried (or 64 per
  /// byte of the string, if that is more).
  static let stepLimit = 10_000_000
  /// The most memory (in bits) a match may use to remember the states it tried.
  static let memoryLimit = 1 << 28

  /// For a pattern that is one run of a set over the whole string (`^[A-Za-z0-9_]{1,15}$`,
  /// `^[0-9]+$`, `^[^<>]*$`): the set and the run's bounds. Most patterns of API fields have
  /// this form, and it is decided in one pass over the scalars, without the matcher.
  private let wholeRun: (set: ScalarSet, min: Int, max: Int?)?

  init(_ pattern: String) throws(Failure) {
    source = pattern
    var parser = PatternParser(pattern)
    let tree = try parser.parse()
    var compiler = PatternCompiler(groupCount: parser.groupCount)
    program = try compiler.compile(tree, remembersStates: !parser.hasBackreference)
    wholeRun = Self.wholeRun(tree)
  }

  /// The set and bounds of `^X$` where `X` is a set or scalar, repeated or not, without groups.
  private static func wholeRun(_ tree: PatternNode) -> (set: ScalarSet, min: Int, max: Int?)? {
    guard case .sequence(let parts) = tree, parts.count == 3, case .start = parts[0],
      case .end = parts[2]
    else { return nil }
    func set(_ node: PatternNode) -> ScalarSet? {
      switch node {
      case .set(let set): return set
      case .scalar(let scalar): return ScalarSet(scalar)
      default: return nil
      }
    }
    switch parts[1] {
    case .repetition(let atom, let min, let max, _, let groups) where groups.isEmpty:
      // Greedy or lazy, a run anchored at both ends matches the same strings.
      return set(atom).map { ($0, min, max) }
    default:
      return set(parts[1]).map { ($0, 1, 1) }
    }
  }

  /// Whether the pattern matches part of `text`; nil when that could not be decided within the
  /// step limit (a pattern with backreferences that backtracks without end).
  func matches(_ text: String) -> Bool? {
    var text = text
    return text.withUTF8 { bytes in
      if let run = wholeRun { return Self.isRun(bytes, of: run.set, min: run.min, max: run.max) }
      var matcher = PatternMatcher(program: program, text: bytes)
      return matcher.search()
    }
  }

  /// Whether valid UTF-8 `bytes` are `min` to `max` scalars, each in `set`.
  private static func isRun(
    _ bytes: UnsafeBufferPointer<UInt8>, of set: ScalarSet, min: Int, max: Int?
  ) -> Bool {
    var count = 0
    var index = 0
    let limit = max ?? Int.max
    while index < bytes.count {
      let lead = bytes[index]
      var value = UInt32(lead)
      var length = 1
      if lead >= 0x80 {
        // A string's bytes are valid UTF-8: the lead byte gives the length.
        length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        value &= UInt32(0x7F) >> UInt32(length)
        for offset in 1..<length {
          value = value << 6 | UInt32(bytes[index &+ offset] & 0x3F)
        }
      }
      guard let scalar = Unicode.Scalar(value), set.contains(scalar) else { return false }
      count &+= 1
      if count > limit { return false }
      index &+= length
    }
    return count >= min
  }
}

/// One instruction of a compiled pattern.
enum PatternInstruction: Sendable {
  /// Consume this scalar (backwards inside a lookbehind).
  case scalar(Unicode.Scalar, backward: Bool)
  /// Consume a scalar in `sets[index]`.
  case set(Int, backward: Bool)
  /// Go on at the first target; if that fails, at the second.
  case split(Int, Int)
  case jump(Int)
  /// Record the position in capture slot `n` (group `n / 2`, start or end).
  case save(Int)
  /// Forget what groups `range` captured (a quantified group's captures reset at each iteration).
  case clear(Range<Int>)
  case assertStart
  case assertEnd
  case wordBoundary(negated: Bool)
  /// Run `looks[index]`'s body at the current position, then go on after it or fail.
  case look(Int)
  /// Consume the text group `n` captured (nothing if it captured nothing).
  case backreference(Int, backward: Bool)
  /// Remember the position in register `n` at the start of an optional iteration…
  case mark(Int)
  /// …and fail if the iteration consumed nothing (ECMA-262's empty check).
  case progress(Int)
  /// The end of a lookaround body.
  case succeed
  /// The end of the pattern.
  case match
}

/// A compiled pattern.
struct PatternProgram: Sendable {
  var instructions: [PatternInstruction] = []
  var sets: [ScalarSet] = []
  /// Each set's ASCII members, a bit each (read without touching the set's arrays).
  var asciiMaps: [(UInt64, UInt64)] = []
  /// Each lookaround: where its body starts and where the program goes on after it.
  var looks: [(body: Int, next: Int, negated: Bool)] = []
  var groupCount = 0
  var registerCount = 0
  /// Whether matching may remember tried states (the pattern has no backreference).
  var remembersStates = true
  /// Where the search loop starts (before it, instructions of lookaround bodies).
  var entry = 0
  /// The instructions of the top level, outside every lookaround body.
  var topLevel: Range<Int> = 0..<0
}

/// Turns a `PatternNode` into a `PatternProgram`.
struct PatternCompiler {
  private var program = PatternProgram()
  private var pendingLooks: [(index: Int, body: PatternNode, behind: Bool)] = []

  init(groupCount: Int) {
    program.groupCount = groupCount
  }

  mutating func compile(
    _ tree: PatternNode, remembersStates: Bool
  ) throws(SchemaPattern.Failure) -> PatternProgram {
    program.remembersStates = remembersStates
    // The search: try a match at each position in turn (`.*?` before the pattern, lazily).
    let loop = program.instructions.count
    try emit(.split(loop + 3, loop + 1))
    try emit(.set(addSet(.any), backward: false))
    try emit(.jump(loop))
    try emit(.save(0))
    try emit(tree, backward: false)
    try emit(.save(1))
    try emit(.match)
    program.topLevel = 0..<program.instructions.count
    // A pattern that can only match at the start needs no search loop.
    program.entry = Self.isAnchored(tree) ? loop + 3 : loop
    // Lookaround bodies after the top level, each ending in `succeed`.
    while let pending = pendingLooks.popLast() {
      let body = program.instructions.count
      try emit(pending.body, backward: pending.behind)
      try emit(.succeed)
      program.looks[pending.index].body = body
    }
    return program
  }

  private static func isAnchored(_ node: PatternNode) -> Bool {
    switch node {
    case .start: true
    case .sequence(let nodes): nodes.first.map(isAnchored) ?? false
    case .capture(let body, _): isAnchored(body)
    case .alternation(let alternatives): alternatives.allSatisfy(isAnchored)
    default: false
    }
  }

  private mutating func emit(_ instruction: PatternInstruction) throws(SchemaPattern.Failure) {
    guard program.instructions.count < SchemaPattern.instructionLimit else {
      throw SchemaPattern.Failure(
        message: "the pattern is too large once its counted repetitions are written out "
          + "(more than \(SchemaPattern.instructionLimit) steps)")
    }
    program.instructions.append(instruction)
  }

  private mutating func addSet(_ set: ScalarSet) -> Int {
    program.sets.append(set)
    program.asciiMaps.append(set.asciiMap)
    return program.sets.count - 1
  }

  private mutating func patch(_ at: Int, _ instruction: PatternInstruction) {
    program.instructions[at] = instruction
  }

  private mutating func emit(_ node: PatternNode, backward: Bool) throws(SchemaPattern.Failure) {
    switch node {
    case .empty:
      break
    case .scalar(let scalar):
      try emit(.scalar(scalar, backward: backward))
    case .set(let set):
      try emit(.set(addSet(set), backward: backward))
    case .sequence(let nodes):
      // A lookbehind matches right to left: its terms in reverse order.
      for node in backward ? nodes.reversed() : nodes { try emit(node, backward: backward) }
    case .alternation(let alternatives):
      var jumpsToEnd: [Int] = []
      for (offset, alternative) in alternatives.enumerated() {
        if offset == alternatives.count - 1 {
          try emit(alternative, backward: backward)
        } else {
          let split = program.instructions.count
          try emit(.split(split + 1, 0))
          try emit(alternative, backward: backward)
          jumpsToEnd.append(program.instructions.count)
          try emit(.jump(0))
          patch(split, .split(split + 1, program.instructions.count))
        }
      }
      for jump in jumpsToEnd { patch(jump, .jump(program.instructions.count)) }
    case .capture(let body, let group):
      try emit(.save(backward ? 2 * group + 1 : 2 * group))
      try emit(body, backward: backward)
      try emit(.save(backward ? 2 * group : 2 * group + 1))
    case .repetition(let body, let minimum, let maximum, let greedy, let groups):
      try emitRepetition(body, minimum, maximum, greedy, groups, backward: backward)
    case .start:
      try emit(.assertStart)
    case .end:
      try emit(.assertEnd)
    case .wordBoundary(let negated):
      try emit(.wordBoundary(negated: negated))
    case .look(let body, let behind, let negated):
      let index = program.looks.count
      try emit(.look(index))
      program.looks.append((body: 0, next: program.instructions.count, negated: negated))
      pendingLooks.append((index, body, behind))
    case .backreference(let group):
      try emit(.backreference(group, backward: backward))
    }
  }

  private mutating func emitRepetition(
    _ body: PatternNode, _ minimum: Int, _ maximum: Int?, _ greedy: Bool, _ groups: Range<Int>,
    backward: Bool
  ) throws(SchemaPattern.Failure) {
    let clear = groups.isEmpty ? nil : PatternInstruction.clear(groups)
    for _ in 0..<minimum {
      if let clear { try emit(clear) }
      try emit(body, backward: backward)
    }
    if maximum == minimum { return }
    let register = program.registerCount
    program.registerCount += 1
    func choice(body: Int, exit: Int) -> PatternInstruction {
      greedy ? .split(body, exit) : .split(exit, body)
    }
    guard let maximum else {
      let loop = program.instructions.count
      try emit(.split(0, 0))
      try emit(.mark(register))
      if let clear { try emit(clear) }
      try emit(body, backward: backward)
      try emit(.progress(register))
      try emit(.jump(loop))
      patch(loop, choice(body: loop + 1, exit: program.instructions.count))
      return
    }
    // `x{n,m}` past its minimum: m - n optional copies, each one's absence skipping the rest.
    var splits: [Int] = []
    for _ in minimum..<maximum {
      splits.append(program.instructions.count)
      try emit(.split(0, 0))
      try emit(.mark(register))
      if let clear { try emit(clear) }
      try emit(body, backward: backward)
      try emit(.progress(register))
    }
    let exit = program.instructions.count
    for at in splits { patch(at, choice(body: at + 1, exit: exit)) }
  }
}

/// Runs a `PatternProgram` over a string's UTF-8 bytes (positions are byte offsets; the string
/// is valid UTF-8, so a scalar is decoded without checks).
struct PatternMatcher: ~Copyable {
  private let program: PatternProgram
  private let text: UnsafeBufferPointer<UInt8>
  /// Positions a state can have: `text.count + 1`.
  private let width: Int
  private let remembers: Bool
  private let stepLimit: Int
  private var steps = 0
  private var captures: [Int]
  private var registers: [Int]
  private var frames: [Frame]
  /// Top-level states tried, a bit per (instruction, position).
  private var tried: [UInt64] = []
  /// Lookaround body states tried, stamped with the body's generation (bumped when a search of
  /// the body succeeds: the states it went through are then not known to fail).
  private var lookStamps: [UInt32] = []
  private var lookGenerations: [UInt32] = []
  /// Each lookaround's outcome at each position: 0 not yet known, 1 matched, 2 not.
  private var lookOutcomes: [UInt8] = []

  private enum Frame {
    case resume(Int, Int)
    case slot(Int, Int)
    case register(Int, Int)
  }

  private enum Outcome {
    case matched
    case failed
    case undecided
  }

  /// - Precondition: `text` is valid UTF-8 and outlives the matcher.
  init(program: PatternProgram, text: UnsafeBufferPointer<UInt8>) {
    self.program = program
    self.text = text
    width = text.count + 1
    frames = []
    frames.reserveCapacity(16)
    let topStates = program.topLevel.count.multipliedReportingOverflow(by: width)
    let lookStates = (program.instructions.count - program.topLevel.count)
      .multipliedReportingOverflow(by: width)
    let memory = topStates.partialValue + 32 * lookStates.partialValue
    remembers =
      program.remembersStates && !topStates.overflow && !lookStates.overflow
      && lookStates.partialValue <= SchemaPattern.memoryLimit / 32
      && memory <= SchemaPattern.memoryLimit
    // Captures and registers matter only when states are not remembered.
    captures = remembers ? [] : Self.filled(-1, 2 * (program.groupCount + 1))
    registers = remembers ? [] : Self.filled(-1, program.registerCount)
    if remembers {
      tried = Self.filled(0, (topStates.partialValue + 63) / 64)
      if !program.looks.isEmpty {
        lookStamps = Self.filled(0, lookStates.partialValue)
        lookGenerations = Self.filled(1, program.looks.count)
        lookOutcomes = Self.filled(0, program.looks.count * width)
      }
      // Each state is tried once; lookaround bodies may be searched again after a success.
      stepLimit = Swift.max(SchemaPattern.stepLimit, 8 * memory)
    } else {
      // Enough for any pattern that backtracks little, on however long a string.
      stepLimit = Swift.max(SchemaPattern.stepLimit, 64 * width)
    }
  }

  /// `count` copies of `value` (`Array(repeating:count:)` costs a generic allocation here).
  private static func filled<Element: FixedWidthInteger>(_ value: Element, _ count: Int)
    -> [Element]
  {
    var array: [Element] = []
    array.reserveCapacity(count)
    for _ in 0..<count { array.append(value) }
    return array
  }

  /// Whether the pattern matches part of the text; nil when the step limit ran out first.
  mutating func search() -> Bool? {
    switch run(from: program.entry, at: 0, look: nil) {
    case .matched: true
    case .failed: false
    case .undecided: nil
    }
  }

  private mutating func run(from start: Int, at position: Int, look: Int?) -> Outcome {
    let base = frames.count
    defer { frames.removeLast(frames.count - base) }
    frames.append(.resume(start, position))
    let generation = remembers ? look.map { lookGenerations[$0] } ?? 0 : 0
    let lookBase = program.topLevel.count
    while frames.count > base {
      let pc: Int
      let position: Int
      switch frames.removeLast() {
      case .slot(let slot, let value):
        captures[slot] = value
        continue
      case .register(let register, let value):
        registers[register] = value
        continue
      case .resume(let resumePC, let resumePosition):
        pc = resumePC
        position = resumePosition
      }
      switch thread(pc, position, look: look, generation: generation, lookBase: lookBase) {
      case .matched: return .matched
      case .undecided: return .undecided
      case .failed: continue
      }
    }
    return .failed
  }

  /// Runs one thread until it fails or reaches the end (later choices are left as frames).
  private mutating func thread(
    _ startPC: Int, _ startPosition: Int, look: Int?, generation: UInt32, lookBase: Int
  ) -> Outcome {
    var pc = startPC
    var position = startPosition
    // Read once per thread: the loop below then touches no reference counts.
    let instructions = program.instructions
    let asciiMaps = program.asciiMaps
    while true {
      steps &+= 1
      if steps > stepLimit { return .undecided }
      // A state reached twice is reached through a choice: remembering the choices suffices.
      if remembers, case .split = instructions[pc] {
        if look == nil {
          let state = pc &* width &+ position
          let bit: UInt64 = 1 << UInt64(state & 63)
          if tried[state >> 6] & bit != 0 { return .failed }
          tried[state >> 6] |= bit
        } else {
          let state = (pc &- lookBase) &* width &+ position
          if lookStamps[state] == generation { return .failed }
          lookStamps[state] = generation
        }
      }
      let instruction = instructions[pc]
      switch instruction {
      case .scalar(let expected, let backward):
        guard let (scalar, next) = decode(at: position, backward: backward), scalar == expected
        else { return .failed }
        position = next
        pc &+= 1
      case .set(let index, let backward):
        guard let (scalar, next) = decode(at: position, backward: backward) else { return .failed }
        if scalar.value < 128 {
          let map = asciiMaps[index]
          let bits =
            scalar.value < 64 ? map.0 >> UInt64(scalar.value) : map.1 >> UInt64(scalar.value - 64)
          guard bits & 1 != 0 else { return .failed }
        } else {
          guard program.sets[index].contains(scalar) else { return .failed }
        }
        position = next
        pc &+= 1
      case .split(let first, let second):
        frames.append(.resume(second, position))
        pc = first
      case .jump(let target):
        pc = target
      case .save(let slot):
        if !remembers {
          frames.append(.slot(slot, captures[slot]))
          captures[slot] = position
        }
        pc &+= 1
      case .clear(let groups):
        if !remembers {
          for slot in 2 * groups.lowerBound..<2 * groups.upperBound where captures[slot] != -1 {
            frames.append(.slot(slot, captures[slot]))
            captures[slot] = -1
          }
        }
        pc &+= 1
      case .assertStart:
        guard position == 0 else { return .failed }
        pc &+= 1
      case .assertEnd:
        guard position == text.count else { return .failed }
        pc &+= 1
      case .wordBoundary(let negated):
        let before = position > 0 && Self.isWordByte(text[position - 1])
        let after = position < text.count && Self.isWordByte(text[position])
        guard (before != after) != negated else { return .failed }
        pc &+= 1
      case .look(let index):
        guard let matched = lookAround(index, at: position) else { return .undecided }
        guard matched != program.looks[index].negated else { return .failed }
        pc = program.looks[index].next
      case .backreference(let group, let backward):
        let start = captures[2 * group]
        let end = captures[2 * group + 1]
        if start >= 0, end >= start {
          let length = end - start
          let from = backward ? position - length : position
          guard from >= 0, from + length <= text.count else { return .failed }
          for offset in 0..<length where text[from + offset] != text[start + offset] {
            return .failed
          }
          position = backward ? from : from + length
        }
        pc &+= 1
      case .mark(let register):
        if !remembers {
          frames.append(.register(register, registers[register]))
          registers[register] = position
        }
        pc &+= 1
      case .progress(let register):
        // With states remembered, an empty iteration returns to a state already tried.
        if !remembers, registers[register] == position { return .failed }
        pc &+= 1
      case .succeed, .match:
        return .matched
      }
    }
  }

  /// Whether lookaround `index`'s body matches at `position` (nil: the step limit ran out).
  /// A positive lookaround's captures stay, undone when the matcher backtracks past it.
  private mutating func lookAround(_ index: Int, at position: Int) -> Bool? {
    if remembers {
      switch lookOutcomes[index * width + position] {
      case 1: return true
      case 2: return false
      default: break
      }
    }
    let before = remembers ? [] : captures
    switch run(from: program.looks[index].body, at: position, look: index) {
    case .undecided:
      return nil
    case .failed:
      if remembers { lookOutcomes[index * width + position] = 2 }
      return false
    case .matched:
      if remembers {
        lookOutcomes[index * width + position] = 1
        lookGenerations[index] &+= 1
      } else if program.looks[index].negated {
        captures = before
      } else {
        for slot in captures.indices where captures[slot] != before[slot] {
          frames.append(.slot(slot, before[slot]))
        }
      }
      return true
    }
  }

  /// The scalar after (or before) `position` and the position past it.
  @inline(__always)
  private func decode(at position: Int, backward: Bool) -> (Unicode.Scalar, Int)? {
    var start = position
    if backward {
      guard position > 0 else { return nil }
      start -= 1
      while text[start] & 0xC0 == 0x80 { start -= 1 }
    } else if position >= text.count {
      return nil
    }
    let lead = UInt32(text[start])
    var value: UInt32
    var length: Int
    switch lead {
    case 0..<0x80: return (Unicode.Scalar(UInt8(lead)), backward ? start : start + 1)
    case 0xC0..<0xE0: (value, length) = (lead & 0x1F, 2)
    case 0xE0..<0xF0: (value, length) = (lead & 0x0F, 3)
    default: (value, length) = (lead & 0x07, 4)
    }
    for offset in 1..<length {
      value = value << 6 | UInt32(text[start + offset] & 0x3F)
    }
    // Valid UTF-8 decodes to a scalar value; U+FFFD stands in if it somehow did not.
    let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
    return (scalar, backward ? start : start + length)
  }

  /// Whether a byte is a `\w` character (which are all ASCII).
  private static func isWordByte(_ byte: UInt8) -> Bool {
    byte < 0x80 && ScalarSet.word.contains(Unicode.Scalar(byte))
  }
}
