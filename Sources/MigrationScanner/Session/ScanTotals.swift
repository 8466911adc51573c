/// What a scan reports besides the findings themselves: enough for a summary, the exit status
/// and a report's closing part once its findings have been written.
package struct ScanTotals: Sendable {
    /// Absolute path of the root that finding paths are relative to.
    var root: String
    /// Files read and scanned (skipped and unreadable files are not counted).
    package var filesScanned: Int
    /// Sorted by path.
    package var diagnostics: [ScanDiagnostic]
    /// Lines in the files scanned; 0 when the configuration did not ask for them (`countsLines`).
    var linesScanned: Int
    /// The findings reported, after `--baseline` and `--changed-since`.
    package var findings: FindingTally

    /// Whether some path could not be read: the scan is incomplete.
    package var hasErrors: Bool { diagnostics.contains { $0.level == .error } }
}
