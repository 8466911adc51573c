/// Findings of one rule in one file that say the same thing: the same severity and message at
/// several lines (every mention of `ASIHTTPRequest` in a file). Human-readable reports show a
/// group once, with its count and lines; JSON and SARIF keep every finding.
struct FindingGroup: Sendable, Equatable {
    /// The group's first finding in report order: its location stands for the group.
    package var first: Finding
    /// Every finding's line, in report order (a line repeats when it holds several findings).
    var lines: [Int]

    var count: Int { lines.count }

    /// The groups of `findings`, each at the position of its first finding, so report order is kept.
    static func groups(of findings: [Finding]) -> [FindingGroup] {
        struct Key: Hashable {
            var path: String
            var ruleID: String
            var severity: Severity
            var message: String
        }
        var groups: [FindingGroup] = []
        var indexByKey: [Key: Int] = [:]
        for finding in findings {
            let key = Key(path: finding.path, ruleID: finding.ruleID, severity: finding.severity, message: finding.message)
            if let index = indexByKey[key] {
                groups[index].lines.append(finding.line)
            } else {
                indexByKey[key] = groups.count
                groups.append(FindingGroup(first: finding, lines: [finding.line]))
            }
        }
        return groups
    }

    /// `(3 times: lines 12, 40, 77)` for a group of several findings; empty for one.
    var repetitionNote: String {
        guard count > 1 else { return "" }
        return "(\(count) times: lines " + lines.map(String.init).joined(separator: ", ") + ")"
    }
}
