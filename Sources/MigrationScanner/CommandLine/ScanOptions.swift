/// The options of a scan as given on the command line, before paths are resolved.
public struct ScanOptions: Sendable, Equatable {
    /// Files and directories; empty means the current directory.
    public var paths: [String] = []
    /// `--format`.
    public var format: OutputFormat = .text
    /// Where the report goes; nil is standard output.
    public var outputPath: String?
    /// `--fail-on`.
    public var failOn: FailureThreshold = .warning
    /// `--min-severity`.
    public var minimumSeverity: Severity = .note
    /// `--enable`: only these rules run; nil runs every rule.
    public var enabledRules: [String]?
    /// `--disable`: these rules do not run, even when enabled.
    public var disabledRules: [String] = []
    /// `--exclude` patterns, in the order given.
    public var excludes: [String] = []
    /// `--include-vendored`.
    public var includeVendored = false
    /// `--max-file-size`, in bytes.
    public var maximumFileSize = DiscoveryOptions.defaultMaximumFileSize
    /// `--root`: the directory report paths are relative to; nil is the current directory.
    public var root: String?
    /// `--quiet`.
    public var quiet = false

    // MARK: CI options (issue 6): configuration file, baselines, several reports, terminal, jobs

    /// Reports after the first: each further `--format` with the `--output` that follows it.
    public var additionalReports: [ReportRequest] = []
    /// `--config FILE`: this configuration file instead of the nearest `.migrate-scan.json`.
    public var configurationPath: String?
    /// `--no-config`: ignore configuration files.
    public var ignoresConfiguration = false
    /// `--baseline FILE`: report only findings not in this baseline.
    public var baselinePath: String?
    /// `--write-baseline FILE`: record this scan's findings as a baseline.
    public var writeBaselinePath: String?
    /// `--jobs N`: files scanned at once; nil is the number of active processors.
    public var jobs: Int?
    /// `--no-color`.
    public var noColor = false
    /// Options spelt on the command line (without dashes), so the configuration file fills in only the others.
    public var givenOptions: GivenOptions = []

    /// Every report to write, the first being `format` and `outputPath`.
    public var reports: [ReportRequest] {
        [ReportRequest(format: format, outputPath: outputPath)] + additionalReports
    }

    public init() {}

    /// The ids of the rules to run out of `all`; nil when every rule runs.
    public func selectedRuleIDs(from all: [String]) -> Set<String>? {
        guard enabledRules != nil || !disabledRules.isEmpty else { return nil }
        return Set(enabledRules ?? all).subtracting(disabledRules)
    }
}
