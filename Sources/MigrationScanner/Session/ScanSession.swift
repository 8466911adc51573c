import Foundation
import Locking

/// One run of the scanner: discover the files, scan each one on its own, then merge in report order.
///
/// Each file is scanned by `scan(_:)`, which touches no shared state, so `stream(progress:emit:)`
/// scans files in parallel (`ScanConfiguration.jobs`), while discovery still finds them, and takes
/// their results back in path order.
package struct ScanSession: Sendable {
    /// Hands `found` the files to scan in report order, on the calling thread, and returns
    /// discovery's diagnostics: `discoverFiles` in the tool, a stand-in in tests that watch
    /// scanning start before discovery ends.
    package typealias FileLister = @Sendable (_ session: ScanSession, _ found: (DiscoveredFile) -> Void) -> [ScanDiagnostic]

    var configuration: ScanConfiguration
    private let scanner: FileScanner
    private let listFiles: FileLister

    package init(
        configuration: ScanConfiguration, scanner: @escaping FileScanner,
        listFiles: @escaping FileLister = { $0.discoverFiles($1) }
    ) {
        self.configuration = configuration
        self.scanner = scanner
        self.listFiles = listFiles
    }

    /// Discovers, scans and merges; I/O problems end up in the report's diagnostics, never thrown.
    ///
    /// The report is the same bytes whatever the number of jobs. `progress` is called once per
    /// file, from the thread that scanned it, with the number of files: with several jobs, those
    /// found so far plus one until discovery ends (`OrderedResultQueue.progressTotal`).
    package func run(progress: (@Sendable (_ total: Int) -> Void)? = nil) -> ScanReport {
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
    /// With `configuration.jobs` above 1, files are read, lexed and checked on that many threads,
    /// the caller's among them, in path order, at most twice `Self.window` files ahead of the last
    /// one emitted (a window past the results the caller has taken, which it emits one by one);
    /// each thread keeps only a file's findings, never its bytes.
    package func stream(
        progress: (@Sendable (_ total: Int) -> Void)? = nil, emit: ([ReportedFinding]) -> [ReportedFinding]
    ) -> ScanTotals {
        var merge = PathOrderedMerge()
        let discoveryDiagnostics = scanAll(progress: progress) { merge.add($0, emit: emit) }
        return merge.finish(root: reportRoot, discoveryDiagnostics: discoveryDiagnostics, emit: emit)
    }

    /// Hands `found` the files to scan in report order on the calling thread, in step with
    /// `FileDiscovery` (which hands most trees' files on as it walks), and returns its diagnostics.
    func discoverFiles(_ found: (DiscoveredFile) -> Void) -> [ScanDiagnostic] {
        let discovery = FileDiscovery(options: configuration.discovery)
        guard let standardInput = configuration.standardInput else {
            return discovery.discover(paths: configuration.paths, root: configuration.root) { file in
                if isIncluded(file) { found(file) }
            }
        }
        // Standard input's name can sort anywhere among the files, or be one of theirs: it is
        // placed once every file is known.
        let discovered = discovery.discover(paths: configuration.paths, root: configuration.root)
        let files = discovered.files.filter(isIncluded) + [standardInput]
        for index in Self.pathOrder(of: files.map(\.displayPath)) { found(files[index]) }
        return discovered.diagnostics
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

    /// Discovers and scans the files, handing each result to `consume` in report order on the
    /// caller's thread; returns discovery's diagnostics.
    private func scanAll(progress: (@Sendable (Int) -> Void)?, consume: (FileScanResult) -> Void) -> [ScanDiagnostic] {
        guard configuration.jobs > 1 else {
            // One job scans on the caller's thread alone, after discovery: nothing would run alongside.
            var files: [DiscoveredFile] = []
            let diagnostics = listFiles(self) { files.append($0) }
            for file in files {
                consume(scan(file))
                progress?(files.count)
            }
            return diagnostics
        }
        let queue = OrderedResultQueue(window: Self.window)
        let discoveryDiagnostics = Locked([ScanDiagnostic]())
        // Discovery has a thread of its own, beside the jobs, so scanning starts with the first file found.
        Thread {
            let diagnostics = listFiles(self) { queue.add($0) }
            discoveryDiagnostics.withLock { $0 = diagnostics }
            queue.finishAdding()
        }.start()
        // The caller's thread is one of the jobs: it writes the results in order and scans files
        // while none is ready; the others only scan.
        let scanWithProgress: @Sendable (DiscoveredFile) -> FileScanResult = { file in
            let result = scan(file)
            // Before the result is handed on: once the caller has every result, every progress
            // call has returned.
            progress?(queue.progressTotal)
            return result
        }
        // Threads of their own, not Dispatch's pool: the second job starts sooner after the first file
        // is found, and the threads end with the scan instead of idling in the pool until the kernel
        // stops them at exit, which lengthens the end of every run.
        for _ in 1..<configuration.jobs {
            Thread {
                var claimed = queue.claim()
                while let (position, file) = claimed {
                    claimed = queue.storeAndClaim(scanWithProgress(file), at: position)
                }
            }.start()
        }
        var step = queue.step()
        while let current = step {
            switch current {
            case .deliver(let results):
                results.forEach(consume)
                step = queue.step()
            case .scan(let position, let file):
                step = queue.step(after: (scanWithProgress(file), position))
            }
        }
        return discoveryDiagnostics.withLock { $0 }
    }

    /// Loads, scans and fingerprints one file.
    func scan(_ file: DiscoveredFile) -> FileScanResult {
        let loader = SourceFileLoader(maximumFileSize: configuration.discovery.maximumFileSize)
        let loaded = loader.load(file)
        // Known only once read; the name sorts where `stdin.swift` did among the other files.
        if configuration.guessesStandardInputLanguage, file == configuration.standardInput, case .source(let bytes) = loaded,
            SourceLanguage.guessed(from: bytes) == .objectiveC {
            let guessed = DiscoveredFile(absolutePath: file.absolutePath, displayPath: "stdin.m", language: .objectiveC, isExplicit: true)
            return scan(loaded, of: guessed)
        }
        return scan(loaded, of: file)
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
        let scanned = scanner(bytes, file.language, file.displayPath)
        var found = scanned?.findings ?? []
        // Nil: the scanner's prefilter found no suppression marker either.
        if scanned != nil, let suppressions = configuration.suppressions {
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
        let lines = findings.isEmpty ? nil : SourceLineTable(bytes, lineStarts: scanned?.lineStarts)
        let fingerprinted = lines.map { FindingFingerprint.assign(to: findings, lines: $0, pathPrefix: configuration.fingerprintPathPrefix) } ?? []
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
    package var reportRoot: String { FileSystemPath.absolute(configuration.root, relativeTo: "/") }

    /// The scanner the tool uses: the rules of `SourceScanner` (those in `ruleIDs`, every one when nil),
    /// also looking for suppression comments.
    package static let sourceScanner: @Sendable (Set<String>?) -> FileScanner = { ruleIDs in
        let scanner = SourceScanner(ruleIDs: ruleIDs, alsoLookingFor: [SuppressionCommentParser.markerText])
        return { bytes, language, path in scanner.scanned(bytes, language: language, path: path) }
    }
}
