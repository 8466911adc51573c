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
    /// As many `--jobs 1` scans of the same paths as the parallel scan has threads, started
    /// together, each writing its own report: what the machine gives that many independent
    /// single-threaded scans, against which the parallel scan's gain is judged in the same rounds
    /// (on a VM, two busy processors can be slower than twice one).
    case oneJobScansTogether

    /// The tool's name in the tables; `scanningThreads` is the parallel scan's thread count.
    func label(scanningThreads: Int) -> String {
        switch self {
        case .ripgrep: "rg"
        case .migrateScan: "migrate-scan"
        case .migrateScanOneJob: "migrate-scan -j1"
        case .libraryScan: "library scan"
        case .oneJobScansTogether: "\(scanningThreads) × migrate-scan -j1"
        }
    }

    /// How many times one run reads the tree: once a scan.
    func treeReadings(scanningThreads: Int) -> Int { self == .oneJobScansTogether ? scanningThreads : 1 }

    /// `migrate-scan` writes its report to `--output`; the others print what they found.
    var writesItsOwnReport: Bool {
        switch self {
        case .migrateScan, .migrateScanOneJob, .oneJobScansTogether: true
        case .ripgrep, .libraryScan: false
        }
    }
}

/// How to start each tool.
struct ToolCommands {
    var scannerPath: String
    /// `--jobs` for migrate-scan (its default when nil) and the library scan's threads (one per core when nil).
    var jobs: Int?
    /// Where each tool writes what it found: ripgrep's lines, migrate-scan's report (`--output`)
    /// and the library scan's counts. Both tools pay for writing their results, as users run them.
    var outputPath = NSTemporaryDirectory() + "scanner-benchmark-output-\(getpid())"

    /// The parallel scan's threads: migrate-scan's and the library scan's `--jobs`.
    var scanningThreads: Int { jobs ?? ProcessInfo.processInfo.activeProcessorCount }

    /// Where each scan of `oneJobScansTogether` writes its report: the first to `outputPath`.
    var togetherOutputPaths: [String] {
        [outputPath] + (1..<scanningThreads).map { outputPath + "-\($0)" }
    }

    /// The tools this run measures: the one-job scans started together only when the parallel
    /// scan has several threads (else they would be one scan).
    var measuredTools: [MeasuredTool] {
        MeasuredTool.allCases.filter { $0 != .oneJobScansTogether || scanningThreads > 1 }
    }

    /// The processes that make one run of `tool`, started together, with where each one's
    /// standard output goes (migrate-scan writes its report of `format` itself, its standard output is empty).
    private func commands(_ tool: MeasuredTool, paths: [String], format: String) -> [ChildCommand] {
        let standardOutput = tool.writesItsOwnReport ? "/dev/null" : outputPath
        let scanner = { (jobs: Int?, report: String) in
            ChildCommand(
                executable: scannerPath, arguments: scannerArguments(format: format, paths: paths, jobs: jobs, report: report),
                outputPath: standardOutput)
        }
        switch tool {
        case .ripgrep:
            return [ChildCommand(executable: "rg", arguments: LegacyNamePattern.ripgrepArguments(paths: paths), outputPath: standardOutput)]
        case .migrateScan:
            return [scanner(nil, outputPath)]
        case .migrateScanOneJob:
            return [scanner(1, outputPath)]
        case .oneJobScansTogether:
            return togetherOutputPaths.map { scanner(1, $0) }
        case .libraryScan:
            return [ChildCommand(
                executable: Self.benchmarkExecutable, arguments: ["scan-library", "--jobs", String(scanningThreads), "--"] + paths,
                outputPath: standardOutput)]
        }
    }

    /// `migrate-scan` writing a report of `format` to `report`, on `jobs` threads (the benchmark's
    /// `--jobs` when nil, and migrate-scan's default when that is nil too), with no configuration
    /// file: a `.migrate-scan.json` near the working directory must not change what is scanned.
    private func scannerArguments(format: String, paths: [String], jobs: Int?, report: String) -> [String] {
        let jobs = (jobs ?? self.jobs).map { ["--jobs", String($0)] } ?? []
        return ["--format", format, "--output", report, "--quiet", "--no-config"] + jobs + ["--"] + paths
    }

    /// This program's own path, for `scan-library`: `/proc/self/exe` would name GNU time once it runs it.
    private static let benchmarkExecutable =
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]

    /// Removes the last run's outputs (`removeOutputs()`), then runs once, leaving what the tool
    /// found in `outputPath` (migrate-scan's report in `format`); `migrate-scan` exits 1 when it
    /// finds something, which is success here.
    func run(_ tool: MeasuredTool, paths: [String], format: String = "json") throws -> ChildProcessRun {
        try removeOutputs()
        let commands = commands(tool, paths: paths, format: format)
        let run = try ChildProcessRun.runTogether(commands)
        guard run.exitStatus == 0 || run.exitStatus == 1 else {
            // The commands of one run are one program (N scans started together are the same one).
            throw BenchmarkError("\(commands[0].executable) exited with status \(run.exitStatus)")
        }
        return run
    }

    /// Removes what earlier runs wrote, before a run and untimed: every run writes new files, as a
    /// CI job writing its report into a fresh checkout does. Replacing a file on ext4 makes the
    /// `rename` (migrate-scan) or the last `close` after `O_TRUNC` (ripgrep) start writing the new
    /// file to disk (`auto_da_alloc`), at the end of a run, where no number of jobs shortens it.
    func removeOutputs() throws {
        for path in togetherOutputPaths where unlink(path) != 0 && errno != ENOENT {
            throw BenchmarkError("cannot remove \(path): \(String(cString: strerror(errno)))")
        }
    }
}
