import MigrationScanner

/// A command line that cannot be run, reported on one line, with the closest valid spelling when there is one.
struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    var message: String

    init(_ message: String) {
        self.message = message
    }

    /// `unknown option '--fromat' (did you mean '--format'?)`.
    init(_ message: String, suggesting suggestion: String?) {
        self.message = suggestion.map { "\(message) (did you mean '\($0)'?)" } ?? message
    }

    var description: String { message }
}
