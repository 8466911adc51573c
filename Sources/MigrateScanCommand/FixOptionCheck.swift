import MigrationScanner

/// The scan options `--fix` and `--diff` cannot honour, refused with one line instead of being
/// ignored: a fix scoped to a rule or a baseline would otherwise rewrite the whole tree.
///
/// `--output`, `--changed-since` and the file-selection options are honoured
/// (`MigrationScanCommand.fix`); `--format` other than text is refused there too.
enum FixOptionCheck {
    private static let everyRewrite =
        "a fix makes every rewrite a file needs, not one rule's; choose files by path, --exclude or --changed-since"

    /// Option names without dashes, each with why a fix cannot take it.
    static let refused: [(name: String, reason: String)] = [
        ("baseline", "a fix rewrites files, not findings; choose them by path, --exclude or --changed-since"),
        ("write-baseline", "record a baseline with a scan, after the fix"),
        ("enable", everyRewrite),
        ("disable", everyRewrite),
        ("fail-on", "the exit status says whether files changed (--diff: 1 when some would)"),
        ("min-severity", "a fix has no severities to filter"),
        ("summary", "the output is the files changed or the diff"),
    ]

    /// The usage error for the first refused option `options` spells, or for `-` (standard input,
    /// which a fix cannot rewrite); nil when the fix can run.
    static func problem(with options: ScanOptions, mode: FixMode) -> UsageError? {
        if options.readsStandardInput {
            return UsageError("'-' (standard input) cannot be used with --\(mode.rawValue), which reads and rewrites files: name the files")
        }
        guard let refused = refused.first(where: { options.givenOptions.contains($0.name) }) else { return nil }
        return UsageError("'--\(refused.name)' cannot be used with --\(mode.rawValue): \(refused.reason)")
    }
}
