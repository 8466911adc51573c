import MigrationScanner

/// What a command line asks for.
enum CommandInvocation: Sendable, Equatable {
    case scan(ScanOptions)
    case listRules(RuleListFormat)
    case help(HelpTopic)
    case version

    /// The help pages: the scan's and the `rules` subcommand's.
    enum HelpTopic: Sendable, Equatable {
        case scan
        case rules
    }
}
