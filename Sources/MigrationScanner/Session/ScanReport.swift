/// Everything a scan found, in deterministic report order: what reporters format.
package struct ScanReport: Sendable {
    /// Absolute path of the root that finding paths are relative to.
    var root: String
    /// Sorted by path, line, column and rule, whatever order the files were scanned in.
    package var findings: [ReportedFinding]
    /// Files read and scanned (skipped and unreadable files are not counted).
    package var filesScanned: Int
    /// Sorted by path.
    package var diagnostics: [ScanDiagnostic]
    /// Lines in the files scanned; 0 when the configuration did not ask for them (`countsLines`).
    var linesScanned = 0
    /// With `--baseline`, the findings it accounted for, left out of `findings`: SARIF lists them
    /// as unchanged and suppressed, Markdown counts them. Nil without a baseline.
    package var baselinedFindings: [ReportedFinding]?

    init(root: String, findings: [ReportedFinding], filesScanned: Int, diagnostics: [ScanDiagnostic]) {
        self.root = root
        self.findings = findings
        self.filesScanned = filesScanned
        self.diagnostics = diagnostics
    }

    /// A report of `findings` with what `totals` says besides them (its own tally of findings is not used).
    init(totals: ScanTotals, findings: [ReportedFinding]) {
        self.init(root: totals.root, findings: findings, filesScanned: totals.filesScanned, diagnostics: totals.diagnostics)
        linesScanned = totals.linesScanned
    }

    /// The totals of this report, its findings counted.
    package var totals: ScanTotals {
        ScanTotals(
            root: root, filesScanned: filesScanned, diagnostics: diagnostics, linesScanned: linesScanned,
            findings: FindingTally(findings))
    }

    /// Whether some path could not be read: the scan is incomplete.
    package var hasErrors: Bool { diagnostics.contains { $0.level == .error } }

    /// How many findings have exactly this severity.
    func count(of severity: Severity) -> Int {
        findings.reduce(0) { $0 + ($1.finding.severity == severity ? 1 : 0) }
    }
}
