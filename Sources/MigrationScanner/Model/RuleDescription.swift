/// A rule's metadata: what reports, help pages and Docs/Rules.md are generated from.
public struct RuleDescription: Sendable, Hashable {
    /// Stable kebab-case id; users put it in suppressions, configuration and baselines.
    public var id: String
    public var defaultSeverity: Severity
    /// One line: what the rule finds.
    public var summary: String
    /// Why it matters: the failure it prevents.
    public var rationale: String
    /// What to write instead.
    public var replacement: String
    /// Code that must produce at least one finding of this rule.
    public var triggeringExamples: [RuleExample]
    /// Code that must produce no finding of this rule.
    public var nonTriggeringExamples: [RuleExample]

    public init(
        id: String, defaultSeverity: Severity, summary: String, rationale: String, replacement: String,
        triggeringExamples: [RuleExample], nonTriggeringExamples: [RuleExample]
    ) {
        self.id = id
        self.defaultSeverity = defaultSeverity
        self.summary = summary
        self.rationale = rationale
        self.replacement = replacement
        self.triggeringExamples = triggeringExamples
        self.nonTriggeringExamples = nonTriggeringExamples
    }
}

/// A source snippet in one language, used as a rule's test case and in its documentation.
public struct RuleExample: Sendable, Hashable {
    public var language: SourceLanguage
    public var code: String

    public init(_ language: SourceLanguage, _ code: String) {
        self.language = language
        self.code = code
    }
}
