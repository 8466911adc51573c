import XCTest

@testable import MigrateScanCommand
@testable import MigrationScanner

/// Inline suppressions: every form, both languages, comments only, and the notes for stale or
/// misspelt ones (`unused-suppression`, `invalid-suppression`).
final class SuppressionCommentTests: XCTestCase {
    private func scan(_ name: String, _ source: String, _ arguments: [String] = []) throws -> CLIRun {
        let tree = try CLITemporaryTree(self)
        try tree.write(name, source)
        return CLIRun([name, "--fail-on", "never"] + arguments, in: tree.root)
    }

    /// `line rule` per finding in line order; a grouped line (`… [rule] (2 times: lines 1, 5)`) gives one per line.
    private func rules(_ run: CLIRun) -> [String] {
        run.stdout.split(separator: "\n").flatMap { line -> [String] in
            let ruleEnd = line.range(of: "] (", options: .backwards)?.lowerBound ?? line.index(before: line.endIndex)
            let rule = line[line[..<ruleEnd].lastIndex(of: "[")!..<ruleEnd].dropFirst()
            guard let repeated = line.range(of: "times: lines ", options: .backwards) else {
                return ["\(line.split(separator: ":").dropFirst().first ?? "") \(rule)"]
            }
            return line[repeated.upperBound...].dropLast().split(separator: ", ").map { "\($0) \(rule)" }
        }
        .enumerated().sorted { ($0.element.lineNumber, $0.offset) < ($1.element.lineNumber, $1.offset) }.map(\.element)
    }

    func testDisableNextLineInSwift() throws {
        let run = try scan("a.swift", """
            // migrate-scan:disable-next-line uiwebview
            let w = UIWebView()
            let v = UIWebView()
            """)
        XCTAssertEqual(rules(run), ["3 uiwebview"])
    }

    func testDisableNextLineWithSeveralRulesInObjectiveC() throws {
        let run = try scan("a.m", """
            // migrate-scan:disable-next-line uiwebview, nsurlconnection-reference
            UIWebView *w; NSURLConnection *c;
            """)
        XCTAssertEqual(run.stdout, "")
    }

    func testDisableLineTrailingComment() throws {
        let run = try scan("a.swift", """
            let w = UIWebView() // migrate-scan:disable-line uiwebview
            let c = NSURLConnection() // migrate-scan:disable-line uiwebview
            """)
        XCTAssertEqual(rules(run), ["2 nsurlconnection-reference", "2 unused-suppression"])
    }

    func testDisableEnableRange() throws {
        let run = try scan("a.swift", """
            let a = UIWebView()
            // migrate-scan:disable uiwebview
            let b = UIWebView()
            let c = NSURLConnection()
            // migrate-scan:enable uiwebview
            let d = UIWebView()
            """)
        XCTAssertEqual(rules(run), ["1 uiwebview", "4 nsurlconnection-reference", "6 uiwebview"])
    }

    func testDisableWithoutEnableRunsToTheEndOfTheFile() throws {
        let run = try scan("a.swift", "let a = UIWebView()\n// migrate-scan:disable uiwebview\nlet b = UIWebView()\n\nlet c = UIWebView()\n")
        XCTAssertEqual(rules(run), ["1 uiwebview"])
    }

    func testAllSuppressesEveryRule() throws {
        let line = try scan("a.swift", "let w = UIWebView(); let c: NSURLConnection // migrate-scan:disable-line all\n")
        XCTAssertEqual(line.stdout, "")
        let range = try scan("a.m", """
            /* migrate-scan:disable all */
            UIWebView *w; NSURLConnection *c;
            /* migrate-scan:enable all */
            UIWebView *x;
            """)
        XCTAssertEqual(rules(range), ["4 uiwebview"])
    }

    func testBlockCommentsInBothLanguages() throws {
        let swift = try scan("a.swift", "/* migrate-scan:disable-next-line uiwebview */\nlet w = UIWebView()\n")
        XCTAssertEqual(swift.stdout, "")
        let objc = try scan("a.m", "UIWebView *w; /* migrate-scan:disable-line uiwebview */\n")
        XCTAssertEqual(objc.stdout, "")
        let multiline = try scan("a.m", "/*\n migrate-scan:disable-next-line uiwebview\n*/\nUIWebView *w;\n")
        XCTAssertEqual(multiline.stdout, "", "the directive starts the comment's text, on its own line")
        let prose = try scan("a.m", "/* see migrate-scan:disable-next-line uiwebview */\nUIWebView *w;\n")
        XCTAssertEqual(rules(prose), ["2 uiwebview"], "a directive must start the comment")
        let spanning = try scan("a.m", "/* migrate-scan:disable-next-line uiwebview\n   because the screen is going away */\nUIWebView *w;\n")
        XCTAssertEqual(spanning.stdout, "", "the line after the comment's last line")
    }

    func testDocCommentsAndReasonsAreAccepted() throws {
        let run = try scan("a.swift", "/// migrate-scan:disable-next-line uiwebview -- replaced in 2.0\nlet w = UIWebView()\n")
        XCTAssertEqual(run.stdout, "")
    }

    func testDirectivesInStringsAreIgnored() throws {
        let swift = try scan("a.swift", """
            let s = "// migrate-scan:disable-line uiwebview"; let w = UIWebView()
            let t = \"\"\"
                /* migrate-scan:disable-next-line uiwebview */
                \"\"\"
            let v = UIWebView()
            """)
        XCTAssertEqual(rules(swift), ["1 uiwebview", "5 uiwebview"])
        let objc = try scan("a.m", "NSString *s = @\"// migrate-scan:disable-next-line all\";\nUIWebView *w;\n")
        XCTAssertEqual(rules(objc), ["2 uiwebview"])
    }

    func testUnusedSuppressionIsANote() throws {
        let run = try scan("a.swift", "// migrate-scan:disable-next-line uiwebview\nlet ok = 1\n")
        XCTAssertEqual(
            run.stdout,
            "a.swift:1:1: note: 'migrate-scan:disable-next-line' of 'uiwebview' suppresses nothing; remove it [unused-suppression]\n")
        XCTAssertEqual(CLIRun(["a.swift"], in: try tree(with: run)).status, 0, "a note does not fail by default")
    }

    /// The command's scanner says a file holds nothing to look at (nil) only when its prefilter
    /// found neither a rule's name nor the suppression marker: a file with a directive alone is
    /// still read for comments (the test above), one with neither is read once.
    func testScannerRulesOutAFileOnlyWithoutNamesAndMarker() {
        let plain = SourceScanner(ruleIDs: nil, alsoLookingFor: [])
        let command = SourceScanner(ruleIDs: nil, alsoLookingFor: [SuppressionCommentParser.markerText])
        let directiveOnly = Array("// migrate-scan:disable-next-line uiwebview\nlet ok = 1\n".utf8)
        XCTAssertNil(plain.scanned(directiveOnly, language: .swift, path: "a.swift"))
        XCTAssertEqual(command.scanned(directiveOnly, language: .swift, path: "a.swift")?.findings, [])
        let neither = Array("let ok = 1 // migrate-scan disable\n".utf8)
        XCTAssertNil(command.scanned(neither, language: .swift, path: "a.swift"))
        let legacy = Array("let w = UIWebView()\n".utf8)
        XCTAssertEqual(command.scanned(legacy, language: .swift, path: "a.swift")?.findings.map(\.ruleID), ["uiwebview"])
        XCTAssertEqual(plain.scan(directiveOnly, language: .swift, path: "a.swift"), [])
    }

    func testEnableAllEndsARangeOfOneRule() throws {
        let run = try scan("a.swift", """
            // migrate-scan:disable uiwebview
            let b = UIWebView()
            // migrate-scan:disable nsurlconnection-reference
            let c: NSURLConnection
            // migrate-scan:enable all
            let d = UIWebView(); let e: NSURLConnection
            """)
        XCTAssertEqual(rules(run), ["6 uiwebview", "6 nsurlconnection-reference"])
    }

    func testSwiftLintSpellingsAreAliases() throws {
        let run = try scan("a.swift", """
            // migrate-scan:disable:next uiwebview
            let a = UIWebView()
            let b = UIWebView() // migrate-scan:disable:this uiwebview
            let c = UIWebView()
            // migrate-scan:disable:previous uiwebview
            let d = UIWebView()
            """)
        XCTAssertEqual(rules(run), ["6 uiwebview"])
        let previous = try scan("b.m", "UIWebView *w;\n/* migrate-scan:disable-previous-line uiwebview */\n")
        XCTAssertEqual(previous.stdout, "")
    }

    func testBareIgnoreSuppressesEveryRuleOnItsLine() throws {
        let run = try scan("a.swift", """
            let w = UIWebView(); let c: NSURLConnection // migrate-scan:ignore
            let x = UIWebView(); let y: NSURLConnection // migrate-scan:ignore uiwebview -- kept for iOS 8
            let z = UIWebView()
            """)
        XCTAssertEqual(rules(run), ["2 nsurlconnection-reference", "3 uiwebview"])
    }

    func testUnusedRangeAndAllAreReported() throws {
        let run = try scan("a.swift", "// migrate-scan:disable all\nlet ok = 1\n// migrate-scan:enable all\n")
        XCTAssertEqual(rules(run), ["1 unused-suppression"])
        XCTAssertTrue(run.stdout.contains("of all rules suppresses nothing"), run.stdout)
    }

    func testUnknownRuleAndCommandAreNotes() throws {
        let run = try scan("a.swift", """
            let w = UIWebView() // migrate-scan:disable-line uiwebveiw
            // migrate-scan:disable-nextline uiwebview
            // migrate-scan:enable uiwebview
            // migrate-scan:disable-line
            """)
        XCTAssertEqual(
            run.stdout,
            """
            a.swift:1:9: error: UIWebView is legacy [uiwebview]
            a.swift:1:21: note: unknown rule 'uiwebveiw' in a suppression comment (did you mean 'uiwebview'?) [invalid-suppression]
            a.swift:2:1: note: unknown suppression command 'disable-nextline' (did you mean 'disable-next-line'?) [invalid-suppression]
            a.swift:3:1: note: 'migrate-scan:enable uiwebview' has no 'migrate-scan:disable uiwebview' before it [invalid-suppression]
            a.swift:4:1: note: 'migrate-scan:disable-line' names no rule (write a rule id or 'all') [invalid-suppression]

            """)
    }

    func testSuppressionOfADisabledRuleIsNotStale() throws {
        let run = try scan("a.swift", "let w = UIWebView() // migrate-scan:disable-line uiwebview\n", ["--disable", "uiwebview"])
        XCTAssertEqual(run.stdout, "")
    }

    func testSuppressionNotesCanBeDisabledOrPromoted() throws {
        let source = "// migrate-scan:disable-next-line uiwebview\nlet ok = 1\n"
        XCTAssertEqual(try scan("a.swift", source, ["--disable", "unused-suppression"]).stdout, "")
        let tree = try CLITemporaryTree(self)
        try tree.write("a.swift", source)
        try tree.write(".migrate-scan.json", #"{"rules": {"unused-suppression": "warning"}}"#)
        let promoted = CLIRun(["a.swift"], in: tree.root)
        XCTAssertEqual(promoted.status, 1)
        XCTAssertTrue(promoted.stdout.contains(": warning: "), promoted.stdout)
    }

    func testSuppressionsWithTheRealRules() throws {
        let tree = try CLITemporaryTree(self)
        try tree.write("Loader.m", """
            // migrate-scan:disable-next-line nsurlconnection-create
            self.c = [[NSURLConnection alloc] initWithRequest:req delegate:self];
            NSString *s = @"migrate-scan:disable-line all";
            """)
        let run = CLIRun(["Loader.m", "--fail-on", "never"], in: tree.root, command: MigrationScanCommand(currentDirectory: tree.root))
        XCTAssertFalse(run.stdout.contains("[nsurlconnection-create]"), run.stdout)
        XCTAssertFalse(run.stdout.contains("suppression"), run.stdout)
    }

    func testParserReadsOnlyCommentTokens() {
        let comments = SuppressionCommentParser.comments(
            in: Array("let s = \"// migrate-scan:disable all\" /* migrate-scan:enable all */\n".utf8), language: .swift)
        XCTAssertEqual(comments.count, 1)
        XCTAssertEqual(comments.first?.directive?.command, .enable)
        XCTAssertEqual(comments.first?.column, 39)
        XCTAssertTrue(SuppressionCommentParser.comments(in: Array("let x = 1\n".utf8), language: .objectiveC).isEmpty)
    }

    private func tree(with run: CLIRun) throws -> String {
        let tree = try CLITemporaryTree(self)
        try tree.write("a.swift", "// migrate-scan:disable-next-line uiwebview\nlet ok = 1\n")
        return tree.root
    }
}

extension String {
    /// The leading number of `"12 rule-id"`.
    fileprivate var lineNumber: Int { Int(prefix { $0.isNumber }) ?? 0 }
}
