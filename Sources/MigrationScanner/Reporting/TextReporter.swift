/// The clang/Xcode diagnostic form, one finding a line: `path:line:col: warning: message [rule-id]`.
///
/// Editors and CI log parsers that understand compiler output link these lines to the code.
/// Identical findings of one rule in one file are one line at the first of them, ending with their
/// count and lines (`FindingGroup`), so a class mentioned 200 times in a file is one line, not 200.
/// With `summaryOnly` (`--summary`), only the counts per rule and per file.
struct TextReporter: StreamingReportFormatter {
    var summaryOnly = false

    init(summaryOnly: Bool = false) {
        self.summaryOnly = summaryOnly
    }

    func makeStream() -> Stream {
        Stream(reporter: self)
    }

    /// Groups never span files, so each path's lines are written as its findings arrive.
    struct Stream: ReportStream {
        let reporter: TextReporter

        package func write(_ findings: [ReportedFinding], to output: (String) -> Void) {
            guard !reporter.summaryOnly else { return }
            output(FindingGroup.groups(of: findings.map(\.finding)).map { reporter.line(for: $0) + "\n" }.joined())
        }

        func end(_ totals: ScanTotals, to output: (String) -> Void) {
            if reporter.summaryOnly { output(FindingCounts(totals.findings).text) }
        }
    }

    /// One finding's line, without the newline.
    package func line(for finding: Finding) -> String {
        line(for: FindingGroup(first: finding, lines: [finding.line]))
    }

    /// False when `text` is ASCII without LF, VT, FF or CR, so it holds no `Character.isNewline`
    /// (the others, NEL, LS and PS, are not ASCII): most messages skip the per-character check.
    private static func mayHoldLineBreak(_ text: String) -> Bool {
        text.utf8.contains { $0 >= 0x80 || (0x0A...0x0D).contains($0) }
    }

    /// One group's line, without the newline.
    package func line(for group: FindingGroup) -> String {
        let finding = group.first
        // A line break inside a message would split one finding into two lines for every log parser.
        let message = Self.mayHoldLineBreak(finding.message)
            ? String(finding.message.map { $0.isNewline ? " " : $0 }) : finding.message
        let repetition = group.count > 1 ? " " + group.repetitionNote : ""
        return "\(finding.path):\(finding.line):\(finding.column): \(finding.severity.rawValue): \(message) [\(finding.ruleID)]"
            + repetition
    }
}
