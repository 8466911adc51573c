/// What one scan covers and which findings it keeps.
public struct ScanConfiguration: Sendable {
    /// Absolute; reports show paths relative to it.
    public var root: String
    /// Files and directories to scan, absolute or relative to `root`.
    public var paths: [String]
    /// Findings below this severity are dropped.
    public var minimumSeverity: Severity
    public var discovery: DiscoveryOptions

    public init(
        root: String, paths: [String], minimumSeverity: Severity = .note, discovery: DiscoveryOptions = DiscoveryOptions()
    ) {
        self.root = root
        self.paths = paths
        self.minimumSeverity = minimumSeverity
        self.discovery = discovery
    }
}
