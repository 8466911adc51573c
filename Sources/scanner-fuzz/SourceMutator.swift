import MigrationScanner
import SeededRandomness

/// Turns a seed into a hostile file: one to six mutations drawn from those a bad merge, a
/// half-edited file, a generator or a wrong encoding produce.
struct SourceMutator {
    let corpus: SeedCorpus
    /// The most bytes a repetition adds: enough for minified-file lengths, small enough that a
    /// campaign of a million files stays in minutes.
    var maximumRepetitionBytes = 128 * 1024

    /// Bytes that open, close or escape something in one of the two lexers, names the rules and the
    /// fixer look for, and encodings a lexer must survive.
    static let fragments: [[UInt8]] = [
        "/*", "*/", "//", "\"\"\"", "#\"", "\"#", "##\"", "\"##", "#if 0\n", "#if false\n", "#if true\n", "#else\n",
        "#endif\n", "@\"", "\\(", "(", ")", "{", "}", "[", "]", "<", ">", ":", "=", ",", ";", "'", "`", "\"", "\\",
        "\n", "\r\n", "\r", "é", "日本", "->", "?", "!", "@objc ", "#selector(", "$0", "0x", "_", " ",
        "NSURLConnection", "NSURLConnectionDelegate", "NSURLConnectionDataDelegate", "URLSession", "NSURLProtocol",
        "func ", "init(", "deinit ", "subscript(", "class A: NSURLConnectionDelegate {", "extension A: NSURLConnectionDataDelegate {",
        "@implementation X\n", "@end\n", "@interface X : NSObject <NSURLConnectionDelegate>\n",
        "- (void)connection:(NSURLConnection *)c didReceiveData:(NSData *)d {",
        "func connection(_ connection: NSURLConnection, didReceive data: Data) {",
        "func connection(_ connection: NSURLConnection, didFailWithError error: NSError)",
        "[NSURLConnection alloc] ", "NSURLConnection.sendSynchronousRequest(r, returningResponse: &p)",
        "NSURLConnection.canHandleRequest(r)", "import Foundation\n", "import ", "#import <Foundation/Foundation.h>\n",
        "// migrate-scan:disable-next-line ", "/* migrate-scan:disable all */", "// migrate-scan:enable all\n",
        "// migrate-scan:disable-line nsurlconnection-create", "func f(URLSession = x: Int) {}",
    ].map { Array($0.utf8) } + [
        [0xEF, 0xBB, 0xBF], [0xFF], [0xFE], [0xC3], [0x80], [0xBF, 0x80], [0xED, 0xA0, 0x80], [0xF0, 0x9F], [0xF4, 0x90, 0x80, 0x80],
        [0x00], [0x0B], [0x0C],
    ]

    /// Case-specific randomness only: the same generator state gives the same file.
    func mutatedFile(using random: inout SeededRandom) -> SeedCorpus.Seed {
        var file = random.pick(corpus.seeds)
        let mutations = 1 + Int.random(in: 0..<6, using: &random) * Int.random(in: 0...1, using: &random)
        for _ in 0..<mutations { mutate(&file.bytes, using: &random) }
        return file
    }

    private func mutate(_ bytes: inout [UInt8], using random: inout SeededRandom) {
        let position = Int.random(in: 0...bytes.count, using: &random)
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<15:
            guard position < bytes.count else { return }
            bytes[position] = random.chance(0.5) ? UInt8.random(in: 0...255, using: &random) : bytes[position] ^ (1 << UInt8.random(in: 0..<8, using: &random))
        case 15..<45:
            bytes.insert(contentsOf: random.pick(Self.fragments), at: position)
        case 45..<55:
            bytes.removeSubrange(position..<min(bytes.count, position + Int.random(in: 1...64, using: &random)))
        case 55..<60:
            bytes.removeSubrange(position...)
        case 60..<70:
            let other = random.pick(corpus.seeds).bytes
            guard !other.isEmpty else { return }
            let start = Int.random(in: 0..<other.count, using: &random)
            let end = min(other.count, start + Int.random(in: 1...2_048, using: &random))
            bytes.insert(contentsOf: other[start..<end], at: position)
        case 70..<76:
            duplicateLine(&bytes, at: position)
        case 76..<96:
            LineEndingMutation.allCases.randomElement(using: &random)!.apply(to: &bytes, using: &random)
        default:
            repeatSlice(&bytes, at: position, using: &random)
        }
    }

    private func duplicateLine(_ bytes: inout [UInt8], at position: Int) {
        let start = bytes[..<position].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        let end = bytes[position...].firstIndex(of: 0x0A).map { $0 + 1 } ?? bytes.count
        bytes.insert(contentsOf: bytes[start..<end], at: end)
    }

    /// A fragment or a slice of the file repeated up to `maximumRepetitionBytes`: one long line
    /// with thousands of findings, deep nesting, a generated table.
    private func repeatSlice(_ bytes: inout [UInt8], at position: Int, using random: inout SeededRandom) {
        var unit: [UInt8]
        if random.chance(0.5) || position >= bytes.count {
            unit = random.pick(Self.fragments)
        } else {
            unit = Array(bytes[position..<min(bytes.count, position + Int.random(in: 1...80, using: &random))])
        }
        let times = Int.random(in: 2...max(2, maximumRepetitionBytes / max(1, unit.count)), using: &random)
        var repeated: [UInt8] = []
        repeated.reserveCapacity(unit.count * times)
        for _ in 0..<times { repeated += unit }
        bytes.insert(contentsOf: repeated, at: min(position, bytes.count))
    }
}
