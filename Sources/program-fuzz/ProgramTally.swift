import ProgramGenerator

/// One language's counts: programs, refusals, differences, per shape class.
struct ProgramTally {
    var programs = 0
    /// Shapes the language's runtime cannot compare (Docs/Fuzzing.md), not generated.
    var notApplicable = 0
    var refused = 0
    var differing: [ProgramResult] = []
    var generatorErrors: [ProgramResult] = []
    /// Shape class → (programs, refused, not the same).
    var classes: [String: (programs: Int, refused: Int, differing: Int)] = [:]
    var reproducers: [Reproducer] = []

    mutating func add(_ result: ProgramResult) {
        programs += 1
        let refused = !result.refusals.isEmpty
        if refused { self.refused += 1 }
        var differs = false
        switch result.verdict {
        case .same: break
        case .differs, .afterDoesNotCompile:
            differing.append(result)
            differs = true
        case .beforeBroken:
            generatorErrors.append(result)
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
    func render(_ language: Language) -> String {
        let rate = programs == 0 ? 0 : Double(refused) * 100 / Double(programs)
        var text = "\(language.target): \(programs) programs, \(differing.count) with a trace difference, "
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
            if let result = reproducer.result { text += "    \(describe(result))\n" }
        }
        return text
    }

    private func describe(_ result: ProgramResult) -> String {
        let name = ProgramText.className(result.index)
        switch result.verdict {
        case .same: return "\(name) same"
        case .differs(let before, let after): return "\(name) [\(result.shape.summary)]\n      before: \(before)\n      after:  \(after)"
        case .afterDoesNotCompile(let error): return "\(name) [\(result.shape.summary)] does not compile after: \(error)"
        case .beforeBroken(let error): return "\(name) [\(result.shape.summary)]: \(error)"
        }
    }
}
