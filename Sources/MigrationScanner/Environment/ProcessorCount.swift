import Foundation

/// How many processors the scan may keep busy, the default `--jobs`.
///
/// On Linux: the processors online, lowered to the cgroup's CPU set and to its CPU quota rounded
/// up (cgroup v2 `cpuset.cpus.effective` and `cpu.max`, else v1 `cpuset.cpus` and
/// `cpu.cfs_quota_us` over `cpu.cfs_period_us`), each read with one `open` and one `read`.
/// `ProcessInfo.activeProcessorCount` reads the v1 files only, through Foundation's file APIs and
/// their first-use runtime lookups, which lengthen the start of every run before the first file
/// is found. Elsewhere, Foundation's count.
package enum ProcessorCount {
    /// At least 1.
    package static var available: Int {
        #if os(Linux)
        let cpuSet =
            (firstLine(of: "/sys/fs/cgroup/cpuset.cpus.effective") ?? firstLine(of: "/sys/fs/cgroup/cpuset/cpuset.cpus"))
            .flatMap(processors(inList:))
        let quota: Int?
        if let version2 = firstLine(of: "/sys/fs/cgroup/cpu.max") {
            quota = processors(inQuota: version2)
        } else if let version1 = firstLine(of: "/sys/fs/cgroup/cpu/cpu.cfs_quota_us"),
            let period = firstLine(of: "/sys/fs/cgroup/cpu/cpu.cfs_period_us")
        {
            quota = processors(inQuota: version1 + " " + period)
        } else {
            quota = nil
        }
        return limited(online: Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), by: [cpuSet, quota].compactMap { $0 })
        #else
        return max(1, ProcessInfo.processInfo.activeProcessorCount)
        #endif
    }

    /// `online` (ignored below 1, a failed `sysconf`) lowered to each limit; at least 1.
    static func limited(online: Int, by limits: [Int]) -> Int {
        let counts = (online >= 1 ? [online] : []) + limits
        return max(1, counts.min() ?? 1)
    }

    /// The number of processors in a CPU list such as "0-3,8-11"; nil when it is empty or malformed.
    static func processors(inList list: String) -> Int? {
        var count = 0
        for range in list.split(separator: ",", omittingEmptySubsequences: false) {
            let bounds = range.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
            switch (bounds.count, bounds.first ?? nil, bounds.last ?? nil) {
            case (1, _?, _): count += 1
            case (2, let first?, let last?) where first <= last: count += last - first + 1
            default: return nil
            }
        }
        return count > 0 ? count : nil
    }

    /// The processors a quota and period in microseconds allow, rounded up ("150000 100000": 2);
    /// nil for no quota ("max 100000", v1's "-1 100000") or a malformed one.
    static func processors(inQuota quotaAndPeriod: String) -> Int? {
        let fields = quotaAndPeriod.split(separator: " ")
        guard fields.count == 2, let quota = Int(fields[0]), let period = Int(fields[1]), quota > 0, period > 0 else {
            return nil
        }
        return (quota + period - 1) / period
    }

    #if os(Linux)
    /// The file's first line, without its line feed; nil when it cannot be read, is empty, or
    /// has no line feed within 4 KiB (a CPU list cut short would count too few).
    private static func firstLine(of path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = read(descriptor, &bytes, bytes.count)
        guard count > 0, let end = bytes[..<count].firstIndex(of: UInt8(ascii: "\n")) ?? (count < bytes.count ? count : nil),
            end > 0
        else { return nil }
        return String(decoding: bytes[..<end], as: UTF8.self)
    }
    #endif
}
