/// The clang/Xcode diagnostic form, one finding a line: `path:line:col: warning: message [rule-id]`.
///
/// Editors and CI log parsers that understand compiler output link these lines to the code.
/// Identical findings of one rule in one file are one line at the first of them, ending with their
/// count and lines (`FindingGroup`), so a class mentioned 200 times in a file is one line, not 200.
/// With `summaryOnly` (`--summary`), only the counts per rule and per file.
struct TextReporter: ScanReportFormatter {
    var summaryOnly = false

    init(summaryOnly: Bool = false) {
        self.summaryOnly = summaryOnly
    }

    func format(_ report: ScanReport) -> String {
        if summaryOnly { return FindingCounts(report).text }
        return FindingGroup.groups(of: report.findings.map(\.finding)).concurrentMap { line(for: $0) + "\n" }.joined()
    }

    /// One finding's line, without the newline.
    func line(for finding: Finding) -> String {
        line(for: FindingGroup(first: finding, lines: [finding.line]))
    }

    /// One group's line, without the newline.
    func line(for group: FindingGroup) -> String {
        let finding = group.first
        // A line break inside a message would split one finding into two lines for every log parser.
        let message = String(finding.message.map { $0.isNewline ? " " : $0 })
        let repetition = group.count > 1 ? " " + group.repetitionNote : ""
        return "\(finding.path):\(finding.line):\(finding.column): \(finding.severity.rawValue): \(message) [\(finding.ruleID)]"
            + repetition
    }
}
