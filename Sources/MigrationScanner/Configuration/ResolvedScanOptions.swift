/// The command line's options with the configuration file's filled in where the command line is
/// silent: what one scan actually runs with.
public struct ResolvedScanOptions: Sendable, Equatable {
    public var failOn: FailureThreshold
    public var minimumSeverity: Severity
    public var includeVendored: Bool
    public var maximumFileSize: Int
    /// The file's patterns, then the command line's.
    public var excludes: [String]
    /// Rules that run, out of `ruleIDs`; nil: all of them.
    public var selectedRuleIDs: Set<String>?
    public var severityOverrides: [String: Severity]
    public var includedExtensions: Set<String>?

    /// `ruleIDs`: every id the scan knows (catalog and suppression rules).
    public init(options: ScanOptions, configuration: ProjectConfiguration?, ruleIDs: [String]) {
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
