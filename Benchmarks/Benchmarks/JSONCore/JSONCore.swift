import Benchmark
import BinderyJSON
import Corpus

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
    Benchmark("write JSONValue \(corpus.name)") { benchmark in
      let value = try JSONValue(parsing: bytes)
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations { blackHole(try value.jsonBytes()) }
    }
  }
}
