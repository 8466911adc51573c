/// The files to scan, in report order, and what discovery had to say about the rest.
public struct DiscoveryResult: Sendable {
    /// Sorted by display path; each real file appears once.
    public var files: [DiscoveredFile]
    public var diagnostics: [ScanDiagnostic]

    public init(files: [DiscoveredFile], diagnostics: [ScanDiagnostic]) {
        self.files = files
        self.diagnostics = diagnostics
    }
}
