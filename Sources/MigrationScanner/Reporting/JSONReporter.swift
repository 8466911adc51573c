/// The JSON report, schema version 1 (documented in Docs/Scanner.md).
///
/// Keys appear in a fixed order and findings in report order, so two scans of the same tree
/// produce the same bytes. Additions to the schema keep `version`; changes to existing keys bump it.
///
/// The findings come before the summary and diagnostics, so the document is written as files are
/// scanned: each path's findings as soon as every earlier path is done, the rest at the end.
struct JSONReporter: StreamingReportFormatter {
    /// The `version` key: bumped when an existing key is renamed, removed or changes meaning.
    static let schemaVersion = 1

    init() {}

    func makeStream() -> Stream { Stream() }

    /// One JSON document being written: the top-level object stays open while findings stream in.
    struct Stream: ReportStream {
        private var document = JSONObjectWriter(depth: 0)
        private var findingsWritten = 0
        /// The findings array's depth in the document; its elements are one deeper.
        private static let findingsDepth = 1

        mutating func begin(root: String, to output: (String) -> Void) {
            document.integer("version", JSONReporter.schemaVersion)
            document.value(
                "tool", .object([("name", .string(ToolIdentity.name)), ("version", .string(ToolIdentity.version))]))
            document.key("findings")
            output(document.takeText())
        }

        /// Each finding written straight to bytes: a `JSONValue` tree per finding costs more
        /// instructions than scanning the line it was found on.
        package mutating func write(_ findings: [ReportedFinding], to output: (String) -> Void) {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(findings.count * 512)
            for reported in findings {
                bytes.append(contentsOf: (findingsWritten == 0 ? "[\n" : ",\n").utf8)
                JSONObjectWriter.indent(Self.findingsDepth + 1, in: &bytes)
                var object = JSONObjectWriter(depth: Self.findingsDepth + 1, appendingTo: consume bytes)
                let finding = reported.finding
                object.string("rule", finding.ruleID)
                object.string("severity", finding.severity.rawValue)
                object.string("path", finding.path)
                object.integer("line", finding.line)
                object.integer("column", finding.column)
                object.integer("endColumn", finding.endColumn)
                object.string("message", finding.message)
                object.string("replacement", finding.replacement)
                object.string("fingerprint", reported.fingerprint.description)
                bytes = object.finish()
                findingsWritten += 1
            }
            output(String(decoding: bytes, as: UTF8.self))
        }

        mutating func end(_ totals: ScanTotals, to output: (String) -> Void) {
            var closing: [UInt8] = Array((findingsWritten == 0 ? "[" : "\n").utf8)
            if findingsWritten > 0 { JSONObjectWriter.indent(Self.findingsDepth, in: &closing) }
            closing.append(UInt8(ascii: "]"))
            document.append(closing)
            document.value("summary", summary(of: totals))
            document.value("diagnostics", .array(totals.diagnostics.map(diagnostic)))
            var text = document.finish()
            text.append(UInt8(ascii: "\n"))
            output(String(decoding: text, as: UTF8.self))
        }

        private func summary(of totals: ScanTotals) -> JSONValue {
            let byRule = totals.findings.byRule.sorted { $0.key.precedesInUTF8Order($1.key) }
            return .object([
                ("filesScanned", .integer(totals.filesScanned)),
                ("findings", .integer(totals.findings.total)),
                ("bySeverity", .object(Severity.allCases.reversed().map { ($0.rawValue, .integer(totals.findings.count(of: $0))) })),
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
}
