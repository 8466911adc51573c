import Foundation

/// SplitMix64: a tiny, seedable generator, so a failing stress run can be replayed from the
/// seed it prints (`STRESS_SEED`).
struct StressRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The stress tests' knobs, read from the environment so CI can scale them (e.g. under TSan).
enum StressEnvironment {
    /// `STRESS_SEED` (decimal or 0x-hex), else a fresh random seed.
    static func seed() -> UInt64 {
        let text = ProcessInfo.processInfo.environment["STRESS_SEED"] ?? ""
        if text.hasPrefix("0x"), let value = UInt64(text.dropFirst(2), radix: 16) { return value }
        return UInt64(text) ?? UInt64.random(in: .min ... .max)
    }

    /// How a seed is printed, and accepted back by `seed()`.
    static func seedDescription(of seed: UInt64) -> String {
        "0x" + String(seed, radix: 16)
    }

    /// `STRESS_FAULTS`, a comma-separated subset of `StressScenario.Fault` names, to narrow a
    /// failing run down; all faults when unset.
    static func faults() -> [StressScenario.Fault] {
        guard let text = ProcessInfo.processInfo.environment["STRESS_FAULTS"], !text.isEmpty else { return StressScenario.Fault.allCases }
        let names = Set(text.split(separator: ",").map(String.init))
        return StressScenario.Fault.allCases.filter { names.contains("\($0)") }
    }

    /// A positive count from the environment variable `name`, else `defaultValue`.
    static func count(_ name: String, default defaultValue: Int) -> Int {
        ProcessInfo.processInfo.environment[name].flatMap { Int($0) }.map { max(1, $0) } ?? defaultValue
    }
}
