import Foundation
import XCTest

@testable import MigrateScanCommand
@testable import MigrationScanner

/// `migrate-scan Samples` reports exactly the findings listed in
/// Samples/Legacy/expected-findings.tsv: the Legacy tree's call sites and pitfalls, none in
/// its comments and strings, and none in the runnable samples except those listed.
final class SampleFindingsTests: XCTestCase {
    private static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    func testSamplesTreeFindingsMatchTheExpectedList() throws {
        let listPath = Self.repositoryRoot + "/Samples/Legacy/expected-findings.tsv"
        let expected = try String(contentsOfFile: listPath, encoding: .utf8)
            .split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)

        let run = CLIRun(["--format", "json", "Samples"], in: Self.repositoryRoot, command: MigrationScanCommand(currentDirectory: Self.repositoryRoot))
        XCTAssertEqual(run.status, 1, run.stderr)
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let findings = try XCTUnwrap(report["findings"] as? [[String: Any]])
        let actual = findings.map { finding in
            "\(finding["path"] ?? "")\t\(finding["line"] ?? "")\t\(finding["severity"] ?? "")\t\(finding["rule"] ?? "")"
        }
        XCTAssertEqual(actual.count, expected.count)
        let missing = Set(expected).subtracting(actual).sorted()
        let unexpected = Set(actual).subtracting(expected).sorted()
        XCTAssertTrue(missing.isEmpty, "expected but not reported:\n" + missing.joined(separator: "\n"))
        XCTAssertTrue(unexpected.isEmpty, "reported but not expected:\n" + unexpected.joined(separator: "\n"))
    }
}
