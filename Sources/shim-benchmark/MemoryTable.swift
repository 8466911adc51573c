import Foundation
import LoopbackHTTPServer

/// Peak resident memory while one large body is delivered, per `MemoryScenario`, the shim and
/// raw URLSession side by side (Docs/Performance.md).
///
/// Each cell is measured in a process of its own (`--memory-probe`): memory a previous load
/// made resident stays resident, and would hide or inflate the next load's peak.
struct MemoryTable {
    static let variants = ["shim", "raw"]
    private var rows: [[String]] = []

    /// Runs one probe process per scenario and variant, one after another.
    static func measure(byteCount: Int) throws -> MemoryTable {
        var table = MemoryTable()
        for (index, scenario) in MemoryScenario.all.enumerated() {
            let probes = try variants.map { try MemoryProbe.runInChildProcess(scenario: index, variant: $0, byteCount: byteCount) }
            let columns: [(MemoryProbe.Result) -> String] = [
                { megabytes($0.peakBytes) }, { megabytes($0.peakBytes - $0.startBytes) }, { String(format: "%.1f", $0.seconds) }, { "\($0.bytes)" },
            ]
            table.rows.append([scenario.name] + columns.flatMap { column in probes.map(column) })
        }
        return table
    }

    func render(byteCount: Int) -> String {
        let header = ["delegate", "", "peak MB shim", "raw", "growth MB shim", "raw", "seconds shim", "raw", "bytes shim", "raw"]
        return ([String(format: "peak RSS while one %.0f MiB body is delivered:", Double(byteCount) / 1_048_576)]
            + TableLayout.align([header] + rows.map { [$0[0], ""] + $0.dropFirst() })
            + ["peak = VmHWM of a process that only serves and loads this body; growth = peak - VmRSS before the load."])
            .joined(separator: "\n")
    }

    private static func megabytes(_ bytes: Int) -> String {
        String(format: "%.1f", Double(bytes) / 1_048_576)
    }
}
