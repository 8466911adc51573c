/// How many findings each rule and each file has: what `--summary` prints instead of the findings.
struct FindingCounts: Sendable {
    /// Rule ids with their counts, most findings first, then by id.
    var byRule: [(key: String, count: Int)]
    /// Paths with their counts, most findings first, then by path.
    var byFile: [(key: String, count: Int)]

    init(_ tally: FindingTally) {
        byRule = Self.mostFirst(tally.byRule)
        byFile = Self.mostFirst(tally.byFile)
    }

    private static func mostFirst(_ counts: [String: Int]) -> [(key: String, count: Int)] {
        counts.map { (key: $0.key, count: $0.value) }
            .sorted { $0.count != $1.count ? $0.count > $1.count : $0.key.precedesInUTF8Order($1.key) }
    }

    /// Two blocks, `Findings by rule:` and `Findings by file:`, one right-aligned count and name a line.
    var text: String {
        guard !byRule.isEmpty else { return "" }
        let width = String(byRule.map(\.count).max() ?? 0).count
        func block(_ title: String, _ rows: [(key: String, count: Int)]) -> String {
            "Findings by \(title):\n" + rows.map { row in
                let count = String(row.count)
                return "  " + String(repeating: " ", count: width - count.count) + count + "  " + row.key + "\n"
            }.joined()
        }
        return block("rule", byRule) + block("file", byFile)
    }
}
