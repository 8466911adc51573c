/// The counts a campaign reports: what was covered and what failed, by check.
struct CampaignTally {
    var files = 0
    var swiftFiles = 0
    var bytes = 0
    var findings = 0
    var edits = 0
    var diffsChecked: [DiffInputKind: Int] = [:]
    var diffsSkipped = 0
    var externalPatchChecks = 0
    var executableChecks = 0
    var failures: [FuzzFailure.Kind: Int] = [:]
    var diffFailures: [DiffInputKind: Int] = [:]
    /// The file that came closest to the time bound: its share of the bound, and its size.
    var slowest = (share: 0.0, bytes: 0)
    var failedCases = 0

    var failureCount: Int { failures.values.reduce(0, +) }

    /// Keeps the file that came closest to the time bound.
    mutating func noteTime(share: Double, bytes: Int) {
        if share > slowest.share { slowest = (share, bytes) }
    }

    mutating func record(_ failure: FuzzFailure) {
        failures[failure.kind, default: 0] += 1
        if let kind = failure.inputKind { diffFailures[kind, default: 0] += 1 }
    }

    /// The summary printed at the end of a campaign.
    func render(seed: UInt64, cases: Range<Int>, seconds: Double, timeFactor: Double) -> String {
        let checked = diffsChecked.values.reduce(0, +)
        var lines = [
            "scanner-fuzz: seed \(seed), cases \(cases.lowerBound)..<\(cases.upperBound): \(files) files "
                + "(\(swiftFiles) Swift, \(files - swiftFiles) Objective-C), \(bytes / 1_000_000) MB, "
                + "\(findings) findings, \(edits) --fix edits, in \(Int(seconds.rounded())) s",
            "  crashes: 0 (a crash ends the run with its case number)",
            "  time bound: \(Int(timeFactor))x a same-size ordinary file's scan, --fix and --diff; "
                + "closest: \(Int((slowest.share * 100).rounded()))% of its bound (\(slowest.bytes) bytes)",
        ]
        for kind in FuzzFailure.Kind.allCases {
            lines.append("  \(kind.rawValue): \(failures[kind, default: 0])")
        }
        lines.append("  --diff applied in process: \(checked) (" + DiffInputKind.allCases.map {
            "\($0.rawValue): \(diffsChecked[$0, default: 0]) checked, \(diffFailures[$0, default: 0]) failures"
        }.joined(separator: "; ") + "); \(diffsSkipped) skipped by --diff-checks lf-only")
        lines.append("  git apply + patch -p1 runs: \(externalPatchChecks); migrate-scan executable runs: \(executableChecks)")
        lines.append("  failing cases: \(failedCases)")
        return lines.joined(separator: "\n") + "\n"
    }
}
