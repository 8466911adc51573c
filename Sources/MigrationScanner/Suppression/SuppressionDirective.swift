/// One `migrate-scan:` comment: what it switches off, for which rules, and where it stands.
struct SuppressionDirective: Sendable, Hashable {
    enum Command: String, Sendable, Hashable, CaseIterable {
        /// `disable-next-line`: the line after the comment's last line.
        case disableNextLine = "disable-next-line"
        /// `disable-line`: the line the comment starts on.
        case disableLine = "disable-line"
        /// `disable-previous-line`: the line before the comment's first line.
        case disablePreviousLine = "disable-previous-line"
        /// `ignore`: the line the comment starts on, every rule when none is named (as semgrep's
        /// `nosemgrep` and ESLint's bare `eslint-disable-line`).
        case ignore
        /// `disable`: from the comment to the matching `enable` (or the end of the file).
        case disable
        /// `enable`: closes the `disable` ranges of the rules it names.
        case enable

        /// SwiftLint's spellings, accepted as they are: `disable:next`, `disable:this`, `disable:previous`.
        static let aliases: [String: Command] = [
            "disable:next": .disableNextLine, "disable:this": .disableLine, "disable:previous": .disablePreviousLine,
        ]

        /// The command a comment's first word names, by its own name or a SwiftLint alias.
        init?(spelling: String) {
            guard let command = Command(rawValue: spelling) ?? Self.aliases[spelling] else { return nil }
            self = command
        }
    }

    /// The word that names every rule.
    static let allRules = "all"

    var command: Command
    /// Rule ids as written, `all` included; never empty.
    var rules: [String]
    /// Where the comment starts, 1-based.
    package var line: Int
    package var column: Int
    /// The column just past the comment's text on its first line.
    var endColumn: Int
    /// The comment's last line (block comments can span lines).
    var lastLine: Int
}
