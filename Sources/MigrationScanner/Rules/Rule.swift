/// One check: its metadata and a function from a file's tokens and structure to matches.
///
/// Adding a rule is adding one type and registering it in `RuleCatalog.rules`.
protocol Rule: Sendable {
    static var description: RuleDescription { get }
    /// The rule can only match in a file that mentions one of these words; others skip it.
    static var requiredWords: WordSet { get }
    func check(_ file: ScannedFile) -> [RuleMatch]
}
