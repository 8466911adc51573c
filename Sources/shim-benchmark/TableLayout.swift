/// Lays out the benchmark's tables as aligned text.
enum TableLayout {
    /// Left-aligns the first two columns and right-aligns the rest.
    static func align(_ table: [[String]]) -> [String] {
        let widths = (0..<table[0].count).map { column in table.map { $0[column].count }.max() ?? 0 }
        return table.map { row in
            row.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return column < 2 ? cell + padding : padding + cell
            }.joined(separator: "  ")
        }
    }
}
