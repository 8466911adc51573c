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
        guard let ripgrepVersion = Self.firstLine(of: "rg", ["--version"]) else {
            throw BenchmarkError("ripgrep (rg) is not installed; install it with: apt-get install -y ripgrep")
        }
        guard FileManager.default.isExecutableFile(atPath: options.scannerPath) else {
            throw BenchmarkError(
                "no \(options.scannerPath); build it with: swift build -c release --product migrate-scan --static-swift-stdlib")
        }

        let help = Self.output(of: options.scannerPath, ["--help"]) ?? ""
        let takesJobs = help.contains("--jobs")
        let commands = ToolCommands(
            scannerPath: options.scannerPath, scannerTakesJobs: takesJobs,
            scannerTakesNoConfig: help.contains("--no-config"), jobs: options.jobs)
        let loadBefore = Self.loadAverage()
        let timesBefore = ProcessorTimes.now()
        defer { try? commands.removeOutputs() }
        var measurementsByTree = try trees.map { title, tree in
            (title: title, sizes: try options.sizesInMegabytes.sorted().map { megabytes in
                try SizeMeasurement(megabytes: megabytes, paths: tree.paths(forMegabytes: megabytes), commands: commands)
            })
        }
        // Every round times every size of every tree, so a slow spell of the host falls on a few
        // rounds of each size, not on all the rounds of one, where it would make that size's
        // parallel gain look smaller than the others'.
        for round in 0..<options.runs {
            for tree in measurementsByTree.indices {
                for size in measurementsByTree[tree].sizes.indices {
                    try measurementsByTree[tree].sizes[size].measure(round: round, commands: commands)
                }
            }
        }
        for tree in measurementsByTree.indices {
            for size in measurementsByTree[tree].sizes.indices {
                try measurementsByTree[tree].sizes[size].measureMemory(formats: options.memoryFormats, commands: commands)
            }
        }
        let tables = measurementsByTree.map { (title: $0.title, table: BenchmarkTable(measurements: $0.sizes)) }
        var stolen = ""
        if let timesBefore, let timesAfter = ProcessorTimes.now() {
            stolen = "; processor time stolen by the hypervisor \(timesAfter.stolenShare(since: timesBefore))"
        }
        let example = trees[0].tree.paths(forMegabytes: largest)
        for tool in commands.measuredTools {
            let commandLines = commands.commands(tool, paths: example).map { command in
                "\(command.executable) \(command.arguments.map(Self.shellQuoted).joined(separator: " ")) > \(tool.writesItsOwnReport ? "/dev/null" : "FILE")"
            }
            let together = commandLines.count > 1 ? " & wait" : ""
            print("\(tool.label(scanningThreads: commands.scanningThreads)): " + commandLines.joined(separator: " & ") + together)
        }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let scannerJobs = takesJobs ? (options.jobs.map { "--jobs \($0)" } ?? "at its default --jobs") : "serial (no --jobs yet)"
        print("\(ripgrepVersion); migrate-scan \(scannerJobs), \(Self.runtimeLinkage(of: options.scannerPath)); library scan on "
            + "\(commands.scanningThreads) threads; \(cores) cores; \(options.runs) rounds, each tool at each size, after a warm-up run of each; "
            + "load average \(loadBefore) → \(Self.loadAverage())" + stolen)
        for (title, table) in tables {
            print("\n" + title + ":\n")
            print(table.render())
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

    private static func shellQuoted(_ argument: String) -> String {
        argument.contains(where: { " |\\*()$".contains($0) }) ? "'" + argument + "'" : argument
    }

    private static func firstLine(of executable: String, _ arguments: [String]) -> String? {
        output(of: executable, arguments)?.split(separator: "\n").first.map(String.init)
    }

    /// Standard output of a short command, or nil when it cannot run.
    private static func output(of executable: String, _ arguments: [String]) -> String? {
        let path = NSTemporaryDirectory() + "scanner-benchmark-probe-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: path) }
        guard let run = try? ChildProcessRun.run(executable, arguments, outputPath: path), run.exitStatus == 0 else {
            return nil
        }
        return try? String(contentsOfFile: path, encoding: .utf8)
    }
}
