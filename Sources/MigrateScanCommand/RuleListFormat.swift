import MigrationScanner

/// The format of `migrate-scan rules`.
enum RuleListFormat: String, Sendable, CaseIterable {
    /// One aligned line a rule.
    case text
    /// The rule reference, as committed in Docs/Rules.md.
    case markdown
}
