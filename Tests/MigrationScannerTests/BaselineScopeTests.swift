import Foundation
import XCTest

@testable import MigrateScanCommand
@testable import MigrationScanner

/// A baseline's paths are relative to the top of the git work tree, whichever directory scans it;
/// a baseline that matches none of its entries is a warning; entries matching no finding any more
/// are reported; `--write-baseline` says where it wrote how many entries.
final class BaselineScopeTests: XCTestCase {
    func testABaselineWrittenAtTheTopHoldsFromASubdirectoryAndTheOtherWayRound() throws {
        let tree = try CLITemporaryTree(self)
        try tree.write("App/Sources/Loader.m", "NSURLConnection *c;\n")
        try tree.write("App/Sources/View.swift", "let w = UIWebView()\n")
        try tree.commitAll("app", initialising: true)
        XCTAssertEqual(CLIRun(["--write-baseline", "baseline.json", "--fail-on", "never"], in: tree.root).status, 0)
        let fromSubdirectory = CLIRun(["--baseline", "../baseline.json"], in: tree.path("App"))
        XCTAssertEqual(fromSubdirectory.status, 0, fromSubdirectory.stdout)
        XCTAssertEqual(fromSubdirectory.stderr, "0 findings (0 errors, 0 warnings, 0 notes) in 2 files\n2 findings in the baseline not shown\n")

        XCTAssertEqual(CLIRun(["--write-baseline", "sub.json", "--fail-on", "never", "-q"], in: tree.path("App/Sources")).status, 0)
        let baseline = try Baseline.load(path: tree.path("App/Sources/sub.json"), displayPath: "sub.json")
        XCTAssertEqual(baseline.entries.map(\.path), ["App/Sources/Loader.m", "App/Sources/View.swift"])
        XCTAssertEqual(CLIRun(["--baseline", "App/Sources/sub.json"], in: tree.root).status, 0)
    }

    func testABaselineThatMatchesNoneOfItsEntriesIsAWarningEvenWhenQuiet() throws {
        let tree = try CLITemporaryTree(self)
        try tree.write("Sources/Loader.m", "NSURLConnection *c;\n")
        try tree.write("other.json", #"{"version": 1, "findings": [{"rule": "nsurlconnection-reference", "path": "Elsewhere/Loader.m", "lineHash": "0123456789abcdef", "count": 1}]}"#)
        let run = CLIRun(["--baseline", "other.json", "--quiet"], in: tree.root)
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(
            run.stderr,
            "migrate-scan: warning: the baseline 'other.json' matched none of its 1 entry (its paths are relative to \(tree.root): "
                + "was it written for another directory?)\n")
    }

    func testEntriesThatMatchNoFindingAnyMoreAreReportedForTheFilesScanned() throws {
        let tree = try CLITemporaryTree(self)
        try tree.write("Sources/Loader.m", "NSURLConnection *c;\n")
        try tree.write("Sources/Fixed.m", "NSURLConnection *d;\n")
        try tree.write("Sources/Clean.swift", "let ok = 1\n")
        XCTAssertEqual(CLIRun(["--write-baseline", "baseline.json", "--fail-on", "never"], in: tree.root).status, 0)
        try tree.write("Sources/Fixed.m", "NSURLSession *d;\n")
        let run = CLIRun(["--baseline", "baseline.json"], in: tree.root)
        XCTAssertEqual(run.status, 0)
        XCTAssertTrue(
            run.stderr.hasPrefix(
                "migrate-scan: note: 1 of the baseline's 2 entries match no finding any more (Sources/Fixed.m): "
                    + "rewrite 'baseline.json' with --write-baseline to lock the fixes in\n"),
            run.stderr)
        // Files committed one by one (pre-commit): entries of files not scanned say nothing.
        XCTAssertEqual(
            CLIRun(["--baseline", "baseline.json", "Sources/Clean.swift"], in: tree.root).stderr,
            "0 findings (0 errors, 0 warnings, 0 notes) in 1 file\n")
    }

    func testWriteBaselineSaysWhereItWroteHowManyEntries() throws {
        let tree = try CLITemporaryTree(self)
        try tree.write("a.m", "NSURLConnection *c;\nNSURLConnection *c;\n")
        try tree.write("b.swift", "let w = UIWebView()\n")
        let run = CLIRun(["--write-baseline", "baseline.json", "--fail-on", "never"], in: tree.root)
        XCTAssertTrue(
            run.stderr.hasPrefix("migrate-scan: wrote 2 baseline entries (3 findings) to 'baseline.json'\n"), run.stderr)
        XCTAssertFalse(CLIRun(["--write-baseline", "again.json", "-q"], in: tree.root).stderr.contains("wrote"))
    }

    func testTheMarkdownSummarySaysNoNewFindingsAndHowManyAreInTheBaseline() throws {
        let tree = try CLITemporaryTree(self)
        try tree.write("a.m", "NSURLConnection *c;\nNSURLConnection *d;\n")
        _ = CLIRun(["--write-baseline", "baseline.json", "-q"], in: tree.root)
        let clean = CLIRun(["--baseline", "baseline.json", "--format", "markdown"], in: tree.root)
        XCTAssertTrue(clean.stdout.hasSuffix("\nNo new findings; 2 in the baseline.\n"), clean.stdout)
        try tree.write("a.m", "NSURLConnection *c;\nNSURLConnection *d;\nNSURLConnection *e;\n")
        let new = CLIRun(["--baseline", "baseline.json", "--format", "markdown"], in: tree.root)
        XCTAssertTrue(new.stdout.contains("\n2 more in the baseline, not shown.\n"), new.stdout)
    }
}
