import Benchmark
import Bindery
import Corpus
import Foundation
import Models

// ordo-one suites: throughput, allocations and peak memory of the JSON core, on the standard
// benchmark files in Benchmarks/Corpora.
//   swift package --package-path Benchmarks benchmark
let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.throughput, .wallClock, .mallocCountTotal, .peakMemoryResident],
    maxDuration: .seconds(2),
    maxIterations: 1_000
  )
  let corpora: [Corpus]
  do { corpora = try Corpus.standard() } catch { fatalError("\(error)") }
  for corpus in corpora {
    let bytes = corpus.bytes
    Benchmark("parse document \(corpus.name)") { benchmark in
      for _ in benchmark.scaledIterations { blackHole(try JSONDocument(parsing: bytes)) }
    }
    Benchmark("parse JSONValue \(corpus.name)") { benchmark in
      for _ in benchmark.scaledIterations { blackHole(try JSONValue(parsing: bytes)) }
    }
    /// `Model` through the model API; `Twin`, its plain Codable twin, through both decoders.
    func models<Model: JSONModel & Sendable, Twin: Codable & Sendable>(
      _ model: Model.Type, _ twin: Twin.Type
    ) {
      let data = Data(bytes)
      Benchmark("decode JSONModel \(corpus.name)") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try Model(json: bytes)) }
      }
      Benchmark("decode Codable BinderyDecoder \(corpus.name)") { benchmark in
        let decoder = BinderyDecoder()
        for _ in benchmark.scaledIterations {
          blackHole(try decoder.decode(Twin.self, from: bytes))
        }
      }
      Benchmark("decode Codable JSONDecoder \(corpus.name)") { benchmark in
        let decoder = JSONDecoder()
        for _ in benchmark.scaledIterations { blackHole(try decoder.decode(Twin.self, from: data)) }
      }
    }
    switch corpus.shape {
    case .twitterResponse: models(TwitterResponse.self, Plain.TwitterResponse.self)
    case .status: models(Status.self, Plain.Status.self)
    case .searchMetadata: models(SearchMetadata.self, Plain.SearchMetadata.self)
    case .catalog: models(Catalog.self, Plain.Catalog.self)
    case .featureCollection: models(FeatureCollection.self, Plain.FeatureCollection.self)
    }
    Benchmark("write JSONValue \(corpus.name)") { benchmark in
      let value = try JSONValue(parsing: bytes)
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations { blackHole(try value.jsonBytes()) }
    }
  }
}
