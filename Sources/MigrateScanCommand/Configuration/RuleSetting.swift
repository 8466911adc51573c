import MigrationScanner

/// One value of the configuration file's `rules` object.
enum RuleSetting: Sendable, Hashable {
    /// `"off"`: the rule does not run.
    case off
    /// `"on"`: the rule runs at its default severity.
    case on
    /// `"error"`, `"warning"` or `"note"`: the rule runs and its findings get this severity.
    case severity(Severity)

    /// The spellings the file accepts.
    static let spellings = ["off", "on"] + Severity.allCases.reversed().map(\.rawValue)

    init?(spelling: String) {
        switch spelling {
        case "off": self = .off
        case "on": self = .on
        default:
            guard let severity = Severity(rawValue: spelling) else { return nil }
            self = .severity(severity)
        }
    }
}
