// Bindery's side of the cross-language comparison (Benchmarks/Scripts/cross-language.py):
// decode and encode of the standard files with the model API and with the Codable coders,
// printed as one JSON object per line for the script to read. Release builds only:
//
//   swift run -c release --package-path Benchmarks throughput [--rounds N] [--corpus NAME]
//   swift run -c release --package-path Benchmarks throughput --memory WORK --corpus NAME
//
// Each line: {"file": NAME, "bytes": INPUT BYTES, "work": WORK, "seconds": [PER CALL, ...]},
// one entry per round; WORK is model-decode, model-encode, codable-decode or codable-encode,
// codable-encode-per-call and foundation-encode-per-call (a BinderyEncoder or a JSONEncoder made
// for each call, returning Data), or floor-decode and floor-encode: the Codable twins through a
// coder that reads and writes no JSON (Sources/CodableFloor), the part of a Codable coder's time
// its containers take.
// Decoded values are dropped after each call, as a caller that decodes a response and moves on.
//
// With `--constraints`, twitter.json only: model-decode and constrained-model-decode (the same
// models with twelve `@Constraint`s, Models/ConstrainedModels.swift), alternating.
//
// With `--memory`, one decode (WORK: model-decode, codable-decode or foundation-decode) runs
// once in this fresh process and the growth of its peak resident memory (VmHWM) is printed:
// {"file": NAME, "bytes": INPUT BYTES, "work": WORK, "peakGrowth": BYTES}.
import Bindery
import CodableFloor
import Corpus
import Foundation
import Models

var rounds = 7
var only: String?
var memoryWork: String?
var constraints = false
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
  switch argument {
  case "--rounds": rounds = max(1, arguments.next().flatMap(Int.init) ?? rounds)
  case "--corpus": only = arguments.next()
  case "--memory": memoryWork = arguments.next()
  case "--constraints": constraints = true
  default:
    FileHandle.standardError.write(Data("throughput: unknown argument \(argument)\n".utf8))
    exit(2)
  }
}

/// Keeps the optimiser from removing work whose result is unused.
@inline(never) func consume<T>(_ value: T) { withExtendedLifetime(value) {} }

/// Seconds per call of `work` in each of `rounds` rounds, each round at least 50 ms long.
func seconds(rounds: Int, _ work: () throws -> Void) rethrows -> [Double] {
  let clock = ContinuousClock()
  func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
  }
  try work()
  let once = try seconds(clock.measure(work))
  let count = max(1, Int(0.05 / max(once, 1e-9)))
  return try (0..<rounds).map { _ in
    try seconds(clock.measure { for _ in 0..<count { try work() } }) / Double(count)
  }
}

func report(_ corpus: Corpus, _ work: String, _ times: [Double]) {
  let line: [String: Any] = [
    "file": corpus.name, "bytes": corpus.bytes.count, "work": work, "seconds": times,
  ]
  let data = try! JSONSerialization.data(withJSONObject: line, options: [.sortedKeys])
  print(String(decoding: data, as: UTF8.self))
}

func run<Model: JSONModel & Sendable, Twin: Codable & Sendable>(
  _ corpus: Corpus, _ model: Model.Type, _ twin: Twin.Type, rounds: Int
) throws {
  let bytes = corpus.bytes
  let decoder = BinderyDecoder()
  let encoder = BinderyEncoder()
  let value = try Model(json: bytes)
  let plain = try decoder.decode(Twin.self, from: bytes)
  report(corpus, "model-decode", try seconds(rounds: rounds) { consume(try Model(json: bytes)) })
  report(corpus, "model-encode", try seconds(rounds: rounds) { consume(try value.jsonBytes()) })
  report(
    corpus, "codable-decode",
    try seconds(rounds: rounds) { consume(try decoder.decode(Twin.self, from: bytes)) })
  report(
    corpus, "codable-encode", try seconds(rounds: rounds) { consume(try encoder.jsonBytes(plain)) })
  report(
    corpus, "codable-encode-per-call",
    try seconds(rounds: rounds) { consume(try BinderyEncoder().encode(plain)) })
  report(
    corpus, "foundation-encode-per-call",
    try seconds(rounds: rounds) { consume(try JSONEncoder().encode(plain)) })
  let recorder = FloorEncoder(record: true)
  try plain.encode(to: recorder)
  let events = recorder.events
  report(
    corpus, "floor-decode",
    try seconds(rounds: rounds) { consume(try Twin(from: FloorDecoder(events: events))) })
  report(
    corpus, "floor-encode",
    try seconds(rounds: rounds) {
      let floor = FloorEncoder(record: false)
      try plain.encode(to: floor)
      consume(floor.sink)
    })
}

/// The process's peak resident memory so far, in bytes (Linux), or 0 where unknown.
func peakResident() -> Int {
  guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
    return 0
  }
  for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
    let kilobytes = line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
    return kilobytes * 1024
  }
  return 0
}

/// Decodes once and prints how far the peak resident memory grew.
func memory<Model: JSONModel & Sendable, Twin: Codable & Sendable>(
  _ corpus: Corpus, _ model: Model.Type, _ twin: Twin.Type, work: String
) throws {
  let bytes = corpus.bytes
  let data = Data(bytes)
  let before = peakResident()
  switch work {
  case "model-decode": consume(try Model(json: bytes))
  case "codable-decode": consume(try BinderyDecoder().decode(Twin.self, from: bytes))
  case "foundation-decode": consume(try JSONDecoder().decode(Twin.self, from: data))
  default:
    FileHandle.standardError.write(Data("throughput: unknown work \(work)\n".utf8))
    exit(2)
  }
  let line: [String: Any] = [
    "file": corpus.name, "bytes": bytes.count, "work": work,
    "peakGrowth": peakResident() - before,
  ]
  let json = try JSONSerialization.data(withJSONObject: line, options: [.sortedKeys])
  print(String(decoding: json, as: UTF8.self))
}

if constraints {
  // twitter.json read with and without twelve constraints, the two alternating round by round.
  for corpus in try Corpus.standard() where corpus.name == "twitter" {
    let bytes = corpus.bytes
    var plain: [Double] = []
    var checked: [Double] = []
    for _ in 0..<rounds {
      plain += try seconds(rounds: 1) { consume(try TwitterResponse(json: bytes)) }
      checked += try seconds(rounds: 1) { consume(try ConstrainedTwitterResponse(json: bytes)) }
    }
    report(corpus, "model-decode", plain)
    report(corpus, "constrained-model-decode", checked)
  }
  exit(0)
}

if let work = memoryWork {
  for corpus in try Corpus.standard() where corpus.name == only {
    switch corpus.shape {
    case .twitterResponse:
      try memory(corpus, TwitterResponse.self, Plain.TwitterResponse.self, work: work)
    case .status: try memory(corpus, Status.self, Plain.Status.self, work: work)
    case .searchMetadata:
      try memory(corpus, SearchMetadata.self, Plain.SearchMetadata.self, work: work)
    case .catalog: try memory(corpus, Catalog.self, Plain.Catalog.self, work: work)
    case .featureCollection:
      try memory(corpus, FeatureCollection.self, Plain.FeatureCollection.self, work: work)
    }
  }
  exit(0)
}

for corpus in try Corpus.standard() where only == nil || corpus.name == only {
  switch corpus.shape {
  case .twitterResponse:
    try run(corpus, TwitterResponse.self, Plain.TwitterResponse.self, rounds: rounds)
  case .status: try run(corpus, Status.self, Plain.Status.self, rounds: rounds)
  case .searchMetadata:
    try run(corpus, SearchMetadata.self, Plain.SearchMetadata.self, rounds: rounds)
  case .catalog: try run(corpus, Catalog.self, Plain.Catalog.self, rounds: rounds)
  case .featureCollection:
    try run(corpus, FeatureCollection.self, Plain.FeatureCollection.self, rounds: rounds)
  }
}
