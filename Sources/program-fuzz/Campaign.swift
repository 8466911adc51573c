import Foundation
import LoopbackHTTPServer
import ProgramGenerator
import SeededRandomness

/// The whole run: every language's programs in batches, `--jobs` batches at a time, then the
/// shrinking of every differing program.
struct Campaign: Sendable {
    let options: ProgramFuzzOptions
    let toolchain: Toolchain
    let work: String
    let log: @Sendable (String) -> Void

    /// Program `index`'s shape: it depends only on the seed and the index.
    static func shape(seed: UInt64, index: Int) -> ProgramShape {
        var random = SeededRandom(seed: seed ^ (UInt64(index) &* 0x9E37_79B9_7F4A_7C15))
        return ProgramShape.random(using: &random)
    }

    /// Writes every language's applicable programs, as generated, under `folder/LANGUAGE/`; the count.
    static func write(options: ProgramFuzzOptions, to folder: String) throws -> Int {
        var written = 0
        for language in options.languages {
            let directory = folder + "/" + language.rawValue
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            for index in options.firstProgram..<(options.firstProgram + options.programs) {
                let shape = shape(seed: options.seed, index: index)
                guard language.applies(to: shape) else { continue }
                let file = directory + "/\(ProgramText.className(index)).\(language.fileExtension)"
                try Data(language.program(shape, index: index).utf8).write(to: URL(fileURLWithPath: file))
                written += 1
            }
        }
        return written
    }

    /// One tally per `--fix` target, in the order of the languages and their rewrites.
    func run() throws -> [ProgramTally] {
        let server = try LoopbackServer()
        defer { server.stop() }
        var tallies: [ProgramTally] = []
        for language in options.languages {
            var targets = language.rewrites.map { ProgramTally(language: language, target: $0.target) }
            var programs: [(index: Int, shape: ProgramShape)] = []
            var notApplicable = 0
            for index in options.firstProgram..<(options.firstProgram + options.programs) {
                let shape = Self.shape(seed: options.seed, index: index)
                if language.applies(to: shape) { programs.append((index, shape)) } else { notApplicable += 1 }
            }
            let size = language == .swift ? options.swiftBatch : options.objectiveCBatch
            let batches = stride(from: 0, to: programs.count, by: size).map { Array(programs[$0..<min($0 + size, programs.count)]) }
            let results = try runBatches(batches, language: language, name: "batch", port: server.port)
            for number in targets.indices {
                targets[number].notApplicable = notApplicable
                for result in results { targets[number].add(result) }
                let tally = targets[number]
                log("\(tally.target): \(tally.programs) programs, \(tally.differing.count) differ, \(tally.refused) refused\n")
                if options.shrink && !tally.differing.isEmpty {
                    targets[number].reproducers = try shrink(tally.differing.map(\.shape), language: language, target: tally.target,
                                                             port: server.port)
                }
            }
            tallies += targets
        }
        return tallies
    }

    /// Runs the batches, `--jobs` at a time; the results in program order.
    private func runBatches(_ batches: [[(index: Int, shape: ProgramShape)]], language: Language, name: String,
                            port: UInt16) throws -> [ProgramResult] {
        let results = ResultBox(count: batches.count)
        let next = ResultBox.Counter()
        let group = DispatchGroup()
        for _ in 0..<min(options.jobs, batches.count) {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                while let number = next.take(below: batches.count) {
                    let batch = Batch(language: language, programs: batches[number],
                                      directory: work + "/\(language.rawValue)-\(name)-\(number)", toolchain: toolchain, port: port)
                    let started = Date()
                    do {
                        let outcome = try batch.run()
                        results.set(number, .success(outcome))
                        let differing = outcome.filter { $0.outcomes.contains { $0.verdict != .same } }.count
                        log("\(language.rawValue) \(name) \(number + 1)/\(batches.count): \(outcome.count) programs, "
                            + "\(differing) not the same, \(Int(Date().timeIntervalSince(started))) s\n")
                    } catch {
                        results.set(number, .failure(error))
                    }
                }
            }
        }
        group.wait()
        return try results.values.flatMap { try $0.get() }
    }

    /// Shrinks each differing shape: one step simpler at a time, as long as the simpler program
    /// still differs (any difference: a smaller program showing another bug is still a reproducer).
    /// Each round runs every candidate of every shape in one batch.
    private func shrink(_ shapes: [ProgramShape], language: Language, target: String, port: UInt16) throws -> [Reproducer] {
        var current = Array(Set(shapes))
        var results: [ProgramShape: ProgramTally.Entry] = [:]
        var nextIndex = 1_000_000 * (1 + options.firstProgram / 1_000_000)
        for round in 0..<12 {
            var candidates: [(index: Int, shape: ProgramShape)] = []
            var owners: [Int: Int] = [:]
            for (number, shape) in current.enumerated() {
                for candidate in shape.simplerShapes where language.applies(to: candidate) {
                    owners[nextIndex] = number
                    candidates.append((nextIndex, candidate))
                    nextIndex += 1
                }
            }
            guard !candidates.isEmpty else { break }
            let outcome = try runBatches([candidates], language: language, name: "shrink\(round)", port: port)
            var changed = false
            var replaced: Set<Int> = []
            for result in outcome {
                guard let owner = owners[result.index], !replaced.contains(owner),
                      let verdict = result.outcomes.first(where: { $0.target == target })?.verdict else { continue }
                if case .differs = verdict {} else if case .afterDoesNotCompile = verdict {} else { continue }
                current[owner] = result.shape
                results[result.shape] = ProgramTally.Entry(index: result.index, shape: result.shape, verdict: verdict)
                replaced.insert(owner)
                changed = true
            }
            log("\(language.rawValue) shrink round \(round + 1): \(replaced.count) of \(current.count) shapes simpler\n")
            if !changed { break }
        }
        let unique = Array(Set(current))
        return unique.map { shape in Reproducer(shape: shape, entry: results[shape]) }.sorted { $0.shape.summary < $1.shape.summary }
    }
}

/// A shrunk shape and what it gave when it was last run (nil: the shape as first found).
struct Reproducer: Sendable {
    let shape: ProgramShape
    let entry: ProgramTally.Entry?
}

/// The batches' results, filled in from the threads that run them.
final class ResultBox: @unchecked Sendable {
    // Sendable: `lock` guards `stored`.
    private let lock = NSLock()
    private var stored: [Result<[ProgramResult], Error>]

    init(count: Int) { stored = Array(repeating: .success([]), count: count) }

    func set(_ number: Int, _ result: Result<[ProgramResult], Error>) { lock.lock(); stored[number] = result; lock.unlock() }

    var values: [Result<[ProgramResult], Error>] { lock.lock(); defer { lock.unlock() }; return stored }

    /// Hands out batch numbers to the threads, each once.
    final class Counter: @unchecked Sendable {
        // Sendable: `lock` guards `value`.
        private let lock = NSLock()
        private var value = 0

        func take(below limit: Int) -> Int? {
            lock.lock()
            defer { lock.unlock() }
            guard value < limit else { return nil }
            value += 1
            return value - 1
        }
    }
}
