/// JUnit XML, for CI systems that show test results but no lint format (GitLab's test report,
/// Jenkins, Azure Pipelines, CircleCI): one failed `<testcase>` per finding.
///
/// The test case's `classname` is the file's path and its `name` the rule id and position, so
/// the CI's test view groups findings by file. A scan without findings is one passing test case,
/// since consumers read an empty suite as "no results". Paths that could not be read are
/// `<error>` test cases: the scan is incomplete.
struct JUnitReporter: ScanReportFormatter {
    init() {}

    func format(_ report: ScanReport) -> String {
        var cases = report.findings.map { reported in
            let finding = reported.finding
            let position = "\(finding.path):\(finding.line):\(finding.column)"
            return testCase(
                className: finding.path, name: "\(finding.ruleID) at \(finding.line):\(finding.column)",
                outcome: "failure", type: finding.severity.rawValue, message: finding.message,
                detail: "\(position): \(finding.severity.rawValue): \(finding.message) [\(finding.ruleID)]\n"
                    + "Replacement: \(finding.replacement)")
        }
        let unreadable = report.diagnostics.filter { $0.level == .error }
        cases += unreadable.map { diagnostic in
            testCase(
                className: diagnostic.path, name: "read \(diagnostic.path)", outcome: "error", type: "unreadable",
                message: diagnostic.message, detail: "\(diagnostic)")
        }
        if cases.isEmpty {
            cases = ["    <testcase classname=\"\(ToolIdentity.name)\" name=\"no legacy URL loading\"/>\n"]
        }
        let counts =
            "tests=\"\(cases.count)\" failures=\"\(report.findings.count)\" errors=\"\(unreadable.count)\""
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<testsuites name=\"\(ToolIdentity.name)\" \(counts)>\n"
            + "  <testsuite name=\"\(ToolIdentity.name)\" \(counts) skipped=\"0\">\n"
            + cases.joined()
            + "  </testsuite>\n</testsuites>\n"
    }

    private func testCase(
        className: String, name: String, outcome: String, type: String, message: String, detail: String
    ) -> String {
        "    <testcase classname=\"\(HTMLEscaping.escapeAttribute(className))\" name=\"\(HTMLEscaping.escapeAttribute(name))\">\n"
            + "      <\(outcome) message=\"\(HTMLEscaping.escapeAttribute(message))\" type=\"\(type)\">"
            + HTMLEscaping.escape(detail) + "</\(outcome)>\n"
            + "    </testcase>\n"
    }
}
