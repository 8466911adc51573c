/// One check: its metadata, what it recommends in Objective-C, which `--fix` targets resolve its
/// findings, its measured precision, and a function from a file's tokens and structure to matches.
///
/// Adding a rule is adding one type and registering it in `RuleCatalog.rules`.
protocol Rule: Sendable {
    static var description: RuleDescription { get }
    /// The rule can only match in a file that mentions one of these words; others skip it.
    static var requiredWords: WordSet { get }
    /// Ids of less specific rules whose finding on the same token this rule's finding replaces
    /// (one finding per site).
    static var foldedRules: Set<String> { get }
    /// What an Objective-C finding recommends in place of its Swift advice, which names the shim's
    /// Swift API (`RuleMatch.objectiveCAdvice` may say more for one match); nil keeps the rule's own message.
    static var objectiveCAdvice: String? { get }
    /// The languages whose findings `migrate-scan --fix` resolves (the HTML report's effort
    /// estimate counts them as a review), and whether `--fix` lists the Objective-C ones it leaves.
    static var fixedBy: FixedTargets { get }
    /// Precision and recall on the public corpus, as `.ci/corpus-precision` measured them; nil for a
    /// rule that made no finding and has no true site there.
    static var measured: CorpusMeasurement? { get }
    /// The corpus's true sites the rule does not report, each with the reason.
    static var knownMisses: [String] { get }
    func check(_ file: ScannedFile) -> [RuleMatch]
}

extension Rule {
    static var foldedRules: Set<String> { [] }
    static var objectiveCAdvice: String? { nil }
    static var fixedBy: FixedTargets { [] }
    static var measured: CorpusMeasurement? { nil }
    static var knownMisses: [String] { [] }
}

/// The findings `migrate-scan --fix` resolves, by language.
package struct FixedTargets: OptionSet, Sendable {
    package let rawValue: Int
    package init(rawValue: Int) {
        self.rawValue = rawValue
    }
    /// Swift findings: `--fix` moves the code onto the shim.
    package static let swift = FixedTargets(rawValue: 1 << 0)
    /// Objective-C findings: `--fix` moves the delegate class or call to NSURLSession.
    package static let objectiveC = FixedTargets(rawValue: 1 << 1)
    /// Objective-C findings `--fix` leaves, each listed as "not rewritten" with the reason.
    package static let objectiveCNoted = FixedTargets(rawValue: 1 << 2)
}
