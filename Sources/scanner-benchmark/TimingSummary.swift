/// Several runs of one tool over one tree size, reduced to what the table shows.
struct TimingSummary {
    private(set) var seconds: [Double] = []
    private(set) var peakResidentKilobytes = 0
    private(set) var cpuSeconds: [Double] = []

    mutating func add(_ run: ChildProcessRun) {
        seconds.append(run.seconds)
        cpuSeconds.append(run.cpuSeconds)
        peakResidentKilobytes = max(peakResidentKilobytes, run.peakResidentKilobytes)
    }

    var median: Double { Self.median(seconds) }
    var medianCPU: Double { Self.median(cpuSeconds) }

    /// The median over rounds of this tool's wall time over `other`'s in the same round (the runs
    /// of both were added round by round): a change in the machine's speed from one round to the
    /// next, which moves both times of a round alike, cancels out.
    func medianRatioPerRound(to other: TimingSummary) -> Double {
        Self.median(zip(seconds, other.seconds).map { $0 / $1 })
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    var fastest: Double { seconds.min() ?? 0 }
    var slowest: Double { seconds.max() ?? 0 }
}
