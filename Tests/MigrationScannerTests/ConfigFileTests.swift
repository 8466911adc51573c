import XCTest

@testable import MigrateScanCommand
@testable import MigrationScanner

/// `.migrate-scan.json`: found from the root upward, every key applied, command-line flags win,
/// and unknown keys or bad values stop the run naming the key and the file.
final class ConfigFileTests: XCTestCase {
    private func fixture(_ configuration: String, at relative: String = ".migrate-scan.json") throws -> CLITemporaryTree {
        let tree = try CLITemporaryTree(self)
        try tree.write("Sources/Loader.m", "NSURLConnection *c;\n")
        try tree.write("Sources/View.swift", "let w = UIWebView()\nlet s = DispatchSemaphore(value: 0)\n")
        try tree.write("Tests/T.swift", "let w = UIWebView()\n")
        try tree.write(relative, configuration)
        return tree
    }

    private func lines(_ run: CLIRun) -> [String] { run.stdout.split(separator: "\n").map(String.init) }

    func testRulesOffAndSeverities() throws {
        let tree = try fixture(#"{"version": 1, "rules": {"uiwebview": "off", "semaphore-around-task": "error", "nsurlconnection-reference": "on"}}"#)
        let run = CLIRun(["--fail-on", "never"], in: tree.root)
        XCTAssertEqual(lines(run), [
            "Sources/Loader.m:1:1: warning: NSURLConnection is legacy [nsurlconnection-reference]",
            "Sources/View.swift:2:9: error: DispatchSemaphore is legacy [semaphore-around-task]",
        ])
    }

    func testExcludesExtensionsAndScalars() throws {
        let tree = try fixture(#"""
            {"exclude": ["Tests/**"], "extensions": ["swift"], "failOn": "error", "minSeverity": "warning",
             "includeVendored": false, "maxFileSize": "1M"}
            """#)
        let run = CLIRun([], in: tree.root)
        XCTAssertEqual(lines(run), ["Sources/View.swift:1:9: error: UIWebView is legacy [uiwebview]"])
        XCTAssertEqual(run.status, 1, "failOn error, and an error was found")
        XCTAssertEqual(CLIRun(["Sources/Loader.m"], in: tree.root).stdout.isEmpty, false, "named files pass the extension filter")
    }

    func testCommandLineFlagsOverrideTheFile() throws {
        let tree = try fixture(#"{"rules": {"uiwebview": "off"}, "failOn": "never", "minSeverity": "error", "exclude": ["Tests"]}"#)
        XCTAssertEqual(CLIRun([], in: tree.root).status, 0)
        let run = CLIRun(["--enable", "uiwebview", "--min-severity", "note", "--fail-on", "error"], in: tree.root)
        XCTAssertEqual(lines(run), ["Sources/View.swift:1:9: error: UIWebView is legacy [uiwebview]"])
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(lines(CLIRun(["--disable", "uiwebview", "--min-severity", "note", "--exclude", "Sources"], in: tree.root)), [])
    }

    func testFoundFromTheRootUpwardAndIgnoredWithNoConfig() throws {
        let tree = try fixture(#"{"rules": {"uiwebview": "off"}}"#)
        XCTAssertFalse(CLIRun(["."], in: tree.path("Sources")).stdout.contains("uiwebview"))
        XCTAssertTrue(CLIRun(["--no-config"], in: tree.root).stdout.contains("[uiwebview]"))
        try tree.write("other.json", #"{"rules": {"nsurlconnection-reference": "off"}}"#)
        let explicit = CLIRun(["--config", "other.json"], in: tree.root)
        XCTAssertTrue(explicit.stdout.contains("[uiwebview]"))
        XCTAssertFalse(explicit.stdout.contains("[nsurlconnection-reference]"))
    }

    func testUnknownKeysAndBadValuesNameTheKeyAndFile() throws {
        let cases: [(String, String)] = [
            (#"{"rulez": {}}"#, "unknown key 'rulez' (did you mean 'rules'?)"),
            (#"{"rules": {"uiwebveiw": "off"}}"#, "unknown rule 'rules.uiwebveiw' (did you mean 'uiwebview'?)"),
            (#"{"rules": {"uiwebview": "loud"}}"#, "invalid value 'loud' for 'rules.uiwebview': expected off, on, error, warning, note"),
            (#"{"rules": []}"#, "invalid value for 'rules': expected an object"),
            (#"{"version": 2}"#, "invalid value for 'version': expected 1"),
            (#"{"exclude": "Tests"}"#, "invalid value for 'exclude': expected an array of glob strings"),
            (#"{"extensions": ["java"]}"#, "invalid value 'java' in 'extensions': expected some of swift, m, mm, h"),
            (#"{"failOn": "sometimes"}"#, "invalid value 'sometimes' for 'failOn': expected error, warning, note, never"),
            (#"{"minSeverity": 3}"#, "invalid value 3 for 'minSeverity': expected note, warning, error"),
            (#"{"includeVendored": 1}"#, "invalid value 1 for 'includeVendored': expected true or false"),
            (#"{"maxFileSize": "big"}"#, "invalid value 'big' for 'maxFileSize': expected a byte count such as 500000, 512K or 10M"),
            ("[1]", "the top level must be a JSON object"),
        ]
        for (text, message) in cases {
            let tree = try fixture(text)
            let run = CLIRun([], in: tree.root)
            XCTAssertEqual(run.status, 2, text)
            XCTAssertEqual(run.stderr, ".migrate-scan.json: error: \(message)\n", text)
            XCTAssertEqual(run.stdout, "")
        }
        let broken = try fixture("{")
        let brokenRun = CLIRun([], in: broken.root)
        XCTAssertTrue(brokenRun.stderr.hasPrefix(".migrate-scan.json:1:2: error: not valid JSON"), brokenRun.stderr)
        let missing = CLIRun(["--config", "nope.json"], in: broken.root)
        XCTAssertEqual(missing.stderr, "nope.json: error: cannot read the configuration file\n")
        XCTAssertEqual(missing.status, 2)
    }

    func testCommentsAreAllowedAndSyntaxErrorsHaveALineAndColumn() throws {
        let commented = try fixture("""
            {
              // CI fails on errors only while the migration runs
              "version": 1, /* the format */
              "failOn": "error",
              "exclude": ["Vendor/**", "http://not-a-comment/**"] // inside strings stays text
            }
            """)
        try commented.write("Sources/w.swift", "let w = UIWebView()\nlet c: NSURLConnection\n")
        let run = CLIRun([], in: commented.root)
        XCTAssertEqual(run.stdout.split(separator: "\n").filter { $0.hasPrefix("Sources/w.swift") }.count, 2, run.stdout)
        XCTAssertFalse(run.stderr.contains("error:"), run.stderr)

        let broken = try fixture("{\n  \"version\": 1,\n  \"exclude\": [\"a\",, \"b\"]\n}\n")
        let error = CLIRun([], in: broken.root).stderr
        XCTAssertTrue(error.hasPrefix(".migrate-scan.json:3:19: error: not valid JSON: "), error)
        XCTAssertEqual(error.split(separator: "\n").count, 1)

        let unterminated = try fixture("{ /* never closed\n")
        XCTAssertEqual(
            CLIRun([], in: unterminated.root).stderr,
            ".migrate-scan.json:1:3: error: not valid JSON: unterminated /* comment\n")
    }

    func testAFileFoundAboveTheRootIsNamedByItsPath() throws {
        let tree = try fixture(#"{"bogus": 1}"#)
        let run = CLIRun(["."], in: tree.path("Sources"))
        XCTAssertEqual(run.stderr, tree.path(".migrate-scan.json") + ": error: unknown key 'bogus'\n")
    }

    func testEveryKeyIsDocumented() throws {
        let documentation = try String(contentsOf: CIRecipeDocumentation.url("Docs/Scanner.md"), encoding: .utf8)
        for key in ProjectConfigurationLoader.keys {
            XCTAssertTrue(documentation.contains("`\(key)`"), "Docs/Scanner.md documents \(key)")
        }
        let example = try XCTUnwrap(CIRecipeDocumentation.codeBlocks(in: documentation, language: "json")
            .first { $0.contains("\"rules\"") && $0.contains("\"extensions\"") })
        let parsed = try ProjectConfigurationLoader(ruleIDs: RuleCatalog.descriptions.map(\.id) + SuppressionRules.ids)
            .parse(Data(example.utf8), path: "/doc", displayPath: "Docs/Scanner.md")
        XCTAssertFalse(parsed.rules.isEmpty, "the documented full example parses")
    }
}

extension ConfigFileTests {
    func testSeverityOverrideKeepsFindingsInInactiveCodeAsNotes() throws {
        let tree = try CLITemporaryTree(self)
        try tree.write("a.m", "x\ny\n")
        // The stand-in reports a warning rule as a note on line 2, as the real rules do in `#if 0` code.
        let scanner: FileScanner = { _, _, path in
            ScannedSource(findings: [
                Finding(ruleID: "w", severity: .warning, path: path, line: 1, column: 1, endColumn: 2, message: "m", replacement: ""),
                Finding(ruleID: "w", severity: .note, path: path, line: 2, column: 1, endColumn: 2, message: "m", replacement: ""),
            ])
        }
        var configuration = ScanConfiguration(root: tree.root, paths: ["."])
        configuration.severityOverrides = ["w": .error]
        configuration.defaultSeverities = ["w": .warning]
        let report = ScanSession(configuration: configuration, scanner: scanner).run()
        XCTAssertEqual(report.findings.map(\.finding.severity), [.error, .note])
    }

    func testAnUnwritableBaselineExits2() throws {
        let tree = try fixture("{}")
        let run = CLIRun(["--write-baseline", "no/such/dir/b.json", "-q"], in: tree.root)
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.hasPrefix("migrate-scan: error: cannot write 'no/such/dir/b.json'"), run.stderr)
    }
}
