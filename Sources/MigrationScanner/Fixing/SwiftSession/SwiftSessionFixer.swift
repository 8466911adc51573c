/// `--fix --to urlsession` for one Swift file: NSURLConnection code goes onto the shim first
/// (`SwiftShimEmitter`, so every era's signatures read alike), then each delegate class the plan
/// can move goes onto URLSession (`SwiftSessionEmitter`); a class it cannot move stays on the
/// shim, with a note saying why. The stages' edits reach the writer as edits of the file on disk.
struct SwiftSessionFixer: Sendable {
    /// The result for one file.
    struct Outcome: Sendable {
        var edits: [SourceEdit]
        package var notes: [FixNote]
        /// The classes moved onto URLSession.
        package var movedClasses: [String]
        /// The `sendAsynchronousRequest` and `sendSynchronousRequest` calls moved onto the shared session.
        package var movedCalls = 0
    }

    /// Whether the file is built for Apple platforms only (`--apple-only`); see `SwiftConnectionMigrationPlanner`.
    let appleOnly: Bool

    init(appleOnly: Bool = false) {
        self.appleOnly = appleOnly
    }

    /// The edits and notes for `bytes`, a Swift file on NSURLConnection or on the shim.
    func fix(_ bytes: [UInt8]) -> Outcome {
        fix(ScannedFile(bytes: bytes, language: .swift))
    }

    /// `fix(_:)` of a file already lexed.
    func fix(_ original: ScannedFile) -> Outcome {
        let bytes = original.stream.bytes
        let rewrite = SwiftShimEmitter().rewrite(original)
        // The FoundationNetworking import goes in when the edited file names one of its types. Guessed
        // so, the shim file's own tokens answer: the import lines name none of those types and leave
        // the lexer as they found it. Only a wrong guess lexes the file a second time.
        var toShim = rewrite.withImports(foundationNetworking: true)
        var file = ScannedFile(bytes: SourceEdit.apply(toShim, to: bytes), language: .swift)
        if !SwiftShimEmitter.usesURLLoading(file.stream) {
            let withoutFoundationNetworking = rewrite.withImports(foundationNetworking: false)
            if withoutFoundationNetworking != toShim {
                toShim = withoutFoundationNetworking
                file = ScannedFile(bytes: SourceEdit.apply(toShim, to: bytes), language: .swift)
            }
        }
        let onShim = file.stream.bytes
        let planner = SwiftConnectionMigrationPlanner(file: file, appleOnly: appleOnly)
        let plans = planner.plans()
        let emitter = SwiftSessionEmitter(file: file)
        var outcome = Outcome(edits: toShim, notes: [], movedClasses: [])
        let uses = planner.classMethodUses(outside: plans)
        var obstacles = uses.obstacles
        var toSession = emitter.edits(for: uses.asynchronousCalls, uses.synchronousCalls)
        outcome.movedCalls = uses.asynchronousCalls.count + uses.synchronousCalls.count
        for plan in plans {
            guard plan.canMove else {
                obstacles += plan.obstacles
                continue
            }
            let classEdits = emitter.edits(for: plan)
            guard SourceEdit.areDisjoint(toSession + classEdits) else {
                // Code the planner reads one way and the emitter another (it is seldom valid Swift):
                // rather than a rewrite that edits one place twice, the class stays.
                obstacles.append(.init(token: plan.implementation.name, reason:
                    "\(plan.className)'s move onto URLSession would edit one place twice; it stays on URLConnectionShim"))
                continue
            }
            toSession += classEdits
            outcome.movedClasses.append(plan.className)
        }
        // Obstacles in file order: one walk maps their offsets back and counts their lines.
        var cursor = OffsetMapping(toShim.sorted { $0.range.lowerBound < $1.range.lowerBound }).cursor()
        var position = (offset: 0, line: 1, lineStart: 0)
        outcome.notes = obstacles.sorted { $0.token < $1.token }.map { obstacle in
            let offset = min(cursor.originalOffset(Int(file.stream[obstacle.token].start), isStart: true), bytes.count)
            while position.offset < offset {
                if bytes[position.offset] == 0x0A { (position.line, position.lineStart) = (position.line + 1, position.offset + 1) }
                position.offset += 1
            }
            return FixNote(line: position.line, column: offset - position.lineStart + 1, reason: obstacle.reason)
        }
        guard !toSession.isEmpty else { return outcome }
        let onSession = SourceEdit.apply(toSession, to: onShim)
        outcome.edits = SourceEdit.composed(
            SourceEdit.composed(toShim, then: toSession, original: bytes), then: importEdits(onSession), original: bytes)
        return outcome
    }

    /// The imports a moved file needs: `URLConnectionShim` goes when nothing of it is left,
    /// FoundationNetworking comes (on Linux) when the file has none.
    private func importEdits(_ bytes: [UInt8]) -> [SourceEdit] {
        // Tokens only: the imports need no declarations, and structuring a large class took longer than lexing it.
        let stream = TokenStream(bytes: bytes, language: .swift)
        var edits: [SourceEdit] = []
        let usesShim = (0..<stream.count).contains { index in
            stream[index].kind == .identifier && stream.hasPrefix(index, "URLConnection")
                && (index == 0 || stream[index - 1].word != .import)
        }
        if !usesShim {
            let lines = LineBreaks(bytes: bytes)
            for index in 0..<stream.count where stream[index].word == .import && stream[index].kind == .keyword
                && index + 1 < stream.count && stream.text(index + 1) == ImportPlacement.shimModule {
                let start = lines.lineStart(containing: Int(stream[index].start))
                edits.append(SourceEdit(range: start..<lines.lineEnd(containing: start).next, replacement: ""))
            }
        }
        if let edit = ImportPlacement(stream: stream).edit(shim: false, foundationNetworking: SwiftShimEmitter.usesURLLoading(stream)) {
            edits.append(edit)
        }
        return edits
    }
}
