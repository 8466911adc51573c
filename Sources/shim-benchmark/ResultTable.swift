import BenchmarkStatistics
import Foundation

/// Collects every round's measurements and prints medians, spread and the two ratios.
struct ResultTable {
    private var order: [String] = []
    private var variants: [String] = []
    private var runs: [String: [String: [Measurement]]] = [:]

    mutating func add(_ measurement: Measurement, workload: String, variant: String) {
        if !order.contains(workload) { order.append(workload) }
        if !variants.contains(variant) { variants.append(variant) }
        runs[workload, default: [:]][variant, default: []].append(measurement)
    }

    /// The median requests per second of a workload through a variant.
    func medianRate(_ workload: String, _ variant: String) -> Double? {
        runs[workload]?[variant].map { Median.of($0.map(\.requestsPerSecond)) }
    }

    func render(peaksAreResettable: Bool) -> String {
        var lines: [String] = []
        let header = ["workload", "variant", "req/round", "rounds", "req/s", "MB/s", "spread", "peak RSS MB", "failures"]
        var rows: [[String]] = []
        for workload in order {
            for variant in variants {
                guard let measured = runs[workload]?[variant], !measured.isEmpty else { continue }
                let rates = measured.map(\.requestsPerSecond)
                let spread = (rates.max()! - rates.min()!) / Median.of(rates) * 100
                rows.append([
                    workload, variant, "\(measured[0].requests)", "\(measured.count)",
                    format(Median.of(rates), digits: 1), format(Median.of(measured.map(\.megabytesPerSecond)), digits: 1),
                    "±\(format(spread / 2, digits: 1))%",
                    format(Median.of(measured.map { Double($0.peakResidentBytes) / 1_048_576 }), digits: 1),
                    "\(measured.reduce(0) { $0 + $1.failures })",
                ])
            }
        }
        lines.append(contentsOf: TableLayout.align([header] + rows))
        lines.append("")
        lines.append("medians over rounds; spread = half the (max - min) of req/s across rounds, as % of the median;")
        lines.append(peaksAreResettable
            ? "peak RSS = VmHWM reset before each run (whole process: server threads included)."
            : "peak RSS = process lifetime peak (getrusage), cumulative across runs.")
        lines.append("")
        lines.append(contentsOf: TableLayout.align([["workload", "shim/raw", "per-request/shim", "shim/raw time, paired"]] + order.map { workload in
            [workload, ratio(workload, "shim", "raw"), ratio(workload, "per-request", "shim"), pairedTimeRatio(workload)]
        }))
        lines.append("")
        lines.append("shim/raw and per-request/shim: ratios of the median req/s (above 1: the first is faster);")
        lines.append("shim/raw time, paired: the median over rounds of the shim's wall time over raw's in the same round")
        lines.append("(below 1: the shim is faster), and in brackets the range that holds it with 95% confidence.")
        return lines.joined(separator: "\n")
    }

    /// The median over rounds of shim time / raw time, each round's pair measured back to back,
    /// so that load that drifts across rounds cancels out, and the range that holds the true
    /// median with at least 95% confidence (when there are rounds enough for one).
    private func pairedTimeRatio(_ workload: String) -> String {
        guard let shim = runs[workload]?["shim"], let raw = runs[workload]?["raw"], !shim.isEmpty, shim.count == raw.count else { return "-" }
        return PairedRatios(zip(shim, raw).map { $0.seconds / $1.seconds }).formatted(digits: 3)
    }

    private func ratio(_ workload: String, _ numerator: String, _ denominator: String) -> String {
        guard let top = medianRate(workload, numerator), let bottom = medianRate(workload, denominator), bottom > 0 else { return "-" }
        return format(top / bottom, digits: 3)
    }

    private func format(_ value: Double, digits: Int) -> String {
        String(format: "%.\(digits)f", value)
    }
}
