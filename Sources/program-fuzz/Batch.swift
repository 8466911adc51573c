import Foundation
import MigrateScanCommand
import MigrationScanner
import ProgramGenerator

/// What one program came to.
enum Verdict: Equatable, Sendable {
    case same
    /// The traces differ (normalised).
    case differs(before: String, after: String)
    /// The rewritten program does not compile: the compiler's first error.
    case afterDoesNotCompile(String)
    /// The program as generated does not compile or run: a generator bug, not the rewrite's.
    case beforeBroken(String)
}

struct ProgramResult: Sendable {
    let index: Int
    let shape: ProgramShape
    /// One per `--fix` target, in the order of `Language.rewrites`.
    let outcomes: [Outcome]

    /// What one target made of the program.
    struct Outcome: Sendable {
        let target: String
        /// The rewrite's notes for this program (what it refused to move, and why); empty when moved.
        let refusals: [String]
        let verdict: Verdict
    }
}

/// Many programs of one language compiled into one executable a side, run in turn against one server.
struct Batch: Sendable {
    let language: Language
    let programs: [(index: Int, shape: ProgramShape)]
    let directory: String
    let toolchain: Toolchain
    let port: UInt16

    /// How `--fix`'s note on a synchronous load begins.
    private static let synchronousLoadNote = "sendSynchronousRequest:returningResponse:error: is left as it is"

    func run() throws -> [ProgramResult] {
        let manager = FileManager.default
        try? manager.removeItem(atPath: directory)
        let reference = language.reference
        var notes: [String: [Int: [String]]] = [:]
        for side in [reference] + language.rewrites {
            let folder = directory + "/" + side.name
            try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for program in programs {
                try Data(language.program(program.shape, index: program.index).utf8).write(to: URL(fileURLWithPath: path(side, program.index)))
            }
            guard let fix = side.fix else { continue }
            var output = ""
            var errors = ""
            _ = MigrationScanCommand.run(arguments: fix + [folder], stdout: &output, stderr: &errors)
            try Data((output + errors).utf8).write(to: URL(fileURLWithPath: directory + "/\(side.name).fix.log"))
            let protocolPrograms = Set(programs.filter { $0.shape.forwardingProtocol != .none }.map(\.index))
            for line in output.split(separator: "\n") where line.contains(": note: not moved to URLSession") || line.contains(": note: not rewritten (Objective-C): ") {
                guard let index = programIndex(in: line) else { continue }
                let note = line.components(separatedBy: ": note: ").last ?? String(line)
                // A protocol program's synchronous load serves the protocol: it stays by design.
                if protocolPrograms.contains(index), note.contains(Self.synchronousLoadNote) { continue }
                notes[side.name, default: [:]][index, default: []].append(note)
            }
        }
        // A program that does not compile is taken out of its side (the reference's own copy takes
        // its place in a rewrite), and the batch is compiled again without it.
        var brokenReference: [Int: String] = [:]
        var brokenRewrite: [String: [Int: String]] = [:]
        var binaries: [String: String] = [:]
        for attempt in 0..<4 {
            let runnable = programs.map(\.index).filter { brokenReference[$0] == nil }
            // Swift runs top-level code only in a file named main.swift.
            let driver = directory + "/driver\(attempt)/main." + language.fileExtension
            try manager.createDirectory(atPath: directory + "/driver\(attempt)", withIntermediateDirectories: true)
            try Data(language.driver(indices: runnable).utf8).write(to: URL(fileURLWithPath: driver))
            let referenceErrors = try compile(reference, runnable, driver: driver, attempt: attempt, holdsLegacy: true)
            for (index, error) in referenceErrors { brokenReference[index] = error }
            if !referenceErrors.isEmpty { continue }
            binaries[reference.name] = binary(reference, attempt)
            var allCompiled = true
            for side in language.rewrites {
                let replaced = brokenRewrite[side.name] ?? [:]
                let errors = try compile(side, runnable, driver: driver, attempt: attempt, holdsLegacy: !replaced.isEmpty)
                for (index, error) in errors {
                    brokenRewrite[side.name, default: [:]][index] = error
                    try manager.removeItem(atPath: path(side, index))
                    try manager.copyItem(atPath: path(reference, index), toPath: path(side, index))
                }
                if errors.isEmpty { binaries[side.name] = binary(side, attempt) } else { allCompiled = false }
            }
            if allCompiled { break }
            binaries = [:]
        }
        guard binaries.count == 1 + language.rewrites.count else {
            throw BatchError("\(directory): the batch still does not compile after taking out \(brokenReference.count) programs")
        }
        let environment = ["HOME": directory]
        let limit = TimeInterval(15 * programs.count + 60)
        var traces: [String: [String: String]] = [:]
        var referenceRun: ChildProcess.Result?
        for side in [reference] + language.rewrites {
            let run = try ChildProcess.run([binaries[side.name]!, String(port)], in: directory, timeout: limit, environment: environment)
            try Data(run.output.utf8).write(to: URL(fileURLWithPath: directory + "/\(side.name).trace"))
            traces[side.name] = Trace.traces(in: run.output)
            if side.name == reference.name { referenceRun = run }
        }
        return programs.map { program in
            let name = ProgramText.className(program.index)
            let before = traces[reference.name]?[name].map { Trace.normalized($0, language: language) }
            let outcomes = language.rewrites.map { side -> ProgramResult.Outcome in
                let verdict: Verdict
                if let error = brokenReference[program.index] {
                    verdict = .beforeBroken(error)
                } else if let error = brokenRewrite[side.name]?[program.index] {
                    verdict = .afterDoesNotCompile(error)
                } else if let before {
                    let after = traces[side.name]?[name].map { Trace.normalized($0, language: language) }
                        ?? "no trace (the program before it crashed or hung)"
                    verdict = before == after ? .same : .differs(before: before, after: after)
                } else {
                    verdict = .beforeBroken("no trace before the rewrite (exit \(referenceRun?.status ?? -1)): \(referenceRun?.errors.suffix(300) ?? "")")
                }
                return ProgramResult.Outcome(target: side.target, refusals: notes[side.name]?[program.index] ?? [], verdict: verdict)
            }
            return ProgramResult(index: program.index, shape: program.shape, outcomes: outcomes)
        }
    }

    private func binary(_ side: Language.Side, _ attempt: Int) -> String {
        directory + "/\(side.name).\(attempt).bin"
    }

    private func path(_ side: Language.Side, _ index: Int) -> String {
        directory + "/\(side.name)/\(ProgramText.className(index)).\(language.fileExtension)"
    }

    private func programIndex(in line: Substring) -> Int? {
        guard let range = line.range(of: "Program") else { return nil }
        return Int(line[range.upperBound...].prefix { $0.isNumber })
    }

    /// Compiles a side; the programs whose files the compiler names in an error, each with its first error.
    /// `holdsLegacy`: the side holds legacy programs, which need `Language.legacyNames`.
    private func compile(_ side: Language.Side, _ indices: [Int], driver: String, attempt: Int, holdsLegacy: Bool) throws -> [Int: String] {
        let executable = binary(side, attempt)
        var sources = indices.map { path(side, $0) } + [driver]
        if holdsLegacy, let names = language.legacyNames {
            let file = directory + "/\(side.name).\(attempt).legacy-names.\(language.fileExtension)"
            try Data(names.utf8).write(to: URL(fileURLWithPath: file))
            sources.append(file)
        }
        if language == .objectiveC {
            // One translation unit: Foundation's headers, most of a file's compile time, are read
            // once for the batch instead of once a program. Errors still name each program's file.
            let unity = directory + "/\(side.name).\(attempt).all.m"
            try Data(sources.map { "#include \"\($0)\"\n" }.joined().utf8).write(to: URL(fileURLWithPath: unity))
            sources = [unity]
        }
        let result = try ChildProcess.run(language.compileCommand(sources: sources, executable: executable, toolchain: toolchain),
                                          in: directory, timeout: 3600)
        try Data(result.log.utf8).write(to: URL(fileURLWithPath: directory + "/\(side.name).\(attempt).log"))
        guard result.status != 0 else { return [:] }
        var errors: [Int: String] = [:]
        let folder = "/\(side.name)/"
        for line in result.log.split(separator: "\n") where line.contains(": error: ") && line.contains(folder) {
            guard let index = programIndex(in: line), indices.contains(index), errors[index] == nil else { continue }
            errors[index] = String(line.drop { $0 != " " }.dropFirst())
        }
        if errors.isEmpty { throw BatchError("\(directory): \(side.name) does not compile:\n\(result.log.suffix(2000))") }
        return errors
    }
}

struct BatchError: Error, CustomStringConvertible, Sendable {
    let description: String
    init(_ description: String) { self.description = description }
}
