import Foundation
import XCTest

/// Reports and baselines are written as `--fix` writes sources (`AtomicFileWriter`): an existing
/// file keeps its permission bits, and a symlink or a read-only file is refused with one line,
/// the file left as it was.
final class WrittenFileSafetyTests: XCTestCase {
    private let legacy = "let c = NSURLConnection(request: r, delegate: self)\n"

    func testAReportWrittenOverAFileKeepsItsPermissionBits() throws {
        let tree = try CLITemporaryTree(self)
        _ = try tree.write("Loader.swift", legacy)
        let report = try tree.write("report.json", "old")
        XCTAssertEqual(chmod(report, 0o640), 0)
        let result = tree.run(["--format", "json", "--output", "report.json", "--fail-on", "never", "Loader.swift"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(try String(contentsOfFile: report, encoding: .utf8).contains("nsurlconnection-create"))
        let attributes = try FileManager.default.attributesOfItem(atPath: report)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o640)
    }

    func testAReportIsNotWrittenThroughASymlink() throws {
        let tree = try CLITemporaryTree(self)
        _ = try tree.write("Loader.swift", legacy)
        let elsewhere = try tree.write("elsewhere.json", "kept")
        try tree.symlink("report.json", to: elsewhere)
        let result = tree.run(["--format", "json", "--output", "report.json", "Loader.swift"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.hasPrefix(
            "migrate-scan: error: cannot write 'report.json': symlink to \(elsewhere), which a written file does not follow\n"), result.stderr)
        XCTAssertEqual(try String(contentsOfFile: elsewhere, encoding: .utf8), "kept")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: tree.path("report.json")), elsewhere)
    }

    func testAReadOnlyBaselineIsRefusedAndKept() throws {
        let tree = try CLITemporaryTree(self)
        _ = try tree.write("Loader.swift", legacy)
        let baseline = try tree.write("baseline.json", "kept")
        XCTAssertEqual(chmod(baseline, 0o444), 0)
        let result = tree.run(["--write-baseline", "baseline.json", "--fail-on", "never", "Loader.swift"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.hasPrefix("migrate-scan: error: cannot write 'baseline.json': read-only\n"), result.stderr)
        XCTAssertEqual(try String(contentsOfFile: baseline, encoding: .utf8), "kept")
    }
}
