import MigrationScanner

/// "Within N times a same-size ordinary file": an ordinary file costs a fixed part plus a part per
/// byte, both measured on the unmutated seeds before the campaign.
struct TimeBound {
    /// The most a seed under a kilobyte costs: what an ordinary small file may take.
    let fixedSeconds: Double
    /// The most any seed of at least a kilobyte costs per byte (with no such seed, the most any seed
    /// costs per byte, fixed part included: higher, never zero, so a large file's bound still grows with it).
    let secondsPerByte: Double
    let factor: Double

    /// Times `work` on every seed (best of five, so a preempted run does not inflate the bound).
    init(seeds: [SeedCorpus.Seed], factor: Double, work: (SeedCorpus.Seed) -> Void) {
        var fixed = 0.0
        var perByte = 0.0
        var smallPerByte = 0.0
        for seed in seeds {
            let seconds = Self.bestOf(5) { work(seed) }
            let secondsPerByte = seconds / Double(max(1, seed.bytes.count))
            if seed.bytes.count < 1_024 {
                fixed = max(fixed, seconds)
                smallPerByte = max(smallPerByte, secondsPerByte)
            } else {
                perByte = max(perByte, secondsPerByte)
            }
        }
        fixedSeconds = fixed
        secondsPerByte = perByte > 0 ? perByte : smallPerByte
        self.factor = factor
    }

    /// Below this no bound is tighter: a scheduler tick or a page fault on a shared machine costs
    /// milliseconds, twenty times what a small file's scan does.
    static let noiseFloorSeconds = 0.005

    /// The bound for a file of `size` bytes.
    func seconds(forSize size: Int) -> Double {
        max(Self.noiseFloorSeconds, factor * (fixedSeconds + secondsPerByte * Double(size)))
    }

    /// The shortest of up to `runs` timings of `body`, in seconds. Timing stops once a run takes at
    /// most `goal` (the best can only matter up to there), or once the runs took `budget` in all:
    /// a file that is slow in earnest costs its time on every run.
    static func bestOf(_ runs: Int, goal: Double = 0, budget: Double = .infinity, _ body: () -> Void) -> Double {
        let clock = ContinuousClock()
        var best = Double.infinity
        var spent = 0.0
        for _ in 0..<runs {
            let duration = clock.measure(body)
            let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
            best = min(best, seconds)
            spent += seconds
            if best <= goal || spent >= budget { break }
        }
        return best
    }
}
