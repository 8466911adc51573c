/// `--fail-on`: the least severe finding that makes the exit status 1.
package enum FailureThreshold: String, Sendable, CaseIterable {
    case error
    case warning
    case note
    /// Findings never fail the run; usage and I/O errors still exit 2.
    case never

    /// Whether a finding of `severity` fails the run.
    func isFailing(_ severity: Severity) -> Bool {
        switch self {
        case .error: severity >= .error
        case .warning: severity >= .warning
        case .note: true
        case .never: false
        }
    }
}
