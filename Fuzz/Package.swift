// swift-tools-version: 6.1
// libFuzzer targets for Bindery, a nested package run by hand, not in CI:
//
//   Fuzz/run.sh 600                          # fuzz the reader for 600 seconds
//   swift build --package-path Fuzz          # type-check the harness against the package
import PackageDescription

let package = Package(
  name: "BinderyFuzz",
  dependencies: [.package(name: "Bindery", path: "..")],
  targets: [
    .target(
      name: "FuzzReader",
      dependencies: [.product(name: "BinderyJSON", package: "Bindery")]
    )
  ],
  swiftLanguageModes: [.v6]
)
