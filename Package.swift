// swift-tools-version: 6.1
// Bindery: JSON to typed Swift models and back. Dependencies point one way: BinderyJSON (the
// standard library alone) ← Bindery ← BinderyRemote (← BinderyAsyncHTTPClient), BinderyNIO
// (← BinderyHummingbird, BinderyVapor), the CLI and the examples.
//
// What a package that depends on Bindery resolves is swift-syntax and nothing else:
// - everything built on SwiftNIO sits behind a package trait (`NIO`, `AsyncHTTPClient`,
//   `Hummingbird`, `Vapor`), and a trait that is not enabled neither resolves nor builds its
//   packages;
// - the command-line tool and the examples parse their arguments themselves
//   (`CommandArguments`), so that their products need no other package;
// - the packages that only tests and the documentation use are never resolved by a dependent.
//
// The macro target is the only module that uses swift-syntax, and it shares no module with the
// library: SwiftPM can then use a prebuilt swift-syntax for it (see Documentation/Layout.md).
import CompilerPluginSupport
import PackageDescription

let strictSettings: [SwiftSetting] = [
  .enableUpcomingFeature("MemberImportVisibility"),
  .enableUpcomingFeature("InternalImportsByDefault"),
]

/// Debug builds check the document tape's invariants after every parse.
let coreSettings =
  strictSettings + [
    .define("BINDERY_INTERNAL_CHECKS", .when(configuration: .debug))
  ]

let package = Package(
  name: "Bindery",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
  products: [
    .library(name: "Bindery", targets: ["Bindery"]),
    .library(name: "BinderyJSON", targets: ["BinderyJSON"]),
    .library(name: "BinderyRemote", targets: ["BinderyRemote"]),
    // Each of these is empty unless the package trait of the same name is enabled.
    .library(name: "BinderyNIO", targets: ["BinderyNIO"]),
    .library(name: "BinderyAsyncHTTPClient", targets: ["BinderyAsyncHTTPClient"]),
    .library(name: "BinderyHummingbird", targets: ["BinderyHummingbird"]),
    .library(name: "BinderyVapor", targets: ["BinderyVapor"]),
    .executable(name: "bindery", targets: ["BinderyCLI"]),
    .executable(name: "flickr-feed", targets: ["FlickrFeed"]),
    .executable(name: "bindery-server", targets: ["BinderyServer"]),
  ],
  traits: [
    .trait(name: "NIO", description: "BinderyNIO: SwiftNIO's ByteBuffer as JSON input and output."),
    .trait(
      name: "AsyncHTTPClient",
      description: "BinderyAsyncHTTPClient: BinderyRemote's transport over AsyncHTTPClient."),
    .trait(
      name: "Hummingbird",
      description: "BinderyHummingbird: Bindery's coders for Hummingbird 2, and the example server.",
      enabledTraits: ["NIO"]),
    .trait(
      name: "Vapor", description: "BinderyVapor: Bindery's coders as Vapor 4's content coders.",
      enabledTraits: ["NIO"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-nio", from: "2.80.0"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.0"),
    .package(url: "https://github.com/vapor/vapor", from: "4.122.0"),
    // `swift package generate-documentation`: the DocC catalogs, built in CI.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.0"),
    .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.0"..<"604.0.0"),
    .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    // AsyncHTTPClient's decompression error, named by the transport that enables it.
    .package(url: "https://github.com/apple/swift-nio-extras", from: "1.20.0"),
    .package(url: "https://github.com/pointfreeco/swift-macro-testing", from: "0.6.0"),
    // Tests only: an in-process HTTP server on 127.0.0.1 for BinderyRemote's tests.
    .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.0"),
    // Tests only: its JSON Lines helpers take the JSONDecoder and JSONEncoder subclasses.
    .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.8.0"),
  ],
  targets: [
    .target(name: "BinderyJSON", swiftSettings: coreSettings),
    .target(name: "BinderyNaming", swiftSettings: strictSettings),
    .target(
      name: "BinderyGenerator", dependencies: ["Bindery", "BinderyJSON", "BinderyNaming"],
      swiftSettings: strictSettings),
    // The compiler plugin and all of its logic: swift-syntax and nothing of the library's.
    .macro(
      name: "BinderyMacros",
      dependencies: [
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftParser", package: "swift-syntax"),
        .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
        .product(name: "SwiftDiagnostics", package: "swift-syntax"),
        .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
      ],
      swiftSettings: strictSettings
    ),
    .target(
      name: "Bindery", dependencies: ["BinderyJSON", "BinderyNaming", "BinderyMacros"],
      swiftSettings: strictSettings),
    .target(name: "BinderyRemote", dependencies: ["Bindery"], swiftSettings: strictSettings),
    .target(
      name: "BinderyAsyncHTTPClient",
      dependencies: [
        "BinderyRemote",
        .product(
          name: "AsyncHTTPClient", package: "async-http-client",
          condition: .when(traits: ["AsyncHTTPClient"])),
        .product(
          name: "NIOHTTPCompression", package: "swift-nio-extras",
          condition: .when(traits: ["AsyncHTTPClient"])),
      ],
      swiftSettings: strictSettings
    ),
    .target(
      name: "BinderyNIO",
      dependencies: [
        "Bindery",
        .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["NIO"])),
      ],
      swiftSettings: strictSettings
    ),
    .target(
      name: "BinderyHummingbird",
      dependencies: [
        "BinderyNIO",
        .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Hummingbird"])),
      ],
      swiftSettings: strictSettings
    ),
    .target(
      name: "BinderyVapor",
      dependencies: [
        "BinderyNIO",
        .product(name: "Vapor", package: "vapor", condition: .when(traits: ["Vapor"])),
      ],
      swiftSettings: strictSettings
    ),
    // The example server: its API (a library, for the tests) and the command that runs it.
    .target(
      name: "BinderyServerAPI",
      dependencies: [
        "BinderyHummingbird",
        .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Hummingbird"])),
      ],
      path: "Examples/BinderyServer/API",
      swiftSettings: strictSettings
    ),
    .executableTarget(
      name: "BinderyServer",
      dependencies: [
        "BinderyServerAPI",
        "CommandArguments",
        .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Hummingbird"])),
      ],
      path: "Examples/BinderyServer/Main",
      swiftSettings: strictSettings
    ),
    .executableTarget(
      name: "FlickrFeed",
      dependencies: ["BinderyRemote", "CommandArguments"],
      path: "Examples/FlickrFeed",
      swiftSettings: strictSettings
    ),
    // The command lines of the tool and the examples: their help and their parse.
    .target(name: "CommandArguments", swiftSettings: strictSettings),
    .executableTarget(
      name: "BinderyCLI",
      dependencies: ["Bindery", "BinderyGenerator", "CommandArguments"],
      swiftSettings: strictSettings
    ),
    .target(
      name: "BinderyTestSupport",
      dependencies: ["BinderyJSON"],
      path: "Tests/BinderyTestSupport",
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "BinderyJSONTests",
      dependencies: [
        "BinderyJSON",
        "BinderyTestSupport",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      exclude: ["Fixtures"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "BinderyTests",
      dependencies: [
        "Bindery",
        "BinderyTestSupport",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      exclude: ["Fixtures"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "BinderyMacrosTests",
      dependencies: [
        "Bindery",
        "BinderyMacros",
        "BinderyNaming",
        .product(name: "MacroTesting", package: "swift-macro-testing"),
        .product(name: "SwiftParser", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
      ],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "BinderyModelTests",
      dependencies: [
        "Bindery", "BinderyTestSupport",
        .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
      ],
      exclude: ["Fixtures"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "BinderyRemoteTests",
      dependencies: [
        "BinderyRemote",
        "BinderyAsyncHTTPClient",
        "FlickrFeed",
        "BinderyTestSupport",
        .product(name: "FlyingFox", package: "FlyingFox"),
      ],
      exclude: ["Fixtures"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "BinderyServerTests",
      dependencies: [
        "BinderyNIO",
        "BinderyHummingbird",
        "BinderyVapor",
        "BinderyServerAPI",
        "BinderyTestSupport",
        .product(name: "HummingbirdTesting", package: "hummingbird", condition: .when(traits: ["Hummingbird"])),
        .product(name: "VaporTesting", package: "vapor", condition: .when(traits: ["Vapor"])),
      ],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "BinderyNamingTests",
      dependencies: ["BinderyNaming"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "DocumentationTests",
      dependencies: [
        "Bindery", "BinderyRemote", "BinderyAsyncHTTPClient", "BinderyNIO",
        .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["NIO"])),
        .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
      ],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "BinderyCLITests",
      dependencies: ["BinderyCLI", "BinderyTestSupport"],
      swiftSettings: strictSettings
    ),
  ],
  swiftLanguageModes: [.v6]
)

// Models written by `bindery generate` from the samples in Tests/Generated/Samples, kept as
// written and compiled here, each in a module of its own (they share names such as `User`).
// GeneratedModelTests checks that the generator still writes them and that they read their
// samples and write them back.
let generatedModels = ["FlickrFeed", "TagListing", "Events", "Catalog", "Thread", "Timeline"]
package.targets += generatedModels.map {
  .target(name: "Generated\($0)", dependencies: ["Bindery"], path: "Tests/Generated/\($0)")
}
package.targets.append(
  .testTarget(
    name: "GeneratedModelTests",
    dependencies: ["Bindery", "BinderyGenerator", "BinderyTestSupport"]
      + generatedModels.map { .target(name: "Generated\($0)") },
    swiftSettings: strictSettings
  ))
