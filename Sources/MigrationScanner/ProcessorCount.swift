import Foundation

/// How many processors the scan may keep busy: `ProcessInfo.activeProcessorCount`'s answer, read
/// on Linux with a few system calls.
///
/// Foundation's property read the cgroup files through its file APIs and their first-use runtime
/// lookups: 0.5 ms of the start of every run at the default `--jobs`, before the first file is
/// found (uprobes on the command's phases, medians of 12 runs over 62 MB of real code). Like it,
/// this takes the processors online, lowered to the cgroup's CPU set and to its CPU quota rounded
/// up (cgroup v2 `cpuset.cpus.effective` and `cpu.max`, else v1 `cpuset.cpus` and
/// `cpu.cfs_quota_us` over `cpu.cfs_period_us`).
enum ProcessorCount {
    /// At least 1.
    static var available: Int {
        #if os(Linux)
        let online = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        let limits = [cpuSetSize(), quota()].compactMap { $0 }
        return max(1, limits.reduce(online, min))
        #else
        return ProcessInfo.processInfo.activeProcessorCount
        #endif
    }

    #if os(Linux)
    /// The number of processors in the cgroup's CPU set ("0-3,6"); nil when it cannot be read.
    private static func cpuSetSize() -> Int? {
        guard let list = firstLine(of: "/sys/fs/cgroup/cpuset.cpus.effective") ?? firstLine(of: "/sys/fs/cgroup/cpuset/cpuset.cpus")
        else { return nil }
        var count = 0
        for range in list.split(separator: ",") {
            let bounds = range.split(separator: "-").map { Int($0) }
            switch bounds.count {
            case 1 where bounds[0] != nil: count += 1
            case 2: guard let first = bounds[0], let last = bounds[1], first <= last else { return nil }
                count += last - first + 1
            default: return nil
            }
        }
        return count > 0 ? count : nil
    }

    /// The CPU quota in processors, rounded up; nil when there is none or it cannot be read.
    private static func quota() -> Int? {
        let fields: [Substring]
        if let version2 = firstLine(of: "/sys/fs/cgroup/cpu.max") {
            fields = version2.split(separator: " ")  // "max 100000" or "<quota> <period>", in µs
        } else if let quota = firstLine(of: "/sys/fs/cgroup/cpu/cpu.cfs_quota_us"),
            let period = firstLine(of: "/sys/fs/cgroup/cpu/cpu.cfs_period_us")
        {
            fields = [Substring(quota), Substring(period)]  // a quota of -1: none
        } else {
            return nil
        }
        guard fields.count == 2, let quota = Int(fields[0]), let period = Int(fields[1]), quota > 0, period > 0 else {
            return nil
        }
        return (quota + period - 1) / period
    }

    /// The file's first line, without its line feed; nil when it cannot be read or is empty.
    private static func firstLine(of path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 256)
        let count = read(descriptor, &bytes, bytes.count)
        guard count > 0 else { return nil }
        let line = String(decoding: bytes[..<count].prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
        return line.isEmpty ? nil : line
    }
    #endif
}
