import XCTest

@testable import MigrateScanCommand
@testable import MigrationScanner

final class SessionTests: XCTestCase {
    private func session(_ tree: CLITemporaryTree, _ minimumSeverity: Severity = .note) -> ScanSession {
        ScanSession(
            configuration: ScanConfiguration(
                root: tree.root, paths: ["."], minimumSeverity: minimumSeverity,
                discovery: DiscoveryOptions(usesGit: false)),
            scanner: CLITestFixtures.wordScanner())
    }

    func testReportOrderIsPathLineColumnRuleWhateverOrderFilesAreScannedIn() throws {
        let tree = try CLITemporaryTree(self)
        try tree.write("b.swift", "x UIWebView NSURLConnection\nNSURLConnection")
        try tree.write("a/z.m", "DispatchSemaphore")
        try tree.write("a.swift", "UIWebView")
        let session = session(tree)
        let files = FileDiscovery(options: session.configuration.discovery).discover(paths: ["."], root: tree.root).files
        let forward = session.merge(files.map(session.scan))
        let backward = session.merge(files.reversed().map(session.scan))
        XCTAssertEqual(forward.findings, backward.findings)
        XCTAssertEqual(
            forward.findings.map { "\($0.finding.path):\($0.finding.line):\($0.finding.column):\($0.finding.ruleID)" },
            [
                "a.swift:1:1:uiwebview", "a/z.m:1:1:semaphore-around-task", "b.swift:1:3:uiwebview",
                "b.swift:1:13:nsurlconnection-reference", "b.swift:2:1:nsurlconnection-reference",
            ])
        XCTAssertEqual(session.run().findings, forward.findings)
        XCTAssertEqual(forward.filesScanned, 3)
    }

    func testSameLocationFindingsAreOrderedByRuleId() {
        func finding(_ rule: String) -> Finding {
            Finding(ruleID: rule, severity: .warning, path: "p", line: 1, column: 1, endColumn: 2, message: "", replacement: "")
        }
        XCTAssertEqual([finding("z"), finding("a"), finding("m")].sorted(by: Finding.reportOrder).map(\.ruleID), ["a", "m", "z"])
    }

    func testMinimumSeverityDropsLesserFindings() throws {
        let tree = try CLITemporaryTree(self)
        try tree.write("a.swift", "DispatchSemaphore NSURLConnection UIWebView")
        XCTAssertEqual(session(tree, .note).run().findings.count, 3)
        XCTAssertEqual(session(tree, .warning).run().findings.map(\.finding.severity), [.warning, .error])
        XCTAssertEqual(session(tree, .error).run().findings.map(\.finding.ruleID), ["uiwebview"])
    }

    func testColumnsAreUnicodeScalarsAndInvalidUTF8IsStillScanned() throws {
        let tree = try CLITemporaryTree(self)
        try tree.write("a.swift", bytes: Array("let é🧪 = ".utf8) + [0xFF] + Array(" UIWebView".utf8))
        let finding = try XCTUnwrap(session(tree).run().findings.first?.finding)
        // l e t ␠ é 🧪 ␠ = ␠ U+FFFD ␠ → UIWebView starts at scalar 12.
        XCTAssertEqual(finding.column, 12)
        XCTAssertEqual(finding.endColumn, 21)
    }

    func testSkippedAndUnreadableFilesBecomeDiagnosticsAndAreNotCounted() throws {
        let tree = try CLITemporaryTree(self)
        try tree.write("ok.swift", "UIWebView")
        try tree.write("bin.m", bytes: [0, 1, 2])
        try tree.mkdir("dir.swift")  // a directory reached as a file: cannot be read
        let session = session(tree)
        let files = [
            DiscoveredFile(absolutePath: tree.path("ok.swift"), displayPath: "ok.swift", language: .swift, isExplicit: false),
            DiscoveredFile(absolutePath: tree.path("bin.m"), displayPath: "bin.m", language: .objectiveC, isExplicit: false),
            DiscoveredFile(absolutePath: tree.path("dir.swift"), displayPath: "dir.swift", language: .swift, isExplicit: true),
        ]
        let report = session.merge(files.map(session.scan))
        XCTAssertEqual(report.filesScanned, 1)
        XCTAssertEqual(
            report.diagnostics.map(\.description),
            ["bin.m: note: skipped: binary file (a NUL byte in the first 8 KiB)", "dir.swift: error: cannot read: Is a directory"])
        XCTAssertTrue(report.hasErrors)
    }

    func testFindingPathsAreTheDisplayPathWhateverTheScannerCopied() throws {
        let tree = try CLITemporaryTree(self)
        try tree.write("a.swift", "x")
        let scanner: FileScanner = { _, _, _ in
            ScannedSource(findings: [
                Finding(ruleID: "r", severity: .note, path: "wrong", line: 1, column: 1, endColumn: 2, message: "", replacement: "")
            ])
        }
        let report = ScanSession(configuration: ScanConfiguration(root: tree.root, paths: ["."]), scanner: scanner).run()
        XCTAssertEqual(report.findings.map(\.finding.path), ["a.swift"])
    }
}
