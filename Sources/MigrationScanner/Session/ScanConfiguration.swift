/// What one scan covers and which findings it keeps.
package struct ScanConfiguration: Sendable {
    /// Absolute; reports show paths relative to it.
    var root: String
    /// Files and directories to scan, absolute or relative to `root`.
    var paths: [String]
    /// Findings below this severity are dropped.
    var minimumSeverity: Severity
    package var discovery: DiscoveryOptions

    // MARK: configuration file, suppressions, parallelism (issue 6)

    /// Severities set by the configuration file, by rule id. Findings in inactive code stay notes.
    package var severityOverrides: [String: Severity] = [:]
    /// The rules' default severities, to tell a finding demoted in inactive code from a note.
    package var defaultSeverities: [String: Severity] = [:]
    /// Extensions (lowercased, no dot) of the files found in directories that are scanned; nil: all.
    /// Files named explicitly are scanned whatever their extension.
    package var includedExtensions: Set<String>?
    /// How `migrate-scan:` comments are honoured; nil ignores them.
    package var suppressions: SuppressionSettings?
    /// Source read from standard input (`-`), scanned besides the discovered files; its
    /// `absolutePath` is what is opened (`/dev/stdin`), its `displayPath` what reports show.
    package var standardInput: DiscoveredFile?
    /// Whether `standardInput` came without `--stdin-path`: it is reported as `stdin.m` and read as
    /// Objective-C when its text looks so (`SourceLanguage.guessed(from:)`), else as given.
    package var guessesStandardInputLanguage = false
    /// The root's path from the top of the git work tree holding it, with a trailing `/` (empty when
    /// the root is the top or outside a work tree): fingerprints and baselines hash and record
    /// paths from the top, so a scan from a subdirectory matches a baseline written at the top.
    package var fingerprintPathPrefix = ""
    /// Files scanned at once; 1 scans on the calling thread.
    package var jobs = 1
    /// Whether `ScanReport.linesScanned` is counted: only the terminal summary shows it, and
    /// counting is a pass over every byte of files that are otherwise only searched.
    package var countsLines = true

    package init(
        root: String, paths: [String], minimumSeverity: Severity = .note, discovery: DiscoveryOptions = DiscoveryOptions()
    ) {
        self.root = root
        self.paths = paths
        self.minimumSeverity = minimumSeverity
        self.discovery = discovery
    }
}
