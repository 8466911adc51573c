import Foundation

/// The whole `migrate-scan` command: arguments in, text out, an exit status back.
///
/// The executable only forwards its arguments and standard streams here, so tests run the
/// command in-process with strings for streams and a stand-in scanner.
public struct MigrationScanCommand: Sendable {
    /// The rules known to `--enable`, `--disable`, `rules` and SARIF metadata.
    public var catalog: [RuleDescription]
    /// Where relative paths start and, without `--root`, what report paths are relative to.
    public var currentDirectory: String
    /// Builds the per-file scanner for the selected rule ids (nil: all rules).
    public var makeScanner: @Sendable (Set<String>?) -> FileScanner

    public init(
        catalog: [RuleDescription] = RuleCatalog.descriptions,
        currentDirectory: String = FileManager.default.currentDirectoryPath,
        makeScanner: @escaping @Sendable (Set<String>?) -> FileScanner = MigrationScanCommand.sourceScanner
    ) {
        self.catalog = catalog
        self.currentDirectory = currentDirectory
        self.makeScanner = makeScanner
    }

    /// The scanner the tool uses: the rules of `SourceScanner`.
    public static let sourceScanner: @Sendable (Set<String>?) -> FileScanner = { ruleIDs in
        let scanner = SourceScanner(ruleIDs: ruleIDs)
        return { bytes, language, path in scanner.scan(bytes, language: language, path: path) }
    }

    /// Runs the tool's command with the real rules in the process's current directory.
    public static func run<Output: TextOutputStream, Errors: TextOutputStream>(
        arguments: [String], stdout: inout Output, stderr: inout Errors
    ) -> Int32 {
        MigrationScanCommand().run(arguments: arguments, stdout: &stdout, stderr: &stderr)
    }

    /// Parses `arguments` (without the program name), runs them and returns the exit status.
    public func run<Output: TextOutputStream, Errors: TextOutputStream>(
        arguments: [String], stdout: inout Output, stderr: inout Errors
    ) -> Int32 {
        // --fix / --diff (FixMode.swift): the other arguments select files as for a scan.
        let (fixMode, arguments) = FixMode.extract(from: arguments)
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
        case .scan(let options):
            if let fixMode {
                return FixCommand(mode: fixMode, options: options, currentDirectory: currentDirectory)
                    .run(stdout: &stdout, stderr: &stderr).rawValue
            }
            return scan(options, stdout: &stdout, stderr: &stderr).rawValue
        }
        return ExitCode.success.rawValue
    }

    private func scan<Output: TextOutputStream, Errors: TextOutputStream>(
        _ options: ScanOptions, stdout: inout Output, stderr: inout Errors
    ) -> ExitCode {
        let root = FileSystemPath.absolute(options.root ?? ".", relativeTo: currentDirectory)
        if let given = options.root {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
                stderr.write("\(ToolIdentity.name): error: '--root \(given)' is not a directory\n")
                return .failure
            }
        }
        let paths = (options.paths.isEmpty ? ["."] : options.paths).map {
            FileSystemPath.absolute($0, relativeTo: currentDirectory)
        }
        let configuration = ScanConfiguration(
            root: root, paths: paths, minimumSeverity: options.minimumSeverity,
            discovery: DiscoveryOptions(
                includeVendored: options.includeVendored, maximumFileSize: options.maximumFileSize,
                excludes: options.excludes.map(GlobPattern.init)))
        let scanner = makeScanner(options.selectedRuleIDs(from: catalog.map(\.id)))
        let report = ScanSession(configuration: configuration, scanner: scanner).run()

        for diagnostic in report.diagnostics where diagnostic.level == .error || !options.quiet {
            stderr.write("\(diagnostic)\n")
        }
        let formatter: any ScanReportFormatter =
            switch options.format {
            case .text: TextReporter()
            case .json: JSONReporter()
            case .sarif: SARIFReporter(rules: catalog)
            case .html: HTMLReporter(rules: catalog)
            }
        let document = formatter.format(report)
        var failedToWrite = false
        if let outputPath = options.outputPath {
            let url = URL(fileURLWithPath: FileSystemPath.absolute(outputPath, relativeTo: currentDirectory))
            do {
                try Data(document.utf8).write(to: url, options: .atomic)
            } catch {
                stderr.write("\(ToolIdentity.name): error: cannot write '\(outputPath)': \(error.localizedDescription)\n")
                failedToWrite = true
            }
        } else {
            stdout.write(document)
        }
        if options.format == .text && !options.quiet {
            stderr.write("\(ScanSummary(report))\n")
        }

        if report.hasErrors || failedToWrite { return .failure }
        return report.findings.contains { options.failOn.isFailing($0.finding.severity) } ? .findings : .success
    }
}
