import Foundation
import XCTest

@testable import MigrateScanCommand
@testable import MigrationScanner

/// What a first run meets when its input is not what it expects: a path that names nothing,
/// Objective-C piped in without a name, `--changed-since` in a shallow clone.
final class InputErrorTests: XCTestCase {
    func testAMissingPathIsReportedAsSpeltWithNoSummaryAfterIt() throws {
        let tree = try CLITemporaryTree(self)
        let paths = ["/nonexistent/path", "../nonexistent/Loader.m", "missing"]
        let runs = paths.map { CLIRun([$0], in: tree.root) }
        XCTAssertEqual(runs.map(\.status), [2, 2, 2])
        XCTAssertEqual(runs.map(\.stdout).joined(), "")
        XCTAssertEqual(runs.map(\.stderr), paths.map { "\($0): error: No such file or directory\n" })
    }

    func testAMissingPathBesideAnotherStillScansTheOtherAndExits2() throws {
        let tree = try CLITemporaryTree(self)
        try tree.write("Sources/a.swift", "let w = UIWebView()\n")
        let run = CLIRun(["/nonexistent/path", "Sources"], in: tree.root)
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.stdout, "Sources/a.swift:1:9: error: UIWebView is legacy [uiwebview]\n")
        XCTAssertTrue(run.stderr.hasPrefix("/nonexistent/path: error: No such file or directory\n"), run.stderr)
    }

    func testStandardInputWithoutANameIsReadAsTheLanguageItsTextIs() throws {
        let tree = try CLITemporaryTree(self)
        var command = MigrationScanCommand(currentDirectory: tree.root)
        command.standardInputDevice = try tree.write(
            "piped", "#import <Foundation/Foundation.h>\nvoid Late(NSURLRequest *r) {\n"
                + "    [NSURLConnection sendSynchronousRequest:r returningResponse:nil error:nil];\n}\n")
        let objectiveC = CLIRun(["-", "--format", "json"], in: tree.root, command: command)
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(objectiveC.stdout.utf8)) as? [String: Any])
        let findings = try XCTUnwrap(report["findings"] as? [[String: Any]])
        XCTAssertEqual(Set(findings.map { "\($0["path"] ?? "")" }), ["stdin.m"])
        XCTAssertTrue(findings.contains { $0["rule"] as? String == "nsurlconnection-send-synchronous" }, objectiveC.stdout)

        command.standardInputDevice = try tree.write("swift", "import Foundation\nlet w = UIWebView()\n// [a b:]\n")
        XCTAssertTrue(CLIRun(["-"], in: tree.root, command: command).stdout.hasPrefix("stdin.swift:2:9: "))
    }

    func testSourceLanguageGuessCountsLinesOnlyOneLanguageWrites() {
        XCTAssertEqual(SourceLanguage.guessed(from: Array("@implementation A\n@end\n".utf8)), .objectiveC)
        XCTAssertEqual(SourceLanguage.guessed(from: Array("x = [self load:r];\n".utf8)), .objectiveC)
        XCTAssertEqual(SourceLanguage.guessed(from: Array("let d = [key: value]\nfunc f() {}\n".utf8)), .swift)
        XCTAssertEqual(SourceLanguage.guessed(from: Array("".utf8)), .swift)
    }

    func testChangedSinceInAShallowCloneSaysTheCloneIsShallow() throws {
        let tree = try CLITemporaryTree(self)
        try tree.write("origin/a.swift", "let a = 1\n")
        try tree.commitAll("one", initialising: true)
        try tree.write("origin/a.swift", "let a = 2\n")
        try tree.commitAll("two")
        try tree.git(["clone", "-q", "--depth", "1", "file://\(tree.root)", tree.path("clone")])
        let run = CLIRun(["--changed-since", "HEAD~1"], in: tree.path("clone"))
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(
            run.stderr,
            "migrate-scan: error: '--changed-since HEAD~1': no such commit in the work tree at \(tree.path("clone")), a shallow clone: "
                + "fetch the history first (actions/checkout with fetch-depth: 0, or git fetch --unshallow)\n")
    }
}
