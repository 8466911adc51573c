/// What the legacy-API rules recommend in Objective-C, where URLConnectionShim cannot help: it has
/// no Objective-C API. A finding keeps its rule's account of what it found (`RuleMatch.finding`)
/// and ends with the rule's `Rule.objectiveCAdvice`, or the match's own, instead of its Swift advice.
package enum ObjectiveCAdvice {
    /// The message and replacement of an Objective-C finding of `match`, whose rule recommends
    /// `ruleAdvice` in Objective-C; nil when neither the rule nor the match has Objective-C advice.
    static func message(of match: RuleMatch, ruleAdvice: String?) -> (message: String, replacement: String)? {
        guard let advice = match.objectiveCAdvice ?? ruleAdvice else { return nil }
        return (match.message(advisingInstead: advice), advice)
    }

    /// `message` without the "(migrate-scan --fix …)" it ends with: what `--fix` itself prints of a
    /// finding it left is not advice to run `--fix`.
    package static func withoutFixAdvice(_ message: String) -> String {
        guard let start = message.range(of: " (migrate-scan --fix "), message.hasSuffix(")") else { return message }
        let inner = message[start.upperBound...].dropLast()
        guard !inner.contains("(") && !inner.contains(")") else { return message }
        return String(message[..<start.lowerBound])
    }
}
