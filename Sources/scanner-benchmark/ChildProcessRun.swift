import Foundation

/// One run of a child process (or of several started together), timed from spawn to reap, with its peak RSS.
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
        try runTogether([ChildCommand(executable: executable, arguments: arguments, outputPath: outputPath)])
    }

    /// Starts the commands one after another without waiting for any, then waits for all of them:
    /// wall time from the first spawn to the last reap, CPU time summed, the largest peak RSS and
    /// the largest exit status.
    static func runTogether(_ commands: [ChildCommand]) throws -> ChildProcessRun {
        let gnuTime = "/usr/bin/time"
        guard FileManager.default.isExecutableFile(atPath: gnuTime) else {
            return try spawnAndWait(commands)
        }
        let reports = commands.indices.map { NSTemporaryDirectory() + "scanner-benchmark-rss-\(getpid())-\($0)" }
        defer { reports.forEach { try? FileManager.default.removeItem(atPath: $0) } }
        let timed = zip(commands, reports).map { command, report in
            ChildCommand(
                executable: gnuTime, arguments: ["-f", "%M %U %S", "-o", report, command.executable] + command.arguments,
                outputPath: command.outputPath)
        }
        var run = try spawnAndWait(timed)
        run.peakResidentKilobytes = 0
        run.cpuSeconds = 0
        for (command, report) in zip(commands, reports) {
            let text = (try? String(contentsOfFile: report, encoding: .utf8)) ?? ""
            // GNU time writes "Command exited with non-zero status N" before the values when N ≠ 0.
            let values = text.split(separator: "\n").last?.split(separator: " ") ?? []
            guard values.count == 3, let kilobytes = Int(values[0]), let user = Double(values[1]), let system = Double(values[2]) else {
                throw BenchmarkError("\(command.executable) did not run: \(text)")
            }
            run.peakResidentKilobytes = max(run.peakResidentKilobytes, kilobytes)
            run.cpuSeconds += user + system
        }
        return run
    }

    private static func spawnAndWait(_ commands: [ChildCommand]) throws -> ChildProcessRun {
        let clock = ContinuousClock()
        let started = clock.now
        var pids: [pid_t] = []
        for command in commands {
            do {
                pids.append(try spawn(command))
            } catch {
                // Those already started would run a whole scan for nothing: stop them, and reap them.
                for pid in pids {
                    kill(pid, SIGKILL)
                    _ = reap(pid)
                }
                throw error
            }
        }
        var combined = ChildProcessRun(seconds: 0, peakResidentKilobytes: 0, cpuSeconds: 0, exitStatus: 0)
        var failed: String?
        // Every child is reaped, even after one could not be.
        for (pid, command) in zip(pids, commands) {
            guard let (status, usage) = reap(pid) else {
                failed = failed ?? command.executable
                continue
            }
            // Exited normally: the low 7 bits are 0 and the status is in the next byte.
            let exitStatus = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
            combined.exitStatus = max(combined.exitStatus, exitStatus)
            combined.peakResidentKilobytes = max(combined.peakResidentKilobytes, Int(usage.ru_maxrss))
            combined.cpuSeconds += Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
                + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        }
        if let failed { throw BenchmarkError("wait4 failed for \(failed)") }
        combined.seconds = started.duration(to: clock.now).seconds
        return combined
    }

    /// Waits for the child to end; nil when `wait4` fails other than by a signal's interruption.
    private static func reap(_ pid: pid_t) -> (status: Int32, usage: rusage)? {
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { return nil }
        }
        return (status, usage)
    }

    private static func spawn(_ command: ChildCommand) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, command.outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([command.executable] + command.arguments).map { strdup($0) }
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = (argv + [nil]).withUnsafeBufferPointer { argvPointer in
            posix_spawnp(&pid, command.executable, &actions, nil, argvPointer.baseAddress!, environ)
        }
        guard spawned == 0 else { throw BenchmarkError("cannot run \(command.executable): \(String(cString: strerror(spawned)))") }
        return pid
    }
}
