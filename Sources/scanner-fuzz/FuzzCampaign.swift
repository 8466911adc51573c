import Foundation
import MigrationScanner
import SeededRandomness

/// Runs the cases one after the other on the calling thread and tallies what the checks found.
struct FuzzCampaign {
    let options: FuzzOptions
    let corpus: SeedCorpus
    private let checker: CaseChecker
    private let external = ExternalChecks()
    /// The most a suspect's timing after the campaign spends on it, in seconds.
    private static let retimingBudgetSeconds = 10.0

    init(options: FuzzOptions, corpus: SeedCorpus) {
        self.options = options
        self.corpus = corpus
        checker = CaseChecker(diffChecks: options.diffChecks)
    }

    /// Case `index`'s file: its own generator, seeded from the campaign's seed and the index only.
    func file(forCase index: Int) -> SeedCorpus.Seed {
        var random = SeededRandom(seed: options.seed ^ (UInt64(index) &* 0xD1B5_4A32_D192_ED03))
        return SourceMutator(corpus: corpus).mutatedFile(using: &random)
    }

    /// Runs every case; failures are printed as they happen (to `report`), the tally is returned.
    func run(report: (String) -> Void) -> CampaignTally {
        let bound = TimeBound(seeds: corpus.seeds, factor: options.timeFactor) { seed in
            _ = checker.addingDiff(to: checker.outputs(for: seed), of: seed)
        }
        report(String(format: "scanner-fuzz: %d seeds; time bound %.0fx (%.1f µs + %.2f ns/byte)\n", corpus.seeds.count,
                      options.timeFactor, bound.fixedSeconds * 1e6, bound.secondsPerByte * 1e9))
        if let directory = options.saveDirectory {
            try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        var tally = CampaignTally()
        var diffsSeen = 0
        // Over the bound once: measured again after the campaign, when a burst of load is likely over.
        var suspects: [(index: Int, kind: FuzzFailure.Kind)] = []
        let cases = options.firstCase..<(options.firstCase + options.cases)
        for index in cases {
            let file = file(forCase: index)
            CrashReport.willRun(case: index, seed: options.seed, bytes: file.bytes, savedAs: savePath(file, case: index))
            var measured: CaseChecker.Outputs?
            let scanShare = shareOfBound(of: file, bound: bound) { measured = checker.outputs(for: file) }
            tally.noteTime(share: scanShare, bytes: file.bytes.count)
            if scanShare > 1 { suspects.append((index, .slow)) }
            let scanAndFix = measured!
            let diffShare = shareOfBound(of: file, bound: bound) { measured = checker.addingDiff(to: scanAndFix, of: file) }
            if options.diffChecks == .all {
                tally.noteTime(share: diffShare, bytes: file.bytes.count)
                if diffShare > 1 { suspects.append((index, .slowDiff)) }
            }
            let outputs = measured!
            var failures = checker.failures(of: file, outputs)
            tally.files += 1
            tally.bytes += file.bytes.count
            tally.findings += outputs.findings.count
            if file.language == .swift { tally.swiftFiles += 1 }
            let inputKind = DiffInputKind(of: file.bytes)
            for fix in outputs.fixes {
                tally.edits += fix.edits.count
                if checker.checksDiff(of: inputKind) { tally.diffsChecked[inputKind, default: 0] += 1 } else { tally.diffsSkipped += 1 }
                if !fix.diff.isEmpty && checker.checksDiff(of: inputKind) {
                    diffsSeen += 1
                    if options.externalPatchEvery > 0 && diffsSeen % options.externalPatchEvery == 0 {
                        tally.externalPatchChecks += 1
                        failures += external.patchFailures(of: file, fix)
                    }
                }
            }
            if options.executableEvery > 0 && index % options.executableEvery == 0 && external.executable != nil
                && checker.checksDiff(of: DiffInputKind(of: file.bytes)) {
                tally.executableChecks += 1
                failures += external.executableFailures(of: file, outputs)
            }
            record(failures, of: file, case: index, in: &tally, report: report)
        }
        for suspect in suspects {
            let file = file(forCase: suspect.index)
            let allowed = bound.seconds(forSize: file.bytes.count)
            // Up to five runs, ended by the first within the bound (the earlier ones met load) or
            // by the budget (it is slow in earnest): six full runs of each suspect, some taking a
            // minute, kept seed 2028's million-case campaign in this phase until it was stopped.
            let seconds: Double
            if suspect.kind == .slow {
                seconds = TimeBound.bestOf(5, goal: allowed, budget: Self.retimingBudgetSeconds) { _ = checker.outputs(for: file) }
            } else {
                let scanAndFix = checker.outputs(for: file)
                seconds = TimeBound.bestOf(5, goal: allowed, budget: Self.retimingBudgetSeconds) {
                    _ = checker.addingDiff(to: scanAndFix, of: file)
                }
            }
            guard seconds > allowed else { continue }
            let failure = FuzzFailure(suspect.kind, String(format: "%.3f s (best run, measured again), bound %.3f s", seconds, allowed))
            record([failure], of: file, case: suspect.index, in: &tally, report: report)
        }
        return tally
    }

    private func record(
        _ failures: [FuzzFailure], of file: SeedCorpus.Seed, case index: Int, in tally: inout CampaignTally,
        report: (String) -> Void
    ) {
        guard !failures.isEmpty else { return }
        tally.failedCases += 1
        for failure in failures {
            tally.record(failure)
            report("case \(index) (\(CaseChecker.path(for: file.language)), \(file.bytes.count) bytes): "
                + "\(failure.kind.rawValue): \(failure.detail)\n")
        }
        save(file, case: index)
    }

    /// Times `work` (part of the tool's work on `file`) as a share of the bound (over 1: over it); a
    /// file over it is measured twice more and judged by its best time, so a run preempted by
    /// another process is not a suspect.
    private func shareOfBound(of file: SeedCorpus.Seed, bound: TimeBound, _ work: () -> Void) -> Double {
        let allowed = bound.seconds(forSize: file.bytes.count)
        var seconds = TimeBound.bestOf(1, work)
        if seconds > allowed { seconds = min(seconds, TimeBound.bestOf(2, goal: allowed, work)) }
        return seconds / allowed
    }

    /// Where `--save` puts a failing case's input; nil without `--save`.
    private func savePath(_ file: SeedCorpus.Seed, case index: Int) -> String? {
        options.saveDirectory.map { "\($0)/case-\(index)." + (file.language == .swift ? "swift" : "m") }
    }

    private func save(_ file: SeedCorpus.Seed, case index: Int) {
        guard let path = savePath(file, case: index) else { return }
        _ = FileManager.default.createFile(atPath: path, contents: Data(file.bytes))
    }
}
