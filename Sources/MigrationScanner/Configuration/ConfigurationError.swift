/// A configuration or baseline file that cannot be used: the command prints it and exits with status 2.
public struct ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file, as the user can find it.
    public var path: String
    /// What is wrong, naming the key.
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `path: error: message`, the form of every other path problem the tool reports.
    public var description: String { "\(path): error: \(message)" }
}
