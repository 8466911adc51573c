import MigrationScanner

/// `--baseline` and `--changed-since` applied one finding at a time in report order, so a report
/// written while files are scanned is filtered as it goes, and a held report the same way.
struct ReportedFindingFilter {
    /// Per fingerprint hash, how many more findings the baseline accounts for; nil without a baseline.
    private var baselineLeft: [String: Int]?
    private let changedLines: ChangedLines?
    /// Findings the baseline accounted for.
    private(set) var baselined = 0
    /// Those findings themselves when `keepsBaselinedFindings` (a held report's SARIF lists them).
    private(set) var baselinedFindings: [ReportedFinding] = []
    /// Whether `baselinedFindings` is filled; off while streaming, whose memory must not grow.
    var keepsBaselinedFindings = false
    /// Per fingerprint hash, how many findings the baseline accounts for that the scan has not met.
    var unmatchedBaselineCounts: [String: Int] { baselineLeft ?? [:] }
    /// Findings on lines unchanged since `--changed-since`'s commit, among those not baselined.
    private(set) var unchanged = 0

    init(baseline: Baseline?, changedLines: ChangedLines?) {
        baselineLeft = baseline.map { Dictionary($0.entries.map { ($0.lineHash, $0.count) }, uniquingKeysWith: +) }
        self.changedLines = changedLines
    }

    /// The findings that stay in the report. Call with findings in report order: within one hash,
    /// the first `count` findings in report order are the baseline's.
    mutating func kept(_ findings: [ReportedFinding]) -> [ReportedFinding] {
        guard baselineLeft != nil || changedLines != nil else { return findings }
        return findings.filter { keeps($0) }
    }

    private mutating func keeps(_ reported: ReportedFinding) -> Bool {
        let hash = reported.fingerprint.lineHash
        if let left = baselineLeft?[hash], left > 0 {
            baselineLeft?[hash] = left - 1
            baselined += 1
            if keepsBaselinedFindings { baselinedFindings.append(reported) }
            return false
        }
        if let changedLines, !changedLines.contains(path: reported.finding.path, line: reported.finding.line) {
            unchanged += 1
            return false
        }
        return true
    }
}
