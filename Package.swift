// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "URLConnectionMigration",
    // The shim serves the deployment targets of the apps it migrates; migrate-scan measures its
    // runs with ContinuousClock, which macOS 13 brought. Linux needs no entry.
    platforms: [.macOS(.v13), .iOS(.v12), .tvOS(.v12)],
    products: [
        .library(name: "URLConnectionShim", targets: ["URLConnectionShim"]),
        .library(name: "MigrationScanner", targets: ["MigrationScanner"]),
        .executable(name: "migrate-scan", targets: ["migrate-scan"]),
        .plugin(name: "MigrateScanPlugin", targets: ["MigrateScanPlugin"]),
    ],
    targets: [
        // The drop-in replacement for NSURLConnection, built on URLSession.
        .target(name: "URLConnectionShim", dependencies: ["Locking"]),

        // Test fixture shared by tests, samples and benchmarks: a loopback HTTP/1.1 server.
        // Not a product, so clients of the package never see it.
        .target(name: "LoopbackHTTPServer", dependencies: ["Locking"]),

        // The lock wrapper every target shares (`package` access only).
        .target(name: "Locking"),

        // The scanner's logic and the migration (`Migrator`), as a library.
        .target(name: "MigrationScanner", dependencies: ["Locking"]),
        // The command-line frontend: one parser, the configuration file, baselines, the command;
        // `migrate-scan` connects it to the process. Not a product: its types are its own.
        .target(name: "MigrateScanCommand", dependencies: ["MigrationScanner", "Locking"]),
        .executableTarget(name: "migrate-scan", dependencies: ["MigrateScanCommand", "MigrationScanner"]),

        // `swift package migrate-scan [--fix]`: runs the package's own migrate-scan over its targets.
        .plugin(
            name: "MigrateScanPlugin",
            capability: .command(
                intent: .custom(verb: "migrate-scan", description: "Scan the package's targets for legacy URL loading"),
                permissions: []
            ),
            dependencies: ["migrate-scan"],
            path: "Sources/MigrateScanPlugin"
        ),

        // Release-build benchmark: migrate-scan against ripgrep over generated trees (Docs/Performance.md).
        .executableTarget(
            name: "scanner-benchmark", dependencies: ["MigrationScanner", "Locking", "SeededRandomness", "BenchmarkStatistics"]),

        // Mutates real sources and checks every migrate-scan output on each file (Docs/Fuzzing.md).
        .executableTarget(name: "scanner-fuzz", dependencies: ["MigrationScanner", "SeededRandomness"]),

        // Generates legacy programs from a grammar of delegate shapes and compares each one's trace
        // before and after every --fix target (Docs/Fuzzing.md).
        .target(name: "ProgramGenerator", dependencies: ["SeededRandomness"]),
        .executableTarget(
            name: "program-fuzz",
            dependencies: ["ProgramGenerator", "MigrateScanCommand", "MigrationScanner", "SeededRandomness", "URLConnectionShim", "LoopbackHTTPServer"]),

        // The reproducible generator the benchmark's trees and the fuzzer's mutations come from.
        .target(name: "SeededRandomness"),

        // The benchmarks' medians and paired ratios with their 95% range.
        .target(name: "BenchmarkStatistics"),

        // Release-build benchmark: the shim against raw URLSession and session-per-request (Docs/Performance.md).
        .executableTarget(name: "shim-benchmark", dependencies: ["URLConnectionShim", "LoopbackHTTPServer", "BenchmarkStatistics"]),

        // The loopback server as a process, for the Objective-C proof under GNUstep (Tests/ObjectiveCProof).
        .executableTarget(name: "loopback-server", dependencies: ["LoopbackHTTPServer"]),

        .testTarget(
            name: "URLConnectionShimTests",
            dependencies: ["URLConnectionShim", "LoopbackHTTPServer", "Locking"]
        ),
        // Legacy code as it was written against NSURLConnection, renamed, compiled in Swift 5 mode (C2).
        .testTarget(
            name: "LegacyClientTests",
            dependencies: ["URLConnectionShim", "LoopbackHTTPServer"],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .testTarget(name: "LoopbackHTTPServerTests", dependencies: ["LoopbackHTTPServer"]),
        .testTarget(name: "MigrationScannerTests", dependencies: ["MigrationScanner", "MigrateScanCommand"]),
        .testTarget(name: "BenchmarkStatisticsTests", dependencies: ["BenchmarkStatistics"]),
        .testTarget(name: "ProgramGeneratorTests", dependencies: ["ProgramGenerator", "SeededRandomness"]),
    ] + samples,
    swiftLanguageModes: [.v6]
)

/// Runnable samples, one scenario each (Samples/<Name>/README.md); every one starts its own
/// loopback server, so `swift run <Name>` works offline.
var samples: [Target] {
    ["ConnectionToShim", "ConnectionToSession", "SyncToAsync", "CapturingProtocol", "CachingProtocol", "RequestProperties"].map { name in
        .executableTarget(
            name: name,
            dependencies: ["URLConnectionShim", "LoopbackHTTPServer", "SampleSupport"],
            path: "Samples/\(name)",
            exclude: ["README.md"]
        )
    } + [
        // Step printing, checks and the watchdog every sample reports through.
        .target(name: "SampleSupport", path: "Samples/SampleSupport"),
    ]
}
