// swift-tools-version:6.0
// A package with legacy NSURLConnection code, for `swift package migrate-scan` and the fix's
// compile proof (.ci/check-plugin-and-html). It sits in a hidden directory because SwiftPM does
// not skip nested packages inside a target's directory: MigrationScannerTests would compile it.
import PackageDescription

let package = Package(
    name: "PluginFixture",
    dependencies: [.package(name: "URLConnectionMigration", path: "../../../..")],
    targets: [
        // Swift 2-era NSURLConnection code; `migrate-scan --fix` moves it onto URLConnectionShim.
        .target(
            name: "LegacyApp",
            dependencies: [.product(name: "URLConnectionShim", package: "URLConnectionMigration")],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        // Objective-C: reported, never rewritten.
        .target(name: "LegacyObjC"),
    ]
)
