/// What scanning one file produced; independent of every other file, so files can be scanned in parallel.
struct FileScanResult: Sendable {
    var file: DiscoveredFile
    /// In report order.
    package var findings: [ReportedFinding]
    package var diagnostics: [ScanDiagnostic]
    /// False when the file was skipped or unreadable.
    var wasScanned: Bool
    /// Lines in the file (0 when it was not scanned), for the summary.
    var lineCount = 0

    init(file: DiscoveredFile, findings: [ReportedFinding], diagnostics: [ScanDiagnostic], wasScanned: Bool) {
        self.file = file
        self.findings = findings
        self.diagnostics = diagnostics
        self.wasScanned = wasScanned
    }
}
