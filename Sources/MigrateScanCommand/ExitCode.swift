import MigrationScanner

/// The exit statuses of `migrate-scan`, as SwiftLint and ruff use them.
enum ExitCode: Int32, Sendable {
    /// No finding at or above `--fail-on`.
    case success = 0
    /// At least one finding at or above `--fail-on`.
    case findings = 1
    /// A usage error, or a path that could not be read (this wins over `findings`: the scan is incomplete).
    case failure = 2
}
