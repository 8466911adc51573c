/// One check: its metadata and a function from a file's tokens and structure to matches.
///
/// Adding a rule is adding one type and registering it in `RuleCatalog.rules`.
protocol Rule: Sendable {
    static var description: RuleDescription { get }
    /// The rule can only match in a file that mentions one of these words; others skip it.
    static var requiredWords: WordSet { get }
    func check(_ file: ScannedFile) -> [RuleMatch]
}

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
