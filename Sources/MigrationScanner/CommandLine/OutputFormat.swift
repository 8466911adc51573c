/// The report format chosen with `--format`.
public enum OutputFormat: String, Sendable, CaseIterable {
    /// `path:line:col: severity: message [rule-id]`, the clang/Xcode form.
    case text
    /// Schema version 1, documented in Docs/Scanner.md.
    case json
    /// SARIF 2.1.0 for GitHub code scanning and other SARIF viewers.
    case sarif
    /// GitHub Actions workflow commands (`::warning file=…::message`): annotations on the diff.
    case github
    /// A Markdown report for a pull request or a job summary: totals, per rule, per file.
    case markdown
}
