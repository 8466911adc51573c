import Foundation
import MigrationScanner

/// The whole benchmark: check the tools, prepare the tree, measure each size, print the table.
struct BenchmarkRun {
    let options: BenchmarkOptions

    func run() throws {
        let partMegabytes = options.sizesInMegabytes.reduce(0, Self.greatestCommonDivisor)
        let largest = options.sizesInMegabytes.max() ?? partMegabytes
        func tree(in directory: String, copies: SourceCopies?) -> BenchmarkTree {
            BenchmarkTree(
                directory: directory, partBytes: partMegabytes * BenchmarkTree.megabyte,
                partCount: largest / partMegabytes, seed: options.seed, copies: copies)
        }
        var trees = [(title: "Generated tree (seed \(options.seed))", tree: tree(in: options.treeDirectory, copies: nil))]
        if let copiesOf = options.copiesOf {
            let copies = try SourceCopies(directory: copiesOf)
            trees.append(("Real code: \(copies.description)", tree(in: options.copiesDirectory, copies: copies)))
        }
        let corpus = try CorpusRecombiner(directory: options.corpusDirectory)
        let clock = ContinuousClock()
        for (_, tree) in trees {
            let started = clock.now
            let writtenParts = try tree.prepare(corpus: corpus)
            if writtenParts > 0 {
                print("wrote \(writtenParts * partMegabytes) MB under \(tree.directory) in \(String(format: "%.1f", started.duration(to: clock.now).seconds)) s")
            }
        }
        if options.generateOnly { return }
        guard FileManager.default.isExecutableFile(atPath: ChildProcessRun.gnuTime) else {
            throw BenchmarkError("GNU time (\(ChildProcessRun.gnuTime)) is not installed; install it with: apt-get install -y time")
        }
        guard let ripgrepVersion = Self.ripgrepVersion() else {
            throw BenchmarkError("ripgrep (rg) is not installed; install it with: apt-get install -y ripgrep")
        }
        guard FileManager.default.isExecutableFile(atPath: options.scannerPath) else {
            throw BenchmarkError(
                "no \(options.scannerPath); build it with: swift build -c release --product migrate-scan --static-swift-stdlib")
        }

        let commands = ToolCommands(scannerPath: options.scannerPath, jobs: options.jobs)
        let loadBefore = Self.loadAverage()
        let timesBefore = ProcessorTimes.now()
        defer { try? commands.removeOutputs() }
        var measurements = try trees.flatMap { _, tree in
            try options.sizesInMegabytes.sorted().map { megabytes in
                try SizeMeasurement(megabytes: megabytes, paths: tree.paths(forMegabytes: megabytes), commands: commands)
            }
        }
        // Every round times every size of every tree, so a slow spell of the host falls on a few
        // rounds of each size, not on all the rounds of one, where it would make that size's
        // parallel gain look smaller than the others'.
        for round in 0..<options.runs {
            for index in measurements.indices { try measurements[index].measure(round: round, commands: commands) }
        }
        for index in measurements.indices { try measurements[index].measureMemory(formats: options.memoryFormats, commands: commands) }
        var stolen = ""
        if let timesBefore, let timesAfter = ProcessorTimes.now() {
            stolen = "; processor time stolen by the hypervisor \(timesAfter.stolenShare(since: timesBefore))"
        }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let scannerJobs = options.jobs.map { "--jobs \($0)" } ?? "at its default --jobs"
        print("\(ripgrepVersion); migrate-scan \(scannerJobs), \(Self.runtimeLinkage(of: options.scannerPath)); library scan on "
            + "\(commands.scanningThreads) threads; \(cores) cores; \(options.runs) rounds, each tool at each size, after a warm-up run of each; "
            + "load average \(loadBefore) → \(Self.loadAverage())" + stolen)
        let sizesPerTree = options.sizesInMegabytes.count
        for (index, tree) in trees.enumerated() {
            let sizes = Array(measurements.dropFirst(index * sizesPerTree).prefix(sizesPerTree))
            print("\n" + tree.title + ":\n")
            print(BenchmarkTable(measurements: sizes).render())
        }
    }

    /// How `executable` links the Swift runtime. A dynamically linked one names `libswiftCore.so`
    /// among the libraries it needs, and the loader binding them lengthens its start.
    private static func runtimeLinkage(of executable: String) -> String {
        guard let binary = FileManager.default.contents(atPath: executable) else { return "Swift runtime linkage unknown" }
        return binary.range(of: Data("libswiftCore.so".utf8)) == nil
            ? "Swift runtime linked statically"
            : "Swift runtime linked dynamically (not --static-swift-stdlib)"
    }

    private static func greatestCommonDivisor(_ a: Int, _ b: Int) -> Int {
        b == 0 ? a : greatestCommonDivisor(b, a % b)
    }

    private static func loadAverage() -> String {
        let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }

    /// The first line `rg --version` prints, or nil when ripgrep cannot run.
    private static func ripgrepVersion() -> String? {
        let path = NSTemporaryDirectory() + "scanner-benchmark-probe-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: path) }
        guard let run = try? ChildProcessRun.runTogether([ChildCommand(executable: "rg", arguments: ["--version"], outputPath: path)]),
              run.exitStatus == 0 else { return nil }
        return (try? String(contentsOfFile: path, encoding: .utf8))?.split(separator: "\n").first.map(String.init)
    }
}
