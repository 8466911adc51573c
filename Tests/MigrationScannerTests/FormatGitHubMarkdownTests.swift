import XCTest

@testable import MigrateScanCommand
@testable import MigrationScanner

/// `--format github`, `--format markdown`, and several `--format`s in one run.
final class FormatGitHubMarkdownTests: XCTestCase {
    func testGitHubAnnotationsOnTheFixture() {
        XCTAssertEqual(
            GitHubActionsReporter().format(ReportFixtures.report),
            """
            ::warning file=Sources/A.swift,line=3,col=9,endColumn=24,title=migrate-scan%3A nsurlconnection-reference::NSURLConnection is "legacy"\tuse URLSession\\now [nsurlconnection-reference]
            ::error file=Sources/A.swift,line=3,col=9,endColumn=18,title=migrate-scan%3A uiwebview::UIWebView is rejected [uiwebview]
            ::notice file=Sources/Ünï dir/b.m,line=12,col=5,endColumn=22,title=migrate-scan%3A semaphore-around-task::waits\u{1} [semaphore-around-task]

            """)
    }

    func testGitHubEscaping() {
        XCTAssertEqual(GitHubActionsReporter.escapedData("100% done\r\nnext: a,b"), "100%25 done%0D%0Anext: a,b")
        XCTAssertEqual(GitHubActionsReporter.escapedProperty("a:b,c%\n"), "a%3Ab%2Cc%25%0A")
        let finding = Finding(
            ruleID: "r", severity: .warning, path: "odd:name,1.swift", line: 1, column: 2, endColumn: 3,
            message: "two\nlines", replacement: "")
        XCTAssertEqual(
            GitHubActionsReporter().line(for: finding),
            "::warning file=odd%3Aname%2C1.swift,line=1,col=2,endColumn=3,title=migrate-scan%3A r::two%0Alines [r]")
    }

    func testMarkdownOnTheFixture() {
        let markdown = MarkdownReporter().format(ReportFixtures.report)
        XCTAssertEqual(
            markdown,
            """
            ## migrate-scan report

            **3 findings (1 error, 1 warning, 1 note) in 4 files**

            ### By rule

            | Rule | Errors | Warnings | Notes | Total |
            |---|---:|---:|---:|---:|
            | [`nsurlconnection-reference`](\(ToolIdentity.helpURI(forRule: "nsurlconnection-reference"))) | 0 | 1 | 0 | 1 |
            | [`semaphore-around-task`](\(ToolIdentity.helpURI(forRule: "semaphore-around-task"))) | 0 | 0 | 1 | 1 |
            | [`uiwebview`](\(ToolIdentity.helpURI(forRule: "uiwebview"))) | 1 | 0 | 0 | 1 |

            ### By file

            | File | Errors | Warnings | Notes | Total |
            |---|---:|---:|---:|---:|
            | `Sources/A.swift` | 1 | 1 | 0 | 2 |
            | `Sources/Ünï dir/b.m` | 0 | 0 | 1 | 1 |

            ### Findings

            | Location | Severity | Rule | Message |
            |---|---|---|---|
            | `Sources/A.swift:3:9` | warning | `nsurlconnection-reference` | NSURLConnection is "legacy"\tuse URLSession\\now |
            | `Sources/A.swift:3:9` | error | `uiwebview` | UIWebView is rejected |
            | `Sources/Ünï dir/b.m:12:5` | note | `semaphore-around-task` | waits\u{1} |

            """)
        let empty = ScanReport(root: "/", findings: [], filesScanned: 2, diagnostics: [])
        XCTAssertEqual(
            MarkdownReporter().format(empty),
            "## migrate-scan report\n\n**0 findings (0 errors, 0 warnings, 0 notes) in 2 files**\n\nNo legacy URL-loading code found.\n")
        XCTAssertEqual(MarkdownReporter.cell("a|b<c>\nd"), "a\\|b&lt;c> d")
    }

    func testMarkdownCellsHoldEveryLineBreakAsOneSpace() {
        // Bytes, not Strings: String equality is canonical equivalence (U+1FEF equals "`").
        let cases = [
            ("crlf\r\ncr\rvt\u{0B}ff\u{0C}nel\u{85}ls\u{2028}ps\u{2029}end", "crlf cr vt ff nel ls ps end"),
            ("\r\r\n\n\r", "    "),  // CR, CR LF, LF, CR
            ("`code` é\u{2027}\u{85}", "'code' é\u{2027} "),
            ("|\u{301}<\u{301}\u{600}`", "\\|\u{301}&lt;\u{301}\u{600}'"),  // joined marks do not hide them
            ("\u{1FEF}", "\u{1FEF}"),
            ("plain", "plain"),
        ]
        for (text, cell) in cases {
            XCTAssertEqual(Array(MarkdownReporter.cell(text).utf8), Array(cell.utf8), text.debugDescription)
        }
    }

    func testSeveralFormatsInOneRun() throws {
        let tree = try CLITemporaryTree(self)
        try tree.write("a.swift", "let w = UIWebView()\n")
        let run = CLIRun(
            ["--format", "text", "--format", "sarif", "--output", "scan.sarif", "--format", "markdown", "-o", "scan.md"],
            in: tree.root)
        XCTAssertEqual(run.stdout, "a.swift:1:9: error: UIWebView is legacy [uiwebview]\n")
        XCTAssertEqual(run.stderr, "1 finding (1 error, 0 warnings, 0 notes) in 1 file\n")
        XCTAssertEqual(
            try String(contentsOfFile: tree.path("scan.sarif"), encoding: .utf8),
            CLIRun(["--format", "sarif"], in: tree.root).stdout)
        XCTAssertEqual(
            try String(contentsOfFile: tree.path("scan.md"), encoding: .utf8),
            CLIRun(["--format", "markdown"], in: tree.root).stdout)
        let github = CLIRun(["--format", "github"], in: tree.root)
        XCTAssertEqual(
            github.stdout, "::error file=a.swift,line=1,col=9,endColumn=18,title=migrate-scan%3A uiwebview::UIWebView is legacy [uiwebview]\n")
    }

    func testOutputPairsWithTheFormatBeforeIt() throws {
        let parser = CommandLineParser(ruleIDs: [])
        guard case .scan(let options) = try parser.parse(["-o", "first.txt", "--format", "json", "--format", "sarif", "--output", "s.sarif", "--format", "github"]) else {
            return XCTFail("not a scan")
        }
        XCTAssertEqual(options.reports, [
            ReportRequest(format: .json, outputPath: "first.txt"),
            ReportRequest(format: .sarif, outputPath: "s.sarif"),
            ReportRequest(format: .github, outputPath: nil),
        ])
        XCTAssertThrowsError(try parser.parse(["--format", "text", "--format", "json"])) { error in
            XCTAssertEqual(
                (error as? UsageError)?.message,
                "formats 'text' and 'json' would all write to standard output: give each --format but one an --output after it")
        }
        guard case .scan(let single) = try parser.parse(["--output", "r.json", "--format", "json"]) else { return XCTFail() }
        XCTAssertEqual(single.reports, [ReportRequest(format: .json, outputPath: "r.json")], "one format: --output anywhere")
    }
}

extension FormatGitHubMarkdownTests {
    func testGitHubReportsUnreadablePathsAsErrors() {
        var report = ReportFixtures.report
        report.findings = []
        report.diagnostics.append(ScanDiagnostic(level: .error, path: "Sources/gone,1.m", message: "No such file or directory"))
        XCTAssertEqual(
            GitHubActionsReporter().format(report),
            "::error file=Sources/gone%2C1.m,title=migrate-scan::No such file or directory\n",
            "skipped files (notes) are not annotated")
    }
}
