import BinderyJSON
import Foundation
import Testing

/// Counts the `Tracked` values alive, from whichever task makes or frees them.
private final class LiveCount: Sendable {
  private let lock = NSLock()
  nonisolated(unsafe) private var count = 0
  func add(_ delta: Int) { lock.withLock { count += delta } }
  var value: Int { lock.withLock { count } }
}

/// A value that reports its own lifetime.
private final class Tracked: Sendable {
  let number: Int
  let label: String
  private let live: LiveCount

  init(number: Int, label: String, live: LiveCount) {
    self.number = number
    self.label = label
    self.live = live
    live.add(1)
  }

  deinit { live.add(-1) }
}

/// What a stream handed out and skipped, in the order it did.
private final class Reports: Sendable {
  private let lock = NSLock()
  nonisolated(unsafe) private var items: [String] = []
  func add(_ item: String) { lock.withLock { items.append(item) } }
  var all: [String] { lock.withLock { items } }
}

@Suite("Parallel JSON Lines")
struct ParallelStreamTests {
  /// Lines of `{"n": i, "label": "…"}`, long enough labels to live on the heap.
  private static func lines(_ count: Int) -> [UInt8] {
    var text = ""
    for number in 0..<count {
      text += "{\"n\": \(number), \"label\": \"value number \(number) of a parallel stream\"}\n"
    }
    return Array(text.utf8)
  }

  @Test("Values come in order; those kept stay whole; the rest are freed as the stream goes")
  func lifetimes() async throws {
    let live = LiveCount()
    let count = 60_000
    var mostAlive = 0
    var kept: [Tracked] = []
    do {
      let stream = JSONValueStream(
        chunks: JSONByteChunks(Self.lines(count), chunkSize: 4096), framing: .lines,
        options: JSONStreamOptions(chunkSize: 1, parallelism: 3)
      ) { document in
        Tracked(
          number: try document.root.member("n").integer(Int.self),
          label: try document.root.member("label").string(), live: live)
      }
      var expected = 0
      for try await value in stream {
        #expect(value.number == expected)
        expected += 1
        if value.number % 97 == 0 { kept.append(value) }
        mostAlive = max(mostAlive, live.value - kept.count)
      }
      #expect(expected == count)
      // Batches of about 1,000 values, at most six in flight: values handed out and dropped
      // are freed while the stream goes on, not held to its end.
      #expect(mostAlive < 15_000)
    }
    // Batches read on other tasks are freed by later batches or with the stream: once the
    // stream is gone, only the kept values are alive, and intact.
    #expect(live.value == kept.count)
    #expect(kept.map(\.number) == Array(stride(from: 0, to: count, by: 97)))
    #expect(kept.allSatisfy { $0.label == "value number \($0.number) of a parallel stream" })
    kept.removeAll()
    #expect(live.value == 0)
  }

  @Test("A stream left early frees the values of the batches in flight")
  func leftEarly() async throws {
    let live = LiveCount()
    do {
      let stream = JSONValueStream(
        chunks: JSONByteChunks(Self.lines(20_000), chunkSize: 4096), framing: .lines,
        options: JSONStreamOptions(chunkSize: 1, parallelism: 2)
      ) { document in
        Tracked(number: try document.root.member("n").integer(Int.self), label: "", live: live)
      }
      var seen = 0
      for try await value in stream {
        #expect(value.number == seen)
        seen += 1
        if seen == 5_000 { break }
      }
    }
    // The batches still running finish on their tasks, and free their values when cancelled
    // results are dropped.
    for _ in 0..<200 where live.value != 0 { try await Task.sleep(for: .milliseconds(10)) }
    #expect(live.value == 0)
  }

  @Test(
    "Lines after a dropped long line with lone \\r's are named as an in-order stream names them",
    arguments: [7, 4096, 1 << 20])
  func droppedLineBreaks(chunk: Int) async throws {
    // The long line is longer than a batch (64 KiB), so the parallel stream drops it as it
    // comes; it holds lone `\r`s (line ends in positions), now and then the last byte of a
    // chunk. The line after it has an error, whose line is compared.
    let long = "[" + String(repeating: "1,\r", count: 24_000) + "1]"
    let text = "1\n" + long + "\r\n[\r2, tru]\n3\n"
    func reports(parallelism: Int) async throws -> [String] {
      let reports = Reports()
      let stream = JSONValueStream(
        chunks: JSONByteChunks(Array(text.utf8), chunkSize: chunk), framing: .lines,
        options: JSONStreamOptions(
          maxValueSize: 64, chunkSize: chunk, parallelism: parallelism,
          invalidValues: .skip { reports.add("skipped \($0.position.line)") })
      ) { document in try document.root.integer(Int.self) }
      for try await number in stream { reports.add("value \(number)") }
      return reports.all
    }
    let inOrder = try await reports(parallelism: 1)
    // 24,000 lone `\r`s in line 2: the bad line starts on line 24,003, its problem is on the
    // next.
    #expect(inOrder == ["value 1", "skipped 2", "skipped 24004", "value 3"])
    #expect(try await reports(parallelism: 2) == inOrder)
  }

  @Test("A slow source's values come as its lines arrive, not once a batch's worth has come")
  func slowSource() async {
    let (chunks, source) = AsyncStream<[UInt8]>.makeStream()
    source.yield(Array("{\"n\": 1}\n".utf8))
    // Each line is sent once the value before it has come: a stream that waited for more
    // input before handing values out would wait for ever, so the loop runs under a deadline.
    let received = await withTaskGroup(of: [Int]?.self) { group in
      group.addTask {
        let stream = JSONValueStream(
          chunks: chunks, framing: .lines, options: JSONStreamOptions(parallelism: 2)
        ) { document in try document.root.member("n").integer(Int.self) }
        var received: [Int] = []
        do {
          for try await number in stream {
            received.append(number)
            if number == 20 {
              source.finish()
            } else {
              source.yield(Array("{\"n\": \(number + 1)}\r\n".utf8))
            }
          }
        } catch {
          Issue.record("the stream threw \(error)")
        }
        return received
      }
      group.addTask {
        try? await Task.sleep(for: .seconds(30))
        return nil
      }
      let first = await group.next() ?? nil
      group.cancelAll()
      source.finish()
      return first
    }
    #expect(received == Array(1...20))
  }
}
