import BenchmarkStatistics

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

    var median: Double { Median.of(seconds) }
    var medianCPU: Double { Median.of(cpuSeconds) }

    /// This tool's wall time over `other`'s in the same round, times `factor`, one ratio a round
    /// (the runs of both were added round by round): a change in the machine's speed from one
    /// round to the next, which moves both times of a round alike, cancels out.
    func ratiosPerRound(to other: TimingSummary, scaledBy factor: Double = 1) -> PairedRatios {
        PairedRatios(zip(seconds, other.seconds).map { factor * $0 / $1 })
    }

    var fastest: Double { seconds.min() ?? 0 }
    var slowest: Double { seconds.max() ?? 0 }
}
