import MigrationScanner

/// The command line's options with the configuration file's filled in where the command line is
/// silent: what one scan actually runs with.
struct ResolvedScanOptions: Sendable, Equatable {
    var failOn: FailureThreshold
    var minimumSeverity: Severity
    var includeVendored: Bool
    var maximumFileSize: Int
    /// The file's patterns, then the command line's.
    var excludes: [String]
    /// Rules that run, out of `ruleIDs`; nil: all of them.
    var selectedRuleIDs: Set<String>?
    var severityOverrides: [String: Severity]
    var includedExtensions: Set<String>?

    /// `ruleIDs`: every id the scan knows (catalog and suppression rules).
    init(options: ScanOptions, configuration: ProjectConfiguration?, ruleIDs: [String]) {
        let given = options.givenOptions
        failOn = given.contains("fail-on") ? options.failOn : configuration?.failOn ?? options.failOn
        minimumSeverity =
            given.contains("min-severity") ? options.minimumSeverity : configuration?.minimumSeverity ?? options.minimumSeverity
        includeVendored = options.includeVendored || (configuration?.includeVendored ?? false)
        maximumFileSize =
            given.contains("max-file-size") ? options.maximumFileSize : configuration?.maximumFileSize ?? options.maximumFileSize
        excludes = (configuration?.excludes ?? []) + options.excludes
        severityOverrides = configuration?.severityOverrides ?? [:]
        includedExtensions = configuration?.includedExtensions

        // `--enable X` turns X on even when the file turns it off; `--disable` always wins.
        var selection = options
        let enabledOnCommandLine = Set(options.enabledRules ?? [])
        selection.disabledRules += (configuration?.disabledRules ?? []).filter { !enabledOnCommandLine.contains($0) }
        selectedRuleIDs = selection.selectedRuleIDs(from: ruleIDs)
    }
}
