/// One `migrate-scan:` comment: what it switches off, for which rules, and where it stands.
struct SuppressionDirective: Sendable, Hashable {
    enum Command: String, Sendable, Hashable, CaseIterable {
        /// `disable-next-line`: the line after the comment's last line.
        case disableNextLine = "disable-next-line"
        /// `disable-line`: the line the comment starts on.
        case disableLine = "disable-line"
        /// `disable`: from the comment to the matching `enable` (or the end of the file).
        case disable
        /// `enable`: closes the `disable` ranges of the rules it names.
        case enable
    }

    /// The word that names every rule.
    static let allRules = "all"

    var command: Command
    /// Rule ids as written, `all` included; never empty.
    var rules: [String]
    /// Where the comment starts, 1-based.
    var line: Int
    var column: Int
    /// The column just past the comment's text on its first line.
    var endColumn: Int
    /// The comment's last line (block comments can span lines).
    var lastLine: Int
}
