/// One check: its metadata and a function from a file's tokens and structure to matches.
///
/// Adding a rule is adding one type and registering it in `RuleCatalog.rules`.
protocol Rule: Sendable {
    static var description: RuleDescription { get }
    /// The rule can only match in a file that mentions one of these words; others skip it.
    static var requiredWords: WordSet { get }
    /// Ids of less specific rules whose finding on the same token this rule's finding replaces
    /// (one finding per site).
    static var foldedRules: Set<String> { get }
    func check(_ file: ScannedFile) -> [RuleMatch]
}

extension Rule {
    static var foldedRules: Set<String> { [] }
}
