import Foundation
import XCTest

@testable import MigrateScanCommand
@testable import MigrationScanner

/// `--fix` and `--diff` honour `--output` and `--changed-since`, and refuse with one line the scan
/// options they cannot honour, instead of ignoring them and rewriting the whole tree.
final class FixScopeOptionTests: XCTestCase {
    private let legacy = "import Foundation\nlet c: NSURLConnection? = nil\n"

    private func run(_ arguments: [String], in tree: CLITemporaryTree) -> CLIRun {
        CLIRun(arguments, in: tree.root, command: MigrationScanCommand(currentDirectory: tree.root))
    }

    func testDiffWritesItsDiffToOutputAndNothingToStandardOutput() throws {
        let tree = try CLITemporaryTree(self)
        try tree.write("Sources/Loader.swift", legacy)
        let printed = run(["--diff", "Sources"], in: tree)
        let written = run(["--diff", "--output", "fix.patch", "Sources"], in: tree)
        XCTAssertEqual(written.status, 1, written.stderr)
        XCTAssertEqual(written.stdout, "")
        XCTAssertTrue(printed.stdout.hasPrefix("--- a/Sources/Loader.swift\n"), printed.stdout)
        XCTAssertEqual(try String(contentsOfFile: tree.path("fix.patch"), encoding: .utf8), printed.stdout)
        XCTAssertEqual(written.stderr, printed.stderr, "the tally stays on standard error")
    }

    func testFixWritesItsListOfFixedFilesToOutput() throws {
        let tree = try CLITemporaryTree(self)
        try tree.write("Sources/Loader.swift", legacy)
        let fixed = run(["--fix", "-o", "fixed.txt", "Sources"], in: tree)
        XCTAssertEqual(fixed.status, 0, fixed.stderr)
        XCTAssertEqual(fixed.stdout, "")
        XCTAssertEqual(try String(contentsOfFile: tree.path("fixed.txt"), encoding: .utf8), "fixed Sources/Loader.swift (2 edits)\n")
    }

    func testChangedSinceLimitsTheFixToFilesChangedSinceTheCommit() throws {
        let tree = try CLITemporaryTree(self)
        try tree.write("Old.swift", legacy)
        try tree.write("Edited.swift", "import Foundation\n")
        try tree.commitAll("legacy", initialising: true)
        try tree.write("Edited.swift", legacy)
        try tree.write("New.swift", legacy)
        let diff = run(["--diff", "--changed-since", "HEAD"], in: tree)
        XCTAssertEqual(diff.status, 1, diff.stderr)
        XCTAssertEqual(
            diff.stdout.split(separator: "\n").filter { $0.hasPrefix("+++ ") }, ["+++ b/Edited.swift", "+++ b/New.swift"])
        XCTAssertTrue(diff.stderr.contains("would fix 2 of 2 Swift files"), diff.stderr)
        let unknown = run(["--fix", "--changed-since", "no-such-branch"], in: tree)
        XCTAssertEqual(unknown.status, 2)
        XCTAssertEqual(try String(contentsOfFile: tree.path("Old.swift"), encoding: .utf8), legacy)
    }

    func testScanOnlyOptionsAreRefusedWithOneLineAndNothingIsRewritten() throws {
        let tree = try CLITemporaryTree(self)
        try tree.write("Loader.swift", legacy)
        try tree.write("baseline.json", #"{"version": 1, "findings": []}"#)
        let refused = [
            ["--baseline", "baseline.json"], ["--write-baseline", "new.json"], ["--enable", "uiwebview"],
            ["--disable", "uiwebview"], ["--fail-on", "never"], ["--min-severity", "error"], ["--summary"],
        ]
        for options in refused {
            for mode in ["--fix", "--diff"] {
                let result = run([mode] + options, in: tree)
                XCTAssertEqual(result.status, 2, "\(mode) \(options)")
                XCTAssertEqual(result.stdout, "")
                XCTAssertTrue(
                    result.stderr.hasPrefix("migrate-scan: error: '\(options[0])' cannot be used with \(mode): "), result.stderr)
                XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, result.stderr)
            }
        }
        XCTAssertEqual(try String(contentsOfFile: tree.path("Loader.swift"), encoding: .utf8), legacy)
        XCTAssertFalse(FileManager.default.fileExists(atPath: tree.path("new.json")))
    }

    func testStandardInputIsRefusedByFixAndDiff() throws {
        let tree = try CLITemporaryTree(self)
        try tree.write("Loader.swift", legacy)
        for mode in ["--fix", "--diff"] {
            let result = run([mode, "-"], in: tree)
            XCTAssertEqual(result.status, 2)
            XCTAssertEqual(
                result.stderr,
                "migrate-scan: error: '-' (standard input) cannot be used with \(mode), which reads and rewrites files: name the files\n")
        }
    }
}
