/// The one-line tally written to standard error after a text report.
struct ScanSummary: Sendable, Hashable, CustomStringConvertible {
    /// Counts of findings, in total and by severity, and of files scanned.
    var findings: Int
    var errors: Int
    var warnings: Int
    var notes: Int
    var files: Int

    init(_ report: ScanReport) {
        findings = report.findings.count
        errors = report.count(of: .error)
        warnings = report.count(of: .warning)
        notes = report.count(of: .note)
        files = report.filesScanned
    }

    /// `3 findings (1 error, 2 warnings, 0 notes) in 2 files`.
    var description: String {
        "\(Self.counted(findings, "finding")) (\(Self.counted(errors, "error")), "
            + "\(Self.counted(warnings, "warning")), \(Self.counted(notes, "note"))) in \(Self.counted(files, "file"))"
    }

    private static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
