/// A format whose document can be written one path's findings at a time, in report order, while
/// later files are still being scanned: it never needs all the findings at once, so a scan that
/// writes only such formats holds a few files' findings, however many it finds.
protocol StreamingReportFormatter: ScanReportFormatter {
    associatedtype Stream: ReportStream
    /// A new document, to be written from its beginning.
    func makeStream() -> Stream
}

/// One document of a `StreamingReportFormatter` being written.
protocol ReportStream {
    /// What comes before the findings; `root` is the absolute directory finding paths are relative to.
    mutating func begin(root: String, to output: (String) -> Void)
    /// One path's findings, in report order; never empty.
    mutating func write(_ findings: [ReportedFinding], to output: (String) -> Void)
    /// What comes after the findings: diagnostics, counts, closing tags.
    mutating func end(_ totals: ScanTotals, to output: (String) -> Void)
}

extension ReportStream {
    mutating func begin(root: String, to output: (String) -> Void) {}
    mutating func end(_ totals: ScanTotals, to output: (String) -> Void) {}
}

extension StreamingReportFormatter {
    /// A held report written as a scan streams it, so both give the same bytes.
    package func write(_ report: ScanReport, to output: (String) -> Void) {
        var stream = makeStream()
        stream.begin(root: report.root, to: output)
        let findings = report.findings
        var start = findings.startIndex
        while start < findings.endIndex {
            let path = findings[start].finding.path
            let end = findings[start...].firstIndex { $0.finding.path != path } ?? findings.endIndex
            stream.write(Array(findings[start..<end]), to: output)
            start = end
        }
        stream.end(report.totals, to: output)
    }

    package func format(_ report: ScanReport) -> String {
        var document = ""
        write(report) { document += $0 }
        return document
    }
}
