import MigrationScanner

/// The settings of a `.migrate-scan.json` file; nil fields leave the command's defaults alone.
///
/// Command-line flags win over the file: a scalar given on the command line replaces the file's,
/// `--exclude` patterns are added to the file's, and `--enable`/`--disable` apply after `rules`.
struct ProjectConfiguration: Sendable, Hashable {
    /// The file's name, looked for in the scan root and every directory above it.
    static let fileName = ".migrate-scan.json"
    /// The only `version` the loader accepts.
    static let formatVersion = 1

    /// Where the file was read from (absolute).
    var path: String
    /// Per-rule settings: off, on, or a severity.
    var rules: [String: RuleSetting] = [:]
    /// `exclude`: glob patterns, as `--exclude`.
    var excludes: [String] = []
    /// `extensions`: the file extensions found in directories that are scanned (a subset of
    /// swift, m, mm, h), lowercased, without dots; nil: all four.
    var includedExtensions: Set<String>?
    var failOn: FailureThreshold?
    var minimumSeverity: Severity?
    var includeVendored: Bool?
    var maximumFileSize: Int?

    init(path: String) {
        self.path = path
    }

    /// Rules the file turns off.
    var disabledRules: [String] {
        rules.filter { $0.value == .off }.keys.sorted()
    }

    /// Severities the file sets, by rule id.
    var severityOverrides: [String: Severity] {
        rules.compactMapValues { setting in
            if case .severity(let severity) = setting { return severity }
            return nil
        }
    }
}
