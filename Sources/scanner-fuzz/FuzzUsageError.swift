/// A bad command line, or `--help` (no message).
struct FuzzUsageError: Error {
    var message: String?

    init(_ message: String?) {
        self.message = message
    }
}
