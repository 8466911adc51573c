/// What scanning one file produced; independent of every other file, so files can be scanned in parallel.
public struct FileScanResult: Sendable {
    public var file: DiscoveredFile
    /// In report order.
    public var findings: [ReportedFinding]
    public var diagnostics: [ScanDiagnostic]
    /// False when the file was skipped or unreadable.
    public var wasScanned: Bool
    /// Lines in the file (0 when it was not scanned), for the summary.
    public var lineCount = 0

    public init(file: DiscoveredFile, findings: [ReportedFinding], diagnostics: [ScanDiagnostic], wasScanned: Bool) {
        self.file = file
        self.findings = findings
        self.diagnostics = diagnostics
        self.wasScanned = wasScanned
    }
}
