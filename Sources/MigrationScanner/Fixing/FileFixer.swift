/// What `--fix` and `--diff` propose for one file: the Swift fixer of the target (the shim, or
/// URLSession), or the Objective-C fixer with the survey of every Objective-C file. The one path
/// `FixCommand` and `SingleFileRun` share, so the fuzzer runs every target as the command does.
struct FileFixer: Sendable {
    /// One file's proposed edits (resolved by `FixDecision`), the notes on what stays and why, the
    /// lines whose Objective-C findings the edits settle, and what moves onto URLSession.
    struct Proposal: Sendable {
        var edits: [SourceEdit]
        var notes: [FixNote] = []
        var movedLines: [ClosedRange<Int>] = []
        var movedClasses = 0
        var movedCalls = 0
    }

    let target: FixTarget
    /// `--apple-only`, for `--to urlsession`.
    let appleOnly: Bool
    let objectiveC: ObjectiveCSessionFixer

    func propose(_ bytes: [UInt8], language: SourceLanguage) -> Proposal {
        switch language {
        case .objectiveC:
            let outcome = objectiveC.fix(bytes)
            return Proposal(edits: outcome.edits, notes: outcome.notes, movedLines: outcome.movedLines)
        case .swift where target == .urlsession:
            let outcome = SwiftSessionFixer(appleOnly: appleOnly).fix(bytes)
            return Proposal(edits: outcome.edits, notes: outcome.notes, movedClasses: outcome.movedClasses.count,
                            movedCalls: outcome.movedCalls)
        case .swift:
            return Proposal(edits: SwiftShimEmitter().edits(for: bytes))
        }
    }
}
