/// The findings the scanner makes about its own suppression comments.
///
/// They are not in `RuleCatalog` (they find nothing in the code being migrated, so they stay out of
/// Docs/Rules.md and `migrate-scan rules`), but `--enable`, `--disable`, the configuration file,
/// baselines and SARIF treat them as rules; Docs/Scanner.md documents them.
package enum SuppressionRules {
    /// A suppression that suppressed nothing: the code it excused changed, so the comment is stale.
    static let unusedSuppressionID = "unused-suppression"
    /// A suppression naming an unknown rule, or one that does not parse.
    static let invalidSuppressionID = "invalid-suppression"

    package static let descriptions: [RuleDescription] = [
        RuleDescription(
            id: unusedSuppressionID, defaultSeverity: .note,
            summary: "A migrate-scan suppression comment that suppresses nothing.",
            rationale: "The finding it excused is gone; a stale suppression would silently hide a new one on that line.",
            replacement: "Remove the suppression comment.",
            triggeringExamples: [RuleExample(.swift, "// migrate-scan:disable-next-line uiwebview\nlet x = 1")],
            nonTriggeringExamples: [RuleExample(.swift, "// migrate-scan:disable-next-line uiwebview\nlet w = UIWebView()")]),
        RuleDescription(
            id: invalidSuppressionID, defaultSeverity: .note,
            summary: "A migrate-scan suppression comment with an unknown rule id or command.",
            rationale: "A misspelt rule id suppresses nothing, so the finding it was meant to excuse is still reported.",
            replacement: "Use a rule id from `migrate-scan rules`, or `all`.",
            triggeringExamples: [RuleExample(.swift, "// migrate-scan:disable-line uiwebveiw")],
            nonTriggeringExamples: [RuleExample(.swift, "let w = UIWebView() // migrate-scan:disable-line uiwebview")]),
    ]

    /// The ids of both.
    package static var ids: [String] { descriptions.map(\.id) }
}
