import Foundation

/// The summary written to a terminal: files, lines, time, counts by severity and by rule.
///
/// Piped output keeps `ScanSummary`'s one line, which logs and tests compare exactly.
package struct DetailedScanSummary: Sendable {
    package var totals: ScanTotals
    /// Wall-clock time of the scan.
    var duration: Duration
    /// Findings hidden by `--baseline`.
    var baselined: Int

    package init(totals: ScanTotals, duration: Duration, baselined: Int = 0) {
        self.totals = totals
        self.duration = duration
        self.baselined = baselined
    }

    /// Lines ending in newlines; severities coloured by `style`.
    package func render(style: TerminalStyle) -> String {
        let summary = ScanSummary(totals)
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        var text = style.bold(counted(summary.findings, "finding")) + " ("
            + paint(counted(summary.errors, "error"), summary.errors, .error, style) + ", "
            + paint(counted(summary.warnings, "warning"), summary.warnings, .warning, style) + ", "
            + paint(counted(summary.notes, "note"), summary.notes, .note, style) + ") in "
            + counted(summary.files, "file") + ", " + counted(totals.linesScanned, "line") + ", "
            + String(format: "%.2f s", seconds) + "\n"
        let severities = totals.findings.highestSeverityByRule
        let byRule = totals.findings.byRule.sorted { $0.key.precedesInUTF8Order($1.key) }
        let width = byRule.map { String($0.value).count }.max() ?? 0
        for (rule, count) in byRule {
            let number = String(repeating: " ", count: width - String(count).count) + String(count)
            text += "  \(number)  " + style.paint(rule, severities[rule] ?? .note) + "\n"
        }
        if baselined > 0 {
            text += "\(counted(baselined, "finding")) in the baseline not shown\n"
        }
        return text
    }

    /// Zero counts stay uncoloured, so the eye goes to what was found.
    private func paint(_ text: String, _ count: Int, _ severity: Severity, _ style: TerminalStyle) -> String {
        count > 0 ? style.paint(text, severity) : text
    }

    private func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
