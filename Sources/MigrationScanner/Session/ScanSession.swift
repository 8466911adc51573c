import Foundation

/// One run of the scanner: discover the files, scan each one on its own, then merge in report order.
///
/// Each file is scanned by `scan(_:)`, which touches no shared state, so `stream(progress:emit:)`
/// scans files in parallel (`ScanConfiguration.jobs`) and takes their results back in path order.
struct ScanSession: Sendable {
    var configuration: ScanConfiguration
    private let scanner: FileScanner

    init(configuration: ScanConfiguration, scanner: @escaping FileScanner) {
        self.configuration = configuration
        self.scanner = scanner
    }

    /// Discovers, scans and merges; I/O problems end up in the report's diagnostics, never thrown.
    ///
    /// The report is the same bytes whatever the number of jobs. `progress` is called once per
    /// file with the number of files, from the worker that scanned it.
    func run(progress: (@Sendable (_ total: Int) -> Void)? = nil) -> ScanReport {
        var findings: [ReportedFinding] = []
        var interner = FindingTextInterner()
        let totals = stream(progress: progress) { found in
            findings += interner.interned(found)
            return found
        }
        return ScanReport(totals: totals, findings: findings)
    }

    /// Discovers and scans, handing `emit` each path's findings in report order on the caller's
    /// thread while later files are still being scanned, so only the findings of files that
    /// finished ahead of an earlier one are held; returns the totals, counting the findings `emit`
    /// returns as reported (those a baseline does not hide).
    ///
    /// With `configuration.jobs` above 1, files are read, lexed and checked on that many threads
    /// in path order, at most `Self.window` files ahead of the last one emitted; each worker keeps
    /// only a file's findings, never its bytes.
    func stream(
        progress: (@Sendable (_ total: Int) -> Void)? = nil, emit: ([ReportedFinding]) -> [ReportedFinding]
    ) -> ScanTotals {
        let discovery = FileDiscovery(options: configuration.discovery)
            .discover(paths: configuration.paths, root: configuration.root)
        let discovered = discovery.files.filter(isIncluded) + (configuration.standardInput.map { [$0] } ?? [])
        let files = Self.pathOrder(of: discovered.map(\.displayPath)).map { discovered[$0] }
        var merge = PathOrderedMerge()
        scanAll(files, progress: progress) { merge.add($0, emit: emit) }
        return merge.finish(root: reportRoot, discoveryDiagnostics: discovery.diagnostics, emit: emit)
    }

    /// The indices of `paths` sorted by path (UTF-8 order), a path named twice kept in the order given.
    private static func pathOrder(of paths: [String]) -> [Int] {
        paths.indices.sorted { lhs, rhs in
            paths[lhs] == paths[rhs] ? lhs < rhs : paths[lhs].precedesInUTF8Order(paths[rhs])
        }
    }

    /// How many files a worker may run ahead of the one the report waits for: enough that a long
    /// file does not idle the other workers for long, few enough that the findings waiting stay small.
    static let window = 256

    /// The files found in directories must have an included extension; named files always pass.
    private func isIncluded(_ file: DiscoveredFile) -> Bool {
        guard let extensions = configuration.includedExtensions, !file.isExplicit else { return true }
        let name = file.absolutePath.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: ".") else { return false }
        return extensions.contains(name[name.index(after: dot)...].lowercased())
    }

    /// Scans `files` and hands each result to `consume` in their order, on the caller's thread.
    private func scanAll(
        _ files: [DiscoveredFile], progress: (@Sendable (Int) -> Void)?, consume: (FileScanResult) -> Void
    ) {
        let workers = min(max(configuration.jobs, 1), files.count)
        guard workers > 1 else {
            for file in files {
                consume(scan(file))
                progress?(files.count)
            }
            return
        }
        let queue = OrderedResultQueue(count: files.count, window: Self.window)
        // The workers run off the caller's thread, which waits for their results in order.
        DispatchQueue.global().async {
            DispatchQueue.concurrentPerform(iterations: workers) { _ in
                while let position = queue.claim() {
                    queue.store(scan(files[position]), at: position)
                    progress?(files.count)
                }
            }
        }
        while let result = queue.next() { consume(result) }
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
        var findings: [ReportedFinding] = []
        var merge = PathOrderedMerge()
        let collect = { (found: [ReportedFinding]) in
            findings += found
            return found
        }
        for index in Self.pathOrder(of: results.map(\.file.displayPath)) { merge.add(results[index], emit: collect) }
        let totals = merge.finish(root: reportRoot, discoveryDiagnostics: discoveryDiagnostics, emit: collect)
        return ScanReport(totals: totals, findings: findings)
    }

    /// The root as reports give it: absolute.
    var reportRoot: String { FileSystemPath.absolute(configuration.root, relativeTo: "/") }
}
