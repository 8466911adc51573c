import Foundation

/// One of the programs the benchmark times over the same paths, each as a child process so
/// its wall time and peak RSS are its own.
enum MeasuredTool: CaseIterable {
    case ripgrep
    /// The release `migrate-scan` as users run it.
    case migrateScan
    /// The same with `--jobs 1`: what the parallel scan gains over one thread, in the same run.
    case migrateScanOneJob
    /// `scanner-benchmark scan-library`: the library's scan on several threads, no report.
    case libraryScan

    var label: String {
        switch self {
        case .ripgrep: "rg"
        case .migrateScan: "migrate-scan"
        case .migrateScanOneJob: "migrate-scan -j1"
        case .libraryScan: "library scan"
        }
    }

    /// `migrate-scan` writes its report to `--output`; the others print what they found.
    var writesItsOwnReport: Bool { self == .migrateScan || self == .migrateScanOneJob }
}

/// How to start each tool.
struct ToolCommands {
    var scannerPath: String
    /// Whether `migrate-scan` accepts `--jobs` (the parallel scan of another branch).
    var scannerTakesJobs: Bool
    /// Whether `migrate-scan` reads configuration files; the benchmark turns them off so a
    /// `.migrate-scan.json` near the working directory cannot change what is scanned.
    var scannerTakesNoConfig: Bool
    /// `--jobs` for migrate-scan (its default when nil) and the library scan's threads (one per core when nil).
    var jobs: Int?
    /// Where each tool writes what it found: ripgrep's lines, migrate-scan's report (`--output`)
    /// and the library scan's counts. Both tools pay for writing their results, as users run them.
    var outputPath = NSTemporaryDirectory() + "scanner-benchmark-output-\(getpid())"

    func command(_ tool: MeasuredTool, paths: [String]) -> (executable: String, arguments: [String]) {
        switch tool {
        case .ripgrep:
            return ("rg", LegacyNamePattern.ripgrepArguments(paths: paths))
        case .migrateScan:
            return (scannerPath, scannerArguments(format: "json", paths: paths))
        case .migrateScanOneJob:
            return (scannerPath, scannerArguments(format: "json", paths: paths, jobs: 1))
        case .libraryScan:
            let threads = jobs ?? ProcessInfo.processInfo.activeProcessorCount
            return (Self.benchmarkExecutable, ["scan-library", "--jobs", String(threads), "--"] + paths)
        }
    }

    /// `migrate-scan` writing a report of `format` to `outputPath`, on `jobs` threads (the
    /// benchmark's `--jobs` when nil, and migrate-scan's default when that is nil too).
    private func scannerArguments(format: String, paths: [String], jobs: Int? = nil) -> [String] {
        let jobs = (jobs ?? self.jobs).flatMap { scannerTakesJobs ? ["--jobs", String($0)] : nil } ?? []
        let noConfig = scannerTakesNoConfig ? ["--no-config"] : []
        return ["--format", format, "--output", outputPath, "--quiet"] + noConfig + jobs + ["--"] + paths
    }

    /// This program's own path, for `scan-library`: `/proc/self/exe` would name GNU time once it runs it.
    private static let benchmarkExecutable =
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]

    /// Runs once, leaving what the tool found in `outputPath`; `migrate-scan` exits 1 when it
    /// finds something, which is success here.
    func run(_ tool: MeasuredTool, paths: [String]) throws -> ChildProcessRun {
        let (executable, arguments) = command(tool, paths: paths)
        // migrate-scan writes its report itself; its standard output is empty.
        return try Self.run(executable, arguments, standardOutput: tool.writesItsOwnReport ? "/dev/null" : outputPath)
    }

    /// Runs `migrate-scan` once with a report of `format` in `outputPath`.
    func runScanner(format: String, paths: [String]) throws -> ChildProcessRun {
        try Self.run(scannerPath, scannerArguments(format: format, paths: paths), standardOutput: "/dev/null")
    }

    private static func run(_ executable: String, _ arguments: [String], standardOutput: String) throws -> ChildProcessRun {
        let run = try ChildProcessRun.run(executable, arguments, outputPath: standardOutput)
        guard run.exitStatus == 0 || run.exitStatus == 1 else {
            throw BenchmarkError("\(executable) exited with status \(run.exitStatus)")
        }
        return run
    }
}
