/// Checkstyle XML, the format Jenkins' Warnings plugin, reviewdog, Danger and most CI dashboards
/// read from linters: one `<file>` per file with findings, one `<error>` per finding.
///
/// Severities map to Checkstyle's `error`, `warning` and `info`; `source` is
/// `migrate-scan.<rule-id>`. Paths that could not be read are `error`s of source
/// `migrate-scan.unreadable` on line 1, so an incomplete scan is visible in the dashboard too.
struct CheckstyleReporter: StreamingReportFormatter {
    /// The Checkstyle format version consumers expect in the root element.
    static let formatVersion = "4.3"

    init() {}

    func makeStream() -> Stream {
        Stream(reporter: self)
    }

    /// Entries of one path in a row share a `<file>`, so the open one is closed only when another
    /// path begins, or at the end (an unreadable path right after the last finding's path joins it).
    struct Stream: ReportStream {
        let reporter: CheckstyleReporter
        private var openPath: String?

        init(reporter: CheckstyleReporter) {
            self.reporter = reporter
        }

        func begin(root: String, to output: (String) -> Void) {
            output("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"\(CheckstyleReporter.formatVersion)\">\n")
        }

        package mutating func write(_ findings: [ReportedFinding], to output: (String) -> Void) {
            var text = ""
            for reported in findings {
                let finding = reported.finding
                text += entry(
                    path: finding.path,
                    element: reporter.element(
                        line: finding.line, column: finding.column, severity: CheckstyleReporter.severity(finding.severity),
                        message: "\(finding.message) [\(finding.ruleID)]", source: "\(ToolIdentity.name).\(finding.ruleID)"))
            }
            output(text)
        }

        mutating func end(_ totals: ScanTotals, to output: (String) -> Void) {
            var text = ""
            for diagnostic in totals.diagnostics where diagnostic.level == .error {
                text += entry(
                    path: diagnostic.path,
                    element: reporter.element(
                        line: 1, column: nil, severity: "error", message: diagnostic.message,
                        source: "\(ToolIdentity.name).unreadable"))
            }
            if openPath != nil { text += "  </file>\n" }
            output(text + "</checkstyle>\n")
        }

        /// `element`, preceded by the tags that close the open `<file>` and open `path`'s when it is another.
        private mutating func entry(path: String, element: String) -> String {
            guard path != openPath else { return element }
            let close = openPath == nil ? "" : "  </file>\n"
            openPath = path
            return close + "  <file name=\"\(HTMLEscaping.escapeAttribute(path))\">\n" + element
        }
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
