// Times Bindery and Foundation on the same inputs in the same process, interleaved round by
// round, and prints a markdown table of medians. Release builds only:
//
//   swift run -c release --package-path Benchmarks compare [--rounds N] [--corpus NAME]
import Bindery
import Corpus
import Foundation
import Models

struct Options {
  var rounds = 11
  var corpus: String?
  var minimumRoundSeconds = 0.05

  init(_ arguments: [String]) {
    var iterator = arguments.dropFirst().makeIterator()
    while let argument = iterator.next() {
      switch argument {
      case "--rounds": rounds = iterator.next().flatMap(Int.init) ?? rounds
      case "--corpus": corpus = iterator.next()
      case "--quick":
        rounds = 5
        minimumRoundSeconds = 0.02
      default:
        FileHandle.standardError.write(Data("unknown argument \(argument)\n".utf8))
        exit(2)
      }
    }
  }
}

/// Keeps the optimiser from removing work whose result is unused.
@inline(never) func consume<T>(_ value: T) { withExtendedLifetime(value) {} }

/// Median seconds per iteration of `a` and `b`, measured in alternating rounds.
func measure(rounds: Int, minimum: Double, _ a: () throws -> Void, _ b: () throws -> Void) rethrows
  -> (Double, Double)
{
  let clock = ContinuousClock()
  func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
  }
  func iterations(for work: () throws -> Void) rethrows -> Int {
    try work()  // warm up
    let once = try seconds(clock.measure(work))
    return max(1, Int(minimum / max(once, 1e-9)))
  }
  let countA = try iterations(for: a)
  let countB = try iterations(for: b)
  var timesA: [Double] = []
  var timesB: [Double] = []
  for _ in 0..<rounds {
    timesA.append(try seconds(clock.measure { for _ in 0..<countA { try a() } }) / Double(countA))
    timesB.append(try seconds(clock.measure { for _ in 0..<countB { try b() } }) / Double(countB))
  }
  return (timesA.sorted()[rounds / 2], timesB.sorted()[rounds / 2])
}

let options = Options(CommandLine.arguments)
let corpora = Corpus.all().filter { options.corpus == nil || $0.name == options.corpus }
print("Bindery vs Foundation, median of \(options.rounds) interleaved rounds, release build.\n")
print("| corpus | work | Bindery MB/s | Foundation MB/s | ratio |")
print("| --- | --- | ---: | ---: | ---: |")
var memoryLines: [String] = []
for corpus in corpora {
  let bytes = corpus.bytes
  let data = Data(bytes)
  let label =
    corpus.bytes.count >= 100_000
    ? "\(corpus.name) (\(String(format: "%.1f", Double(bytes.count) / 1e6)) MB)"
    : "\(corpus.name) (\(bytes.count) B)"
  func row(_ work: String, _ bindery: () throws -> Void, _ foundation: () throws -> Void) throws {
    let (b, f) = try measure(
      rounds: options.rounds, minimum: options.minimumRoundSeconds, bindery, foundation)
    let mb = Double(bytes.count) / 1e6
    print(String(format: "| %@ | %@ | %.0f | %.0f | %.1f× |", label, work, mb / b, mb / f, f / b))
  }
  try row(
    "parse to document (vs JSONSerialization)", { consume(try JSONDocument(parsing: bytes)) },
    {
      consume(try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed))
    })
  try row(
    "parse to JSONValue (vs JSONSerialization)", { consume(try JSONValue(parsing: bytes)) },
    {
      consume(try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed))
    })
  let value = try JSONValue(parsing: bytes)
  let object = try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)
  try row(
    "write JSONValue (vs JSONSerialization)", { consume(try value.jsonBytes()) },
    {
      consume(try JSONSerialization.data(withJSONObject: object, options: .fragmentsAllowed))
    })
  func codableRows<T: Codable & Sendable & JSONModel>(_ type: T.Type) throws {
    let foundationDecoder = JSONDecoder()
    let foundationEncoder = JSONEncoder()
    try row("decode @JSONModel (vs JSONDecoder)", { consume(try T(jsonBytes: bytes)) }, {
      consume(try foundationDecoder.decode(T.self, from: data))
    })
    let jsonModel = try T(jsonBytes: bytes)
    try row("encode @JSONModel (vs JSONEncoder)", { consume(try jsonModel.jsonBytes()) }, {
      consume(try foundationEncoder.encode(jsonModel))
    })
    try codableOnlyRows(T.self)
  }
  func codableOnlyRows<T: Codable & Sendable>(_ type: T.Type) throws {
    let binderyDecoder = BinderyDecoder()
    let foundationDecoder = JSONDecoder()
    try row("decode Codable (BinderyDecoder vs JSONDecoder)", { consume(try binderyDecoder.decode(T.self, from: bytes)) }, {
      consume(try foundationDecoder.decode(T.self, from: data))
    })
    let model = try foundationDecoder.decode(T.self, from: data)
    let binderyEncoder = BinderyEncoder()
    let foundationEncoder = JSONEncoder()
    try row("encode Codable (BinderyEncoder vs JSONEncoder)", { consume(try binderyEncoder.encodeToBytes(model)) }, {
      consume(try foundationEncoder.encode(model))
    })
  }
  switch corpus.name {
  case "tweets": try codableRows(TwitterResponse.self)
  case "catalog": try codableRows(Catalog.self)
  case "coordinates": try codableRows(FeatureCollection.self)
  case "small": try codableRows(SmallUser.self)
  default: try codableRows(StatusPage.self)
  }
  let document = try JSONDocument(parsing: bytes)
  let tapeBytes = document.valueCount * 12
  memoryLines.append(
    String(
      format: "| %@ | %d | %.2f× |", label, document.valueCount,
      Double(tapeBytes) / Double(bytes.count)))
}
print("\nDocument memory: the document shares the caller's [UInt8] and adds one 12-byte tape entry")
print("per value, so a parse holds the input plus this much again.\n")
print("| corpus | values | tape size / input size |")
print("| --- | ---: | ---: |")
memoryLines.forEach { print($0) }
