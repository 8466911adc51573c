/// `migrate-scan rules`: one rule a line, id, default severity and summary in aligned columns.
package struct RuleListRenderer: Sendable {
    var rules: [RuleDescription]

    package init(rules: [RuleDescription]) {
        self.rules = rules
    }

    /// One line a rule, in catalog order.
    package func render() -> String {
        let idWidth = rules.map(\.id.count).max() ?? 0
        let severityWidth = Severity.allCases.map(\.rawValue.count).max() ?? 0
        return rules.map { rule in
            Self.padded(rule.id, idWidth) + "  " + Self.padded(rule.defaultSeverity.rawValue, severityWidth) + "  "
                + rule.summary + "\n"
        }.joined()
    }

    private static func padded(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}
