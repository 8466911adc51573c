/// The report format chosen with `--format`.
package enum OutputFormat: String, Sendable, CaseIterable {
    /// A document another program parses: on standard output it keeps standard error clean
    /// (no summary), for tools that merge the two streams.
    package var isMachineReadable: Bool {
        switch self {
        case .json, .sarif, .checkstyle, .junit, .gitlab: true
        case .text, .xcode, .github, .markdown, .html: false
        }
    }

    /// `path:line:col: severity: message [rule-id]`, the clang/Xcode form.
    case text
    /// The text form for Xcode's issue navigator (a Run Script phase): every finding on a line of
    /// its own, never grouped, with an absolute path, so each is an issue Xcode opens.
    case xcode
    /// Schema version 1, documented in Docs/Scanner.md.
    case json
    /// SARIF 2.1.0 for GitHub code scanning and other SARIF viewers.
    case sarif
    /// GitHub Actions workflow commands (`::warning file=…::message`): annotations on the diff.
    case github
    /// A Markdown report for a pull request or a job summary: totals, per rule, per file.
    case markdown
    /// One self-contained HTML page (HTMLReporter); best with `--output report.html`.
    case html
    /// Checkstyle XML, read by Jenkins, reviewdog, Danger and other lint dashboards.
    case checkstyle
    /// JUnit XML: one failed test case per finding, for CI test-result views.
    case junit
    /// GitLab Code Quality JSON, for `artifacts: reports: codequality:`.
    case gitlab
}
