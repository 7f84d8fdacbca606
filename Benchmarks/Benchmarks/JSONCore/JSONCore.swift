import Benchmark
import Bindery
import Corpus
import Foundation
import Models

// ordo-one suites: throughput, allocations and peak memory of the JSON core.
//   swift package --package-path Benchmarks benchmark
let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.throughput, .wallClock, .mallocCountTotal, .peakMemoryResident],
    maxDuration: .seconds(2),
    maxIterations: 1_000
  )
  for corpus in Corpus.all() {
    let bytes = corpus.bytes
    Benchmark("parse document \(corpus.name)") { benchmark in
      for _ in benchmark.scaledIterations { blackHole(try JSONDocument(parsing: bytes)) }
    }
    Benchmark("parse JSONValue \(corpus.name)") { benchmark in
      for _ in benchmark.scaledIterations { blackHole(try JSONValue(parsing: bytes)) }
    }
    func codable<T: Codable & Sendable & JSONModel>(_ type: T.Type) {
      let data = Data(bytes)
      Benchmark("decode JSONModel \(corpus.name)") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try T(jsonBytes: bytes)) }
      }
      Benchmark("decode Codable BinderyDecoder \(corpus.name)") { benchmark in
        let decoder = BinderyDecoder()
        for _ in benchmark.scaledIterations { blackHole(try decoder.decode(T.self, from: bytes)) }
      }
      Benchmark("decode Codable JSONDecoder \(corpus.name)") { benchmark in
        let decoder = JSONDecoder()
        for _ in benchmark.scaledIterations { blackHole(try decoder.decode(T.self, from: data)) }
      }
    }
    switch corpus.name {
    case "tweets": codable(TwitterResponse.self)
    case "catalog": codable(Catalog.self)
    case "coordinates": codable(FeatureCollection.self)
    case "small": codable(SmallUser.self)
    default: codable(StatusPage.self)
    }
    Benchmark("write JSONValue \(corpus.name)") { benchmark in
      let value = try JSONValue(parsing: bytes)
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations { blackHole(try value.jsonBytes()) }
    }
  }
}
