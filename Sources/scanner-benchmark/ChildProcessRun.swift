import Foundation

/// One run of a child process, timed from spawn to reap, with its peak RSS.
///
/// The peak RSS comes from GNU time (`/usr/bin/time -f %M`, Debian's `time` package) when it
/// is installed. Without it, from `wait4`'s rusage, which overstates small children: the
/// child is spawned sharing this process's memory (vfork), and Linux keeps that high-water
/// mark across `exec`. `RUSAGE_CHILDREN` cannot tell runs apart, as it keeps a maximum.
struct ChildProcessRun {
    var seconds: Double
    /// Kilobytes, as Linux reports `ru_maxrss`.
    var peakResidentKilobytes: Int
    /// User plus system CPU time: steadier than wall time on a busy machine.
    var cpuSeconds: Double
    var exitStatus: Int32

    /// Runs `executable` (looked up in PATH when it has no `/`) with its standard output
    /// written to `outputPath` and standard error discarded.
    static func run(_ executable: String, _ arguments: [String], outputPath: String = "/dev/null") throws -> ChildProcessRun {
        let gnuTime = "/usr/bin/time"
        guard FileManager.default.isExecutableFile(atPath: gnuTime) else {
            return try spawn(executable, arguments, outputPath: outputPath)
        }
        let report = NSTemporaryDirectory() + "scanner-benchmark-rss-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: report) }
        var run = try spawn(gnuTime, ["-f", "%M %U %S", "-o", report, executable] + arguments, outputPath: outputPath)
        let text = (try? String(contentsOfFile: report, encoding: .utf8)) ?? ""
        // GNU time writes "Command exited with non-zero status N" before the values when N ≠ 0.
        let values = text.split(separator: "\n").last?.split(separator: " ") ?? []
        guard values.count == 3, let kilobytes = Int(values[0]), let user = Double(values[1]), let system = Double(values[2]) else {
            throw BenchmarkError("\(executable) did not run: \(text)")
        }
        run.peakResidentKilobytes = kilobytes
        run.cpuSeconds = user + system
        return run
    }

    private static func spawn(_ executable: String, _ arguments: [String], outputPath: String) throws -> ChildProcessRun {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([executable] + arguments).map { strdup($0) }
        defer { argv.forEach { free($0) } }
        let clock = ContinuousClock()
        let started = clock.now
        var pid: pid_t = 0
        let spawned = (argv + [nil]).withUnsafeBufferPointer { argvPointer in
            posix_spawnp(&pid, executable, &actions, nil, argvPointer.baseAddress!, environ)
        }
        guard spawned == 0 else { throw BenchmarkError("cannot run \(executable): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw BenchmarkError("wait4 failed for \(executable)") }
        }
        let seconds = started.duration(to: clock.now).seconds
        // Exited normally: the low 7 bits are 0 and the status is in the next byte.
        let exitStatus = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        let cpuSeconds = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        return ChildProcessRun(
            seconds: seconds, peakResidentKilobytes: Int(usage.ru_maxrss), cpuSeconds: cpuSeconds, exitStatus: exitStatus)
    }
}
