/// How decorated standard error is: colour, a progress line, the multi-line summary.
///
/// Decided once per run from the terminal, `--no-color`, `NO_COLOR` and `--quiet`; piped output
/// (CI logs, tests, `2> file`) gets none of it, so it stays stable and parseable.
package struct TerminalStyle: Sendable, Equatable {
    /// ANSI colour for severities in the summary.
    var usesColor: Bool
    /// A progress line, shown once a scan has run for a second.
    package var showsProgress: Bool
    /// The summary with lines, time and per-rule counts instead of the one-line tally.
    package var showsDetailedSummary: Bool

    init(usesColor: Bool, showsProgress: Bool, showsDetailedSummary: Bool) {
        self.usesColor = usesColor
        self.showsProgress = showsProgress
        self.showsDetailedSummary = showsDetailedSummary
    }

    /// Nothing decorative.
    static let plain = TerminalStyle(usesColor: false, showsProgress: false, showsDetailedSummary: false)

    /// Colour needs a terminal that is not `TERM=dumb`, no `--no-color` and no non-empty `NO_COLOR`
    /// (no-color.org); progress and the detailed summary need a terminal and no `--quiet`.
    package static func decide(for terminal: TerminalEnvironment, noColor: Bool, quiet: Bool) -> TerminalStyle {
        guard terminal.standardErrorIsTerminal else { return .plain }
        let noColorVariable = !(terminal.environment[TerminalEnvironment.noColorVariable] ?? "").isEmpty
        let dumb = terminal.environment[TerminalEnvironment.terminalTypeVariable] == "dumb"
        return TerminalStyle(
            usesColor: !noColor && !noColorVariable && !dumb, showsProgress: !quiet && !dumb,
            showsDetailedSummary: !quiet)
    }

    /// `text` in the colour of `severity` when colour is on.
    func paint(_ text: String, _ severity: Severity) -> String {
        guard usesColor else { return text }
        let code =
            switch severity {
            case .error: "31"  // red
            case .warning: "33"  // yellow
            case .note: "36"  // cyan
            }
        return "\u{1B}[1;\(code)m\(text)\u{1B}[0m"
    }

    /// `text` in bold when colour is on.
    func bold(_ text: String) -> String {
        usesColor ? "\u{1B}[1m\(text)\u{1B}[0m" : text
    }
}
