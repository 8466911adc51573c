/// GitHub Actions workflow commands, one finding a line:
/// `::warning file=Sources/A.m,line=12,col=17,endColumn=32,title=rule-id::message`.
///
/// GitHub turns each into an annotation on the pull request's diff. Notes become `notice`, the
/// closest level GitHub has.
struct GitHubActionsReporter: StreamingReportFormatter {
    init() {}

    func makeStream() -> Stream {
        Stream(reporter: self)
    }

    /// Findings, then paths that could not be read (as errors: the scan is incomplete). Skipped
    /// files are left out: they are expected, and an annotation each would bury the findings.
    struct Stream: ReportStream {
        let reporter: GitHubActionsReporter

        package func write(_ findings: [ReportedFinding], to output: (String) -> Void) {
            output(findings.map { reporter.line(for: $0.finding) + "\n" }.joined())
        }

        func end(_ totals: ScanTotals, to output: (String) -> Void) {
            output(
                totals.diagnostics.filter { $0.level == .error }.map { diagnostic in
                    "::error file=\(GitHubActionsReporter.escapedProperty(diagnostic.path)),"
                        + "title=\(GitHubActionsReporter.escapedProperty(ToolIdentity.name))::"
                        + GitHubActionsReporter.escapedData(diagnostic.message) + "\n"
                }.joined())
        }
    }

    /// One finding's command, without the newline.
    package func line(for finding: Finding) -> String {
        let command =
            switch finding.severity {
            case .error: "error"
            case .warning: "warning"
            case .note: "notice"
            }
        let properties = [
            ("file", finding.path), ("line", String(finding.line)), ("col", String(finding.column)),
            ("endColumn", String(finding.endColumn)), ("title", "\(ToolIdentity.name): \(finding.ruleID)"),
        ]
        let list = properties.map { "\($0.0)=\(Self.escapedProperty($0.1))" }.joined(separator: ",")
        return "::\(command) \(list)::\(Self.escapedData(finding.message + " [\(finding.ruleID)]"))"
    }

    /// The message part: `%`, CR and LF are percent-encoded, as the Actions runner decodes them.
    static func escapedData(_ text: String) -> String {
        text.replacingUTF8 { index, bytes in (percentEncoded(bytes[index], inProperty: false), 1) }
    }

    /// A property value: also `:` and `,`, which would otherwise end the value.
    static func escapedProperty(_ text: String) -> String {
        text.replacingUTF8 { index, bytes in (percentEncoded(bytes[index], inProperty: true), 1) }
    }

    /// The encoding of `byte`, or nil when it stays: the bytes encoded are ASCII, so they never
    /// fall inside a multi-byte character.
    @inline(__always)
    private static func percentEncoded(_ byte: UInt8, inProperty: Bool) -> StaticString? {
        switch byte {
        case UInt8(ascii: "%"): "%25"
        case UInt8(ascii: "\r"): "%0D"
        case UInt8(ascii: "\n"): "%0A"
        case UInt8(ascii: ":"): inProperty ? "%3A" : nil
        case UInt8(ascii: ","): inProperty ? "%2C" : nil
        default: nil
        }
    }
}
