import MigrationScanner

/// "Within N times a same-size ordinary file": an ordinary file costs a fixed part plus a part per
/// byte, both measured on the unmutated seeds before the campaign.
struct TimeBound {
    /// The most a seed under a kilobyte costs: what an ordinary small file may take.
    let fixedSeconds: Double
    /// The most any seed of at least a kilobyte costs per byte.
    let secondsPerByte: Double
    let factor: Double

    /// Times `work` on every seed (best of five, so a preempted run does not inflate the bound).
    init(seeds: [SeedCorpus.Seed], factor: Double, work: (SeedCorpus.Seed) -> Void) {
        var fixed = 0.0
        var perByte = 0.0
        for seed in seeds {
            let seconds = Self.bestOf(5) { work(seed) }
            if seed.bytes.count < 1_024 {
                fixed = max(fixed, seconds)
            } else {
                perByte = max(perByte, seconds / Double(seed.bytes.count))
            }
        }
        fixedSeconds = fixed
        secondsPerByte = perByte
        self.factor = factor
    }

    /// Below this no bound is tighter: a scheduler tick or a page fault on a shared machine costs
    /// milliseconds, twenty times what a small file's scan does.
    static let noiseFloorSeconds = 0.005

    /// The bound for a file of `size` bytes.
    func seconds(forSize size: Int) -> Double {
        max(Self.noiseFloorSeconds, factor * (fixedSeconds + secondsPerByte * Double(size)))
    }

    /// The shortest of `runs` timings of `body`, in seconds.
    static func bestOf(_ runs: Int, _ body: () -> Void) -> Double {
        let clock = ContinuousClock()
        var best = Double.infinity
        for _ in 0..<runs {
            let duration = clock.measure(body)
            best = min(best, Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18)
        }
        return best
    }
}
