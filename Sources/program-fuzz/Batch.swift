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
    /// The rewrite's notes for this program (what it refused to move, and why); empty when moved.
    let refusals: [String]
    let verdict: Verdict
}

/// Many programs of one language compiled into one executable a side, run in turn against one server.
struct Batch: Sendable {
    let language: Language
    let programs: [(index: Int, shape: ProgramShape)]
    let directory: String
    let toolchain: Toolchain
    let port: UInt16

    func run() throws -> [ProgramResult] {
        let manager = FileManager.default
        try? manager.removeItem(atPath: directory)
        let sides = language.sides
        var notes: [Int: [String]] = [:]
        for side in [sides.before, sides.after] {
            let folder = directory + "/" + side.name
            try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for program in programs {
                try Data(language.program(program.shape, index: program.index).utf8).write(to: URL(fileURLWithPath: path(side, program.index)))
            }
            if let fix = side.fix {
                var output = ""
                var errors = ""
                _ = MigrationScanCommand.run(arguments: fix + [folder], stdout: &output, stderr: &errors)
                try Data((output + errors).utf8).write(to: URL(fileURLWithPath: directory + "/\(side.name).fix.log"))
                guard side.name == sides.after.name else { continue }
                for line in output.split(separator: "\n") where line.contains(": note: not moved to URLSession") || line.contains(": note: not rewritten (Objective-C): ") {
                    guard let index = programIndex(in: line) else { continue }
                    let note = line.components(separatedBy: ": note: ").last ?? String(line)
                    notes[index, default: []].append(note)
                }
            }
        }
        var broken: [Int: Verdict] = [:]
        var beforeBinary = ""
        var afterBinary = ""
        // A program that does not compile is taken out of its side (the side before's own copy
        // takes its place after), and the batch is compiled again without it.
        for attempt in 0..<4 {
            let runnable = programs.map(\.index).filter { broken[$0] == nil }
            // Swift runs top-level code only in a file named main.swift.
            let driver = directory + "/driver\(attempt)/main." + language.fileExtension
            try manager.createDirectory(atPath: directory + "/driver\(attempt)", withIntermediateDirectories: true)
            try Data(language.driver(indices: runnable).utf8).write(to: URL(fileURLWithPath: driver))
            let before = try compile(sides.before, runnable, driver: driver, attempt: attempt)
            for (index, error) in before { broken[index] = .beforeBroken(error) }
            if !before.isEmpty { continue }
            let after = try compile(sides.after, runnable, driver: driver, attempt: attempt)
            for (index, error) in after {
                broken[index] = .afterDoesNotCompile(error)
                try manager.removeItem(atPath: path(sides.after, index))
                try manager.copyItem(atPath: path(sides.before, index), toPath: path(sides.after, index))
            }
            if after.isEmpty {
                beforeBinary = directory + "/\(sides.before.name).\(attempt).bin"
                afterBinary = directory + "/\(sides.after.name).\(attempt).bin"
                break
            }
        }
        guard !beforeBinary.isEmpty else { throw BatchError("\(directory): the batch still does not compile after taking out \(broken.count) programs") }
        let environment = ["HOME": directory]
        let limit = TimeInterval(15 * programs.count + 60)
        let beforeRun = try ChildProcess.run([beforeBinary, String(port)], in: directory, timeout: limit, environment: environment)
        let afterRun = try ChildProcess.run([afterBinary, String(port)], in: directory, timeout: limit, environment: environment)
        try Data(beforeRun.output.utf8).write(to: URL(fileURLWithPath: directory + "/\(sides.before.name).trace"))
        try Data(afterRun.output.utf8).write(to: URL(fileURLWithPath: directory + "/\(sides.after.name).trace"))
        let beforeTraces = Trace.traces(in: beforeRun.output)
        let afterTraces = Trace.traces(in: afterRun.output)
        return programs.map { program in
            let name = ProgramText.className(program.index)
            let verdict: Verdict
            if let known = broken[program.index] {
                verdict = known
            } else if let before = beforeTraces[name].map({ Trace.normalized($0, language: language) }) {
                let after = afterTraces[name].map { Trace.normalized($0, language: language) }
                    ?? "no trace (the program before it crashed or hung)"
                verdict = before == after ? .same : .differs(before: before, after: after)
            } else {
                verdict = .beforeBroken("no trace before the rewrite (exit \(beforeRun.status)): \(beforeRun.errors.suffix(300))")
            }
            return ProgramResult(index: program.index, shape: program.shape, refusals: notes[program.index] ?? [], verdict: verdict)
        }
    }

    private func path(_ side: Language.Side, _ index: Int) -> String {
        directory + "/\(side.name)/\(ProgramText.className(index)).\(language.fileExtension)"
    }

    private func programIndex(in line: Substring) -> Int? {
        guard let range = line.range(of: "Program") else { return nil }
        return Int(line[range.upperBound...].prefix { $0.isNumber })
    }

    /// Compiles a side; the programs whose files the compiler names in an error, each with its first error.
    private func compile(_ side: Language.Side, _ indices: [Int], driver: String, attempt: Int) throws -> [Int: String] {
        let executable = directory + "/\(side.name).\(attempt).bin"
        var sources = indices.map { path(side, $0) } + [driver]
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
