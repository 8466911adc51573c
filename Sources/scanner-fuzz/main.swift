import Foundation

// scanner-fuzz: mutates real sources and checks every migrate-scan output on each file (Docs/Fuzzing.md).
let options: FuzzOptions
let corpus: SeedCorpus
do {
    options = try FuzzOptions.parse(Array(CommandLine.arguments.dropFirst()))
    corpus = try SeedCorpus(directories: options.seedDirectories)
} catch {
    if let message = error.message {
        FileHandle.standardError.write(Data("scanner-fuzz: error: \(message)\n".utf8))
        exit(2)
    }
    print(FuzzOptions.help, terminator: "")
    exit(0)
}

CrashReport.install()
let clock = ContinuousClock()
let started = clock.now
let tally = FuzzCampaign(options: options, corpus: corpus).run { FileHandle.standardError.write(Data($0.utf8)) }
let elapsed = started.duration(to: clock.now)
let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
print(tally.render(
    seed: options.seed, cases: options.firstCase..<(options.firstCase + options.cases), seconds: seconds,
    timeFactor: options.timeFactor), terminator: "")
exit(tally.failureCount == 0 ? 0 : 1)
