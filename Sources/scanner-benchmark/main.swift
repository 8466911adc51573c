import Foundation

// scanner-benchmark: migrate-scan against ripgrep over a generated tree (Docs/Performance.md).
let arguments = Array(CommandLine.arguments.dropFirst())
do {
    if arguments.first == "scan-library" {
        try LibraryScanCommand.run(arguments: Array(arguments.dropFirst()))
    } else if arguments.first == "diff-class" {
        try DiffClassCommand.run(arguments: Array(arguments.dropFirst()))
    } else {
        try BenchmarkRun(options: BenchmarkOptions(arguments: arguments)).run()
    }
} catch {
    FileHandle.standardError.write(Data("scanner-benchmark: error: \(error)\n".utf8))
    exit(2)
}
