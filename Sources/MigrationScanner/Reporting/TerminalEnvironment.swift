import Foundation

/// What the command knows about where its standard error goes, injected so tests (which always
/// run piped) can state the terminal case instead of needing one.
public struct TerminalEnvironment: Sendable, Equatable {
    /// `isatty(2)`.
    public var standardErrorIsTerminal: Bool
    /// The process environment (`NO_COLOR`, `TERM`).
    public var environment: [String: String]

    public init(standardErrorIsTerminal: Bool, environment: [String: String]) {
        self.standardErrorIsTerminal = standardErrorIsTerminal
        self.environment = environment
    }

    /// No terminal: nothing decorative. The default for the library, so tests and embedders get plain text.
    public static let piped = TerminalEnvironment(standardErrorIsTerminal: false, environment: [:])

    /// The running process's standard error and environment.
    public static var current: TerminalEnvironment {
        TerminalEnvironment(
            standardErrorIsTerminal: isatty(STDERR_FILENO) == 1, environment: ProcessInfo.processInfo.environment)
    }
}
