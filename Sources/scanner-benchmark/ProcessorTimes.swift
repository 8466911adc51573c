import Foundation

/// The machine's processor time so far, from the `cpu` line of `/proc/stat` (Linux): how much of
/// it the hypervisor gave to other guests ("steal"). A virtual machine's two processors lose time
/// to others unevenly, and a run on two threads loses more than one on one thread, so the share
/// stolen while the benchmark measured says how far its parallel gain can be trusted.
struct ProcessorTimes {
    /// Clock ticks, all states together.
    let total: UInt64
    /// Clock ticks the hypervisor ran something else while this machine's processors wanted to run.
    let stolen: UInt64

    /// Now, or nil where `/proc/stat` does not exist or has no steal column.
    static func now() -> ProcessorTimes? {
        guard let text = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("cpu ") }) else { return nil }
        // user nice system idle iowait irq softirq steal ...
        let ticks = line.split(separator: " ").dropFirst().compactMap { UInt64($0) }
        guard ticks.count >= 8 else { return nil }
        return ProcessorTimes(total: ticks.reduce(0, +), stolen: ticks[7])
    }

    /// The share of processor time stolen between `earlier` and this, as "4.2%".
    func stolenShare(since earlier: ProcessorTimes) -> String {
        let elapsed = total - earlier.total
        guard elapsed > 0 else { return "0%" }
        return String(format: "%.1f%%", Double(stolen - earlier.stolen) * 100 / Double(elapsed))
    }
}
