// One streaming measurement per run, so that each run's peak memory is its own: the driver
// (Scripts/stream.py) alternates the modes and reads each process's peak RSS.
//
//   swift build -c release --package-path Benchmarks --product stream
//   Benchmarks/.build/release/stream MODE FILE
//
// FILE holds twitter statuses as JSON Lines (Scripts/stream.py writes it from
// Corpora/twitter.json). MODE is one of:
//   memory       the file read whole, made into one JSON array (not timed), decoded with
//                `[Status](json:)`: the in-memory decode of the same data
//   lines        `Status.lines(from:)`, one status at a time
//   parallel:N   `Status.lines(from:streaming: .parallel(N))`
//   documents    every line read and checked into a document, nothing decoded
//   documents-parallel   the same, in parallel batches
//   lines-kept, parallel-kept   as lines and parallel:2, every value kept to the end
//   ids, ids-parallel   each status reduced to its id in the transform, in order or in
//                parallel batches (the model is freed on the task that decoded it)
//   elements     FILE holds one array of statuses: `Status.elements(from:)`
// Prints: MODE BYTES SECONDS VALUES CHECKSUM
import Bindery
import Foundation
import Models

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
  FileHandle.standardError.write(Data("usage: stream MODE FILE\n".utf8))
  exit(2)
}
let mode = arguments[1]
let url = URL(fileURLWithPath: arguments[2])
let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0

func report(_ started: ContinuousClock.Instant, values: Int, checksum: Int64) {
  let elapsed = ContinuousClock.now - started
  let seconds =
    Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  print("\(mode) \(size) \(seconds) \(values) \(checksum)")
}

do {
  switch mode {
  case "memory":
    let bytes = Array(try Data(contentsOf: url))
    var array: [UInt8] = [UInt8(ascii: "[")]
    array.reserveCapacity(bytes.count + 2)
    for line in bytes.split(separator: UInt8(ascii: "\n")) {
      if array.count > 1 { array.append(UInt8(ascii: ",")) }
      array.append(contentsOf: line)
    }
    array.append(UInt8(ascii: "]"))
    let started = ContinuousClock.now
    let statuses = try [Status](json: array)
    report(started, values: statuses.count, checksum: statuses.reduce(0) { $0 &+ $1.id })
  case "lines", "elements":
    let started = ContinuousClock.now
    var values = 0
    var checksum: Int64 = 0
    let stream = mode == "lines" ? Status.lines(from: url) : Status.elements(from: url)
    for try await status in stream {
      values += 1
      checksum &+= status.id
    }
    report(started, values: values, checksum: checksum)
  case "lines-kept", "parallel-kept":
    // The values kept until the end: what the decode costs without the consumer freeing each.
    let started = ContinuousClock.now
    var kept: [Status] = []
    let options = mode == "lines-kept" ? JSONStreamOptions() : .parallel(2)
    for try await status in Status.lines(from: url, streaming: options) { kept.append(status) }
    report(started, values: kept.count, checksum: kept.reduce(0) { $0 &+ $1.id })
  case "ids", "ids-parallel":
    // Each status decoded and reduced to its id where it is decoded: the model is freed on the
    // same task, and only the id goes on.
    let started = ContinuousClock.now
    var values = 0
    var checksum: Int64 = 0
    let options = mode == "ids" ? JSONStreamOptions() : .parallel(2)
    for try await id in JSONValueStream(
      chunks: JSONFileChunks(url), framing: .lines, options: options,
      transform: { try Status(json: $0).id })
    {
      values += 1
      checksum &+= id
    }
    report(started, values: values, checksum: checksum)
  case let parallel where parallel.hasPrefix("parallel:"):
    let tasks = Int(parallel.dropFirst("parallel:".count)) ?? 2
    let started = ContinuousClock.now
    var values = 0
    var checksum: Int64 = 0
    for try await status in Status.lines(from: url, streaming: .parallel(tasks)) {
      values += 1
      checksum &+= status.id
    }
    report(started, values: values, checksum: checksum)
  case "documents", "documents-parallel":
    // Each line read and checked, and its number of values counted, on the iterating task or
    // on two.
    let started = ContinuousClock.now
    var values = 0
    var count = 0
    let options = mode == "documents" ? JSONStreamOptions() : .parallel(2)
    for try await valueCount in JSONValueStream(
      chunks: JSONFileChunks(url), framing: .lines, options: options,
      transform: { $0.valueCount })
    {
      values += 1
      count += valueCount
    }
    report(started, values: values, checksum: Int64(count))
  default:
    FileHandle.standardError.write(Data("stream: unknown mode \(mode)\n".utf8))
    exit(2)
  }
} catch {
  FileHandle.standardError.write(Data("stream: \(error)\n".utf8))
  exit(1)
}
