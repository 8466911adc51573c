import MigrationScanner

/// A configuration or baseline file that cannot be used: the command prints it and exits with status 2.
struct ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file, as the user can find it.
    var path: String
    /// What is wrong, naming the key.
    var message: String

    init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `path: error: message`, the form of every other path problem the tool reports.
    var description: String { "\(path): error: \(message)" }
}
