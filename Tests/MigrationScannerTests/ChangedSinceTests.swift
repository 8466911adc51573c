import Foundation
import XCTest

@testable import MigrateScanCommand
@testable import MigrationScanner

/// `--changed-since REF` reports only findings on lines changed since a git commit.
final class ChangedSinceTests: XCTestCase {
    /// `path:line` of every finding, from the JSON report (the text report groups repeats).
    private func locations(_ arguments: [String], in directory: String) throws -> [String] {
        let run = CLIRun(arguments + ["--format", "json"], in: directory)
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], run.stderr)
        return try XCTUnwrap(report["findings"] as? [[String: Any]]).map { "\($0["path"] ?? ""):\($0["line"] ?? "")" }
    }

    /// A committed tree with legacy code, then edits: a changed line, an added line, a new file.
    private func repository() throws -> CLITemporaryTree {
        let tree = try CLITemporaryTree(self)
        try tree.write("App/Loader.m", "NSURLConnection *a;\nint unrelated;\nNSURLConnection *b;\n")
        try tree.write("App/View.swift", "let w = UIWebView()\n")
        try tree.git(["init", "-q"])
        try tree.git(["add", "."])
        try tree.git(["commit", "-q", "-m", "legacy"])
        try tree.write("App/Loader.m", "NSURLConnection *a;\nNSURLConnection *changed;\nNSURLConnection *b;\nNSURLConnection *added;\n")
        try tree.write("App/New.swift", "let v = UIWebView()\n")
        return tree
    }

    func testOnlyFindingsOnChangedLinesAreReported() throws {
        let tree = try repository()
        XCTAssertEqual(
            try locations(["--changed-since", "HEAD"], in: tree.root), ["App/Loader.m:2", "App/Loader.m:4", "App/New.swift:1"])
        let run = CLIRun(["--changed-since", "HEAD"], in: tree.root)
        XCTAssertTrue(run.stderr.contains("3 findings on lines unchanged since HEAD not shown"), run.stderr)
        XCTAssertEqual(run.status, 1)

        // From a subdirectory, paths stay relative to the root and the diff is limited to it.
        XCTAssertEqual(
            try locations(["--changed-since", "HEAD"], in: tree.path("App")), ["Loader.m:2", "Loader.m:4", "New.swift:1"])
    }

    func testNothingChangedIsAPassingGate() throws {
        let tree = try repository()
        try tree.git(["add", "."])
        try tree.git(["commit", "-q", "-m", "more legacy"])
        let run = CLIRun(["--changed-since", "HEAD"], in: tree.root)
        XCTAssertEqual(run.stdout, "")
        XCTAssertEqual(run.status, 0)
        XCTAssertEqual(try locations(["--changed-since", "HEAD~1"], in: tree.root).count, 3)
    }

    func testUnknownReferenceOrNoWorkTreeIsAUsageError() throws {
        let tree = try repository()
        let unknown = CLIRun(["--changed-since", "no-such-branch"], in: tree.root)
        XCTAssertEqual(unknown.status, 2)
        XCTAssertEqual(
            unknown.stderr, "migrate-scan: error: '--changed-since no-such-branch': no such commit in the work tree at \(tree.root)\n")

        let plain = try CLITemporaryTree(self)
        try plain.write("a.m", "NSURLConnection *a;\n")
        let outside = CLIRun(["--changed-since", "HEAD"], in: plain.root)
        XCTAssertEqual(outside.status, 2)
        XCTAssertTrue(outside.stderr.contains("needs a git work tree"), outside.stderr)
    }

    func testHunkHeadersGiveTheNewSidesLines() {
        let changed = ChangedLines(unifiedDiff: """
            diff --git a.m a.m
            --- a.m
            +++ a.m
            @@ -2 +2 @@
            @@ -5,0 +6,3 @@
            @@ -9,2 +11,0 @@
            diff --git gone.m gone.m
            --- gone.m
            +++ /dev/null
            @@ -1,4 +0,0 @@
            """)
        XCTAssertEqual((1...12).filter { changed.contains(path: "a.m", line: $0) }, [2, 6, 7, 8])
        XCTAssertFalse(changed.contains(path: "gone.m", line: 1))
    }
}
