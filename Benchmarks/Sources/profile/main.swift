// A loop for profilers (valgrind --tool=callgrind, perf): decodes or encodes one corpus.
//   swift build -c release --product profile
//   valgrind --tool=callgrind .build/release/profile decode tweets 5
// Work: decode, encode (Codable through BinderyDecoder/BinderyEncoder), model-decode,
// model-encode (@JSONModel).
import Bindery
import Corpus
import Foundation
import Models

let arguments = CommandLine.arguments
let work = arguments.count > 1 ? arguments[1] : "decode"
let name = arguments.count > 2 ? arguments[2] : "tweets"
let rounds = arguments.count > 3 ? Int(arguments[3]) ?? 5 : 5
let corpus =
  name == "catalog"
  ? Corpus.catalog()
  : name == "coordinates" ? Corpus.coordinates() : name == "small" ? Corpus.small() : Corpus.tweets()
let decoder = BinderyDecoder()
let encoder = BinderyEncoder()
var total = 0
for _ in 0..<rounds {
  switch (work, name) {
  case ("decode", "catalog"): total += try decoder.decode(Catalog.self, from: corpus.bytes).performances.count
  case ("decode", "coordinates"): total += try decoder.decode(FeatureCollection.self, from: corpus.bytes).features.count
  case ("decode", _): total += try decoder.decode(TwitterResponse.self, from: corpus.bytes).statuses.count
  case ("encode", "coordinates"):
    let model = try decoder.decode(FeatureCollection.self, from: corpus.bytes)
    for _ in 0..<3 { total += try encoder.encodeToBytes(model).count }
  case ("encode", "catalog"):
    let model = try decoder.decode(Catalog.self, from: corpus.bytes)
    for _ in 0..<3 { total += try encoder.encodeToBytes(model).count }
  case ("encode", _):
    let model = try decoder.decode(TwitterResponse.self, from: corpus.bytes)
    for _ in 0..<3 { total += try encoder.encodeToBytes(model).count }
  case ("model-decode", "catalog"): total += try Catalog(jsonBytes: corpus.bytes).performances.count
  case ("model-decode", "coordinates"): total += try FeatureCollection(jsonBytes: corpus.bytes).features.count
  case ("model-decode", "small"): total += try SmallUser(jsonBytes: corpus.bytes).followers_count
  case ("model-encode", "small"):
    let model = try SmallUser(jsonBytes: corpus.bytes)
    total += try model.jsonBytes().count
  case ("model-decode", _): total += try TwitterResponse(jsonBytes: corpus.bytes).statuses.count
  case ("model-encode", "coordinates"):
    let model = try FeatureCollection(jsonBytes: corpus.bytes)
    for _ in 0..<3 { total += try model.jsonBytes().count }
  case ("model-encode", "catalog"):
    let model = try Catalog(jsonBytes: corpus.bytes)
    for _ in 0..<3 { total += try model.jsonBytes().count }
  case ("model-encode", _):
    let model = try TwitterResponse(jsonBytes: corpus.bytes)
    for _ in 0..<3 { total += try model.jsonBytes().count }
  default: break
  }
}
print(total)
