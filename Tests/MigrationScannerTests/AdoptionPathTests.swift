import Foundation
import XCTest

@testable import MigrateScanCommand
@testable import MigrationScanner

/// Reports and baselines that travel. Paths are relative to the scanned tree's root
/// wherever the tool runs from, so a baseline written in one checkout holds in a copy elsewhere;
/// a gate that scanned nothing is not green.
final class AdoptionPathTests: XCTestCase {
    /// An app repository (git work tree, not a SwiftPM package) and, beside it, the directory the
    /// tool is run from, as `swift run migrate-scan ../App` does from a clone of this toolkit.
    private func appBesideToolkit() throws -> (tree: CLITemporaryTree, app: String, toolkit: String) {
        let tree = try CLITemporaryTree(self)
        try tree.mkdir("App/.git")
        try tree.write("App/Sources/Loader.m", "NSURLConnection *c;\n")
        try tree.write("App/Sources/View.swift", "let w = UIWebView()\n")
        try tree.mkdir("Toolkit")
        return (tree, tree.path("App"), tree.path("Toolkit"))
    }

    func testReportPathsAreRelativeToTheWorkTreeTopWhenScannedFromOutside() throws {
        let (_, _, toolkit) = try appBesideToolkit()
        let run = CLIRun(["../App"], in: toolkit)
        XCTAssertEqual(
            run.stdout.split(separator: "\n").map { String($0.prefix { $0 != ":" }) },
            ["Sources/Loader.m", "Sources/View.swift"])
        // A subdirectory of the app gives the same paths as scanning it from the app's top.
        let fromOutside = CLIRun(["../App/Sources"], in: toolkit).stdout
        XCTAssertEqual(fromOutside, CLIRun(["Sources"], in: toolkit.replacingOccurrences(of: "Toolkit", with: "App")).stdout)
    }

    func testSARIFPlacesEveryResultRelativeToSourceRoot() throws {
        let (_, app, toolkit) = try appBesideToolkit()
        let run = CLIRun(["../App", "--format", "sarif"], in: toolkit)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let sarifRun = try XCTUnwrap((document["runs"] as? [[String: Any]])?.first)
        let bases = try XCTUnwrap(sarifRun["originalUriBaseIds"] as? [String: [String: String]])
        XCTAssertEqual(bases["%SRCROOT%"]?["uri"], "file://" + app + "/")
        let locations = try XCTUnwrap(sarifRun["results"] as? [[String: Any]]).map { result in
            ((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["artifactLocation"]
                as? [String: String]
        }
        XCTAssertEqual(locations.count, 2)
        for location in locations {
            XCTAssertEqual(location?["uriBaseId"], "%SRCROOT%")
            XCTAssertEqual(location?["uri"]?.hasPrefix("Sources/"), true, "\(String(describing: location))")
        }
    }

    func testBaselineWrittenInOneCheckoutHoldsInACopyElsewhere() throws {
        let (tree, _, toolkit) = try appBesideToolkit()
        XCTAssertEqual(CLIRun(["../App", "--write-baseline", "../baseline.json"], in: toolkit).status, 1)
        let copy = tree.path("elsewhere/deeper/App")
        try FileManager.default.createDirectory(atPath: tree.path("elsewhere/deeper"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: tree.path("App"), toPath: copy)

        let gate = CLIRun(["--baseline", tree.path("baseline.json")], in: copy)
        XCTAssertEqual(gate.status, 0, gate.stdout + gate.stderr)
        XCTAssertEqual(gate.stdout, "")
        XCTAssertTrue(gate.stderr.contains("2 findings in the baseline not shown"), gate.stderr)

        // A new finding in the copy is still reported.
        try tree.write("elsewhere/deeper/App/Sources/New.m", "NSURLConnection *d;\n")
        let newFinding = CLIRun(["--baseline", tree.path("baseline.json")], in: copy)
        XCTAssertEqual(newFinding.status, 1)
        XCTAssertTrue(newFinding.stdout.hasPrefix("Sources/New.m:1:1:"), newFinding.stdout)
    }

    func testExcludePatternThatMatchesNothingIsAWarning() throws {
        let (_, _, toolkit) = try appBesideToolkit()
        let run = CLIRun(["../App", "--exclude", "Vendor/**", "--exclude", "Sources/View.swift"], in: toolkit)
        XCTAssertEqual(run.stdout.split(separator: "\n").count, 1, run.stdout)
        XCTAssertTrue(
            run.stderr.contains("Vendor/**: warning: exclude pattern matched no file or directory"), run.stderr)
        XCTAssertFalse(run.stderr.contains("Sources/View.swift: warning"), run.stderr)
        XCTAssertEqual(run.status, 1)
    }

    func testScanThatReadNoSourceFileFails() throws {
        let tree = try CLITemporaryTree(self)
        try tree.write("empty/README.md", "nothing to scan\n")
        let run = CLIRun(["empty"], in: tree.root)
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(
            run.stderr.hasSuffix(
                "migrate-scan: error: no Swift or Objective-C source file was scanned under 'empty' (--allow-empty accepts an empty tree)\n"),
            run.stderr)
        XCTAssertEqual(CLIRun(["empty", "--allow-empty"], in: tree.root).status, 0)

        // Every file skipped (too large) counts as nothing scanned.
        try tree.write("big/Big.swift", String(repeating: "let x = 1\n", count: 200))
        XCTAssertEqual(CLIRun(["big", "--max-file-size", "1K"], in: tree.root).status, 2)
    }

    func testDashReadsOneSourceFromStandardInput() throws {
        let tree = try CLITemporaryTree(self)
        try tree.write("Sources/a.m", "NSURLConnection *c;\n")
        var command = CLITestFixtures.command(in: tree.root)
        command.standardInputDevice = try tree.write("piped", "let w = UIWebView()\n")
        let swift = CLIRun(["-"], in: tree.root, command: command)
        XCTAssertEqual(swift.stdout, "stdin.swift:1:9: error: UIWebView is legacy [uiwebview]\n")
        XCTAssertEqual(swift.status, 1)

        let named = CLIRun(["-", "Sources", "--stdin-path", "Sources/Editor.m"], in: tree.root, command: command)
        XCTAssertEqual(
            named.stdout.split(separator: "\n").map { String($0.prefix { $0 != ":" }) }, ["Sources/Editor.m", "Sources/a.m"])
        XCTAssertEqual(
            CLIRun(["-", "--stdin-path", "notes.txt"], in: tree.root, command: command).stderr,
            "migrate-scan: error: invalid value 'notes.txt' for '--stdin-path': expected a name ending in .swift, .m, .mm or .h\n")
    }

    func testDiffNamesFilesRelativeToTheSameRootAsReports() throws {
        let (tree, _, toolkit) = try appBesideToolkit()
        try tree.write("App/Sources/Loader.swift", "import Foundation\nlet c: NSURLConnection? = nil\n")
        let diff = CLIRun(["../App", "--diff"], in: toolkit)
        XCTAssertEqual(diff.status, 1, diff.stderr)
        XCTAssertTrue(diff.stdout.contains("\n--- a/Sources/Loader.swift\n+++ b/Sources/Loader.swift\n"), diff.stdout)
    }
}
