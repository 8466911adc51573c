/// Several runs of one tool over one tree size, reduced to what the table shows.
struct TimingSummary {
    private(set) var seconds: [Double] = []
    private(set) var peakResidentKilobytes = 0

    mutating func add(_ run: ChildProcessRun) {
        seconds.append(run.seconds)
        peakResidentKilobytes = max(peakResidentKilobytes, run.peakResidentKilobytes)
    }

    var median: Double {
        let sorted = seconds.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    var fastest: Double { seconds.min() ?? 0 }
    var slowest: Double { seconds.max() ?? 0 }
}
