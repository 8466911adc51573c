import BenchmarkStatistics
import Foundation

/// Prints the measurements: one row per size and tool, then time per 100 MB to show
/// whether the scan stays linear.
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
                let found = switch tool {
                case .ripgrep: "\(measurement.ripgrepLines) lines"
                case .migrateScan, .migrateScanOneJob: "\(measurement.scannerFindings) findings"
                case .libraryScan: "\(measurement.libraryFindings) findings"
                }
                let megabytes = Double(measurement.bytes) / Double(BenchmarkTree.megabyte)
                lines.append("| \(format(megabytes, 1)) MB | \(measurement.filesScanned) | \(tool.label) | "
                    + "\(format(timing.median, 3)) (\(format(timing.fastest, 3))–\(format(timing.slowest, 3))) | "
                    + "\(format(megabytes / timing.median, 0)) | \(format(timing.medianCPU, 2)) | "
                    + "\(format(Double(timing.peakResidentKilobytes) / 1024, 1)) | "
                    + "\(format(timing.median / ripgrep.median, 2)) | \(format(timing.ratiosPerRound(to: ripgrep).median, 2)) | "
                    + "\(found) |")
            }
        }
        lines.append("")
        lines.append("Seconds per 100 MB (median), for linearity:")
        for tool in MeasuredTool.allCases {
            let perSize = measurements.compactMap { measurement -> String? in
                guard let timing = measurement.timings[tool] else { return nil }
                return "\(measurement.megabytes) MB: \(format(timing.median * 1e8 / Double(measurement.bytes), 3))"
            }
            lines.append("  \(tool.label): " + perSize.joined(separator: ", "))
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
        return (lines + memoryTable()).joined(separator: "\n")
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

    private func format(_ value: Double, _ decimals: Int) -> String {
        String(format: "%.\(decimals)f", value)
    }
}
