/// One run of the scanner: discover the files, scan each one on its own, then merge in report order.
///
/// Each file is scanned by `scan(_:)`, which touches no shared state; making the scan parallel
/// only changes the loop in `run()`, since the merge sorts whatever order results arrive in.
public struct ScanSession: Sendable {
    public var configuration: ScanConfiguration
    private let scanner: FileScanner

    public init(configuration: ScanConfiguration, scanner: @escaping FileScanner) {
        self.configuration = configuration
        self.scanner = scanner
    }

    /// Discovers, scans and merges; I/O problems end up in the report's diagnostics, never thrown.
    public func run() -> ScanReport {
        let discovery = FileDiscovery(options: configuration.discovery)
            .discover(paths: configuration.paths, root: configuration.root)
        let results = discovery.files.map(scan)
        return merge(results, discoveryDiagnostics: discovery.diagnostics)
    }

    /// Loads, scans and fingerprints one file.
    public func scan(_ file: DiscoveredFile) -> FileScanResult {
        let loader = SourceFileLoader(maximumFileSize: configuration.discovery.maximumFileSize)
        switch loader.load(file) {
        case .skipped(let reason):
            let note = ScanDiagnostic(level: .note, path: file.displayPath, message: reason)
            return FileScanResult(file: file, findings: [], diagnostics: [note], wasScanned: false)
        case .failed(let reason):
            let error = ScanDiagnostic(level: .error, path: file.displayPath, message: reason)
            return FileScanResult(file: file, findings: [], diagnostics: [error], wasScanned: false)
        case .source(let bytes):
            let findings = scanner(bytes, file.language, file.displayPath)
                .filter { $0.severity >= configuration.minimumSeverity }
                .map { finding -> Finding in
                    var finding = finding
                    finding.path = file.displayPath  // reports must agree with discovery, whatever the scanner copied
                    return finding
                }
                .sorted(by: Finding.reportOrder)
            let fingerprinted = FindingFingerprint.assign(to: findings, lines: SourceLineTable(bytes))
            return FileScanResult(file: file, findings: fingerprinted, diagnostics: [], wasScanned: true)
        }
    }

    /// Results in any order → one report in report order.
    public func merge(_ results: [FileScanResult], discoveryDiagnostics: [ScanDiagnostic] = []) -> ScanReport {
        let findings = results.flatMap(\.findings).sorted(by: ReportedFinding.reportOrder)
        let diagnostics = (discoveryDiagnostics + results.flatMap(\.diagnostics)).enumerated()
            .sorted { lhs, rhs in
                lhs.element.path == rhs.element.path
                    ? lhs.offset < rhs.offset
                    : lhs.element.path.utf8.lexicographicallyPrecedes(rhs.element.path.utf8)
            }
            .map(\.element)
        return ScanReport(
            root: FileSystemPath.absolute(configuration.root, relativeTo: "/"), findings: findings,
            filesScanned: results.filter(\.wasScanned).count, diagnostics: diagnostics)
    }
}
