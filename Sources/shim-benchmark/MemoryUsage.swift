import Foundation

/// The process's resident memory: VmRSS and VmHWM from /proc/self/status on Linux, getrusage's
/// ru_maxrss elsewhere (which has no "current" value and never resets).
enum MemoryUsage {
    /// Resident bytes now (Linux); the lifetime peak where the OS offers nothing better.
    static var residentBytes: Int {
        procStatusKilobytes("VmRSS:").map { $0 * 1024 } ?? lifetimePeakBytes
    }

    /// The peak resident bytes since the last `resetPeak()` (Linux 4.0+), else since launch.
    static var peakResidentBytes: Int {
        procStatusKilobytes("VmHWM:").map { $0 * 1024 } ?? lifetimePeakBytes
    }

    /// Resets the peak to the current resident size, so each measurement reports its own peak
    /// rather than the process's. Returns false where that is not possible (peaks are then
    /// cumulative, and the table says so).
    @discardableResult
    static func resetPeak() -> Bool {
        #if os(Linux)
        // Writing "5" to clear_refs resets VmHWM (proc(5)).
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? handle.close() }
        do {
            try handle.write(contentsOf: Data("5".utf8))
            return true
        } catch {
            return false
        }
        #else
        return false
        #endif
    }

    private static var lifetimePeakBytes: Int {
        var usage = rusage()
        #if os(Linux)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        #if canImport(Darwin)
        return Int(usage.ru_maxrss)  // bytes on Darwin
        #else
        return Int(usage.ru_maxrss) * 1024  // kilobytes elsewhere
        #endif
    }

    private static func procStatusKilobytes(_ field: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(field) {
            let digits = line.dropFirst(field.count).filter(\.isNumber)
            return Int(digits)
        }
        return nil
    }
}
