import Foundation

/// One variant's time over another's, measured in pairs (both in the same round, back to back),
/// so that a change of the machine's speed between rounds cancels out: their median, and the
/// range that holds the true median with at least 95% confidence, which says whether a
/// difference is larger than the machine's noise.
public struct PairedRatios: Sendable {
    /// The ratios, one a round, in increasing order.
    public let sorted: [Double]

    /// - Parameter ratios: One ratio a round, in any order.
    public init(_ ratios: [Double]) {
        sorted = ratios.sorted()
    }

    /// The median ratio; 0 for no rounds.
    public var median: Double { Median.of(sorted) }

    /// The narrowest distribution-free interval that holds the median of the rounds' population
    /// with probability at least 0.95: the k-th smallest and k-th largest ratio, for the largest k
    /// with P(Binomial(n, ½) < k) ≤ 0.025 (25 rounds: the 8th from each end). Nil below six
    /// rounds, where even the smallest and largest ratio do not reach 95%.
    public var confidenceRange: ClosedRange<Double>? {
        let count = sorted.count
        var probability = pow(0.5, Double(count))  // P(B = 0)
        var cumulative = 0.0  // P(B < k)
        var k = 0
        while cumulative + probability <= 0.025 {
            cumulative += probability
            k += 1
            probability *= Double(count - k + 1) / Double(k)  // P(B = k) from P(B = k - 1)
        }
        return k >= 1 ? sorted[k - 1]...sorted[count - k] : nil
    }

    /// The median with `digits` decimals, followed by the confidence range in brackets when there
    /// are rounds enough for one: "1.037 (1.015–1.047)".
    public func formatted(digits: Int) -> String {
        let format = { (value: Double) in String(format: "%.\(digits)f", value) }
        guard let range = confidenceRange else { return format(median) }
        return "\(format(median)) (\(format(range.lowerBound))–\(format(range.upperBound)))"
    }
}
