import Foundation

/// One run of a child process (or of several started together), timed from spawn to reap, with
/// its peak RSS and CPU time as GNU time (`/usr/bin/time`, Debian's `time` package) measures them.
/// `wait4`'s rusage would overstate small children: the child is spawned sharing this process's
/// memory (vfork), and Linux keeps that high-water mark across `exec`.
struct ChildProcessRun {
    var seconds: Double
    /// Kilobytes, as Linux reports `ru_maxrss`.
    var peakResidentKilobytes: Int
    /// User plus system CPU time: steadier than wall time on a busy machine.
    var cpuSeconds: Double
    var exitStatus: Int32

    static let gnuTime = "/usr/bin/time"

    /// Starts the commands (each looked up in PATH when it has no `/`, its standard output written
    /// to its `outputPath`, standard error discarded) one after another without waiting for any,
    /// then waits for all of them: wall time from the first spawn to the last reap, CPU time summed,
    /// the largest peak RSS and the largest exit status.
    static func runTogether(_ commands: [ChildCommand]) throws -> ChildProcessRun {
        let reports = commands.indices.map { NSTemporaryDirectory() + "scanner-benchmark-rss-\(getpid())-\($0)" }
        defer { reports.forEach { try? FileManager.default.removeItem(atPath: $0) } }
        let timed = zip(commands, reports).map { command, report in
            ChildCommand(
                executable: gnuTime, arguments: ["-f", "%M %U %S", "-o", report, command.executable] + command.arguments,
                outputPath: command.outputPath)
        }
        var run = try spawnAndWait(timed)
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

    /// Wall time and the largest exit status; GNU time reports the rest.
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
            guard let status = reap(pid) else {
                failed = failed ?? command.executable
                continue
            }
            // Exited normally: the low 7 bits are 0 and the status is in the next byte.
            let exitStatus = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
            combined.exitStatus = max(combined.exitStatus, exitStatus)
        }
        if let failed { throw BenchmarkError("wait4 failed for \(failed)") }
        combined.seconds = started.duration(to: clock.now).seconds
        return combined
    }

    /// Waits for the child to end; its status, or nil when `waitpid` fails other than by a signal's interruption.
    private static func reap(_ pid: pid_t) -> Int32? {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return nil }
        }
        return status
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
