import Foundation

/// The benchmark's command line.
struct BenchmarkOptions {
    /// The generated tree's directory.
    var treeDirectory = NSTemporaryDirectory() + "migrate-scan-benchmark-tree"
    /// The directory of the copies of `copiesOf`, a tree of its own so neither rewrites the other.
    var copiesDirectory = NSTemporaryDirectory() + "migrate-scan-benchmark-copies"
    var sizesInMegabytes = [50, 100, 200]
    var runs = 3
    var seed: UInt64 = 6
    var corpusDirectory = "Tests/MigrationScannerTests/.corpus"
    var scannerPath = ".build/release/migrate-scan"
    /// `--jobs` for migrate-scan and the library scan's threads; nil: migrate-scan's own default
    /// (as users run it) and a thread per core for the library scan.
    var jobs: Int?
    var generateOnly = false
    /// An existing code base whose copies are measured after the generated tree, in the same run.
    var copiesOf: String?
    /// The report formats whose peak RSS is measured at each size, one run each; empty: none.
    var memoryFormats = ["text", "json", "sarif", "github", "markdown", "html", "checkstyle", "junit", "gitlab"]

    static let usage = """
        usage: scanner-benchmark [--tree DIR] [--sizes 50,100,200] [--runs 3] [--seed 6] [--jobs N]
                                 [--corpus DIR] [--scanner PATH] [--copies-of DIR] [--copies-tree DIR]
                                 [--memory-formats text,json,…|none] [--generate-only]
        Writes (or reuses) a seeded tree of Swift and Objective-C under --tree, then times
        migrate-scan (at its default --jobs, and at --jobs 1), the library scan (a thread per core),
        as many --jobs 1 scans started together as the default has threads (what the machine gives
        independent scans), and ripgrep over the first 50, 100, 200 MB; each of the --runs rounds
        times every tool at every size of both trees. --jobs N runs migrate-scan
        and the library scan on N threads, and N scans together, instead. Every run writes its
        output to files in $TMPDIR that do not exist yet, as a CI job's report in a fresh checkout.
        --copies-of DIR measures a second tree in the same run, made of copies of DIR's
        .swift .m .mm .h files, under --copies-tree (default $TMPDIR/migrate-scan-benchmark-copies).
        --memory-formats: migrate-scan's peak RSS for each of these report formats at each size
        (default all nine).
        Run from the package directory after `swift build -c release --product migrate-scan`, with
        ripgrep and GNU time installed (apt-get install -y ripgrep time).
        """

    init(arguments: [String]) throws {
        var remaining = arguments[...]
        func value(for option: String) throws -> String {
            guard let value = remaining.popFirst() else { throw BenchmarkError("\(option) needs a value") }
            return value
        }
        func number(for option: String) throws -> Int {
            guard let number = Int(try value(for: option)), number > 0 else {
                throw BenchmarkError("\(option) needs a positive number")
            }
            return number
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--tree": treeDirectory = try value(for: argument)
            case "--copies-tree": copiesDirectory = try value(for: argument)
            case "--sizes":
                sizesInMegabytes = try value(for: argument).split(separator: ",").map {
                    guard let size = Int($0), size > 0 else { throw BenchmarkError("--sizes takes MB, e.g. 50,100,200") }
                    return size
                }
            case "--runs": runs = try number(for: argument)
            case "--seed": seed = UInt64(try number(for: argument))
            case "--jobs": jobs = try number(for: argument)
            case "--corpus": corpusDirectory = try value(for: argument)
            case "--scanner": scannerPath = try value(for: argument)
            case "--generate-only": generateOnly = true
            case "--copies-of": copiesOf = try value(for: argument)
            case "--memory-formats":
                let list = try value(for: argument)
                memoryFormats = list == "none" ? [] : list.split(separator: ",").map(String.init)
            case "-h", "--help": throw BenchmarkError(Self.usage)
            default: throw BenchmarkError("unknown argument '\(argument)'\n" + Self.usage)
            }
        }
    }
}
