/// Turns a scan report into the text of one output format.
package protocol ScanReportFormatter: Sendable {
    /// The whole document, ending in a newline unless it is empty.
    func format(_ report: ScanReport) -> String

    /// The document of `format(_:)`, handed to `output` in pieces in order, so a format that can
    /// write as it goes never holds the whole document.
    func write(_ report: ScanReport, to output: (String) -> Void)
}

extension ScanReportFormatter {
    /// The whole document in one piece, for formats built at once.
    package func write(_ report: ScanReport, to output: (String) -> Void) {
        output(format(report))
    }
}
