/// Counts of the findings a report holds or has written: all a summary, an exit status or
/// `--summary` needs, so a report streamed while files are scanned never keeps the findings.
package struct FindingTally: Sendable, Equatable {
    private(set) var total = 0
    /// One entry per file with findings: bounded by the files, not by the findings.
    private(set) var byFile: [String: Int] = [:]
    private var bySeverity = SeverityCounts()
    private var byRuleAndSeverity: [String: SeverityCounts] = [:]

    init() {}

    init(_ findings: [ReportedFinding]) {
        var start = findings.startIndex
        while start < findings.endIndex {
            let path = findings[start].finding.path
            let end = findings[start...].firstIndex { $0.finding.path != path } ?? findings.endIndex
            add(findings[start..<end])
            start = end
        }
    }

    /// Adds one path's findings.
    mutating func add(_ findings: some Collection<ReportedFinding>) {
        guard let path = findings.first?.finding.path else { return }
        total += findings.count
        byFile[path, default: 0] += findings.count
        // One dictionary update per run of a rule's findings, which a file's findings often are.
        var rule = findings.first!.finding.ruleID
        var run = SeverityCounts()
        for reported in findings {
            if reported.finding.ruleID != rule {
                byRuleAndSeverity[rule, default: SeverityCounts()].add(run)
                rule = reported.finding.ruleID
                run = SeverityCounts()
            }
            run[reported.finding.severity] += 1
            bySeverity[reported.finding.severity] += 1
        }
        byRuleAndSeverity[rule, default: SeverityCounts()].add(run)
    }

    /// Findings per rule id.
    var byRule: [String: Int] { byRuleAndSeverity.mapValues(\.total) }

    /// The most severe finding of each rule, for colouring the rule's line in a summary.
    var highestSeverityByRule: [String: Severity] { byRuleAndSeverity.compactMapValues(\.highest) }

    /// How many findings have exactly this severity.
    func count(of severity: Severity) -> Int {
        bySeverity[severity]
    }

    /// Whether some finding is of a severity `threshold` fails on.
    package func fails(_ threshold: FailureThreshold) -> Bool {
        Severity.allCases.contains { bySeverity[$0] > 0 && threshold.isFailing($0) }
    }
}

/// A count per severity, kept without hashing: counting a finding is an increment.
private struct SeverityCounts: Sendable, Equatable {
    private var note = 0
    private var warning = 0
    private var error = 0

    subscript(severity: Severity) -> Int {
        get {
            switch severity {
            case .note: note
            case .warning: warning
            case .error: error
            }
        }
        set {
            switch severity {
            case .note: note = newValue
            case .warning: warning = newValue
            case .error: error = newValue
            }
        }
    }

    var total: Int { note + warning + error }

    var highest: Severity? { Severity.allCases.reversed().first { self[$0] > 0 } }

    mutating func add(_ other: SeverityCounts) {
        for severity in Severity.allCases { self[severity] += other[severity] }
    }
}
