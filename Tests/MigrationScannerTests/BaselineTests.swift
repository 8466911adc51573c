import XCTest

@testable import MigrateScanCommand
@testable import MigrationScanner

/// `--write-baseline` and `--baseline`: only new findings are reported, whatever moved, and a
/// fixed finding leaves the baseline usable.
final class BaselineTests: XCTestCase {
    private func fixture() throws -> CLITemporaryTree {
        let tree = try CLITemporaryTree(self)
        try tree.write("Sources/Loader.m", "@interface Loader\nNSURLConnection *c;\nNSURLConnection *c;\n@end\n")
        try tree.write("Sources/View.swift", "let w = UIWebView()\n")
        return tree
    }

    func testWriteThenReadReportsNothingNew() throws {
        let tree = try fixture()
        let write = CLIRun(["--write-baseline", "baseline.json", "--fail-on", "never"], in: tree.root)
        XCTAssertEqual(write.status, 0)
        // The two identical findings in Loader.m are one grouped line.
        XCTAssertEqual(write.stdout.split(separator: "\n").count, 2, "writing a baseline still reports")
        let check = CLIRun(["--baseline", "baseline.json"], in: tree.root)
        XCTAssertEqual(check.stdout, "")
        XCTAssertEqual(check.status, 0)
        XCTAssertEqual(check.stderr, "0 findings (0 errors, 0 warnings, 0 notes) in 2 files\n3 findings in the baseline not shown\n")
    }

    func testFileFormatIsVersionedAndCountsDuplicates() throws {
        let tree = try fixture()
        _ = CLIRun(["--write-baseline", "baseline.json"], in: tree.root)
        let text = try String(contentsOfFile: tree.path("baseline.json"), encoding: .utf8)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        XCTAssertEqual(document["version"] as? Int, 1)
        let findings = try XCTUnwrap(document["findings"] as? [[String: Any]])
        XCTAssertEqual(findings.map { $0["path"] as? String }, ["Sources/Loader.m", "Sources/View.swift"])
        XCTAssertEqual(findings.map { $0["count"] as? Int }, [2, 1], "two identical lines: one fingerprint, counted twice")
        XCTAssertEqual(findings.first?["rule"] as? String, "nsurlconnection-reference")
        let again = CLIRun(["--write-baseline", "again.json"], in: tree.root)
        XCTAssertEqual(again.status, 1)
        XCTAssertEqual(try String(contentsOfFile: tree.path("again.json"), encoding: .utf8), text, "deterministic")
    }

    func testStableWhenLinesMoveAndWhitespaceChanges() throws {
        let tree = try fixture()
        _ = CLIRun(["--write-baseline", "baseline.json"], in: tree.root)
        try tree.write("Sources/Loader.m", "// new header\n\n@interface Loader\n    NSURLConnection   *c;\n\tNSURLConnection *c;\n@end\n")
        try tree.write("Sources/View.swift", "import UIKit\n\n\nlet w =   UIWebView()\n")
        let check = CLIRun(["--baseline", "baseline.json"], in: tree.root)
        XCTAssertEqual(check.stdout, "")
        XCTAssertEqual(check.status, 0)
    }

    func testOnlyNewFindingsAreReportedIncludingANewDuplicate() throws {
        let tree = try fixture()
        _ = CLIRun(["--write-baseline", "baseline.json"], in: tree.root)
        try tree.write("Sources/Loader.m", "@interface Loader\nNSURLConnection *c;\nNSURLConnection *c;\nNSURLConnection *c;\nUIWebView *w;\n@end\n")
        let check = CLIRun(["--baseline", "baseline.json"], in: tree.root)
        XCTAssertEqual(
            check.stdout,
            """
            Sources/Loader.m:4:1: warning: NSURLConnection is legacy [nsurlconnection-reference]
            Sources/Loader.m:5:1: error: UIWebView is legacy [uiwebview]

            """)
        XCTAssertEqual(check.status, 1)
    }

    func testFixedFindingsLeaveTheBaselineWorking() throws {
        let tree = try fixture()
        _ = CLIRun(["--write-baseline", "baseline.json"], in: tree.root)
        try tree.write("Sources/View.swift", "let w = WKWebView()\n")
        try tree.write("Sources/Loader.m", "NSURLConnection *c;\n")
        let check = CLIRun(["--baseline", "baseline.json"], in: tree.root)
        XCTAssertEqual(check.stdout, "")
        XCTAssertEqual(check.status, 0)
        let sarif = CLIRun(["--baseline", "baseline.json", "--format", "sarif"], in: tree.root)
        XCTAssertFalse(sarif.stdout.contains("\"results\": []"), "SARIF carries the baselined findings too")
        XCTAssertFalse(sarif.stdout.contains("\"baselineState\": \"new\""), sarif.stdout)
        XCTAssertTrue(sarif.stdout.contains("\"baselineState\": \"unchanged\""), sarif.stdout)
    }

    func testFingerprintIsSARIFPartialFingerprint() throws {
        let tree = try fixture()
        _ = CLIRun(["--write-baseline", "baseline.json"], in: tree.root)
        let baseline = try Baseline.load(path: tree.path("baseline.json"), displayPath: "baseline.json")
        let sarif = CLIRun(["--format", "sarif"], in: tree.root).stdout
        for entry in baseline.entries {
            XCTAssertTrue(sarif.contains("\"migrateScanLineHash/v1\": \"\(entry.lineHash)\""), entry.lineHash)
        }
    }

    func testBadBaselinesExit2NamingTheFile() throws {
        let tree = try fixture()
        try tree.write("v9.json", #"{"version": 9, "findings": []}"#)
        try tree.write("junk.json", "[]")
        try tree.write("entry.json", #"{"version": 1, "findings": [{"rule": "x"}]}"#)
        XCTAssertEqual(
            CLIRun(["--baseline", "v9.json"], in: tree.root).stderr,
            "v9.json: error: baseline version 9 is not supported (this migrate-scan reads version 1)\n")
        XCTAssertEqual(CLIRun(["--baseline", "junk.json"], in: tree.root).status, 2)
        XCTAssertEqual(
            CLIRun(["--baseline", "entry.json"], in: tree.root).stderr,
            "entry.json: error: invalid entry 'findings[0]': expected rule, path, lineHash and a positive count\n")
        let missing = CLIRun(["--baseline", "missing.json"], in: tree.root)
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr, "missing.json: error: cannot read the baseline file\n")
    }
}
