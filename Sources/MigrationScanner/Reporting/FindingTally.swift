/// Counts of the findings a report holds or has written: all a summary, an exit status or
/// `--summary` needs, so a report streamed while files are scanned never keeps the findings.
struct FindingTally: Sendable, Equatable {
    private(set) var total = 0
    private(set) var bySeverity: [Severity: Int] = [:]
    private(set) var byRule: [String: Int] = [:]
    /// One entry per file with findings: bounded by the files, not by the findings.
    private(set) var byFile: [String: Int] = [:]
    /// The most severe finding of each rule, for colouring the rule's line in a summary.
    private(set) var highestSeverityByRule: [String: Severity] = [:]

    init() {}

    init(_ findings: some Sequence<ReportedFinding>) {
        for reported in findings { add(reported.finding) }
    }

    mutating func add(_ finding: Finding) {
        total += 1
        bySeverity[finding.severity, default: 0] += 1
        byRule[finding.ruleID, default: 0] += 1
        byFile[finding.path, default: 0] += 1
        highestSeverityByRule[finding.ruleID] = max(highestSeverityByRule[finding.ruleID] ?? finding.severity, finding.severity)
    }

    /// How many findings have exactly this severity.
    func count(of severity: Severity) -> Int {
        bySeverity[severity] ?? 0
    }

    /// Whether some finding is of a severity `threshold` fails on.
    func fails(_ threshold: FailureThreshold) -> Bool {
        bySeverity.keys.contains(where: threshold.isFailing)
    }
}
