import Foundation

/// What the command knows about where its standard error goes, injected so tests (which always
/// run piped) can state the terminal case instead of needing one.
package struct TerminalEnvironment: Sendable, Equatable {
    /// `isatty(2)`.
    var standardErrorIsTerminal: Bool
    /// The variables the command's output follows (`noColorVariable`, `terminalTypeVariable`), as
    /// the process environment sets them.
    var environment: [String: String]

    init(standardErrorIsTerminal: Bool, environment: [String: String]) {
        self.standardErrorIsTerminal = standardErrorIsTerminal
        self.environment = environment
    }

    /// No terminal: nothing decorative. The default for the library, so tests and embedders get plain text.
    package static let piped = TerminalEnvironment(standardErrorIsTerminal: false, environment: [:])

    /// Set and not empty, it turns colour off (no-color.org).
    static let noColorVariable = "NO_COLOR"
    /// `dumb` turns colour and the progress line off.
    static let terminalTypeVariable = "TERM"

    /// The running process's standard error and the variables its output follows.
    package static var current: TerminalEnvironment {
        var environment: [String: String] = [:]
        for name in [noColorVariable, terminalTypeVariable] {
            environment[name] = ProcessEnvironment.value(of: name)
        }
        return TerminalEnvironment(standardErrorIsTerminal: isatty(STDERR_FILENO) == 1, environment: environment)
    }
}
