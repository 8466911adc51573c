/// The files to scan, in report order, and what discovery had to say about the rest.
package struct DiscoveryResult: Sendable {
    /// Sorted by display path; each real file appears once.
    package var files: [DiscoveredFile]
    package var diagnostics: [ScanDiagnostic]

    init(files: [DiscoveredFile], diagnostics: [ScanDiagnostic]) {
        self.files = files
        self.diagnostics = diagnostics
    }
}
