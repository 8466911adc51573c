/// The JSON report, schema version 1 (documented in Docs/Scanner.md).
///
/// Keys appear in a fixed order and findings in report order, so two scans of the same tree
/// produce the same bytes. Additions to the schema keep `version`; changes to existing keys bump it.
struct JSONReporter: ScanReportFormatter {
    /// The `version` key: bumped when an existing key is renamed, removed or changes meaning.
    static let schemaVersion = 1

    init() {}

    func format(_ report: ScanReport) -> String {
        document(for: report).serialized()
    }

    func write(_ report: ScanReport, to output: (String) -> Void) {
        document(for: report).serialize(emit: output)
    }

    /// The report as a JSON tree, for callers that embed it.
    func document(for report: ScanReport) -> JSONValue {
        .object([
            ("version", .integer(Self.schemaVersion)),
            ("tool", .object([("name", .string(ToolIdentity.name)), ("version", .string(ToolIdentity.version))])),
            ("findings", .elements(JSONElements(report.findings, finding))),
            ("summary", summary(of: report)),
            ("diagnostics", .array(report.diagnostics.map(diagnostic))),
        ])
    }

    private func finding(_ reported: ReportedFinding) -> JSONValue {
        let finding = reported.finding
        return .object([
            ("rule", .string(finding.ruleID)),
            ("severity", .string(finding.severity.rawValue)),
            ("path", .string(finding.path)),
            ("line", .integer(finding.line)),
            ("column", .integer(finding.column)),
            ("endColumn", .integer(finding.endColumn)),
            ("message", .string(finding.message)),
            ("replacement", .string(finding.replacement)),
            ("fingerprint", .string(reported.fingerprint.description)),
        ])
    }

    private func summary(of report: ScanReport) -> JSONValue {
        let byRule = report.countsByRule.sorted { $0.key.precedesInUTF8Order($1.key) }
        return .object([
            ("filesScanned", .integer(report.filesScanned)),
            ("findings", .integer(report.findings.count)),
            ("bySeverity", .object(Severity.allCases.reversed().map { ($0.rawValue, .integer(report.count(of: $0))) })),
            ("byRule", .object(byRule.map { ($0.key, .integer($0.value)) })),
        ])
    }

    private func diagnostic(_ diagnostic: ScanDiagnostic) -> JSONValue {
        .object([
            ("level", .string(diagnostic.level.rawValue)),
            ("path", .string(diagnostic.path)),
            ("message", .string(diagnostic.message)),
        ])
    }
}
