/// A command line that cannot be run, reported on one line, with the closest valid spelling when there is one.
public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    /// `unknown option '--fromat' (did you mean '--format'?)`.
    public init(_ message: String, suggesting suggestion: String?) {
        self.message = suggestion.map { "\(message) (did you mean '\($0)'?)" } ?? message
    }

    public var description: String { message }
}
