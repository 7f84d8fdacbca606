// run.sh compiles this file together with the core's sources into one module (SwiftPM's
// executables rename `main`, which clashes with libFuzzer's), so the import is conditional.
#if !FUZZ_SINGLE_MODULE
  import BinderyJSON
#endif

/// Every reading option set the fuzzer cycles through, chosen by the first input byte.
private let optionSets: [JSONReadingOptions] = [
  .strict,
  .json5,
  JSONReadingOptions(allowsEscapedApostrophe: true, duplicateKeys: .lastWins),
  JSONReadingOptions(allowsJSONP: true, allowsAntiXSSIPrefix: true, allowsByteOrderMark: true),
  JSONReadingOptions(invalidUnicode: .replace, duplicateKeys: .reject, maxDepth: 16),
  JSONReadingOptions(
    allowsJSON5: true, allowsEscapedApostrophe: true, allowsJSONP: true, allowsAntiXSSIPrefix: true,
    allowsByteOrderMark: true, invalidUnicode: .replace, duplicateKeys: .firstWins, maxDepth: 64,
    maxSize: 1 << 16),
]

/// Reads the input as a stream (see `checkStreams`), then as a document with one option set;
/// on success reads every value through the cursor, converts to JSONValue, writes it, reads
/// the output back strictly and checks it is equal.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
  guard let selector = bytes.first else { return 0 }
  let options = optionSets[Int(selector) % optionSets.count]
  let input = Array(bytes.dropFirst())
  checkStreams(input, options: options, selector: selector)
  guard let document = try? JSONDocument(parsing: input, options: options) else { return 0 }
  walk(document.root)
  let value = document.root.value()
  var writing = JSONWritingOptions(nonFiniteNumbers: .literals)
  writing.maxDepth = .max
  // Writing the document from its cursor follows the same duplicate-key policy as the value.
  var streamed = JSONWriter(options: writing)
  guard (try? streamed.value(document.root)) != nil, let fromCursor = try? streamed.finish(),
    let fromValue = try? value.jsonBytes(options: writing), fromCursor == fromValue
  else {
    fatalError("the cursor and the value it reads were written differently")
  }
  // The writer's escaping paths: slashes and non-ASCII as escapes, chosen by the high bits.
  writing.escapesSlashes = selector & 0x40 != 0
  writing.asciiOnly = selector & 0x80 != 0
  for sorted in [false, true] {
    writing.sortsKeys = sorted
    writing.prettyPrinted = sorted
    guard let written = try? value.jsonBytes(options: writing) else {
      fatalError("a read value could not be written")
    }
    var readBack = JSONReadingOptions.json5  // JSON5 only for Infinity and NaN
    readBack.maxDepth = .max
    guard let again = try? JSONValue(parsing: written, options: readBack) else {
      fatalError("written output did not read back: \(String(decoding: written, as: UTF8.self))")
    }
    if again != value && !containsNaN(value) {
      fatalError("round trip changed the value")
    }
  }
  _ = value.description
  return 0
}

private func walk(_ cursor: JSONCursor) {
  switch cursor.kind {
  case .null, .bool:
    _ = try? cursor.bool()
  case .number:
    // The reader's conversion must agree bit for bit with the standard library's.
    if let text = try? cursor.numberText(), let expected = Double(text), expected.isFinite,
      !text.contains("x"), !text.contains("X")
    {
      guard let actual = try? cursor.double(), actual.bitPattern == expected.bitPattern else {
        fatalError("\(text) read as \(String(describing: try? cursor.double())), not \(expected)")
      }
    }
    _ = try? cursor.integer(Int64.self)
    _ = try? cursor.integer(UInt8.self)
    _ = try? cursor.numberText()
  case .string:
    if let text = try? cursor.string() { requireValidUTF8(text, "a string") }
    _ = try? JSONPath(parsing: (try? cursor.string()) ?? "")
    _ = try? JSONPath(pointer: (try? cursor.string()) ?? "")
  case .array:
    guard let elements = try? cursor.elements() else { fatalError("an array has no elements") }
    for element in elements { walk(element) }
  case .object:
    guard let members = try? cursor.members() else { fatalError("an object has no members") }
    // Member lookup must pick the member a plain scan picks under the document's policy.
    let lastWins = cursor.document.options.duplicateKeys == .lastWins
    var chosen: [String: Int] = [:]
    for member in members where lastWins || chosen[member.key] == nil {
      chosen[member.key] = member.value.offset
    }
    for member in members {
      requireValidUTF8(member.key, "a key")
      guard let found = cursor[member.key], found.offset == chosen[member.key] else {
        fatalError("member '\(member.key)' not found where a scan finds it")
      }
      _ = member.value.path
      walk(member.value)
    }
  }
}

/// Strings are made without a second UTF-8 check: each must be valid, so reading its bytes
/// again changes nothing.
private func requireValidUTF8(_ text: String, _ what: String) {
  let bytes = Array(text.utf8)
  guard Array(String(decoding: bytes, as: UTF8.self).utf8) == bytes else {
    fatalError("\(what) read is not valid UTF-8: \(bytes)")
  }
}

private func containsNaN(_ value: JSONValue) -> Bool {
  switch value {
  case .number(let number): return number.text == "NaN"
  case .array(let elements): return elements.contains(where: containsNaN)
  case .object(let object): return object.values.contains(where: containsNaN)
  default: return false
  }
}

// MARK: Streams

/// What a stream reader gave, call by call: each value and where it starts, or each error and
/// whether the stream could go on after it.
private enum StreamStep: Equatable {
  case value(JSONValue, line: Int, column: Int)
  case error(String, canContinue: Bool)
}

/// Reads `input` as a stream three ways, whole and in chunks of two sizes, and requires the
/// same values and errors from each: where the chunks end must change nothing. For JSON Lines
/// without a small limit or blank lines allowed, each line must also read as a document of
/// that line does.
private func checkStreams(_ input: [UInt8], options: JSONReadingOptions, selector: UInt8) {
  let framings: [JSONStreamFraming] = [.lines, .concatenated, .array]
  let framing = framings[Int(selector >> 3) % framings.count]
  var limits = JSONStreamOptions()
  limits.allowsBlankLines = selector & 0x20 != 0
  // A small limit now and then, so that values over it are passed over in every framing.
  if selector & 0x18 == 0x18 { limits.maxValueSize = 24 }
  let whole = streamSteps(input, framing: framing, options: options, limits: limits, chunk: nil)
  for chunk in [1, 7] {
    let chunked = streamSteps(
      input, framing: framing, options: options, limits: limits, chunk: chunk)
    guard chunked == whole else {
      fatalError("a \(framing) stream read in chunks of \(chunk) gave \(chunked), whole \(whole)")
    }
  }
  guard case .lines = framing, limits.maxValueSize > input.count, !limits.allowsBlankLines
  else { return }
  // Each line alone, as a document reads it (the stream's errors carry the input's lines,
  // so only whether a line failed is compared).
  var lines = input.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
  if lines.last?.isEmpty == true { lines.removeLast() }
  var steps = whole[...]
  for (index, line) in lines.enumerated() {
    var text = Array(line)
    if text.last == UInt8(ascii: "\r") { text.removeLast() }
    var reading = options
    reading.allowsUTF16AndUTF32 = false
    if index > 0 { reading.allowsByteOrderMark = false }
    let expected = try? JSONDocument(parsing: text, options: reading).root.value()
    guard let step = steps.popFirst() else {
      fatalError("line \(index + 1) of a JSON Lines stream gave nothing")
    }
    switch (step, expected) {
    case (.value(let value, _, _), let expected?) where value == expected || containsNaN(value):
      continue
    case (.error(_, canContinue: true), nil):
      continue
    case (.error(_, canContinue: false), _):
      return  // the stream ended; the rest is not read
    default:
      fatalError(
        "line \(index + 1) streamed as \(step), read alone as \(String(describing: expected))")
    }
  }
}

/// The steps of one stream read: the input appended whole, or `chunk` bytes at a time with
/// every value taken after each append.
private func streamSteps(
  _ input: [UInt8], framing: JSONStreamFraming, options: JSONReadingOptions,
  limits: JSONStreamOptions, chunk: Int?
) -> [StreamStep] {
  var reader = JSONStreamReader(framing: framing, reading: options, options: limits)
  var steps: [StreamStep] = []
  func drain() -> Bool {
    while true {
      // Every value or error takes at least one byte; more of them than bytes means the
      // reader is not moving on.
      if steps.count > input.count + 1 { fatalError("a \(framing) stream does not move on") }
      do {
        guard let document = try reader.next() else { return true }
        let position = document.position
        steps.append(.value(document.root.value(), line: position.line, column: position.column))
      } catch {
        // Its kind and place; the text it quotes is what had arrived, which chunks change.
        let place = error.location.map { "\($0.offset) \($0.line):\($0.column)" } ?? "-"
        let path = error.path.map { "\($0)" } ?? "-"
        steps.append(.error("\(error.kind) at \(place) \(path)", canContinue: reader.canContinue))
        if !reader.canContinue { return false }
      }
    }
  }
  if let chunk {
    var start = 0
    while start < input.count {
      let end = min(start + chunk, input.count)
      reader.append(input[start..<end])
      start = end
      guard drain() else { return steps }
    }
  } else {
    reader.append(input)
  }
  reader.finish()
  if drain(), !reader.isAtEnd { fatalError("a finished \(framing) stream is not at its end") }
  return steps
}
