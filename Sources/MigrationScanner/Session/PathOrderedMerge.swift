/// Joins files' results, given in report order of their paths, into the report's findings and
/// totals, one path at a time, so a report can be written while later files are still scanned.
///
/// Each file's findings are already in report order and carry the file's path, so the files'
/// findings in path order are the report's order; only a path named twice (a file and standard
/// input under its name) needs its findings interleaved by line.
struct PathOrderedMerge {
    private var pending: [FileScanResult] = []
    private var filesScanned = 0
    private var linesScanned = 0
    private var diagnostics: [ScanDiagnostic] = []
    private var tally = FindingTally()

    /// Takes the next result in path order; hands `emit` the previous path's findings once this
    /// result starts another path. `emit` returns the findings it reported, which the totals count.
    mutating func add(_ result: FileScanResult, emit: ([ReportedFinding]) -> [ReportedFinding]) {
        if let path = pending.first?.file.displayPath, path != result.file.displayPath { flush(emit) }
        filesScanned += result.wasScanned ? 1 : 0
        linesScanned += result.lineCount
        diagnostics += result.diagnostics
        pending.append(result)
    }

    /// Hands `emit` the last path's findings and returns the totals: `discoveryDiagnostics` and
    /// the files' own, sorted by path (discovery's first for one path), and the findings reported counted.
    package mutating func finish(
        root: String, discoveryDiagnostics: [ScanDiagnostic], emit: ([ReportedFinding]) -> [ReportedFinding]
    ) -> ScanTotals {
        flush(emit)
        let sorted = (discoveryDiagnostics + diagnostics).enumerated()
            .sorted { lhs, rhs in
                lhs.element.path == rhs.element.path
                    ? lhs.offset < rhs.offset
                    : lhs.element.path.precedesInUTF8Order(rhs.element.path)
            }
            .map(\.element)
        return ScanTotals(
            root: root, filesScanned: filesScanned, diagnostics: sorted, linesScanned: linesScanned, findings: tally)
    }

    private mutating func flush(_ emit: ([ReportedFinding]) -> [ReportedFinding]) {
        var findings = pending.count == 1 ? pending[0].findings : pending.flatMap(\.findings)
        if pending.count > 1 { findings.sort(by: ReportedFinding.reportOrder) }
        pending.removeAll()
        guard !findings.isEmpty else { return }
        tally.add(emit(findings))
    }
}
