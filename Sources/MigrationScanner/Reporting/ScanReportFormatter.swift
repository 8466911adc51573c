/// Turns a scan report into the text of one output format.
protocol ScanReportFormatter: Sendable {
    /// The whole document, ending in a newline unless it is empty.
    func format(_ report: ScanReport) -> String
}
