import Foundation

/// One run of the scanner: discover the files, scan each one on its own, then merge in report order.
///
/// Each file is scanned by `scan(_:)`, which touches no shared state, so `run()` scans files in
/// parallel (`ScanConfiguration.jobs`) and the merge sorts whatever order results arrive in.
struct ScanSession: Sendable {
    var configuration: ScanConfiguration
    private let scanner: FileScanner

    init(configuration: ScanConfiguration, scanner: @escaping FileScanner) {
        self.configuration = configuration
        self.scanner = scanner
    }

    /// Discovers, scans and merges; I/O problems end up in the report's diagnostics, never thrown.
    ///
    /// With `configuration.jobs` above 1, files are read, lexed and checked on that many threads;
    /// each worker keeps only a file's findings, never its bytes, and the merge sorts them, so the
    /// report is the same bytes whatever the number of jobs. `progress` is called once per file
    /// with the number of files, from the worker that scanned it.
    func run(progress: (@Sendable (_ total: Int) -> Void)? = nil) -> ScanReport {
        let discovery = FileDiscovery(options: configuration.discovery)
            .discover(paths: configuration.paths, root: configuration.root)
        let files = discovery.files.filter(isIncluded) + (configuration.standardInput.map { [$0] } ?? [])
        let results = scanAll(files, progress: progress)
        return merge(results, discoveryDiagnostics: discovery.diagnostics)
    }

    /// The files found in directories must have an included extension; named files always pass.
    private func isIncluded(_ file: DiscoveredFile) -> Bool {
        guard let extensions = configuration.includedExtensions, !file.isExplicit else { return true }
        let name = file.absolutePath.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: ".") else { return false }
        return extensions.contains(name[name.index(after: dot)...].lowercased())
    }

    private func scanAll(_ files: [DiscoveredFile], progress: (@Sendable (Int) -> Void)?) -> [FileScanResult] {
        let workers = min(max(configuration.jobs, 1), files.count)
        guard workers > 1 else {
            return files.map { file in
                defer { progress?(files.count) }
                return scan(file)
            }
        }
        // Largest first: one long file claimed last would leave the other workers idle.
        let largestFirst = files.indices.sorted { lhs, rhs in
            files[lhs].size != files[rhs].size ? files[lhs].size > files[rhs].size : lhs < rhs
        }
        let slots = FileResultSlots(claimOrder: largestFirst)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while let index = slots.claim() {
                slots.store(scan(files[index]), at: index)
                progress?(files.count)
            }
        }
        return slots.results()
    }

    /// Loads, scans and fingerprints one file.
    func scan(_ file: DiscoveredFile) -> FileScanResult {
        let loader = SourceFileLoader(maximumFileSize: configuration.discovery.maximumFileSize)
        return scan(loader.load(file), of: file)
    }

    /// Scans and fingerprints what loading `file` gave, or reports why there is nothing to scan.
    func scan(_ loaded: SourceFileLoader.Outcome, of file: DiscoveredFile) -> FileScanResult {
        switch loaded {
        case .skipped(let reason):
            let note = ScanDiagnostic(level: .note, path: file.displayPath, message: reason)
            return FileScanResult(file: file, findings: [], diagnostics: [note], wasScanned: false)
        case .failed(let reason):
            let error = ScanDiagnostic(level: .error, path: file.displayPath, message: reason)
            return FileScanResult(file: file, findings: [], diagnostics: [error], wasScanned: false)
        case .source(let bytes):
            return scan(bytes, of: file)
        }
    }

    private func scan(_ bytes: [UInt8], of file: DiscoveredFile) -> FileScanResult {
        var found = scanner(bytes, file.language, file.displayPath)
        if let suppressions = configuration.suppressions {
            // Before the severity filter: a suppression of a note dropped by --min-severity is still used.
            let comments = SuppressionCommentParser.comments(in: bytes, language: file.language)
            found = SuppressionFilter(settings: suppressions).apply(comments, to: found, path: file.displayPath)
        }
        let findings = found
            .map { finding -> Finding in
                var finding = finding
                finding.path = file.displayPath  // reports must agree with discovery, whatever the scanner copied
                finding.severity = configuredSeverity(of: finding)
                return finding
            }
            .filter { $0.severity >= configuration.minimumSeverity }
            .sorted(by: Finding.reportOrder)
        // Line tables only for files with findings: most files have none.
        let lines = findings.isEmpty ? nil : SourceLineTable(bytes)
        let fingerprinted = lines.map { FindingFingerprint.assign(to: findings, lines: $0) } ?? []
        var result = FileScanResult(file: file, findings: fingerprinted, diagnostics: [], wasScanned: true)
        if configuration.countsLines {
            result.lineCount = lines?.lineCount ?? SourceLineTable.lineCount(of: bytes)
        }
        return result
    }

    /// The configuration file's severity for the finding's rule; a finding the scanner demoted to a
    /// note (inactive code) stays a note.
    private func configuredSeverity(of finding: Finding) -> Severity {
        guard let override = configuration.severityOverrides[finding.ruleID] else { return finding.severity }
        let defaultSeverity = configuration.defaultSeverities[finding.ruleID] ?? finding.severity
        if finding.severity == .note && defaultSeverity != .note { return .note }
        return override
    }

    /// Results in any order → one report in report order.
    func merge(_ results: [FileScanResult], discoveryDiagnostics: [ScanDiagnostic] = []) -> ScanReport {
        let findings = Self.findingsInReportOrder(results)
        let diagnostics = (discoveryDiagnostics + results.flatMap(\.diagnostics)).enumerated()
            .sorted { lhs, rhs in
                lhs.element.path == rhs.element.path
                    ? lhs.offset < rhs.offset
                    : lhs.element.path.precedesInUTF8Order(rhs.element.path)
            }
            .map(\.element)
        var report = ScanReport(
            root: FileSystemPath.absolute(configuration.root, relativeTo: "/"), findings: findings,
            filesScanned: results.filter(\.wasScanned).count, diagnostics: diagnostics)
        report.linesScanned = results.reduce(0) { $0 + $1.lineCount }
        return report
    }

    /// Each file's findings are in report order and carry the file's path, so the files' findings
    /// joined in path order are in report order: one copy of every finding, where joining and
    /// then sorting them all held two besides the files' own and sorted 80,000 findings.
    private static func findingsInReportOrder(_ results: [FileScanResult]) -> [ReportedFinding] {
        let withFindings = results.indices.filter { !results[$0].findings.isEmpty }.sorted { lhs, rhs in
            results[lhs].file.displayPath.precedesInUTF8Order(results[rhs].file.displayPath)
        }
        var findings: [ReportedFinding] = []
        findings.reserveCapacity(withFindings.reduce(0) { $0 + results[$1].findings.count })
        for index in withFindings { findings.append(contentsOf: results[index].findings) }
        // A file named twice (a path and standard input under its name) interleaves by line.
        let pathRepeats = zip(withFindings, withFindings.dropFirst()).contains { lhs, rhs in
            results[lhs].file.displayPath == results[rhs].file.displayPath
        }
        if pathRepeats { findings.sort(by: ReportedFinding.reportOrder) }
        return findings
    }
}
