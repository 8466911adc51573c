/// SARIF 2.1.0, with what GitHub code scanning reads: rule metadata with help links and default
/// levels, results with `ruleIndex`, a region, a location relative to `%SRCROOT%`, and
/// `partialFingerprints` that survive code moving up or down the file.
struct SARIFReporter: ScanReportFormatter {
    /// The `$schema` value GitHub and SARIF validators recognise.
    static let schemaURI = "https://json.schemastore.org/sarif-2.1.0.json"
    static let sarifVersion = "2.1.0"
    /// The base every relative artifact URI is resolved against; GitHub maps it to the checkout.
    static let sourceRootBaseID = "%SRCROOT%"
    /// Our own fingerprint, documented in Docs/Scanner.md, beside the key GitHub reads.
    static let fingerprintKey = "migrateScanLineHash/v1"

    /// The rules listed in the run, in catalog order; `ruleIndex` points into this list.
    var rules: [RuleDescription]

    init(rules: [RuleDescription]) {
        self.rules = rules
    }

    package func format(_ report: ScanReport) -> String {
        document(for: report).serialized()
    }

    package func write(_ report: ScanReport, to output: (String) -> Void) {
        document(for: report).serialize(emit: output)
    }

    /// The SARIF log as a JSON tree: one run, every catalog rule, one result per finding.
    func document(for report: ScanReport) -> JSONValue {
        var listed = rules
        // A finding from a rule missing in the catalog still needs a descriptor for its ruleIndex.
        for id in Set(results(of: report).map(\.finding.ruleID)).subtracting(rules.map(\.id))
            .sorted(by: { $0.precedesInUTF8Order($1) })
        {
            // The suppression rules are described only when they have results, so the catalog stays the list.
            listed.append(
                SuppressionRules.descriptions.first { $0.id == id }
                    ?? RuleDescription(
                        id: id, defaultSeverity: .warning, summary: id, rationale: "", replacement: "",
                        triggeringExamples: [], nonTriggeringExamples: []))
        }
        let indices = Dictionary(listed.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        var run: [(String, JSONValue)] = [
            (
                "tool",
                .object([
                    (
                        "driver",
                        .object([
                            ("name", .string(ToolIdentity.name)),
                            ("version", .string(ToolIdentity.version)),
                            ("semanticVersion", .string(ToolIdentity.version)),
                            ("informationUri", .string(ToolIdentity.informationURI)),
                            ("rules", .array(listed.map(descriptor))),
                        ])
                    )
                ])
            ),
            ("originalUriBaseIds", .object([(Self.sourceRootBaseID, .object([("uri", .string(Self.directoryURI(report.root)))]))])),
            ("columnKind", .string("unicodeCodePoints")),
            ("results", .elements(JSONElements(results(of: report)) { result(for: $0, ruleIndex: indices[$0.finding.ruleID]) })),
        ]
        var invocation: [(String, JSONValue)] = [("executionSuccessful", .bool(!report.hasErrors))]
        if !report.diagnostics.isEmpty {
            invocation.append(("toolExecutionNotifications", .array(report.diagnostics.map(notification))))
        }
        run.append(("invocations", .array([.object(invocation)])))
        return .object([
            ("$schema", .string(Self.schemaURI)),
            ("version", .string(Self.sarifVersion)),
            ("runs", .array([.object(run)])),
        ])
    }

    private func descriptor(_ rule: RuleDescription) -> JSONValue {
        var help = rule.rationale
        if !rule.replacement.isEmpty { help += (help.isEmpty ? "" : "\n\n") + "Instead: " + rule.replacement }
        return .object([
            ("id", .string(rule.id)),
            ("shortDescription", .object([("text", .string(rule.summary))])),
            ("fullDescription", .object([("text", .string(rule.rationale.isEmpty ? rule.summary : rule.rationale))])),
            (
                "help",
                .object([
                    ("text", .string(help.isEmpty ? rule.summary : help)),
                    ("markdown", .string(RuleReferenceRenderer(rules: [rule]).section(for: rule))),
                ])
            ),
            ("helpUri", .string(ToolIdentity.helpURI(forRule: rule.id))),
            ("defaultConfiguration", .object([("level", .string(rule.defaultSeverity.rawValue))])),
            ("properties", .object([("tags", .array([.string("migration"), .string("networking")]))])),
        ])
    }

    /// Every finding to list, in report order, with its SARIF `baselineState` when a baseline was
    /// given: `new`, or `unchanged` for one the baseline accounts for.
    private func results(of report: ScanReport) -> [(finding: Finding, fingerprint: FindingFingerprint, state: String?)] {
        guard let baselined = report.baselinedFindings else {
            return report.findings.map { ($0.finding, $0.fingerprint, nil) }
        }
        return (report.findings.map { ($0, "new") } + baselined.map { ($0, "unchanged") })
            .sorted { ReportedFinding.reportOrder($0.0, $1.0) }
            .map { ($0.0.finding, $0.0.fingerprint, $0.1) }
    }

    /// Suppressed by the baseline, in SARIF's terms: outside the source, accepted.
    private static let baselineSuppression = JSONValue.array([.object([
        ("kind", .string("external")),
        ("status", .string("accepted")),
        ("justification", .string("recorded in the migrate-scan baseline")),
    ])])

    private func result(
        for reported: (finding: Finding, fingerprint: FindingFingerprint, state: String?), ruleIndex: Int?
    ) -> JSONValue {
        let finding = reported.finding
        var members: [(String, JSONValue)] = [("ruleId", .string(finding.ruleID))]
        if let ruleIndex { members.append(("ruleIndex", .integer(ruleIndex))) }
        members += [
            ("level", .string(finding.severity.rawValue)),
            ("message", .object([("text", .string(finding.message))])),
            ("locations", .array([location(path: finding.path, region: region(for: finding))])),
            (
                "partialFingerprints",
                .object([
                    ("primaryLocationLineHash", .string(reported.fingerprint.description)),
                    (Self.fingerprintKey, .string(reported.fingerprint.lineHash)),
                ])
            ),
        ]
        if let state = reported.state {
            members.append(("baselineState", .string(state)))
            if state == "unchanged" { members.append(("suppressions", Self.baselineSuppression)) }
        }
        return .object(members)
    }

    private func region(for finding: Finding) -> JSONValue {
        .object([
            ("startLine", .integer(max(finding.line, 1))),
            ("startColumn", .integer(max(finding.column, 1))),
            ("endColumn", .integer(max(finding.endColumn, finding.column, 1))),
        ])
    }

    private func location(path: String, region: JSONValue?) -> JSONValue {
        var physical: [(String, JSONValue)] = [("artifactLocation", artifactLocation(path))]
        if let region { physical.append(("region", region)) }
        return .object([("physicalLocation", .object(physical))])
    }

    /// Relative paths resolve against `%SRCROOT%`; a path outside the root is an absolute `file:` URI.
    private func artifactLocation(_ path: String) -> JSONValue {
        if path.hasPrefix("/") {
            return .object([("uri", .string("file://" + Self.percentEncoded(path)))])
        }
        return .object([("uri", .string(Self.percentEncoded(path))), ("uriBaseId", .string(Self.sourceRootBaseID))])
    }

    private func notification(_ diagnostic: ScanDiagnostic) -> JSONValue {
        .object([
            ("level", .string(diagnostic.level.rawValue)),
            ("message", .object([("text", .string(diagnostic.message))])),
            ("locations", .array([location(path: diagnostic.path, region: nil)])),
        ])
    }

    /// `file:///abs/root/` — SARIF requires a base URI to end in a slash.
    static func directoryURI(_ root: String) -> String {
        let encoded = percentEncoded(root)
        return "file://" + encoded + (encoded.hasSuffix("/") ? "" : "/")
    }

    /// Percent-encodes every byte but unreserved characters and `/`, so a `:` in a file name cannot
    /// read as a scheme and spaces or non-ASCII names survive every URI parser.
    static func percentEncoded(_ path: String) -> String {
        var encoded = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "/"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return encoded
    }
}
