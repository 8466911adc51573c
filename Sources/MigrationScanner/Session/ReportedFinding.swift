/// A finding as reported: the scanner's finding plus the fingerprint that identifies it across edits.
package struct ReportedFinding: Sendable, Hashable {
    package var finding: Finding
    package var fingerprint: FindingFingerprint

    init(finding: Finding, fingerprint: FindingFingerprint) {
        self.finding = finding
        self.fingerprint = fingerprint
    }

    /// Report order: path (by UTF-8 bytes), line, column, rule id, then message to make it total.
    static func reportOrder(_ lhs: ReportedFinding, _ rhs: ReportedFinding) -> Bool {
        Finding.reportOrder(lhs.finding, rhs.finding)
    }
}

extension Finding {
    /// Report order: path (by UTF-8 bytes), line, column, rule id, then message to make it total.
    static func reportOrder(_ lhs: Finding, _ rhs: Finding) -> Bool {
        if lhs.path != rhs.path { return lhs.path.precedesInUTF8Order(rhs.path) }
        if lhs.line != rhs.line { return lhs.line < rhs.line }
        if lhs.column != rhs.column { return lhs.column < rhs.column }
        if lhs.ruleID != rhs.ruleID { return lhs.ruleID.precedesInUTF8Order(rhs.ruleID) }
        if lhs.endColumn != rhs.endColumn { return lhs.endColumn < rhs.endColumn }
        return lhs.message.precedesInUTF8Order(rhs.message)
    }
}
