import Foundation
import SeededRandomness

/// Builds files from the scanner's test corpus (real-looking legacy code with labelled
/// findings): one or two corpus files of the same language joined, with synthetic comment
/// blocks slipped in at blank lines, re-indented with tabs or written with CRLF line breaks now and then.
struct CorpusRecombiner {
    private let swiftFiles: [String]
    private let objectiveCFiles: [String]

    /// Reads every `.swift`, `.m`, `.mm` and `.h` file in `directory`.
    init(directory: String) throws {
        var swiftFiles: [String] = []
        var objectiveCFiles: [String] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: directory).sorted() {
            let path = directory + "/" + name
            switch (name as NSString).pathExtension {
            case "swift": swiftFiles.append(try String(contentsOfFile: path, encoding: .utf8))
            case "m", "mm", "h": objectiveCFiles.append(try String(contentsOfFile: path, encoding: .utf8))
            default: continue
            }
        }
        guard !swiftFiles.isEmpty && !objectiveCFiles.isEmpty else {
            throw BenchmarkError("no Swift or no Objective-C files in the corpus \(directory)")
        }
        self.swiftFiles = swiftFiles
        self.objectiveCFiles = objectiveCFiles
    }

    func write(isSwift: Bool, into text: inout String, using random: inout SeededRandom) {
        let sources = isSwift ? swiftFiles : objectiveCFiles
        let usesTabs = random.chance(0.2)
        let usesCRLF = random.chance(0.05)
        for _ in 0..<Int.random(in: 1...2, using: &random) {
            for line in random.pick(sources).split(separator: "\n", omittingEmptySubsequences: false) {
                var line = String(line)
                if usesTabs { line = line.replacingOccurrences(of: "    ", with: "\t") }
                text += line + (usesCRLF ? "\r\n" : "\n")
                if line.isEmpty && random.chance(0.1) {
                    text += "// \(SyntheticVocabulary.phrase(using: &random))" + (usesCRLF ? "\r\n" : "\n")
                }
            }
        }
    }
}
