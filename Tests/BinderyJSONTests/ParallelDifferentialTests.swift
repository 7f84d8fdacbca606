import BinderyJSON
import Foundation
import Testing

// The parallel JSON Lines mode must tell the same story as the ordered stream: the same values
// in the same order, the same skipped values at the same places, the same error at the end.
// The inputs are generated to hold every defect a line can have, over enough bytes to make
// several batches, so that defects land at batch edges and in batches read again.

/// A deterministic source of choices (SplitMix64).
private struct Choices {
  var state: UInt64

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<count`.
  mutating func below(_ count: Int) -> Int { Int(next() % UInt64(count)) }

  /// True one time in `count`.
  mutating func oneIn(_ count: Int) -> Bool { below(count) == 0 }
}

/// What the transform throws for a value that asks for it.
private struct Refused: Error, CustomStringConvertible {
  let id: Int
  var description: String { "refused value \(id)" }
}

/// What the source of a stream throws when it breaks off.
private struct SourceBroke: Error, CustomStringConvertible {
  var description: String { "the source broke off" }
}

/// What a stream told, event by event, gathered from the iterating task and its reports.
private final class Story: @unchecked Sendable {
  // @unchecked: the lock guards `events`.
  private let lock = NSLock()
  private var events: [String] = []
  func add(_ event: String) { lock.withLock { events.append(event) } }
  var told: [String] { lock.withLock { events } }
}

@Suite("Parallel JSON Lines tell what the ordered stream tells")
struct ParallelDifferentialTests {
  /// The value limit the streams are given; some generated lines are longer.
  static let valueLimit = 6_000

  /// JSON Lines of about `size` bytes, with valid values of every size, and in some stretches
  /// values the transform refuses, invalid JSON, invalid UTF-8, blank lines, byte order marks
  /// and lines over the value limit (some longer than a batch); CRLF endings, a byte order
  /// mark at the start, and a last line that may lack its newline or be cut short.
  static func input(seed: UInt64, size: Int) -> [UInt8] {
    var choices = Choices(state: seed)
    var bytes: [UInt8] = choices.oneIn(3) ? [0xEF, 0xBB, 0xBF] : []
    let words = ["alpha", "béta", "日本語", "tab\\t", "quote\\\"", "\\u00e9", "emoji 😀", "x"]
    var id = 0
    // Stretches of 40 lines, one in six with bad lines: clean batches are read where they
    // are cut, the others again in order.
    var dirty = false
    while bytes.count < size {
      id += 1
      if id % 40 == 0 { dirty = choices.oneIn(6) }
      var line: [UInt8]
      let kind = dirty ? choices.below(18) : 10
      switch kind {
      case 0: line = Array("{\"id\": \(id), \"text\": }".utf8)  // invalid JSON
      case 1: line = Array("[1, 2".utf8)  // cut short
      case 2: line = Array("tru".utf8)
      case 3: line = [UInt8(ascii: "\""), 0xFF, 0xFE, UInt8(ascii: "\"")]  // invalid UTF-8
      case 4: line = []  // blank
      case 5: line = Array("   ".utf8)  // blank but for spaces
      case 6: line = Array("{\"id\": \(id), \"refuse\": true}".utf8)
      case 7: line = Array("{\"id\": \(id)} {\"id\": 0}".utf8)  // two values on a line
      case 8: line = [0xEF, 0xBB, 0xBF] + Array("{\"id\": \(id)}".utf8)  // a mark past the start
      case 9 where choices.oneIn(3):
        // Longer than a batch: dropped as it comes, before any batch holds it.
        let words = String(repeating: "long ", count: 14_000 + choices.below(14_000))
        line = Array("[\"\(words)\"]".utf8)
      default:
        // A value from a few bytes to past the value limit (a problem, where others are).
        let length = kind == 9 ? valueLimit + choices.below(3_000) : choices.below(1_500)
        var text = ""
        while text.utf8.count < length { text += words[choices.below(words.count)] + " " }
        let spacing = choices.oneIn(4) ? " " : ""
        let value = "{\"id\":\(spacing)\(id),\(spacing)\"text\":\(spacing)\"\(text)\""
        line = Array("\(value),\"n\":[\(id), \(Double(id) / 8)]}".utf8)
      }
      bytes += line
      bytes += choices.oneIn(5) ? [0x0D, 0x0A] : [0x0A]
    }
    switch choices.below(3) {
    case 0: bytes.removeLast()  // no newline after the last line
    case 1: bytes += Array("{\"id\": \(id + 1), \"text\": \"cut".utf8)  // a last line cut short
    default: break
    }
    return bytes
  }

  /// Every event of a stream over `bytes` with `options`, in the order the loop saw them. With
  /// `breaksAfter`, the source throws after that many bytes.
  static func story(
    of bytes: [UInt8], reading: JSONReadingOptions, options: JSONStreamOptions, chunkSize: Int,
    breaksAfter: Int?
  ) async -> [String] {
    let story = Story()
    var options = options
    if case .skip = options.invalidValues {
      options.invalidValues = .skip { skipped in
        let place = skipped.position
        story.add("skipped \(place.offset) \(place.line):\(place.column) \(skipped.error)")
      }
    }
    let chunks = AsyncThrowingStream<ArraySlice<UInt8>, any Error> { source in
      let end = min(bytes.count, breaksAfter ?? bytes.count)
      for start in stride(from: 0, to: end, by: chunkSize) {
        source.yield(bytes[start..<min(end, start + chunkSize)])
      }
      source.finish(throwing: breaksAfter == nil ? nil : SourceBroke())
    }
    let stream = JSONValueStream(
      chunks: chunks, framing: .lines, reading: reading, options: options
    ) { document -> String in
      let root = document.root
      if (try? root.member("refuse").bool()) == true {
        throw Refused(id: (try? root.member("id").integer(Int.self)) ?? -1)
      }
      return String(describing: root.value())
    }
    do {
      for try await value in stream { story.add("value \(value)") }
      story.add("end")
    } catch {
      story.add("error \(error)")
    }
    return story.told
  }

  @Test(
    "Same values, skips and errors as in order, for inputs with every kind of bad line and sources that break off",
    arguments: [UInt64(1), 2, 3])
  func sameStory(seed: UInt64) async throws {
    let bytes = Self.input(seed: seed, size: 1_000_000)
    for (blankLines, skips, chunkSize, mark, breaksAfter) in [
      (false, false, 1_000, false, nil), (false, true, 70_000, false, nil),
      (true, true, 100_000, false, nil), (true, false, 100_000, true, nil),
      (false, true, 100_000, true, nil), (true, true, 70_000, true, nil),
      (false, true, 1_000, true, 700_001), (true, true, 100_000, false, 432_109),
    ] as [(Bool, Bool, Int, Bool, Int?)] {
      let policy: JSONInvalidValuePolicy = skips ? .skip { _ in } : .stop
      var reading = JSONReadingOptions.strict
      reading.allowsByteOrderMark = mark
      // Batches of about 64 KiB (the least), so that a megabyte makes many. Chunks smaller
      // than that are read in order while no batch is in flight.
      let ordered = JSONStreamOptions(
        maxValueSize: Self.valueLimit, allowsBlankLines: blankLines, chunkSize: 16 << 10,
        invalidValues: policy)
      var parallel = ordered
      parallel.parallelism = 3
      let inOrder = await Self.story(
        of: bytes, reading: reading, options: ordered, chunkSize: chunkSize,
        breaksAfter: breaksAfter)
      let inBatches = await Self.story(
        of: bytes, reading: reading, options: parallel, chunkSize: chunkSize,
        breaksAfter: breaksAfter)
      let setting = """
        seed \(seed), blank lines \(blankLines), skips \(skips), chunks \(chunkSize), \
        mark \(mark), breaks after \(breaksAfter.map(String.init) ?? "none")
        """
      if skips, breaksAfter != nil {
        #expect(inOrder.last == "error the source broke off", "\(setting)")
      }
      if skips {
        // Skipping reads to the end: many values, and skips of every kind.
        #expect(inOrder.filter { $0.hasPrefix("value") }.count > 200, "\(setting)")
        #expect(inOrder.filter { $0.hasPrefix("skipped") }.count > 20, "\(setting)")
      }
      #expect(inBatches.count == inOrder.count, "\(setting)")
      if let first = zip(inOrder, inBatches).enumerated().first(where: { $1.0 != $1.1 })?.offset {
        Issue.record(
          """
          \(setting): event \(first) differs
            in order:   \(inOrder[first])
            in batches: \(inBatches[first])
          """)
      }
    }
  }
}
