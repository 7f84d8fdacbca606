// swift-tools-version: 6.1
// Bindery's benchmarks, a nested package so that `swift test` at the root never builds them.
//
//   swift run -c release --package-path Benchmarks compare      # Bindery vs Foundation table
//   swift run -c release --package-path Benchmarks remote       # requests/s by transport
//   swift run -c release --package-path Benchmarks events       # a union's cost, GitHub events
//   python3 Benchmarks/Scripts/stream.py                         # JSON Lines: time, peak memory
//   python3 Benchmarks/Scripts/cross-language.py                 # against msgspec and orjson
//   python3 Benchmarks/Scripts/schema-validation.py              # against jsonschema-rs
//   swift package --package-path Benchmarks benchmark            # ordo-one suites (allocations)
//
// The inputs are the standard benchmark files in Corpora/, read at run time.
import PackageDescription

let package = Package(
  name: "BinderyBenchmarks",
  platforms: [.macOS(.v13)],
  dependencies: [
    // AsyncHTTPClient: the `remote` benchmark times its transport too.
    .package(name: "Bindery", path: "..", traits: ["AsyncHTTPClient"]),
    .package(
      url: "https://github.com/ordo-one/benchmark", from: "1.38.0", traits: ["MallocInterposer"]),
  ],
  targets: [
    .target(name: "Corpus", swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]),
    .target(name: "Models", dependencies: [.product(name: "Bindery", package: "Bindery")]),
    // A Codable coder that reads and writes nothing: what the containers cost any coder.
    .target(name: "CodableFloor"),
    .executableTarget(
      name: "compare",
      dependencies: ["Corpus", "Models", .product(name: "Bindery", package: "Bindery")],
      swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]
    ),
    .executableTarget(
      name: "remote",
      dependencies: [
        .product(name: "BinderyRemote", package: "Bindery"),
        .product(name: "BinderyAsyncHTTPClient", package: "Bindery"),
      ]
    ),
    .executableTarget(
      name: "events",
      dependencies: [.product(name: "Bindery", package: "Bindery")]
    ),
    .executableTarget(
      name: "stream",
      dependencies: ["Models", .product(name: "Bindery", package: "Bindery")]
    ),
    .executableTarget(
      name: "throughput",
      dependencies: [
        "CodableFloor", "Corpus", "Models", .product(name: "Bindery", package: "Bindery"),
      ]
    ),
    // JSON Schema validation of the standard files: in-process times, for schema-validation.py.
    .executableTarget(
      name: "schema",
      dependencies: ["Corpus", .product(name: "Bindery", package: "Bindery")]
    ),
    .executableTarget(
      name: "profile",
      dependencies: [
        "CodableFloor", "Corpus", "Models", .product(name: "Bindery", package: "Bindery"),
      ]
    ),
    .executableTarget(
      name: "JSONCore",
      dependencies: [
        "Corpus",
        "Models",
        .product(name: "Bindery", package: "Bindery"),
        .product(name: "Benchmark", package: "benchmark"),
      ],
      path: "Benchmarks/JSONCore",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
