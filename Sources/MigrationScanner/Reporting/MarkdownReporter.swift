/// A report for a pull request comment or a job summary (`$GITHUB_STEP_SUMMARY`): totals, a table
/// per rule, a table per file, then the findings, identical ones of a rule in a file on one row
/// (`FindingGroup`). With `summaryOnly` (`--summary`), the tables without the findings.
struct MarkdownReporter: ScanReportFormatter {
    var summaryOnly = false

    init(summaryOnly: Bool = false) {
        self.summaryOnly = summaryOnly
    }

    package func format(_ report: ScanReport) -> String {
        let summary = ScanSummary(report)
        var text = "## \(ToolIdentity.name) report\n\n"
        text += "**\(summary.description)**\n"
        let baselined = report.baselinedFindings?.count ?? 0
        guard !report.findings.isEmpty else {
            guard report.baselinedFindings != nil else { return text + "\nNo legacy URL-loading code found.\n" }
            return text + "\nNo new findings; \(baselined) in the baseline.\n"
        }
        if baselined > 0 { text += "\n\(baselined) more in the baseline, not shown.\n" }
        text += "\n### By rule\n\n| Rule | Errors | Warnings | Notes | Total |\n|---|---:|---:|---:|---:|\n"
        for (rule, findings) in grouped(report, by: \.ruleID) {
            text += "| [`\(rule)`](\(ToolIdentity.helpURI(forRule: rule))) | " + counts(findings) + " |\n"
        }
        text += "\n### By file\n\n| File | Errors | Warnings | Notes | Total |\n|---|---:|---:|---:|---:|\n"
        for (path, findings) in grouped(report, by: \.path) {
            text += "| `\(Self.cell(path))` | " + counts(findings) + " |\n"
        }
        guard !summaryOnly else { return text }
        text += "\n### Findings\n\n| Location | Severity | Rule | Message |\n|---|---|---|---|\n"
        for group in FindingGroup.groups(of: report.findings.map(\.finding)) {
            let finding = group.first
            let message = group.count > 1 ? finding.message + " " + group.repetitionNote : finding.message
            text += "| `\(Self.cell(finding.path)):\(finding.line):\(finding.column)` | \(finding.severity.rawValue) | "
                + "`\(finding.ruleID)` | \(Self.cell(message)) |\n"
        }
        return text
    }

    /// Groups in the byte order of their key, findings in report order.
    private func grouped(_ report: ScanReport, by key: KeyPath<Finding, String>) -> [(String, [Finding])] {
        Dictionary(grouping: report.findings.map(\.finding), by: { $0[keyPath: key] })
            .sorted { $0.key.precedesInUTF8Order($1.key) }
            .map { ($0.key, $0.value) }
    }

    private func counts(_ findings: [Finding]) -> String {
        let bySeverity = Severity.allCases.reversed().map { severity in findings.filter { $0.severity == severity }.count }
        return (bySeverity + [findings.count]).map(String.init).joined(separator: " | ")
    }

    /// A table cell: `|` would end the cell, a line break the row; `<` could open HTML. A line break
    /// is LF, VT, FF, CR, CR LF, NEL, U+2028 or U+2029 (`Character.isNewline`), one space each.
    /// `|`, `<` and `` ` `` are those bytes, replaced whatever joins them into one character with
    /// their neighbours (a combining mark after, a prepended mark before), as a Markdown renderer
    /// reads them; U+1FEF, which `Character` equality takes for `` ` ``, is kept.
    static func cell(_ text: String) -> String {
        text.replacingUTF8 { index, bytes in
            switch bytes[index] {
            case UInt8(ascii: "|"): ("\\|", 1)
            case UInt8(ascii: "<"): ("&lt;", 1)
            case UInt8(ascii: "`"): ("'", 1)
            case 0x0D: (" ", index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : 1)
            case 0x0A, 0x0B, 0x0C: (" ", 1)
            case 0xC2 where index + 1 < bytes.count && bytes[index + 1] == 0x85: (" ", 2)
            case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                (" ", 3)
            default: (nil, 1)
            }
        }
    }
}
