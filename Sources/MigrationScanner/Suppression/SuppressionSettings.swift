/// What suppression comments may name, and which of them can be stale.
package struct SuppressionSettings: Sendable, Hashable {
    /// Every rule id a suppression may name without an `invalid-suppression` note.
    var knownRuleIDs: Set<String>
    /// Rules that ran; a suppression naming only rules that did not run is not reported as unused.
    /// Nil: every rule ran.
    var activeRuleIDs: Set<String>?

    package init(knownRuleIDs: Set<String>, activeRuleIDs: Set<String>? = nil) {
        self.knownRuleIDs = knownRuleIDs
        self.activeRuleIDs = activeRuleIDs
    }

    func isActive(_ ruleID: String) -> Bool {
        activeRuleIDs?.contains(ruleID) ?? true
    }
}
