/// JUnit XML, for CI systems that show test results but no lint format (GitLab's test report,
/// Jenkins, Azure Pipelines, CircleCI): one failed `<testcase>` per finding.
///
/// The test case's `classname` is the file's path and its `name` the rule id and position, so
/// the CI's test view groups findings by file. A scan without findings is one passing test case,
/// since consumers read an empty suite as "no results". Paths that could not be read are
/// `<error>` test cases: the scan is incomplete.
struct JUnitReporter: ScanReportFormatter {
    init() {}

    package func format(_ report: ScanReport) -> String {
        var document = ""
        write(report) { document += $0 }
        return document
    }

    /// The counts come first, from the held report; the test cases follow a batch at a time, so
    /// the document is never held whole next to the findings.
    package func write(_ report: ScanReport, to output: (String) -> Void) {
        let unreadable = report.diagnostics.filter { $0.level == .error }
        let caseCount = max(report.findings.count + unreadable.count, 1)
        let counts = "tests=\"\(caseCount)\" failures=\"\(report.findings.count)\" errors=\"\(unreadable.count)\""
        output(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                + "<testsuites name=\"\(ToolIdentity.name)\" \(counts)>\n"
                + "  <testsuite name=\"\(ToolIdentity.name)\" \(counts) skipped=\"0\">\n")
        for start in stride(from: 0, to: report.findings.count, by: Self.batchSize) {
            let batch = report.findings[start..<min(start + Self.batchSize, report.findings.count)]
            output(batch.map { testCase(for: $0.finding) }.joined())
        }
        output(
            unreadable.map { diagnostic in
                testCase(
                    className: diagnostic.path, name: "read \(diagnostic.path)", outcome: "error", type: "unreadable",
                    message: diagnostic.message, detail: "\(diagnostic)")
            }.joined())
        if report.findings.isEmpty && unreadable.isEmpty {
            output("    <testcase classname=\"\(ToolIdentity.name)\" name=\"no legacy URL loading\"/>\n")
        }
        output("  </testsuite>\n</testsuites>\n")
    }

    /// Test cases written at once: large enough that writes stay few.
    private static let batchSize = 4_096

    private func testCase(for finding: Finding) -> String {
        let position = "\(finding.path):\(finding.line):\(finding.column)"
        return testCase(
            className: finding.path, name: "\(finding.ruleID) at \(finding.line):\(finding.column)",
            outcome: "failure", type: finding.severity.rawValue, message: finding.message,
            detail: "\(position): \(finding.severity.rawValue): \(finding.message) [\(finding.ruleID)]\n"
                + "Replacement: \(finding.replacement)")
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
