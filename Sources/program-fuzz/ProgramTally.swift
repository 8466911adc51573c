import ProgramGenerator

/// One `--fix` target's counts: programs, refusals, differences, per shape class.
struct ProgramTally {
    let language: Language
    let target: String
    var programs = 0
    /// Shapes the language's runtime cannot compare (Docs/Fuzzing.md), not generated.
    var notApplicable = 0
    var refused = 0
    var differing: [Entry] = []
    var generatorErrors: [Entry] = []
    /// Shape class → (programs, refused, not the same).
    var classes: [String: (programs: Int, refused: Int, differing: Int)] = [:]
    var reproducers: [Reproducer] = []

    /// A program as this target saw it.
    struct Entry: Sendable {
        let index: Int
        let shape: ProgramShape
        let verdict: Verdict
    }

    init(language: Language, target: String) {
        self.language = language
        self.target = target
    }

    /// Counts `result`'s outcome for this target.
    mutating func add(_ result: ProgramResult) {
        guard let outcome = result.outcomes.first(where: { $0.target == target }) else { return }
        programs += 1
        let refused = !outcome.refusals.isEmpty
        if refused { self.refused += 1 }
        var differs = false
        let entry = Entry(index: result.index, shape: result.shape, verdict: outcome.verdict)
        switch outcome.verdict {
        case .same: break
        case .differs, .afterDoesNotCompile:
            differing.append(entry)
            differs = true
        case .beforeBroken:
            generatorErrors.append(entry)
        }
        for name in result.shape.classes {
            var counts = classes[name] ?? (0, 0, 0)
            counts.programs += 1
            if refused { counts.refused += 1 }
            if differs { counts.differing += 1 }
            classes[name] = counts
        }
    }

    /// The report: totals, the refusal rate, every shape class, every difference and reproducer.
    func render() -> String {
        let rate = programs == 0 ? 0 : Double(refused) * 100 / Double(programs)
        var text = "\(target): \(programs) programs, \(differing.count) with a trace difference, "
            + "\(refused) refused (\(String(format: "%.1f", rate))%), \(generatorErrors.count) generator errors, "
            + "\(notApplicable) shapes not applicable\n"
        text += "  shape class: programs / refused / differing\n"
        for name in classes.keys.sorted() {
            let counts = classes[name]!
            text += "    \(name): \(counts.programs) / \(counts.refused) / \(counts.differing)\n"
        }
        for result in differing.prefix(20) { text += "  differs: \(describe(result))\n" }
        for result in generatorErrors.prefix(10) { text += "  generator error: \(describe(result))\n" }
        for reproducer in reproducers {
            text += "  reproducer: \(reproducer.shape.summary)\n"
            if let entry = reproducer.entry { text += "    \(describe(entry))\n" }
        }
        return text
    }

    private func describe(_ result: Entry) -> String {
        let name = ProgramText.className(result.index)
        switch result.verdict {
        case .same: return "\(name) same"
        case .differs(let before, let after): return "\(name) [\(result.shape.summary)]\n      before: \(before)\n      after:  \(after)"
        case .afterDoesNotCompile(let error): return "\(name) [\(result.shape.summary)] does not compile after: \(error)"
        case .beforeBroken(let error): return "\(name) [\(result.shape.summary)]: \(error)"
        }
    }
}
