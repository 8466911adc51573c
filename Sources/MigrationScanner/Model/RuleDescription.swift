/// A rule's metadata: what reports, help pages and Docs/Rules.md are generated from.
///
/// A plain `Sendable` value, safe to read from any thread; it retains only its strings and examples.
/// `RuleCatalog.descriptions` lists the built-in rules' descriptions.
public struct RuleDescription: Sendable, Hashable {
    /// Stable kebab-case id; users put it in suppressions, configuration and baselines.
    public var id: String
    /// The severity a finding has unless configuration overrides it.
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

    /// Creates a description from its parts; nothing is validated.
    ///
    /// - Parameters:
    ///   - id: Stable kebab-case id.
    ///   - defaultSeverity: The severity of the rule's findings unless configured otherwise.
    ///   - summary: One line: what the rule finds.
    ///   - rationale: Why it matters.
    ///   - replacement: What to write instead.
    ///   - triggeringExamples: Code that must produce at least one finding of this rule.
    ///   - nonTriggeringExamples: Code that must produce no finding of this rule.
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
///
/// A plain `Sendable` value, safe to read from any thread; it retains only its code string.
public struct RuleExample: Sendable, Hashable {
    /// The language the snippet is lexed as.
    public var language: SourceLanguage
    /// The snippet's source text.
    public var code: String

    /// Creates an example.
    ///
    /// - Parameters:
    ///   - language: The language the snippet is lexed as.
    ///   - code: The snippet's source text.
    public init(_ language: SourceLanguage, _ code: String) {
        self.language = language
        self.code = code
    }
}
