/// The middle of a sample, as the benchmarks report their rounds: a round slowed by the machine
/// moves it less than it moves a mean.
public enum Median {
    /// The median of `values`: the middle value, or the mean of the middle two for an even count;
    /// 0 for none.
    public static func of(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
