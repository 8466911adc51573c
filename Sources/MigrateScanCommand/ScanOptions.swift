import Foundation
import MigrationScanner

/// The options of a scan as given on the command line, before paths are resolved.
struct ScanOptions: Sendable, Equatable {
    /// Files and directories; empty means the current directory.
    var paths: [String] = []
    /// `--format`.
    var format: OutputFormat = .text
    /// Where the report goes; nil is standard output.
    var outputPath: String?
    /// `--fail-on`.
    var failOn: FailureThreshold = .warning
    /// `--min-severity`.
    var minimumSeverity: Severity = .note
    /// `--enable`: only these rules run; nil runs every rule.
    var enabledRules: [String]?
    /// `--disable`: these rules do not run, even when enabled.
    var disabledRules: [String] = []
    /// `--exclude` patterns, in the order given.
    var excludes: [String] = []
    /// `--include-vendored`.
    var includeVendored = false
    /// `--max-file-size`, in bytes.
    var maximumFileSize = DiscoveryOptions.defaultMaximumFileSize
    /// `--root`: the directory report paths are relative to; nil is the current directory.
    var root: String?
    /// `--quiet`.
    var quiet = false
    /// `--summary`: text and Markdown reports show counts per rule and per file, not the findings.
    var summaryOnly = false
    /// `--fix` or `--diff`, with `--to` and `--apple-only`: the files are rewritten instead of reported.
    var fix: FixRequest?

    // MARK: CI options (issue 6): configuration file, baselines, several reports, terminal, jobs

    /// Reports after the first: each further `--format` with the `--output` that follows it.
    var additionalReports: [ReportRequest] = []
    /// `--config FILE`: this configuration file instead of the nearest `.migrate-scan.json`.
    var configurationPath: String?
    /// `--no-config`: ignore configuration files.
    var ignoresConfiguration = false
    /// `--baseline FILE`: report only findings not in this baseline.
    var baselinePath: String?
    /// `--write-baseline FILE`: record this scan's findings as a baseline.
    var writeBaselinePath: String?
    /// `--changed-since REF`: report only findings on lines changed since this git commit.
    var changedSince: String?
    /// `--stdin-path PATH`: the name standard input is reported under, and whose extension
    /// chooses the lexer (default `stdin.swift`).
    var standardInputPath = "stdin.swift"
    /// `--jobs N`: files scanned at once; nil is the number of active processors.
    var jobs: Int?
    /// `--no-color`.
    var noColor = false
    /// `--allow-empty`: a scan that reads no source file succeeds (a tree that is empty on purpose).
    var allowsEmptyScan = false
    /// `--force-exclude`: excludes and vendored directories apply to files named explicitly too.
    var forceExclude = false
    /// Options spelt on the command line (without dashes), so the configuration file fills in only the others.
    var givenOptions: GivenOptions = []

    /// Every report to write, the first being `format` and `outputPath`.
    var reports: [ReportRequest] {
        [ReportRequest(format: format, outputPath: outputPath)] + additionalReports
    }

    init() {}

    /// The path argument that stands for standard input.
    static let standardInputArgument = "-"

    /// Whether `-` was given: source is read from standard input.
    var readsStandardInput: Bool { paths.contains(Self.standardInputArgument) }

    /// The paths to scan, absolute and clean (`-` left out); the current directory when none was given.
    func absolutePaths(relativeTo currentDirectory: String) -> [String] {
        let files = paths.filter { $0 != Self.standardInputArgument }
        if files.isEmpty && readsStandardInput { return [] }
        return (files.isEmpty ? ["."] : files).map { FileSystemPath.absolute($0, relativeTo: currentDirectory) }
    }

    /// The path arguments (`-` aside) that name nothing that can be examined, as spelt, with the
    /// system's reason (`No such file or directory`).
    func unreadablePaths(relativeTo currentDirectory: String) -> [(path: String, reason: String)] {
        paths.filter { $0 != Self.standardInputArgument }.compactMap { path in
            guard case .failure(let error) = FileStatus.ofTarget(at: FileSystemPath.absolute(path, relativeTo: currentDirectory))
            else { return nil }
            return (path, error.reason)
        }
    }

    /// `--root` made absolute (an error when it is not a directory), else `ScanRoot.inferred`.
    func resolvedRoot(for absolutePaths: [String], currentDirectory: String) -> Result<String, UsageError> {
        guard let given = root else {
            return .success(ScanRoot.inferred(for: absolutePaths, currentDirectory: currentDirectory))
        }
        let resolved = FileSystemPath.absolute(given, relativeTo: currentDirectory)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: resolved, isDirectory: &isDirectory), isDirectory.boolValue else {
            return .failure(UsageError("'--root \(given)' is not a directory"))
        }
        return .success(resolved)
    }

    /// The ids of the rules to run out of `all`; nil when every rule runs.
    func selectedRuleIDs(from all: [String]) -> Set<String>? {
        guard enabledRules != nil || !disabledRules.isEmpty else { return nil }
        return Set(enabledRules ?? all).subtracting(disabledRules)
    }
}
