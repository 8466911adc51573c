/// What a scan reports besides the findings themselves: enough for a summary, the exit status
/// and a report's closing part once its findings have been written.
struct ScanTotals: Sendable {
    /// Absolute path of the root that finding paths are relative to.
    var root: String
    /// Files read and scanned (skipped and unreadable files are not counted).
    var filesScanned: Int
    /// Sorted by path.
    var diagnostics: [ScanDiagnostic]
    /// Lines in the files scanned; 0 when the configuration did not ask for them (`countsLines`).
    var linesScanned: Int
    /// The findings reported, after `--baseline` and `--changed-since`.
    var findings: FindingTally

    /// Whether some path could not be read: the scan is incomplete.
    var hasErrors: Bool { diagnostics.contains { $0.level == .error } }
}
