/// The one-line tally written to standard error after a text report.
public struct ScanSummary: Sendable, Hashable, CustomStringConvertible {
    /// Counts of findings, in total and by severity, and of files scanned.
    public var findings: Int
    public var errors: Int
    public var warnings: Int
    public var notes: Int
    public var files: Int

    public init(_ report: ScanReport) {
        findings = report.findings.count
        errors = report.count(of: .error)
        warnings = report.count(of: .warning)
        notes = report.count(of: .note)
        files = report.filesScanned
    }

    /// `3 findings (1 error, 2 warnings, 0 notes) in 2 files`.
    public var description: String {
        "\(Self.counted(findings, "finding")) (\(Self.counted(errors, "error")), "
            + "\(Self.counted(warnings, "warning")), \(Self.counted(notes, "note"))) in \(Self.counted(files, "file"))"
    }

    private static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
