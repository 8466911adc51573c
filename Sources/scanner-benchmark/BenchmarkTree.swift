import Foundation
import SeededRandomness

/// A tree of Swift and Objective-C sources in parts of equal size, so the 50, 100 and 200 MB
/// measurements scan the first one, two and four parts of one tree.
///
/// The parts are generated, or copies of an existing code base (`copies`). The same seed, part
/// size and corpus (or source) always give the same bytes; parts whose manifest line matches
/// are reused instead of written again.
struct BenchmarkTree {
    static let megabyte = 1_000_000
    let directory: String
    let partBytes: Int
    let partCount: Int
    let seed: UInt64
    /// When set, parts are copies of this code base instead of generated code.
    let copies: SourceCopies?

    /// The directories to pass to both tools to scan `megabytes` MB (a multiple of the part size).
    func paths(forMegabytes megabytes: Int) -> [String] {
        let parts = max(1, megabytes * Self.megabyte / partBytes)
        return (0..<min(parts, partCount)).map(partDirectory)
    }

    private func partDirectory(_ part: Int) -> String { directory + "/part-\(part)" }

    /// One line per written part: what it was generated from. A part is rewritten only when its line differs.
    private var manifestPath: String { directory + "/benchmark-tree.txt" }
    private func manifestLine(_ part: Int) -> String {
        "part-\(part) " + (copies.map { "\($0.description) bytes \(partBytes)" } ?? "seed \(seed) bytes \(partBytes) generator 3")
    }

    /// Writes the parts that are missing or were made differently; returns how many it wrote.
    /// Lines for parts beyond `partCount` are kept, so a 50 MB run does not cost the next 200 MB run.
    func prepare(corpus: CorpusRecombiner) throws -> Int {
        let fileManager = FileManager.default
        try fileManager.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let text = (try? String(contentsOfFile: manifestPath, encoding: .utf8)) ?? ""
        var lines: [String: String] = [:]
        for line in text.split(separator: "\n") {
            lines[String(line.prefix { $0 != " " })] = String(line)
        }
        var written = 0
        for part in 0..<partCount where lines["part-\(part)"] != manifestLine(part) {
            // A part cut short by an interrupted run must not look finished.
            lines["part-\(part)"] = nil
            try writeManifest(lines)
            try? fileManager.removeItem(atPath: partDirectory(part))
            if let copies {
                try copies.write(into: partDirectory(part), bytes: partBytes)
            } else {
                try writePart(part, corpus: corpus)
            }
            lines["part-\(part)"] = manifestLine(part)
            try writeManifest(lines)
            written += 1
        }
        return written
    }

    private func writeManifest(_ lines: [String: String]) throws {
        let text = lines.keys.sorted().compactMap { lines[$0] }.map { $0 + "\n" }.joined()
        try text.write(toFile: manifestPath, atomically: true, encoding: .utf8)
    }

    /// Each part has its own generator seeded from the tree's seed and the part number, so the
    /// first parts are the same whatever the number of parts.
    private func writePart(_ part: Int, corpus: CorpusRecombiner) throws {
        let fileManager = FileManager.default
        var random = SeededRandom(seed: seed &+ UInt64(part) &* 0x100_0000_01B3)
        var written = 0
        var filesInPart = 0
        while written < partBytes {
            // A hundred files a directory, like modules of an app.
            let directory = partDirectory(part) + "/Module\(filesInPart / 100)"
            if filesInPart % 100 == 0 { try fileManager.createDirectory(atPath: directory, withIntermediateDirectories: true) }
            let (name, text) = Self.file(number: part * 1_000_000 + filesInPart, corpus: corpus, using: &random)
            let bytes = Data(text.utf8)
            guard fileManager.createFile(atPath: directory + "/" + name, contents: bytes) else {
                throw BenchmarkError("cannot write \(directory)/\(name)")
            }
            written += bytes.count
            filesInPart += 1
        }
    }

    /// One file's name and text: recombined corpus files (6%) or synthetic code, short (40%),
    /// medium (48%) or long (12%).
    private static func file(number: Int, corpus: CorpusRecombiner, using random: inout SeededRandom) -> (String, String) {
        var text = ""
        let roll = Double.random(in: 0..<1, using: &random)
        if roll < 0.06 {
            let isSwift = random.chance(0.5)
            corpus.write(isSwift: isSwift, into: &text, using: &random)
            return ("Legacy\(number).\(isSwift ? "swift" : "m")", text)
        }
        let lengthRoll = Double.random(in: 0..<1, using: &random)
        let lineCount = lengthRoll < 0.4 ? Int.random(in: 15...80, using: &random)
            : lengthRoll < 0.88 ? Int.random(in: 150...700, using: &random)
            : Int.random(in: 1500...5000, using: &random)
        let languageRoll = Double.random(in: 0..<1, using: &random)
        if languageRoll < 0.5 {
            SyntheticSwiftSource.write(lineCount: lineCount, fileNumber: number, into: &text, using: &random)
            return ("File\(number).swift", text)
        }
        let isHeader = languageRoll >= 0.85 && languageRoll < 0.97
        let fileExtension = isHeader ? "h" : languageRoll >= 0.97 ? "mm" : "m"
        SyntheticObjectiveCSource.write(
            lineCount: isHeader ? lineCount / 4 : lineCount, fileNumber: number, isHeader: isHeader,
            into: &text, using: &random)
        return ("File\(number).\(fileExtension)", text)
    }
}
