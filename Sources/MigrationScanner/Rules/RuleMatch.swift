/// Where a rule matched and what to say; the scanner turns it into a `Finding`.
struct RuleMatch: Sendable, Equatable {
    /// Index of the token that makes the finding, in `ScannedFile.stream`.
    var token: Int
    var message: String
    /// Overrides the rule's default severity (e.g. a synchronous request on the main thread).
    var severity: Severity?

    init(token: Int, message: String, severity: Severity? = nil) {
        self.token = token
        self.message = message
        self.severity = severity
    }
}
