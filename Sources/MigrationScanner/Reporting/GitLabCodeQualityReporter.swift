/// GitLab Code Quality JSON (a subset of the Code Climate issue format): the report that
/// `artifacts: reports: codequality:` turns into merge-request widgets and diff annotations.
///
/// Each finding has GitLab's required keys: `description`, `check_name`, `fingerprint` (the
/// finding's line hash and occurrence, so GitLab tells new findings from known ones across
/// commits), `severity` and `location.path` / `location.lines.begin`.
struct GitLabCodeQualityReporter: ScanReportFormatter {
    init() {}

    package func format(_ report: ScanReport) -> String {
        document(for: report).serialized()
    }

    package func write(_ report: ScanReport, to output: (String) -> Void) {
        document(for: report).serialize(emit: output)
    }

    private func document(for report: ScanReport) -> JSONValue {
        .elements(JSONElements(report.findings, issue))
    }

    private func issue(_ reported: ReportedFinding) -> JSONValue {
        let finding = reported.finding
        return .object([
            ("type", .string("issue")),
            ("engine_name", .string(ToolIdentity.name)),
            ("check_name", .string(finding.ruleID)),
            ("description", .string("\(finding.message) [\(finding.ruleID)]")),
            ("categories", .array([.string("Compatibility")])),
            ("fingerprint", .string(reported.fingerprint.description)),
            ("severity", .string(Self.severity(finding.severity))),
            (
                "location",
                .object([
                    ("path", .string(finding.path)),
                    ("lines", .object([("begin", .integer(finding.line)), ("end", .integer(finding.line))])),
                ])
            ),
        ])
    }

    /// GitLab's scale is info, minor, major, critical, blocker.
    static func severity(_ severity: Severity) -> String {
        switch severity {
        case .error: "critical"
        case .warning: "major"
        case .note: "info"
        }
    }
}
