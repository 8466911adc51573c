@testable import MigrateScanCommand
@testable import MigrationScanner

/// A small fixed report for the golden tests: two rules on one token, a note in a path that
/// needs percent-encoding, and a message that needs JSON escaping.
enum ReportFixtures {
    static let report = ScanReport(
        root: "/project",
        findings: [
            ReportedFinding(
                finding: Finding(
                    ruleID: "nsurlconnection-reference", severity: .warning, path: "Sources/A.swift", line: 3,
                    column: 9, endColumn: 24, message: "NSURLConnection is \"legacy\"\tuse URLSession\\now",
                    replacement: "URLSession"),
                fingerprint: FindingFingerprint(lineHash: "00000000000000aa", occurrence: 1)),
            ReportedFinding(
                finding: Finding(
                    ruleID: "uiwebview", severity: .error, path: "Sources/A.swift", line: 3, column: 9, endColumn: 18,
                    message: "UIWebView is rejected", replacement: "WKWebView"),
                fingerprint: FindingFingerprint(lineHash: "00000000000000bb", occurrence: 2)),
            ReportedFinding(
                finding: Finding(
                    ruleID: "semaphore-around-task", severity: .note, path: "Sources/Ünï dir/b.m", line: 12,
                    column: 5, endColumn: 22, message: "waits\u{1}", replacement: "async/await"),
                fingerprint: FindingFingerprint(lineHash: "00000000000000cc", occurrence: 1)),
        ],
        filesScanned: 4,
        diagnostics: [ScanDiagnostic(level: .note, path: "big.swift", message: "skipped: too large")])
}
