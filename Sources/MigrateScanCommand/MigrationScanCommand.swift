import Foundation
import MigrationScanner

/// The whole `migrate-scan` command: arguments in, text out, an exit status back.
///
/// The executable only forwards its arguments and standard streams here, so the command can
/// also be run in-process, with any `TextOutputStream`s (strings, for instance) as its streams.
/// The entry point (package-wide: the executable, the tests) is `run(arguments:stdout:stderr:)`; the options are those of
/// `migrate-scan --help` (Docs/Scanner.md).
package struct MigrationScanCommand: Sendable {
    /// The rules known to `--enable`, `--disable`, `rules` and SARIF metadata.
    var catalog: [RuleDescription]
    /// Where relative paths start and, without `--root`, what report paths are relative to.
    var currentDirectory: String
    /// Builds the per-file scanner for the selected rule ids (nil: all rules).
    var makeScanner: @Sendable (Set<String>?) -> FileScanner
    /// What `-` opens: the process's standard input (tests name a file instead).
    var standardInputDevice = "/dev/stdin"
    /// Whether standard error is a terminal, and the environment: colour, progress, summary.
    /// `.piped` unless set, so only the tool itself (`run(arguments:stdout:stderr:)`) decorates.
    var terminal: TerminalEnvironment = .piped

    init(
        catalog: [RuleDescription] = RuleCatalog.descriptions,
        currentDirectory: String = FileManager.default.currentDirectoryPath,
        makeScanner: @escaping @Sendable (Set<String>?) -> FileScanner = ScanSession.sourceScanner
    ) {
        self.catalog = catalog
        self.currentDirectory = currentDirectory
        self.makeScanner = makeScanner
    }


    /// Runs the tool's command with the real rules in the process's current directory.
    ///
    /// Runs on the caller's thread and returns when the command is done. A scan reads, lexes and
    /// checks files on up to `--jobs` threads (default: the number of active processors): the
    /// caller's and threads of its own, which have scanned every file before this returns; `stdout`
    /// and `stderr` are written only from the caller's thread. Colour, the progress line and the
    /// detailed summary follow the process's real standard error and environment
    /// (`isatty`, `NO_COLOR`, `TERM`); the progress line goes straight to the process's standard
    /// error, from whichever thread scanned a file, not to `stderr`. Files named by `--output` and
    /// `--write-baseline` are written, and `--fix` rewrites Swift source files in place.
    /// Nothing is retained after the call returns.
    ///
    /// - Parameters:
    ///   - arguments: The command-line arguments without the program name.
    ///   - stdout: Receives the report (unless written to a file), help, the version, rule lists,
    ///     and with `--fix`/`--diff` the files fixed or the unified diff.
    ///   - stderr: Receives diagnostics, usage errors and the summary.
    /// - Returns: The exit status: 0 when no finding is at or above `--fail-on` (with `--diff`:
    ///   nothing would change), 1 when one is (with `--diff`: some file would change), 2 for a
    ///   usage error, an unreadable path, configuration or baseline, or a failed write.
    package static func run<Output: TextOutputStream, Errors: TextOutputStream>(
        arguments: [String], stdout: inout Output, stderr: inout Errors
    ) -> Int32 {
        var command = MigrationScanCommand()
        command.terminal = .current
        return command.run(arguments: arguments, stdout: &stdout, stderr: &stderr)
    }

    /// Parses `arguments` (without the program name), runs them and returns the exit status.
    func run<Output: TextOutputStream, Errors: TextOutputStream>(
        arguments: [String], stdout: inout Output, stderr: inout Errors
    ) -> Int32 {
        let invocation: CommandInvocation
        do {
            invocation = try CommandLineParser(ruleIDs: catalog.map(\.id)).parse(arguments)
        } catch {
            stderr.write("\(ToolIdentity.name): error: \(error.message)\n")
            return ExitCode.failure.rawValue
        }
        switch invocation {
        case .help(.scan):
            stdout.write(CommandHelp.scan)
        case .help(.rules):
            stdout.write(CommandHelp.rules)
        case .version:
            stdout.write(ToolIdentity.version + "\n")
        case .listRules(.text):
            stdout.write(RuleListRenderer(rules: catalog).render())
        case .listRules(.markdown):
            stdout.write(RuleReferenceRenderer(rules: catalog).render())
        case .scan(var options):
            // A path that names nothing is reported as it was spelt (not relative to a root inferred
            // from it), and a run with nothing else to read ends there, without a summary of nothing.
            let unreadable = options.unreadablePaths(relativeTo: currentDirectory)
            for (path, reason) in unreadable { stderr.write("\(path): error: \(reason)\n") }
            guard unreadable.isEmpty || options.paths.count > unreadable.count else { return ExitCode.failure.rawValue }
            options.paths.removeAll { path in unreadable.contains { $0.path == path } }
            // One root for scans and fixes alike, so a --diff names the files a report names.
            let paths = options.absolutePaths(relativeTo: currentDirectory)
            let root: String
            switch options.resolvedRoot(for: paths, currentDirectory: currentDirectory) {
            case .success(let resolved): root = resolved
            case .failure(let error):
                stderr.write("\(ToolIdentity.name): error: \(error.message)\n")
                return ExitCode.failure.rawValue
            }
            let status = options.fix.map {
                fix($0, options, paths: paths, root: root, stdout: &stdout, stderr: &stderr)
            } ?? scan(options, paths: paths, root: root, stdout: &stdout, stderr: &stderr)
            return (unreadable.isEmpty ? status : .failure).rawValue
        }
        return ExitCode.success.rawValue
    }

    /// Scans `paths` (absolute) and reports paths relative to `root`.
    private func scan<Output: TextOutputStream, Errors: TextOutputStream>(
        _ options: ScanOptions, paths: [String], root: String, stdout: inout Output, stderr: inout Errors
    ) -> ExitCode {

        // MARK: configuration file and baseline (issue 6)
        let allRuleIDs = catalog.map(\.id) + SuppressionRules.ids
        let project: ProjectConfiguration?
        let baseline: Baseline?
        do {
            project = try loadConfiguration(options, root: root, ruleIDs: allRuleIDs)
            baseline = try options.baselinePath.map { path throws(ConfigurationError) in
                try Baseline.load(path: FileSystemPath.absolute(path, relativeTo: currentDirectory), displayPath: path)
            }
        } catch {
            stderr.write("\(error)\n")
            return .failure
        }
        var changedLines: ChangedLines?
        if let reference = options.changedSince {
            switch ChangedLines.since(reference, root: root) {
            case .success(let changed): changedLines = changed
            case .failure(let error):
                stderr.write("\(ToolIdentity.name): error: \(error.message)\n")
                return .failure
            }
        }
        let resolved = ResolvedScanOptions(options: options, configuration: project, ruleIDs: allRuleIDs)

        var configuration = ScanConfiguration(
            root: root, paths: paths, minimumSeverity: resolved.minimumSeverity,
            discovery: DiscoveryOptions(
                includeVendored: resolved.includeVendored, maximumFileSize: resolved.maximumFileSize,
                excludes: resolved.excludes.map(GlobPattern.init)))
        configuration.discovery.excludesNamedFiles = options.forceExclude
        configuration.discovery.excludesReportedWhenUnused = Set(resolved.excludes.indices.suffix(options.excludes.count))
        configuration.severityOverrides = resolved.severityOverrides
        configuration.defaultSeverities = Dictionary(
            (catalog + SuppressionRules.descriptions).map { ($0.id, $0.defaultSeverity) }, uniquingKeysWith: { first, _ in first })
        configuration.includedExtensions = resolved.includedExtensions
        configuration.suppressions = SuppressionSettings(
            knownRuleIDs: Set(allRuleIDs), activeRuleIDs: resolved.selectedRuleIDs)
        configuration.jobs = options.jobs ?? ProcessorCount.available
        if options.readsStandardInput, let language = SourceLanguage(pathExtension: FileSystemPath.pathExtension(options.standardInputPath)) {
            configuration.standardInput = DiscoveredFile(
                absolutePath: standardInputDevice, displayPath: options.standardInputPath, language: language, isExplicit: true)
            configuration.guessesStandardInputLanguage = !options.givenOptions.contains("stdin-path")
        }
        let entriesRoot = ScanRoot.workTreeTop(containing: root) ?? root
        configuration.fingerprintPathPrefix = entriesRoot == root ? "" : FileSystemPath.display(root, root: entriesRoot) + "/"
        let scanner = makeScanner(resolved.selectedRuleIDs)

        let style = TerminalStyle.decide(for: terminal, noColor: options.noColor, quiet: options.quiet)
        // A JSON or SARIF document on standard output keeps standard error clean for tools that merge them.
        let machineReadableOnStandardOutput = options.reports.contains {
            $0.outputPath == nil && $0.format.isMachineReadable
        }
        let showsDetailedSummary = !options.quiet && !machineReadableOnStandardOutput && style.showsDetailedSummary
        configuration.countsLines = showsDetailedSummary
        let clock = ContinuousClock()
        let started = clock.now
        let session = ScanSession(configuration: configuration, scanner: scanner)
        // Straight to the process's standard error: the line is redrawn in place, never part of the output.
        let progressLine = style.showsProgress
            ? ScanProgressLine(write: { FileHandle.standardError.write(Data($0.utf8)) }) : nil
        let progress = progressLine.map { line in { @Sendable (total: Int) in line.advance(total: total) } }
        var filter = ReportedFindingFilter(baseline: baseline, changedLines: changedLines)
        let writer = ReportWriter(rules: catalog, currentDirectory: currentDirectory, summaryOnly: options.summaryOnly)
        var failedToWrite = false
        let totals: ScanTotals
        let duration: Duration
        // Written as files are scanned, so memory does not grow with the findings; held when a
        // format needs the whole report, a baseline is written, or the report would interleave
        // with the progress line on the terminal.
        let heldWhole = options.writeBaselinePath != nil || (progressLine != nil && options.reports.contains { $0.outputPath == nil })
        if !heldWhole, let reports = StreamedReports(options.reports, root: session.reportRoot, writer: writer, stdout: &stdout) {
            totals = session.stream(progress: progress) { findings in
                let kept = filter.kept(findings)
                reports.write(kept, stdout: &stdout)
                return kept
            }
            progressLine?.finish()
            duration = clock.now - started
            writeDiagnostics(totals, quiet: options.quiet, stderr: &stderr)
            if !reports.finish(totals, stdout: &stdout, stderr: &stderr) { failedToWrite = true }
        } else {
            var report = session.run(progress: progress)
            progressLine?.finish()
            duration = clock.now - started
            if let path = options.writeBaselinePath {
                let written = writeBaseline(
                    Baseline(report: report, pathPrefix: configuration.fingerprintPathPrefix), to: path, of: report.findings.count,
                    quiet: options.quiet, stderr: &stderr)
                if !written { failedToWrite = true }
            }
            filter.keepsBaselinedFindings = true
            report.findings = filter.kept(report.findings)
            if baseline != nil { report.baselinedFindings = filter.baselinedFindings }
            totals = report.totals
            writeDiagnostics(totals, quiet: options.quiet, stderr: &stderr)
            if !writer.write(report, as: options.reports, stdout: &stdout, stderr: &stderr) { failedToWrite = true }
        }

        if let baseline, let path = options.baselinePath {
            let check = BaselineCheck(baseline: baseline, displayPath: path, entriesRoot: entriesRoot, scannedPaths: paths)
            for message in check.messages(unmatched: filter.unmatchedBaselineCounts, matched: filter.baselined, quiet: options.quiet) {
                stderr.write(message + "\n")
            }
        }
        if !options.quiet && !machineReadableOnStandardOutput {
            if showsDetailedSummary {
                stderr.write(DetailedScanSummary(totals: totals, duration: duration, baselined: filter.baselined).render(style: style))
            } else {
                stderr.write("\(ScanSummary(totals))\n")
                let baselined = filter.baselined, unchanged = filter.unchanged
                if baselined > 0 { stderr.write("\(baselined) finding\(baselined == 1 ? "" : "s") in the baseline not shown\n") }
                if unchanged > 0 {
                    stderr.write("\(unchanged) finding\(unchanged == 1 ? "" : "s") on lines unchanged since \(options.changedSince ?? "") not shown\n")
                }
            }
        }

        if totals.hasErrors || failedToWrite { return .failure }
        // pre-commit names the files being committed: --force-exclude may leave none of them.
        let everyNamedFileMayBeExcluded = options.forceExclude
            && paths.allSatisfy { (try? FileStatus.ofTarget(at: $0).get()) == .regularFile }
        if totals.filesScanned == 0 && !options.allowsEmptyScan && !everyNamedFileMayBeExcluded {
            // A CI gate over a wrong or emptied directory must not stay green forever.
            stderr.write(
                "\(ToolIdentity.name): error: no Swift or Objective-C source file was scanned under "
                    + paths.map { "'\(FileSystemPath.display($0, root: currentDirectory))'" }.joined(separator: ", ")
                    + " (--allow-empty accepts an empty tree)\n")
            return .failure
        }
        return totals.findings.fails(resolved.failOn) ? .findings : .success
    }

    /// Unreadable paths always; skipped files and other notes unless `--quiet`.
    private func writeDiagnostics<Errors: TextOutputStream>(_ totals: ScanTotals, quiet: Bool, stderr: inout Errors) {
        for diagnostic in totals.diagnostics where diagnostic.level == .error || !quiet {
            stderr.write("\(diagnostic)\n")
        }
    }

    /// `--config FILE`, else the nearest `.migrate-scan.json` from the root upward, unless `--no-config`.
    func loadConfiguration(
        _ options: ScanOptions, root: String, ruleIDs: [String]
    ) throws(ConfigurationError) -> ProjectConfiguration? {
        guard !options.ignoresConfiguration else { return nil }
        let loader = ProjectConfigurationLoader(ruleIDs: ruleIDs)
        var configuration: ProjectConfiguration
        if let given = options.configurationPath {
            configuration = try loader.load(path: FileSystemPath.absolute(given, relativeTo: currentDirectory), displayPath: given)
        } else {
            guard let found = ProjectConfigurationLoader.locate(from: root) else { return nil }
            configuration = try loader.load(path: found, displayPath: FileSystemPath.display(found, root: currentDirectory))
        }
        configuration.excludes = configuration.excludes(relativeToRoot: root)
        return configuration
    }
}
