// Times Bindery and Foundation on the same inputs in the same process, interleaved round by
// round, and prints a markdown table of medians with the spread of the per-round ratios.
// Release builds only:
//
//   swift run -c release --package-path Benchmarks compare [--rounds N] [--corpus NAME]
//                                                          [--quick] [--generated]
//
// By default the inputs are the standard files in Benchmarks/Corpora; `--generated` uses the
// generated look-alikes instead. Bindery's model API decodes the `@JSONModel` types; every
// Codable coder (Foundation's and Bindery's) works on the `Plain` twins, whose conformance is
// the compiler's synthesized one.
import Bindery
import Corpus
import Foundation
import Models

struct Options {
  var rounds = 11
  var corpus: String?
  var generated = false
  var minimumRoundSeconds = 0.05

  init(_ arguments: [String]) {
    var iterator = arguments.dropFirst().makeIterator()
    while let argument = iterator.next() {
      switch argument {
      case "--rounds": rounds = max(1, iterator.next().flatMap(Int.init) ?? rounds)
      case "--corpus": corpus = iterator.next()
      case "--generated": generated = true
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

/// Stops the tool with a message on standard error.
func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("compare: \(message)\n".utf8))
  exit(1)
}

/// The timings of two pieces of work measured in alternating rounds.
struct Timing {
  /// Median seconds per iteration of the first piece of work.
  var first: Double
  /// Median seconds per iteration of the second piece of work.
  var second: Double
  /// The lowest and highest per-round ratio of the second's time over the first's.
  var ratioRange: ClosedRange<Double>
  /// The median ratio: the second's median time over the first's.
  var ratio: Double { second / first }
}

/// Measures `a` and `b` in alternating rounds, each round long enough to time reliably.
func measure(rounds: Int, minimum: Double, _ a: () throws -> Void, _ b: () throws -> Void) rethrows
  -> Timing
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
  let ratios = zip(timesA, timesB).map { $1 / $0 }
  return Timing(
    first: timesA.sorted()[rounds / 2], second: timesB.sorted()[rounds / 2],
    ratioRange: (ratios.min() ?? 0)...(ratios.max() ?? 0))
}

/// Whether `encoded` holds what `original` holds, apart from `null` members (which the models
/// leave out when writing) and the spelling of numbers (compared as `Double`s).
func sameContent(_ original: JSONValue, _ encoded: JSONValue) -> Bool {
  switch (original, encoded) {
  case (.object(let a), .object(let b)):
    let members = a.filter { $0.value != .null }
    guard members.count == b.count else { return false }
    return members.allSatisfy { member in
      b[member.key].map { sameContent(member.value, $0) } ?? false
    }
  case (.array(let a), .array(let b)):
    return a.count == b.count && zip(a, b).allSatisfy { sameContent($0, $1) }
  case (.number(let a), .number(let b)):
    return a == b || (a.double != nil && a.double == b.double)
  default:
    return original == encoded
  }
}

/// Decodes a corpus once with each decoder and checks that every encoder writes back what the
/// file holds, so a model that misses or misspells a field stops the run before any timing.
func verify<Model: JSONModel & Sendable, Twin: Codable & Sendable>(
  _ corpus: Corpus, _ model: Model.Type, _ twin: Twin.Type
) {
  let data = Data(corpus.bytes)
  func attempt<T>(_ what: String, _ work: () throws -> T) -> T {
    do { return try work() } catch { fail("\(corpus.name): \(what) failed: \(error)") }
  }
  let original = attempt("reading as JSONValue") { try JSONValue(parsing: corpus.bytes) }
  let viaModel = attempt("decoding \(Model.self) (@JSONModel)") {
    try Model(json: corpus.bytes)
  }
  let viaBindery = attempt("decoding Plain.\(Twin.self) with BinderyDecoder") {
    try BinderyDecoder().decode(Twin.self, from: corpus.bytes)
  }
  let viaFoundation = attempt("decoding Plain.\(Twin.self) with JSONDecoder") {
    try JSONDecoder().decode(Twin.self, from: data)
  }
  let written: [(String, [UInt8])] = [
    (
      "the @JSONModel's jsonBytes()",
      attempt("encoding \(Model.self)") { try viaModel.jsonBytes() }
    ),
    (
      "BinderyEncoder (from BinderyDecoder)",
      attempt("BinderyEncoder") { try BinderyEncoder().jsonBytes(viaBindery) }
    ),
    (
      "JSONEncoder (from JSONDecoder)",
      attempt("JSONEncoder") { Array(try JSONEncoder().encode(viaFoundation)) }
    ),
  ]
  for (writer, bytes) in written {
    let value = attempt("reading what \(writer) wrote") { try JSONValue(parsing: bytes) }
    if !sameContent(original, value) {
      fail("\(corpus.name): \(writer) does not write back the file's content")
    }
  }
}

let options = Options(CommandLine.arguments)
let available: [Corpus]
do {
  available = try options.generated ? Corpus.generated() : Corpus.standard()
} catch {
  fail("\(error)")
}
let corpora = available.filter { options.corpus == nil || $0.name == options.corpus }
if corpora.isEmpty {
  fail("no corpus named \(options.corpus ?? ""); known: \(available.map(\.name))")
}

/// Decodes a corpus with a `Dated` model, and warns when writing it back changes a date.
func verifyDates<Model: JSONModel & Sendable>(_ corpus: Corpus, _ model: Model.Type) {
  do {
    let written = try JSONValue(parsing: try Model(json: corpus.bytes).jsonBytes())
    if !sameContent(try JSONValue(parsing: corpus.bytes), written) {
      let warning = "compare: warning: \(corpus.name): Dated.\(Model.self) writes other dates\n"
      FileHandle.standardError.write(Data(warning.utf8))
    }
  } catch {
    fail("\(corpus.name): decoding or encoding Dated.\(Model.self) failed: \(error)")
  }
}

for corpus in corpora {
  switch corpus.shape {
  case .twitterResponse:
    verify(corpus, TwitterResponse.self, Plain.TwitterResponse.self)
    verifyDates(corpus, Dated.TwitterResponse.self)
  case .status:
    verify(corpus, Status.self, Plain.Status.self)
    verifyDates(corpus, Dated.Status.self)
  case .searchMetadata: verify(corpus, SearchMetadata.self, Plain.SearchMetadata.self)
  case .catalog: verify(corpus, Catalog.self, Plain.Catalog.self)
  case .featureCollection: verify(corpus, FeatureCollection.self, Plain.FeatureCollection.self)
  }
}

let inputs = options.generated ? "generated look-alike corpora" : "standard benchmark files"
print("Bindery vs Foundation, \(inputs), release build.")
print("Medians of \(options.rounds) interleaved rounds; ratio = Foundation's median time /")
print("Bindery's; ratio range = the lowest and highest ratio of a single round.")
print("Codable rows use the Plain twins (synthesized Codable) for both coders.\n")
print("| file | work | Bindery MB/s | Foundation MB/s | ratio | ratio range |")
print("| --- | --- | ---: | ---: | ---: | ---: |")
var dateLines: [String] = []
var memoryLines: [String] = []

for corpus in corpora {
  let bytes = corpus.bytes
  let data = Data(bytes)
  let megabytes = Double(bytes.count) / 1e6
  let label =
    bytes.count >= 100_000
    ? "\(corpus.name) (\(String(format: "%.1f", megabytes)) MB)"
    : "\(corpus.name) (\(bytes.count) B)"
  func time(_ a: () throws -> Void, _ b: () throws -> Void) throws -> Timing {
    try measure(rounds: options.rounds, minimum: options.minimumRoundSeconds, a, b)
  }
  func row(_ work: String, _ bindery: () throws -> Void, _ foundation: () throws -> Void) throws {
    let timing = try time(bindery, foundation)
    print(
      String(
        format: "| %@ | %@ | %.0f | %.0f | %.2f× | %.2f–%.2f× |", label, work,
        megabytes / timing.first, megabytes / timing.second, timing.ratio,
        timing.ratioRange.lowerBound, timing.ratioRange.upperBound))
  }

  try row(
    "parse to document (vs JSONSerialization)", { consume(try JSONDocument(parsing: bytes)) },
    { consume(try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)) })
  try row(
    "parse to JSONValue (vs JSONSerialization)", { consume(try JSONValue(parsing: bytes)) },
    { consume(try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)) })
  let value = try JSONValue(parsing: bytes)
  let object = try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)
  try row(
    "write JSONValue (vs JSONSerialization)", { consume(try value.jsonBytes()) },
    { consume(try JSONSerialization.data(withJSONObject: object, options: .fragmentsAllowed)) })

  /// The model rows: `Model` through Bindery's model API, `Twin` through the Codable coders.
  func modelRows<Model: JSONModel & Codable & Sendable, Twin: Codable & Sendable>(
    _ model: Model.Type, _ twin: Twin.Type
  ) throws {
    let foundationDecoder = JSONDecoder()
    let foundationEncoder = JSONEncoder()
    let binderyDecoder = BinderyDecoder()
    let binderyEncoder = BinderyEncoder()
    try row(
      "decode @JSONModel (vs JSONDecoder, Plain twin)", { consume(try Model(json: bytes)) },
      { consume(try foundationDecoder.decode(Twin.self, from: data)) })
    let decodedModel = try Model(json: bytes)
    let decodedTwin = try foundationDecoder.decode(Twin.self, from: data)
    try row(
      "encode @JSONModel (vs JSONEncoder, Plain twin)", { consume(try decodedModel.jsonBytes()) },
      { consume(try foundationEncoder.encode(decodedTwin)) })
    // Foundation's own coders on the @JSONModel type, whose Codable members follow its mapping
    // (today through a JSONValue), against the same coders on the synthesized twin: a ratio
    // below 1× is what the mapping costs there.
    try row(
      "JSONDecoder on @JSONModel (vs JSONDecoder on Plain twin)",
      { consume(try foundationDecoder.decode(Model.self, from: data)) },
      { consume(try foundationDecoder.decode(Twin.self, from: data)) })
    try row(
      "JSONEncoder on @JSONModel (vs JSONEncoder on Plain twin)",
      { consume(try foundationEncoder.encode(decodedModel)) },
      { consume(try foundationEncoder.encode(decodedTwin)) })
    try row(
      "decode Codable (BinderyDecoder vs JSONDecoder, Plain twin)",
      { consume(try binderyDecoder.decode(Twin.self, from: bytes)) },
      { consume(try foundationDecoder.decode(Twin.self, from: data)) })
    try row(
      "encode Codable (BinderyEncoder vs JSONEncoder, Plain twin)",
      { consume(try binderyEncoder.jsonBytes(decodedTwin)) },
      { consume(try foundationEncoder.encode(decodedTwin)) })

    // Decoding the Foundation objects an app holds (here JSONSerialization's), against
    // writing them as JSON text to decode that, and against JSONDecoder on the original bytes.
    let object = try JSONSerialization.jsonObject(with: data)
    let twinFromObject = try binderyDecoder.decode(Twin.self, fromFoundationObject: object)
    // Compared as values: a dictionary property's members come in hash order.
    guard
      try JSONValue(parsing: Model(foundationObject: object).jsonBytes())
        == JSONValue(parsing: decodedModel.jsonBytes()),
      try JSONValue(parsing: binderyEncoder.jsonBytes(twinFromObject))
        == JSONValue(parsing: binderyEncoder.jsonBytes(decodedTwin))
    else { fail("\(corpus.name): a value from Foundation objects differs from the one from text") }
    try row(
      "@JSONModel from [String: Any] (vs JSONSerialization.data + @JSONModel decode)",
      { consume(try Model(foundationObject: object)) },
      { consume(try Model(json: JSONSerialization.data(withJSONObject: object))) })
    try row(
      "@JSONModel from [String: Any] (vs JSONDecoder on the JSON bytes, Plain twin)",
      { consume(try Model(foundationObject: object)) },
      { consume(try foundationDecoder.decode(Twin.self, from: data)) })
    try row(
      "BinderyDecoder from [String: Any] (vs JSONSerialization.data + JSONDecoder, Plain twin)",
      { consume(try binderyDecoder.decode(Twin.self, fromFoundationObject: object)) },
      {
        consume(
          try foundationDecoder.decode(
            Twin.self, from: JSONSerialization.data(withJSONObject: object)))
      })
  }

  /// The cost of reading `created_at` as a `Date` rather than a `String` with the model API.
  func dateRow<Dates: JSONModel & Sendable, Strings: JSONModel & Sendable>(
    _ dates: Dates.Type, _ strings: Strings.Type
  ) throws {
    let timing = try time(
      { consume(try Dates(json: bytes)) }, { consume(try Strings(json: bytes)) })
    dateLines.append(
      String(
        format: "| %@ | %.0f | %.0f | %.2f× | %.2f–%.2f× | %+.1f%% |", label,
        megabytes / timing.first, megabytes / timing.second, timing.ratio,
        timing.ratioRange.lowerBound, timing.ratioRange.upperBound, (1 / timing.ratio - 1) * 100))
  }

  switch corpus.shape {
  case .twitterResponse:
    try modelRows(TwitterResponse.self, Plain.TwitterResponse.self)
    try dateRow(Dated.TwitterResponse.self, TwitterResponse.self)
  case .status:
    try modelRows(Status.self, Plain.Status.self)
    try dateRow(Dated.Status.self, Status.self)
  case .searchMetadata: try modelRows(SearchMetadata.self, Plain.SearchMetadata.self)
  case .catalog: try modelRows(Catalog.self, Plain.Catalog.self)
  case .featureCollection: try modelRows(FeatureCollection.self, Plain.FeatureCollection.self)
  }

  let document = try JSONDocument(parsing: bytes)
  let tapeBytes = document.valueCount * 12
  memoryLines.append(
    String(
      format: "| %@ | %d | %.2f× |", label, document.valueCount,
      Double(tapeBytes) / Double(bytes.count)))
}

if !dateLines.isEmpty {
  print("\nDecode @JSONModel, created_at as Date vs as String: every created_at (status, retweeted")
  print("status, user) read with `.dateFormat(\"EEE MMM dd HH:mm:ss Z yyyy\")`. ratio = String")
  print("model's time / Date model's time; slowdown = how much longer the Date model takes.\n")
  print("| file | as Date MB/s | as String MB/s | ratio | ratio range | Date slowdown |")
  print("| --- | ---: | ---: | ---: | ---: | ---: |")
  for line in dateLines { print(line) }
}
print("\nDocument memory: the document shares the caller's [UInt8] and adds one 12-byte tape entry")
print("per value, so a parse holds the input plus this much again.\n")
print("| file | values | tape size / input size |")
print("| --- | ---: | ---: |")
for line in memoryLines { print(line) }
