import Foundation
import XCTest
@testable import MigrateScanCommand
@testable import MigrationScanner

/// The reports people read show identical findings of one rule in one file
/// once, with the count and the lines; `--summary` prints counts only; JSON keeps every finding;
/// the migration effort counts sites, not mentions.
final class ReportGroupingTests: XCTestCase {
    /// A file that mentions ASIHTTPRequest on three lines and makes one other finding.
    private func tree() throws -> CLITemporaryTree {
        let tree = try CLITemporaryTree(self)
        try tree.write("Legacy/Loader.m", """
            ASIHTTPRequest *a = nil;
            ASIHTTPRequest *b = nil;
            - (void)viewDidLoad { [NSURLConnection sendSynchronousRequest:r returningResponse:NULL error:NULL]; }
            ASIHTTPRequest *c = nil;

            """)
        return tree
    }

    private func run(_ arguments: [String], in tree: CLITemporaryTree) -> CLIRun {
        CLIRun(arguments + ["--fail-on", "never", "Legacy"], in: tree.root, command: MigrationScanCommand(currentDirectory: tree.root))
    }

    func test_grouping_textReportShowsIdenticalFindingsOnceWithCountAndLines() throws {
        let lines = run([], in: try tree()).stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 2)
        XCTAssertEqual(lines.first.map(String.init),
                       "Legacy/Loader.m:1:1: warning: ASIHTTPRequest is unmaintained and invisible to URLProtocol; "
                       + "use URLSession [asihttprequest] (3 times: lines 1, 2, 4)")
        XCTAssertTrue(lines.last?.hasSuffix("[nsurlconnection-send-synchronous]") ?? false)
    }

    func test_grouping_markdownAndHTMLShowTheGroupOnce() throws {
        let tree = try tree()
        let markdown = run(["--format", "markdown"], in: tree).stdout
        XCTAssertEqual(markdown.components(separatedBy: "| `asihttprequest` |").count - 1, 1, "one row in the findings table")
        XCTAssertEqual(markdown.components(separatedBy: "(3 times: lines 1, 2, 4)").count, 2)
        let html = run(["--format", "html"], in: tree).stdout
        XCTAssertEqual(html.components(separatedBy: "<div class=\"finding ").count - 1, 2)
        XCTAssertTrue(html.contains("(3 times: lines 1, 2, 4)"))
    }

    func test_grouping_jsonKeepsEveryFinding() throws {
        let json = run(["--format", "json"], in: try tree()).stdout
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        XCTAssertEqual((document["findings"] as? [Any])?.count, 4)
    }

    func test_summary_printsOnlyCountsPerRuleAndPerFile() throws {
        let output = run(["--summary"], in: try tree()).stdout
        XCTAssertEqual(output, """
            Findings by rule:
              3  asihttprequest
              1  nsurlconnection-send-synchronous
            Findings by file:
              4  Legacy/Loader.m

            """)
        let markdown = run(["--summary", "--format", "markdown"], in: try tree()).stdout
        XCTAssertTrue(markdown.contains("### By file"))
        XCTAssertFalse(markdown.contains("### Findings"))
    }

    func test_migrationEffort_countsSitesNotMentions() {
        func mention(_ line: Int) -> Finding {
            Finding(ruleID: "asihttprequest", severity: .warning, path: "Classes/Tests.m", line: line, column: 1,
                    endColumn: 15, message: "ASIHTTPRequest is unmaintained", replacement: "URLSession")
        }
        let entries = MigrationEffort.estimate((1...215).map(mention))
        XCTAssertEqual(entries.first?.hours ?? 0, 0.5 + 1, accuracy: 1e-9)
    }
}
