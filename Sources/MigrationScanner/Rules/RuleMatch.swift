/// Where a rule matched and what to say; the scanner turns it into a `Finding`.
struct RuleMatch: Sendable, Equatable {
    /// Index of the token that makes the finding, in `ScannedFile.stream`.
    var token: Int
    /// What the rule found; the message, when it has no advice.
    var finding: String
    /// What to write instead, which the message ends with; an Objective-C finding of a rule with
    /// `Rule.objectiveCAdvice` says that instead.
    var advice: Advice?
    /// What this match recommends in Objective-C where its rule's `Rule.objectiveCAdvice` is too general
    /// (the delegate-method rule names each method's NSURLSession replacement).
    var objectiveCAdvice: String?
    /// Overrides the rule's default severity (e.g. a synchronous request on the main thread).
    var severity: Severity?

    /// How a message ends with its advice.
    enum Advice: Sendable, Equatable {
        /// "…; use `text`": a replacement to name.
        case use(String)
        /// "…; `text`": a sentence of its own (the URL-protocol rules' replacements).
        case sentence(String)
    }

    /// A match whose message is `finding` alone, or `finding` followed by `advice`.
    init(token: Int, finding: String, advice: Advice? = nil, objectiveCAdvice: String? = nil, severity: Severity? = nil) {
        self.token = token
        self.finding = finding
        self.advice = advice
        self.objectiveCAdvice = objectiveCAdvice
        self.severity = severity
    }

    /// The finding's message, with `advice` in the place of the match's own advice when given.
    func message(advisingInstead replacement: String? = nil) -> String {
        switch advice {
        case .use(let text): "\(finding); use \(replacement ?? text)"
        case .sentence(let text): "\(finding); \(replacement ?? text)"
        case nil: replacement.map { "\(finding); use \($0)" } ?? finding
        }
    }
}
