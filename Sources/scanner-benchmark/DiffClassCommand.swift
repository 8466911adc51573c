import Foundation

/// `scanner-benchmark diff-class`: a scan, `--fix --diff` and `--fix --diff --to urlsession` of
/// one generated class per language, shape and size, interleaved round by round, best of the
/// rounds; each fix's time over the scan's in the same run, so a loaded machine moves both alike,
/// in wall time and in CPU time (which another process's load moves less).
enum DiffClassCommand {
    static let usage = """
        usage: scanner-benchmark diff-class [--sizes 1,2,4,8] [--runs 5] [--scanner PATH] [--directory DIR]
        Writes one NSURLConnection delegate class per language (Swift, Objective-C), shape (helpers:
        methods that do not touch the connection; typed: methods that each take one) and size in MB
        under --directory (default $TMPDIR/scanner-benchmark-classes), then times migrate-scan's scan
        of each file against its --fix --diff (and, for Swift, --fix --diff --to urlsession): the
        fastest wall time of --runs rounds, and each fix over the scan in wall and in CPU time.
        Run from the package directory after `swift build -c release --product migrate-scan`.
        """

    /// What migrate-scan does to a file, each run as users would.
    private enum Operation: CaseIterable {
        case scan, diff, diffToSession

        var arguments: [String] {
            switch self {
            case .scan: ["--no-config"]
            case .diff: ["--no-config", "--fix", "--diff"]
            case .diffToSession: ["--no-config", "--fix", "--diff", "--to", "urlsession"]
            }
        }

        func applies(to language: LargeClassSource.Language) -> Bool { self != .diffToSession || language == .swift }
    }

    private struct Case {
        var source: LargeClassSource
        var megabytes: Int
        var path: String
        var fastest: [Operation: Double] = [:]
        var leastCPU: [Operation: Double] = [:]
    }

    static func run(arguments: [String]) throws {
        var sizes = [1, 2, 4, 8]
        var runs = 5
        var scannerPath = ".build/release/migrate-scan"
        var directory = NSTemporaryDirectory() + "scanner-benchmark-classes"
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            guard let value = remaining.popFirst() else { throw BenchmarkError(usage) }
            switch argument {
            case "--sizes": sizes = try value.split(separator: ",").map { try positive(String($0)) }
            case "--runs": runs = try positive(value)
            case "--scanner": scannerPath = value
            case "--directory": directory = value
            default: throw BenchmarkError("unknown argument '\(argument)'\n" + usage)
            }
        }
        guard FileManager.default.isExecutableFile(atPath: scannerPath) else {
            throw BenchmarkError("no \(scannerPath); build it with: swift build -c release --product migrate-scan")
        }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var cases: [Case] = []
        for language in LargeClassSource.Language.allCases {
            for shape in LargeClassSource.Shape.allCases {
                for megabytes in sizes.sorted() {
                    let source = LargeClassSource(language: language, shape: shape)
                    let path = "\(directory)/\(shape.rawValue)-\(megabytes)MB.\(language.fileExtension)"
                    try source.text(byteCount: megabytes << 20).write(toFile: path, atomically: true, encoding: .utf8)
                    cases.append(Case(source: source, megabytes: megabytes, path: path))
                }
            }
        }
        let output = NSTemporaryDirectory() + "scanner-benchmark-diff-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: output) }
        for _ in 0..<runs {
            for index in cases.indices {
                for operation in Operation.allCases where operation.applies(to: cases[index].source.language) {
                    let run = try ChildProcessRun.runTogether([
                        ChildCommand(executable: scannerPath, arguments: operation.arguments + [cases[index].path], outputPath: output),
                    ])
                    // 1: a scan found something, or a diff would change the file.
                    guard run.exitStatus <= 1 else { throw BenchmarkError("\(scannerPath) failed on \(cases[index].path)") }
                    cases[index].fastest[operation] = min(cases[index].fastest[operation] ?? .infinity, run.seconds)
                    cases[index].leastCPU[operation] = min(cases[index].leastCPU[operation] ?? .infinity, run.cpuSeconds)
                }
            }
        }
        print("| class | size | scan | `--diff` | CPU | `--diff --to urlsession` | CPU |")
        print("|---|---:|---:|---:|---:|---:|---:|")
        for entry in cases {
            let scan = entry.fastest[.scan] ?? 0
            let scanCPU = entry.leastCPU[.scan] ?? 0
            let fixes = [Operation.diff, .diffToSession].map { operation in
                guard let seconds = entry.fastest[operation], let cpu = entry.leastCPU[operation] else { return "— | —" }
                return String(format: "%.2f s (%.1f×) | %.1f×", seconds, seconds / scan, cpu / scanCPU)
            }
            print("| \(entry.source.language.rawValue), \(entry.source.shape.rawValue) | \(entry.megabytes) MB | "
                + String(format: "%.2f s", scan) + " | \(fixes.joined(separator: " | ")) |")
        }
    }

    private static func positive(_ text: String) throws -> Int {
        guard let number = Int(text), number > 0 else { throw BenchmarkError("expected a positive number, got '\(text)'\n" + usage) }
        return number
    }
}
