/// Checkstyle XML, the format Jenkins' Warnings plugin, reviewdog, Danger and most CI dashboards
/// read from linters: one `<file>` per file with findings, one `<error>` per finding.
///
/// Severities map to Checkstyle's `error`, `warning` and `info`; `source` is
/// `migrate-scan.<rule-id>`. Paths that could not be read are `error`s of source
/// `migrate-scan.unreadable` on line 1, so an incomplete scan is visible in the dashboard too.
struct CheckstyleReporter: ScanReportFormatter {
    /// The Checkstyle format version consumers expect in the root element.
    static let formatVersion = "4.3"

    init() {}

    func format(_ report: ScanReport) -> String {
        var entries: [(path: String, element: String)] = report.findings.map { reported in
            let finding = reported.finding
            return (
                finding.path,
                element(
                    line: finding.line, column: finding.column, severity: Self.severity(finding.severity),
                    message: "\(finding.message) [\(finding.ruleID)]", source: "\(ToolIdentity.name).\(finding.ruleID)")
            )
        }
        for diagnostic in report.diagnostics where diagnostic.level == .error {
            entries.append(
                (diagnostic.path,
                 element(line: 1, column: nil, severity: "error", message: diagnostic.message,
                         source: "\(ToolIdentity.name).unreadable")))
        }
        var document = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"\(Self.formatVersion)\">\n"
        var index = entries.startIndex
        while index < entries.endIndex {
            let path = entries[index].path
            document += "  <file name=\"\(HTMLEscaping.escapeAttribute(path))\">\n"
            while index < entries.endIndex && entries[index].path == path {
                document += entries[index].element
                index += 1
            }
            document += "  </file>\n"
        }
        return document + "</checkstyle>\n"
    }

    private func element(line: Int, column: Int?, severity: String, message: String, source: String) -> String {
        let columnAttribute = column.map { " column=\"\($0)\"" } ?? ""
        return "    <error line=\"\(line)\"\(columnAttribute) severity=\"\(severity)\" "
            + "message=\"\(HTMLEscaping.escapeAttribute(message))\" source=\"\(HTMLEscaping.escapeAttribute(source))\"/>\n"
    }

    static func severity(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "info"
        }
    }
}
