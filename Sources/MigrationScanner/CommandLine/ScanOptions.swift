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

    public init() {}

    /// The ids of the rules to run out of `all`; nil when every rule runs.
    public func selectedRuleIDs(from all: [String]) -> Set<String>? {
        guard enabledRules != nil || !disabledRules.isEmpty else { return nil }
        return Set(enabledRules ?? all).subtracting(disabledRules)
    }
}
