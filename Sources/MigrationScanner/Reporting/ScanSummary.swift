/// The one-line tally written to standard error after a text report.
package struct ScanSummary: Sendable, Hashable, CustomStringConvertible {
    /// Counts of findings, in total and by severity, and of files scanned.
    package var findings: Int
    var errors: Int
    var warnings: Int
    package var notes: Int
    var files: Int

    package init(_ report: ScanReport) {
        self.init(report.totals)
    }

    package init(_ totals: ScanTotals) {
        findings = totals.findings.total
        errors = totals.findings.count(of: .error)
        warnings = totals.findings.count(of: .warning)
        notes = totals.findings.count(of: .note)
        files = totals.filesScanned
    }

    /// `3 findings (1 error, 2 warnings, 0 notes) in 2 files`.
    package var description: String {
        "\(Self.counted(findings, "finding")) (\(Self.counted(errors, "error")), "
            + "\(Self.counted(warnings, "warning")), \(Self.counted(notes, "note"))) in \(Self.counted(files, "file"))"
    }

    private static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
