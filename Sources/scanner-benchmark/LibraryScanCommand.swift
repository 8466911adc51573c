/// `scanner-benchmark scan-library [--jobs N] -- PATH…`: the child the benchmark times as
/// "library scan"; prints `files findings` on one line.
enum LibraryScanCommand {
    static func run(arguments: [String]) throws {
        var remaining = arguments[...]
        var jobs = 2
        while let argument = remaining.first, argument.hasPrefix("--") {
            remaining.removeFirst()
            if argument == "--" { break }
            guard argument == "--jobs", let value = remaining.popFirst().flatMap({ Int($0) }), value > 0 else {
                throw BenchmarkError("scan-library takes [--jobs N] -- PATH…")
            }
            jobs = value
        }
        let outcome = LibraryScan(jobs: jobs).run(paths: Array(remaining))
        print(outcome.filesScanned, outcome.findings)
    }
}
