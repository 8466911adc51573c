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
        runs[workload]?[variant].map { median($0.map(\.requestsPerSecond)) }
    }

    func medianThroughput(_ workload: String, _ variant: String) -> Double? {
        runs[workload]?[variant].map { median($0.map(\.megabytesPerSecond)) }
    }

    func render(peaksAreResettable: Bool) -> String {
        var lines: [String] = []
        let header = ["workload", "variant", "req/round", "rounds", "req/s", "MB/s", "spread", "peak RSS MB", "failures"]
        var rows: [[String]] = []
        for workload in order {
            for variant in variants {
                guard let measured = runs[workload]?[variant], !measured.isEmpty else { continue }
                let rates = measured.map(\.requestsPerSecond)
                let spread = (rates.max()! - rates.min()!) / median(rates) * 100
                rows.append([
                    workload, variant, "\(measured[0].requests)", "\(measured.count)",
                    format(median(rates), digits: 1), format(median(measured.map(\.megabytesPerSecond)), digits: 1),
                    "±\(format(spread / 2, digits: 1))%",
                    format(median(measured.map { Double($0.peakResidentBytes) / 1_048_576 }), digits: 1),
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
        let ratios = zip(shim, raw).map { $0.seconds / $1.seconds }.sorted()
        let estimate = format(median(ratios), digits: 3)
        guard let (low, high) = Self.medianConfidenceRanks(count: ratios.count) else { return estimate }
        return "\(estimate) (\(format(ratios[low], digits: 3))–\(format(ratios[high], digits: 3)))"
    }

    /// The ranks (0-based, in sorted order) of the narrowest distribution-free interval that holds
    /// the median of `count` independent samples with probability at least 0.95: the k-th smallest
    /// and k-th largest sample, for the largest k with P(Binomial(count, ½) < k) ≤ 0.025. Nil below
    /// six samples, where even the smallest and largest do not reach 95%.
    private static func medianConfidenceRanks(count: Int) -> (low: Int, high: Int)? {
        var probability = pow(0.5, Double(count))  // P(B = 0)
        var cumulative = 0.0  // P(B < k)
        var k = 0
        while cumulative + probability <= 0.025 {
            cumulative += probability
            k += 1
            probability *= Double(count - k + 1) / Double(k)  // P(B = k) from P(B = k - 1)
        }
        return k >= 1 ? (k - 1, count - k) : nil
    }

    private func ratio(_ workload: String, _ numerator: String, _ denominator: String) -> String {
        guard let top = medianRate(workload, numerator), let bottom = medianRate(workload, denominator), bottom > 0 else { return "-" }
        return format(top / bottom, digits: 3)
    }

    private func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    private func format(_ value: Double, digits: Int) -> String {
        String(format: "%.\(digits)f", value)
    }
}
