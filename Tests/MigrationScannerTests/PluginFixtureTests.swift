import Foundation
import XCTest

@testable import MigrateScanCommand
@testable import MigrationScanner

/// Issue 8, part 3: the fixture package `.ci/check-plugin-and-html` runs `swift package migrate-scan`
/// on. The plugin itself runs in that script (SwiftPM builds it); these tests pin the fixture.
final class PluginFixtureTests: XCTestCase {
    private let fixture = FixtureSources.fixtures.appendingPathComponent("PluginFixture")

    func testPluginFixtureDependsOnThisPackageByRelativePath() throws {
        let manifest = try String(contentsOf: fixture.appendingPathComponent("Package.swift"), encoding: .utf8)
        XCTAssertTrue(manifest.contains(#".package(name: "URLConnectionMigration", path: "../../../..")"#))
        let target = fixture.appendingPathComponent("../../../../Package.swift").standardizedFileURL
        let rootManifest = try String(contentsOf: target, encoding: .utf8)
        XCTAssertTrue(rootManifest.contains(#"name: "URLConnectionMigration""#))
        XCTAssertTrue(rootManifest.contains(#"verb: "migrate-scan""#))
    }

    func testPluginFixtureScanFindsTheLegacyCodeTheScriptExpects() {
        let run = CLIRun(["--quiet", "Sources"], in: fixture.path, command: MigrationScanCommand(currentDirectory: fixture.path))
        XCTAssertEqual(run.status, 1)
        let lines = run.stdout.split(separator: "\n")
        XCTAssertEqual(lines.filter { $0.hasSuffix("[delegate-signature-near-miss]") }.count, 8)
        XCTAssertTrue(lines.contains { $0.hasPrefix("Sources/LegacyObjC/LegacyLoader.m:7:25: warning:") }, run.stdout)
        XCTAssertEqual(Set(lines.map { $0.split(separator: ":")[0] }).count, 6, "every fixture file has findings")
    }
}
