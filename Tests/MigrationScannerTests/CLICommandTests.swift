import Foundation
import XCTest

@testable import MigrateScanCommand
@testable import MigrationScanner

final class CLICommandTests: XCTestCase {
    private func fixture() throws -> CLITemporaryTree {
        let tree = try CLITemporaryTree(self)
        try tree.write("Sources/Loader.m", "@interface Loader\nNSURLConnection *c;\n@end\n")
        try tree.write("Sources/View.swift", "let w = UIWebView()\nlet s = DispatchSemaphore(value: 0)\n")
        try tree.write("Sources/Clean.swift", "let ok = URLSession.shared\n")
        return tree
    }

    // MARK: exit statuses

    func testExitStatus0WhenNothingIsAtOrAboveFailOn() throws {
        let tree = try CLITemporaryTree(self)
        try tree.write("a.swift", "let ok = 1\n")
        let run = CLIRun([], in: tree.root)
        XCTAssertEqual(run.status, 0)
        XCTAssertEqual(run.stdout, "")
        XCTAssertEqual(run.stderr, "0 findings (0 errors, 0 warnings, 0 notes) in 1 file\n")
    }

    func testExitStatus1OnFindingsAtOrAboveFailOn() throws {
        let tree = try CLITemporaryTree(self)
        try tree.write("warn.swift", "NSURLConnection")
        try tree.write("note.swift", "DispatchSemaphore")
        XCTAssertEqual(CLIRun(["warn.swift"], in: tree.root).status, 1, "default --fail-on warning")
        XCTAssertEqual(CLIRun(["warn.swift", "--fail-on", "error"], in: tree.root).status, 0)
        XCTAssertEqual(CLIRun(["warn.swift", "--fail-on", "never"], in: tree.root).status, 0)
        XCTAssertEqual(CLIRun(["note.swift"], in: tree.root).status, 0)
        XCTAssertEqual(CLIRun(["note.swift", "--fail-on", "note"], in: tree.root).status, 1)
        XCTAssertEqual(CLIRun(["warn.swift", "--min-severity", "error"], in: tree.root).status, 0, "only reported findings fail")
    }

    func testExitStatus2OnUsageErrorsWithOneLine() throws {
        let tree = try fixture()
        let run = CLIRun(["--fromat", "json"], in: tree.root)
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.stdout, "")
        XCTAssertEqual(run.stderr, "migrate-scan: error: unknown option '--fromat' (did you mean '--format'?)\n")
        let rule = CLIRun(["--disable", "uiwebvew"], in: tree.root)
        XCTAssertEqual(rule.status, 2)
        XCTAssertEqual(rule.stderr, "migrate-scan: error: unknown rule 'uiwebvew' in '--disable' (did you mean 'uiwebview'?)\n")
    }

    func testExitStatus2WhenAPathCannotBeReadEvenWithFindings() throws {
        let tree = try fixture()
        let run = CLIRun(["Sources", "missing"], in: tree.root)
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.hasPrefix("missing: error: No such file or directory\n"), run.stderr)
        XCTAssertEqual(run.stdout.split(separator: "\n").count, 3, "the rest is still scanned and reported")
    }

    // MARK: output

    func testTextReportOnStdoutAndSummaryOnStderr() throws {
        let tree = try fixture()
        let run = CLIRun([], in: tree.root)
        XCTAssertEqual(
            run.stdout,
            """
            Sources/Loader.m:2:1: warning: NSURLConnection is legacy [nsurlconnection-reference]
            Sources/View.swift:1:9: error: UIWebView is legacy [uiwebview]
            Sources/View.swift:2:9: note: DispatchSemaphore is legacy [semaphore-around-task]

            """)
        XCTAssertEqual(run.stderr, "3 findings (1 error, 1 warning, 1 note) in 3 files\n")
        XCTAssertEqual(run.status, 1)
    }

    func testPathsAreRelativeToTheCurrentDirectoryOrRoot() throws {
        let tree = try fixture()
        XCTAssertTrue(CLIRun([tree.path("Sources/Loader.m")], in: tree.root).stdout.hasPrefix("Sources/Loader.m:2:1:"))
        XCTAssertTrue(CLIRun(["Loader.m"], in: tree.path("Sources")).stdout.hasPrefix("Loader.m:2:1:"))
        XCTAssertTrue(CLIRun(["Loader.m", "--root", ".."], in: tree.path("Sources")).stdout.hasPrefix("Sources/Loader.m:2:1:"))
        try tree.write("Other/o.m", "NSURLConnection")
        // Outside the current directory and any git work tree: relative to the scanned directory.
        XCTAssertTrue(CLIRun(["../Other/o.m"], in: tree.path("Sources")).stdout.hasPrefix("o.m:1:1:"))
        XCTAssertTrue(CLIRun(["../Other", "../Sources"], in: tree.path("Sources")).stdout.hasPrefix("Other/o.m:1:1:"))
    }

    func testRootMustBeADirectory() throws {
        let tree = try fixture()
        let run = CLIRun(["--root", "nowhere"], in: tree.root)
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.stderr, "migrate-scan: error: '--root nowhere' is not a directory\n")
    }

    func testQuietDropsSummaryAndNotesButNotErrors() throws {
        let tree = try fixture()
        try tree.write("Sources/bin.swift", bytes: [0])
        let noisy = CLIRun([], in: tree.root)
        XCTAssertTrue(noisy.stderr.contains("Sources/bin.swift: note: skipped: binary file"), noisy.stderr)
        let quiet = CLIRun(["-q", ".", "gone.swift"], in: tree.root)
        XCTAssertEqual(quiet.stderr, "gone.swift: error: No such file or directory\n")
        XCTAssertEqual(quiet.stdout, noisy.stdout)
    }

    func testJSONAndSARIFGoToStdoutWithoutASummary() throws {
        let tree = try fixture()
        let json = CLIRun(["--format", "json"], in: tree.root)
        XCTAssertEqual(json.stderr, "")
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertEqual((document["findings"] as? [Any])?.count, 3)
        XCTAssertEqual((document["summary"] as? [String: Any])?["filesScanned"] as? Int, 3)

        let sarif = CLIRun(["--format=sarif"], in: tree.root)
        let log = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let run = try XCTUnwrap((log["runs"] as? [[String: Any]])?.first)
        XCTAssertEqual(
            ((run["originalUriBaseIds"] as? [String: Any])?["%SRCROOT%"] as? [String: Any])?["uri"] as? String,
            "file://" + tree.root + "/")
        XCTAssertEqual(sarif.status, 1)
    }

    func testOutputFileReceivesTheReport() throws {
        let tree = try fixture()
        let run = CLIRun(["--format", "json", "--output", "out/../report.json"], in: tree.root)
        XCTAssertEqual(run.stdout, "")
        XCTAssertEqual(run.status, 1)
        let written = try String(contentsOfFile: tree.path("report.json"), encoding: .utf8)
        XCTAssertEqual(written, CLIRun(["--format", "json"], in: tree.root).stdout)

        let failed = CLIRun(["-o", "no/such/dir/r.txt", "-q"], in: tree.root)
        XCTAssertEqual(failed.status, 2)
        XCTAssertTrue(failed.stderr.hasPrefix("migrate-scan: error: cannot write 'no/such/dir/r.txt'"), failed.stderr)
    }

    func testEnableDisableAndMinSeveritySelectFindings() throws {
        let tree = try fixture()
        XCTAssertEqual(CLIRun(["--enable", "uiwebview"], in: tree.root).stdout.split(separator: "\n").count, 1)
        XCTAssertEqual(
            CLIRun(["--disable", "uiwebview,semaphore-around-task"], in: tree.root).stdout,
            "Sources/Loader.m:2:1: warning: NSURLConnection is legacy [nsurlconnection-reference]\n")
        XCTAssertEqual(CLIRun(["--min-severity", "warning"], in: tree.root).stdout.split(separator: "\n").count, 2)
    }

    func testExcludeAndMaxFileSize() throws {
        let tree = try fixture()
        XCTAssertFalse(CLIRun(["--exclude", "View.swift"], in: tree.root).stdout.contains("View.swift"))
        XCTAssertEqual(CLIRun(["--exclude", "Sources/*"], in: tree.root).stdout, "")
        let small = CLIRun(["--max-file-size", "30"], in: tree.root)
        XCTAssertTrue(small.stderr.contains("Sources/Loader.m: note: skipped: 43 bytes, over the 30-byte limit"), small.stderr)
        XCTAssertTrue(CLIRun(["--max-file-size", "30", "Sources/Loader.m"], in: tree.root).stdout.contains("Loader.m"))
    }

    func testOutputIsDeterministic() throws {
        let tree = try fixture()
        for name in ["z", "y", "x", "w"] { try tree.write("\(name)/\(name).swift", "UIWebView NSURLConnection") }
        let first = CLIRun(["--format", "sarif"], in: tree.root)
        let second = CLIRun(["--format", "sarif", "z", "Sources", "x", "y", "w"], in: tree.root)
        XCTAssertEqual(first.stdout, second.stdout)
    }

    // MARK: other commands

    func testHelpVersionAndRules() throws {
        let tree = try CLITemporaryTree(self)
        let help = CLIRun(["--help"], in: tree.root)
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("EXAMPLES:"))
        for option in CommandLineParser.valueOptions + CommandLineParser.flagOptions {
            XCTAssertTrue(help.stdout.contains("--" + option), "help documents --\(option)")
        }
        XCTAssertEqual(CLIRun(["--version"], in: tree.root).stdout, ToolIdentity.version + "\n")
        XCTAssertTrue(CLIRun(["rules", "--help"], in: tree.root).stdout.contains("USAGE: migrate-scan rules"))
        let rules = CLIRun(["rules"], in: tree.root)
        XCTAssertEqual(rules.status, 0)
        XCTAssertEqual(rules.stdout, RuleListRenderer(rules: CLITestFixtures.catalog).render())
        XCTAssertEqual(
            CLIRun(["rules", "--format", "markdown"], in: tree.root).stdout,
            RuleReferenceRenderer(rules: CLITestFixtures.catalog).render())
    }

    func testScannerDocumentationCoversEveryOption() throws {
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let documentation = try String(contentsOf: packageRoot.appendingPathComponent("Docs/Scanner.md"), encoding: .utf8)
        for option in CommandLineParser.valueOptions + CommandLineParser.flagOptions {
            XCTAssertTrue(documentation.contains("`--" + option), "Docs/Scanner.md documents --\(option)")
        }
    }
}
