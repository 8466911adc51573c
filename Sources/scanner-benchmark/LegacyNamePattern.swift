import MigrationScanner

/// The names `migrate-scan`'s rules look for (the union of their `requiredWords`, which its
/// prefilter searches every file for), as the one regular expression ripgrep searches for: the
/// closest text-only equivalent of the scan.
///
/// ripgrep matches text, so it also counts names inside comments and strings, which the
/// scanner (lexing exactly) does not report; the comparison is of the work, not the answers.
enum LegacyNamePattern {
    static let names = SourceScanner.requiredNames

    /// Whole words only, as the scanner matches whole identifiers. The word boundary is ASCII
    /// (`(?-u:\b)`): the names are ASCII, and ripgrep 13 gives up its fast engine for a Unicode
    /// `\b` on files with non-ASCII text (16 s instead of 0.24 s over 55 MB here).
    static var regularExpression: String { "(?-u:\\b)(" + names.joined(separator: "|") + ")(?-u:\\b)" }

    /// ripgrep's arguments: every matching line with its path and line number (`-n`), as a
    /// report lists findings, over the four source extensions, ignoring ignore files as the
    /// scanner does outside a git work tree.
    static func ripgrepArguments(paths: [String]) -> [String] {
        ["-n", "--no-ignore", "--hidden", "-g", "*.swift", "-g", "*.m", "-g", "*.mm", "-g", "*.h",
         "-e", regularExpression] + paths
    }
}
