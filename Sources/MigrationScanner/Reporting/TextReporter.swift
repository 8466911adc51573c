/// The clang/Xcode diagnostic form, one finding a line: `path:line:col: warning: message [rule-id]`.
///
/// Editors and CI log parsers that understand compiler output link these lines to the code.
struct TextReporter: ScanReportFormatter {
    init() {}

    func format(_ report: ScanReport) -> String {
        report.findings.concurrentMap { line(for: $0.finding) + "\n" }.joined()
    }

    /// One finding's line, without the newline.
    func line(for finding: Finding) -> String {
        // A line break inside a message would split one finding into two lines for every log parser.
        let message = String(finding.message.map { $0.isNewline ? " " : $0 })
        return "\(finding.path):\(finding.line):\(finding.column): \(finding.severity.rawValue): \(message) [\(finding.ruleID)]"
    }
}
