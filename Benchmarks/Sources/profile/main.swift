// A loop for profilers (valgrind --tool=callgrind, perf): the work of one `compare` row on one
// corpus, repeated.
//
//   swift build -c release --package-path Benchmarks --product profile
//   valgrind --tool=callgrind Benchmarks/.build/release/profile model-decode twitter 5
//
// Usage: profile WORK CORPUS ROUNDS
//   WORK: decode, encode (the Plain twins through BinderyDecoder/BinderyEncoder), model-decode,
//         model-encode (@JSONModel), model-decode-document (@JSONModel from a document parsed in
//         each round: the decode of models that do not take one pass), dated-decode (@JSONModel reading created_at as Date;
//         twitter and status only), document (parse to JSONDocument), value (parse to JSONValue),
//         write (write a JSONValue), foundation-decode, foundation-encode (JSONDecoder and
//         JSONEncoder on the Plain twins), foundation-model-decode, foundation-model-encode
//         (JSONDecoder and JSONEncoder on the @JSONModel types), object-decode and
//         object-codable-decode (@JSONModel and BinderyDecoder from JSONSerialization's objects;
//         the objects are made once, before the rounds).
//   CORPUS: twitter, citm, canada, status, search_metadata (Benchmarks/Corpora), or a generated
//         look-alike: tweets, catalog, coordinates.
//   decode-per-call, encode-per-call: the Plain twins through a BinderyDecoder or
//         BinderyEncoder made for each call, as most code and servers use them;
//         foundation-encode-per-call: the same with a JSONEncoder made for each call.
//   subclass-decode, subclass-encode, subclass-model-decode, subclass-model-encode:
//         BinderyJSONDecoder and BinderyJSONEncoder, typed as JSONDecoder and JSONEncoder, on the
//         Plain twins and on the @JSONModel types.
//   constrained-model-decode: twitter only, its models with twelve `@Constraint`s
//         (Models/ConstrainedModels.swift): against model-decode, what checking them costs.
//   declared-model-decode: canada only, its models declared at file scope with `let`
//         properties, as users write them (`DeclaredFeatureCollection`).
//   floor-encode, floor-decode: the Plain twins through a coder that reads and writes nothing
//         (Sources/CodableFloor): what the standard library's containers cost any Codable coder.
// Encode work writes three times per round.
import Bindery
import CodableFloor
import Corpus
import Foundation
import Models

let arguments = CommandLine.arguments
let work = arguments.count > 1 ? arguments[1] : "model-decode"
let name = arguments.count > 2 ? arguments[2] : "twitter"
let rounds = arguments.count > 3 ? Int(arguments[3]) ?? 5 : 5

func stop(_ message: String) -> Never {
  FileHandle.standardError.write(Data("profile: \(message)\n".utf8))
  exit(2)
}

// The look-alikes are generated only when asked for: making them costs more instructions than
// several decodes of a standard file, and would swamp a profile of one.
let corpus: Corpus
if let standard = try? Corpus.standard(named: name) {
  corpus = standard
} else if let generated = Corpus.generated().first(where: { $0.name == name }) {
  corpus = generated
} else {
  stop("no corpus named \(name)")
}
let bytes = corpus.bytes

/// Runs `work` on `Model` (model API) and `Twin` (Codable coders); returns a checksum.
func run<Model: JSONModel & Codable & Sendable, Twin: Codable & Sendable>(
  _ work: String, on bytes: [UInt8], rounds: Int, _ model: Model.Type, _ twin: Twin.Type,
  dated: (([UInt8]) throws -> Int)?
) throws -> Int {
  var total = 0
  switch work {
  case "decode":
    let decoder = BinderyDecoder()
    for _ in 0..<rounds {
      withExtendedLifetime(try decoder.decode(Twin.self, from: bytes)) { total += 1 }
    }
  case "encode":
    let value = try BinderyDecoder().decode(Twin.self, from: bytes)
    let encoder = BinderyEncoder()
    for _ in 0..<rounds * 3 { total += try encoder.jsonBytes(value).count }
  case "decode-per-call":
    // A decoder made for each call, as most code and servers use it.
    for _ in 0..<rounds {
      withExtendedLifetime(try BinderyDecoder().decode(Twin.self, from: bytes)) { total += 1 }
    }
  case "encode-per-call":
    let value = try BinderyDecoder().decode(Twin.self, from: bytes)
    for _ in 0..<rounds * 3 { total += try BinderyEncoder().encode(value).count }
  case "floor-encode":
    let value = try BinderyDecoder().decode(Twin.self, from: bytes)
    for _ in 0..<rounds * 3 {
      let encoder = FloorEncoder(record: false)
      try value.encode(to: encoder)
      total &+= encoder.sink
    }
  case "floor-decode":
    let value = try BinderyDecoder().decode(Twin.self, from: bytes)
    let recorder = FloorEncoder(record: true)
    try value.encode(to: recorder)
    let events = recorder.events
    for _ in 0..<rounds {
      let decoder = FloorDecoder(events: events)
      withExtendedLifetime(try Twin(from: decoder)) { total += decoder.position }
    }
  case "foundation-decode":
    let decoder = JSONDecoder()
    let data = Data(bytes)
    for _ in 0..<rounds {
      withExtendedLifetime(try decoder.decode(Twin.self, from: data)) { total += 1 }
    }
  case "foundation-model-decode":
    let decoder = JSONDecoder()
    let data = Data(bytes)
    for _ in 0..<rounds {
      withExtendedLifetime(try decoder.decode(Model.self, from: data)) { total += 1 }
    }
  case "subclass-decode", "subclass-model-decode":
    // BinderyJSONDecoder, a JSONDecoder, on the Plain twins (BinderyDecoder underneath) or on
    // the @JSONModel types (their own code).
    let decoder: JSONDecoder = BinderyJSONDecoder()
    let data = Data(bytes)
    for _ in 0..<rounds {
      if work == "subclass-decode" {
        withExtendedLifetime(try decoder.decode(Twin.self, from: data)) { total += 1 }
      } else {
        withExtendedLifetime(try decoder.decode(Model.self, from: data)) { total += 1 }
      }
    }
  case "subclass-encode":
    let value = try JSONDecoder().decode(Twin.self, from: Data(bytes))
    let encoder: JSONEncoder = BinderyJSONEncoder()
    for _ in 0..<rounds * 3 { total += try encoder.encode(value).count }
  case "subclass-model-encode":
    let value = try Model(json: bytes)
    let encoder: JSONEncoder = BinderyJSONEncoder()
    for _ in 0..<rounds * 3 { total += try encoder.encode(value).count }
  case "foundation-encode":
    let value = try JSONDecoder().decode(Twin.self, from: Data(bytes))
    let encoder = JSONEncoder()
    for _ in 0..<rounds * 3 { total += try encoder.encode(value).count }
  case "foundation-encode-per-call":
    let value = try JSONDecoder().decode(Twin.self, from: Data(bytes))
    for _ in 0..<rounds * 3 { total += try JSONEncoder().encode(value).count }
  case "foundation-model-encode":
    let value = try Model(json: bytes)
    let encoder = JSONEncoder()
    for _ in 0..<rounds * 3 { total += try encoder.encode(value).count }
  case "constrained-model-decode":
    // twitter only: the same models with twelve constraints (Models/ConstrainedModels.swift).
    for _ in 0..<rounds {
      withExtendedLifetime(try ConstrainedTwitterResponse(json: bytes)) { total += 1 }
    }
  case "model-decode":
    for _ in 0..<rounds { withExtendedLifetime(try Model(json: bytes)) { total += 1 } }
  case "model-decode-document":
    // The same decode through a document (parsed in each round), as every model decodes when
    // it cannot take one pass.
    for _ in 0..<rounds {
      withExtendedLifetime(try Model(json: try JSONDocument(parsing: bytes))) { total += 1 }
    }
  case "object-decode":
    let object = try JSONSerialization.jsonObject(with: Data(bytes))
    for _ in 0..<rounds {
      withExtendedLifetime(try Model(foundationObject: object)) { total += 1 }
    }
  case "object-codable-decode":
    let object = try JSONSerialization.jsonObject(with: Data(bytes))
    let decoder = BinderyDecoder()
    for _ in 0..<rounds {
      withExtendedLifetime(try decoder.decode(Twin.self, fromFoundationObject: object)) {
        total += 1
      }
    }
  case "model-encode":
    let value = try Model(json: bytes)
    for _ in 0..<rounds * 3 { total += try value.jsonBytes().count }
  case "dated-decode":
    guard let dated else { stop("dated-decode needs twitter, tweets or status") }
    for _ in 0..<rounds { total += try dated(bytes) }
  case "document":
    for _ in 0..<rounds { total += try JSONDocument(parsing: bytes).valueCount }
  case "value":
    for _ in 0..<rounds { withExtendedLifetime(try JSONValue(parsing: bytes)) { total += 1 } }
  case "write":
    let value = try JSONValue(parsing: bytes)
    for _ in 0..<rounds * 3 { total += try value.jsonBytes().count }
  default:
    stop("unknown work \(work)")
  }
  return total
}

let total: Int
switch corpus.shape {
case .twitterResponse:
  total = try run(
    work, on: bytes, rounds: rounds, TwitterResponse.self, Plain.TwitterResponse.self
  ) { try Dated.TwitterResponse(json: $0).statuses.count }
case .status:
  total = try run(work, on: bytes, rounds: rounds, Status.self, Plain.Status.self) {
    try Dated.Status(json: $0).id_str.count
  }
case .searchMetadata:
  total = try run(
    work, on: bytes, rounds: rounds, SearchMetadata.self, Plain.SearchMetadata.self, dated: nil)
case .catalog:
  total = try run(work, on: bytes, rounds: rounds, Catalog.self, Plain.Catalog.self, dated: nil)
case .featureCollection where work == "declared-model-decode":
  // canada.json's models declared at file scope with `let` properties.
  total = try run(
    "model-decode", on: bytes, rounds: rounds, DeclaredFeatureCollection.self,
    Plain.FeatureCollection.self, dated: nil)
case .featureCollection:
  total = try run(
    work, on: bytes, rounds: rounds, FeatureCollection.self, Plain.FeatureCollection.self,
    dated: nil)
}
print(total)
