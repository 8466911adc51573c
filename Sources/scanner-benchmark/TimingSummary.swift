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

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    var fastest: Double { seconds.min() ?? 0 }
    var slowest: Double { seconds.max() ?? 0 }
}
