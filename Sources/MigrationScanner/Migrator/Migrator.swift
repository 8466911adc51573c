/// The migration as a library: source files in; for each, what `--fix` does to it on one target
/// (its edits, or why it is left alone), the notes on what stays and why, and what moved.
///
/// `migrate-scan --fix` and `--diff`, `SingleFileRun` (which `scanner-fuzz` drives) and the tests
/// all migrate through this type, so no caller can pick another fixer or another decision. Swift
/// files go to the target's emitter (the shim, or URLSession); Objective-C files always move to
/// NSURLSession, each judged against the survey of every Objective-C file given (a class's
/// subclasses and callers may live in other files). Immutable and `Sendable`; `migrate` runs on
/// the caller's thread and retains nothing it is given.
package struct Migrator: Sendable {
    /// One file's migration.
    package struct FileMigration: Sendable {
        /// What happens to the file: its edits, a conflict that leaves it alone, or a Swift 2 note.
        package var decision: FixDecision
        /// Why classes or calls stay as they are, at the tokens that keep them.
        package var notes: [FixNote] = []
        /// The Objective-C lines the edits settle: findings on them need no "not rewritten" note.
        package var movedLines: [ClosedRange<Int>] = []
        /// With `--to urlsession`: the classes and `sendAsynchronousRequest` calls moved onto URLSession.
        package var movedClasses = 0
        package var movedCalls = 0
        /// The file as the fixer lexed it, for the caller's scan of what stays (`SourceScanner.scan(_:path:)`).
        package var file: ScannedFile
    }

    package let target: FixTarget
    /// `--apple-only`, for `--to urlsession`: classes that answer challenges move too.
    let appleOnly: Bool
    private let objectiveC: ObjectiveCSessionFixer

    /// A migrator onto `target` for a set of files whose Objective-C sources are `objectiveCSources`.
    package init(target: FixTarget, appleOnly: Bool = false, objectiveCSources: [[UInt8]]) {
        self.target = target
        self.appleOnly = appleOnly
        objectiveC = ObjectiveCSessionFixer(survey: ObjectiveCSessionFixer.survey(objectiveCSources))
    }

    /// What `--fix` does to `bytes`, a file in `language`. The file is lexed once (an Objective-C
    /// file with a class to move, by the survey): the fixer, the decision and the caller's scan
    /// read the same tokens.
    package func migrate(_ bytes: [UInt8], language: SourceLanguage) -> FileMigration {
        var migration: FileMigration
        var proposed: [SourceEdit]
        switch language {
        case .objectiveC:
            let outcome = objectiveC.fix(bytes)
            proposed = outcome.edits
            migration = FileMigration(decision: .apply([]), notes: outcome.notes, movedLines: outcome.movedLines, file: outcome.file)
        case .swift where target == .urlsession:
            let file = ScannedFile(bytes: bytes, language: .swift)
            let outcome = SwiftSessionFixer(appleOnly: appleOnly).fix(file)
            proposed = outcome.edits
            migration = FileMigration(
                decision: .apply([]), notes: outcome.notes, movedClasses: outcome.movedClasses.count, movedCalls: outcome.movedCalls,
                file: file)
        case .swift:
            let file = ScannedFile(bytes: bytes, language: .swift)
            proposed = SwiftShimEmitter().edits(for: file)
            migration = FileMigration(decision: .apply([]), file: file)
        }
        migration.decision = FixDecision(proposed: proposed, for: migration.file)
        return migration
    }
}
