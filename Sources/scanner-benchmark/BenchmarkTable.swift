import BenchmarkStatistics
import Foundation

/// Prints the measurements: one row per size and tool, the parallel scan's gain under them, and
/// peak RSS per report format (Docs/Performance.md shows each).
struct BenchmarkTable {
    let measurements: [SizeMeasurement]

    func render() -> String {
        var lines = [
            "| size | files | tool | wall s, median (min–max) | MB/s | CPU s | peak RSS MB | × rg | × rg per round | found |",
            "|---:|---:|---|---|---:|---:|---:|---:|---:|---:|",
        ]
        for measurement in measurements {
            guard let ripgrep = measurement.timings[.ripgrep] else { continue }
            for tool in MeasuredTool.allCases {
                guard let timing = measurement.timings[tool] else { continue }
                // N scans started together are timed against the machine, not against one ripgrep
                // run, and their reports are not read: their findings are -j1's.
                let found = switch tool {
                case .ripgrep: "\(measurement.ripgrepLines) lines"
                case .migrateScan, .migrateScanOneJob: "\(measurement.scannerFindings) findings"
                case .libraryScan: "\(measurement.libraryFindings) findings"
                case .oneJobScansTogether: "—"
                }
                let timesRipgrep = tool == .oneJobScansTogether ? "— | —" : ratios(timing, ripgrep)
                let megabytes = Double(measurement.bytes) / Double(BenchmarkTree.megabyte)
                let megabytesRead = measurement.bytesRead(by: tool) / Double(BenchmarkTree.megabyte)
                lines.append("| \(format(megabytes, 1)) MB | \(measurement.filesScanned) | \(tool.label(scanningThreads: scanningThreads)) | "
                    + "\(format(timing.median, 3)) (\(format(timing.fastest, 3))–\(format(timing.slowest, 3))) | "
                    + "\(format(megabytesRead / timing.median, 0)) | \(format(timing.medianCPU, 2)) | "
                    + "\(format(Double(timing.peakResidentKilobytes) / 1024, 1)) | \(timesRipgrep) | \(found) |")
            }
        }
        let speedUps = measurements.compactMap { measurement -> String? in
            guard let parallel = measurement.timings[.migrateScan], let serial = measurement.timings[.migrateScanOneJob] else {
                return nil
            }
            return "\(measurement.megabytes) MB: \(format(serial.median / parallel.median, 2))× "
                + "(per round \(serial.ratiosPerRound(to: parallel).formatted(digits: 2)))"
        }
        lines.append("")
        lines.append("migrate-scan's parallel scan, median wall time of -j1 over the default: " + speedUps.joined(separator: ", "))
        lines.append("(per round: the median of the rounds' ratios, and the range that holds it with 95% confidence)")
        lines += capacityLines()
        return (lines + memoryTable()).joined(separator: "\n")
    }

    /// What the machine gave N independent one-job scans in the same rounds (N, the parallel
    /// scan's threads), and the parallel scan's gain as a share of that: on a VM whose processors
    /// slow each other when all are busy, the gain N threads can reach is bounded by this, not by N.
    private func capacityLines() -> [String] {
        var capacities: [String] = []
        var shares: [String] = []
        for measurement in measurements {
            guard let parallel = measurement.timings[.migrateScan], let serial = measurement.timings[.migrateScanOneJob],
                  let together = measurement.timings[.oneJobScansTogether] else { continue }
            let count = Double(measurement.scanningThreads)
            // N times one scan's work in the time the N scans took together.
            capacities.append("\(measurement.megabytes) MB: \(format(count * serial.median / together.median, 2))× "
                + "(per round \(serial.ratiosPerRound(to: together, scaledBy: count).formatted(digits: 2)))")
            // (serial / parallel) / (N × serial / together) = together / (N × parallel), round by round.
            shares.append("\(measurement.megabytes) MB: "
                + together.ratiosPerRound(to: parallel, scaledBy: 1 / count).formatted(digits: 2))
        }
        guard !capacities.isEmpty else { return [] }
        let threads = scanningThreads
        return [
            "What the machine gave \(threads) one-job scans started together, \(threads) × -j1 over their wall time: "
                + capacities.joined(separator: ", "),
            "The parallel scan's gain as a share of that, per round (their wall time over \(threads) × the default's): "
                + shares.joined(separator: ", "),
        ]
    }

    /// migrate-scan's peak RSS per report format: streamed formats should stay flat as the
    /// findings grow, whole documents grow with the report.
    private func memoryTable() -> [String] {
        let formats = measurements.first?.peakResidentKilobytesByFormat.map(\.format) ?? []
        guard !formats.isEmpty else { return [] }
        var lines = [
            "", "migrate-scan peak RSS MB by --format (one run each):", "",
            "| size | findings | " + formats.joined(separator: " | ") + " |",
            "|---:|---:|" + String(repeating: "---:|", count: formats.count),
        ]
        for measurement in measurements {
            let megabytes = Double(measurement.bytes) / Double(BenchmarkTree.megabyte)
            lines.append("| \(format(megabytes, 1)) MB | \(measurement.scannerFindings) | "
                + measurement.peakResidentKilobytesByFormat.map { format(Double($0.kilobytes) / 1024, 1) }.joined(separator: " | ")
                + " |")
        }
        return lines
    }

    /// The parallel scan's threads, the same at every size.
    private var scanningThreads: Int { measurements.first?.scanningThreads ?? 1 }

    /// `timing`'s median wall time over ripgrep's, and the median of the rounds' ratios: two cells.
    private func ratios(_ timing: TimingSummary, _ ripgrep: TimingSummary) -> String {
        "\(format(timing.median / ripgrep.median, 2)) | \(format(timing.ratiosPerRound(to: ripgrep).median, 2))"
    }

    private func format(_ value: Double, _ decimals: Int) -> String {
        String(format: "%.\(decimals)f", value)
    }
}
