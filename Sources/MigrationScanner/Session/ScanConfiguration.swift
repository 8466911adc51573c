/// What one scan covers and which findings it keeps.
public struct ScanConfiguration: Sendable {
    /// Absolute; reports show paths relative to it.
    public var root: String
    /// Files and directories to scan, absolute or relative to `root`.
    public var paths: [String]
    /// Findings below this severity are dropped.
    public var minimumSeverity: Severity
    public var discovery: DiscoveryOptions

    // MARK: configuration file, suppressions, parallelism (issue 6)

    /// Severities set by the configuration file, by rule id. Findings in inactive code stay notes.
    public var severityOverrides: [String: Severity] = [:]
    /// The rules' default severities, to tell a finding demoted in inactive code from a note.
    public var defaultSeverities: [String: Severity] = [:]
    /// Extensions (lowercased, no dot) of the files found in directories that are scanned; nil: all.
    /// Files named explicitly are scanned whatever their extension.
    public var includedExtensions: Set<String>?
    /// How `migrate-scan:` comments are honoured; nil ignores them.
    public var suppressions: SuppressionSettings?
    /// Files scanned at once; 1 scans on the calling thread.
    public var jobs = 1

    public init(
        root: String, paths: [String], minimumSeverity: Severity = .note, discovery: DiscoveryOptions = DiscoveryOptions()
    ) {
        self.root = root
        self.paths = paths
        self.minimumSeverity = minimumSeverity
        self.discovery = discovery
    }
}
